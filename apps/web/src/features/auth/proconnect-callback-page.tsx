// /connexion/proconnect: where ProConnect sends the agent back. The provider's answer goes to the
// server as it came; the server checks it against this browser's flow cookie and answers the same
// session as a password sign-in. A refusal goes back to /login, which shows its French message.
import { api, MESSAGES, type ProconnectCallbackBody } from '@portail/contract';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { defaultLanding } from '../../lib/session/landing.ts';
import { session } from '../../lib/session/session-store.ts';
import { Page } from '../shell/index.ts';
import { rememberProviderLogout, takeProconnectRedirect } from '../../lib/session/proconnect.ts';
import type { LoginLocationState } from '../../app/session-expired-handler.ts';

const ANSWER_PARAMETERS = ['code', 'state', 'iss', 'error', 'error_description'] as const;

export function ProconnectCallbackPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The code works once: React's double effects in development must not send it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const body: ProconnectCallbackBody = {};
    for (const name of ANSWER_PARAMETERS) {
      const value = params.get(name);
      if (value !== null) body[name] = value;
    }
    callApi(api.auth.proconnectCallback, { body }).then(
      ({ providerLogoutUrl, ...response }) => {
        session.signIn(response);
        rememberProviderLogout(providerLogoutUrl);
        navigate(takeProconnectRedirect() ?? defaultLanding(response.user), { replace: true });
      },
      (failure: unknown) => {
        const state: LoginLocationState = { proconnectError: errorMessage(failure, MESSAGES.proconnectFailed) };
        navigate('/login', { replace: true, state });
      },
    );
  }, [navigate, params]);

  return (
    <Page title="Connexion avec ProConnect" narrow>
      <p role="status">Connexion en cours…</p>
    </Page>
  );
}
