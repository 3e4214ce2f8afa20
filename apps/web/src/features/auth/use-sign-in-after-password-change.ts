// A password set through the API answers with a fresh session: store it and go to the landing page.
import { MESSAGES, type SessionResponse } from '@portail/contract';
import { useNavigate } from 'react-router-dom';
import { defaultLanding } from '../../lib/session/landing.ts';
import { session } from '../../lib/session/session-store.ts';
import { toast } from '../../lib/toast/toast-store.ts';

export function useSignInAfterPasswordChange() {
  const navigate = useNavigate();
  return (response: SessionResponse) => {
    session.signIn(response);
    toast.success(MESSAGES.passwordChanged);
    navigate(defaultLanding(response.user));
  };
}
