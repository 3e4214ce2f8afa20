// /mot-de-passe-oublie/:token: choose a new password; the answer signs the user in.
import { useParams } from 'react-router-dom';
import { Page } from '../shell/index.ts';
import { NewPasswordForm } from './new-password-form.tsx';
import { useSignInAfterPasswordChange } from './use-sign-in-after-password-change.ts';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const done = useSignInAfterPasswordChange();
  return (
    <Page title="Réinitialisation du mot de passe" narrow>
      <p>Choisissez le nouveau mot de passe de votre compte.</p>
      <NewPasswordForm token={token} onDone={done} />
    </Page>
  );
}
