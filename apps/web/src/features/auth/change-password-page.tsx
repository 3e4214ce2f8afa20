// /user/modification-mot-de-passe/:token?: required change (mustChangePassword) or link from a mail.
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { fr } from '@codegouvfr/react-dsfr';
import { useParams } from 'react-router-dom';
import { useSession } from '../../lib/session/use-session.ts';
import { Page } from '../shell/index.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { NewPasswordForm } from './new-password-form.tsx';
import { useSignInAfterPasswordChange } from './use-sign-in-after-password-change.ts';

export function ChangePasswordPage() {
  const { token } = useParams();
  const { user } = useSession();
  const done = useSignInAfterPasswordChange();
  return (
    <Page title="Modification du mot de passe" narrow>
      {user?.mustChangePassword && (
        <Alert
          className={fr.cx('fr-mb-3w')}
          severity="info"
          small
          description="Pour continuer, vous devez choisir un nouveau mot de passe."
        />
      )}
      {token ? (
        <NewPasswordForm token={token} onDone={done} />
      ) : user ? (
        <ChangePasswordForm userId={user._id} onDone={done} />
      ) : null}
    </Page>
  );
}
