// /login: e-mail and password; then the redirect_url or the role's landing page.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { api, loginBodySchema, MESSAGES } from '@portail/contract';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { LoginLocationState } from '../../app/session-expired-handler.ts';
import { EmailField } from '../../lib/forms/email-field.tsx';
import { SubmitForm } from '../../lib/forms/submit-form.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { callApi } from '../../lib/api/index.ts';
import { defaultLanding } from '../../lib/session/landing.ts';
import { safeRedirect } from '../../lib/session/paths.ts';
import { session } from '../../lib/session/session-store.ts';
import { SESSION_EXPIRED_TOAST_MS, toast } from '../../lib/toast/toast-store.ts';
import { Page } from '../shell/index.ts';
import { ProConnectSignIn } from './proconnect-sign-in.tsx';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const form = useZodForm(loginBodySchema, { email: '', password: '' });

  const locationState = location.state as LoginLocationState | null;
  const sessionExpired = locationState?.sessionExpired === true;
  const proconnectError = locationState?.proconnectError;
  useEffect(() => {
    if (sessionExpired) toast.warning(MESSAGES.sessionExpired, SESSION_EXPIRED_TOAST_MS);
  }, [sessionExpired]);

  const onSubmit = form.handleSubmit(async (body) => {
    const response = await callApi(api.auth.login, { body });
    session.signIn(response);
    navigate(safeRedirect(params.get('redirect_url')) ?? defaultLanding(response.user));
  });

  return (
    <Page title="Connexion" narrow>
      {proconnectError && (
        <Alert severity="error" title="La connexion avec ProConnect a échoué" description={proconnectError} className={fr.cx('fr-mb-4w')} />
      )}
      <ProConnectSignIn redirectUrl={params.get('redirect_url')} />
      <p>Connectez-vous avec l'adresse électronique et le mot de passe de votre compte association.</p>
      <SubmitForm form={form} onSubmit={onSubmit} label="Connexion" submitLabel="Se connecter">
        <EmailField {...form.field('email')} />
        <TextField
          label="Mot de passe"
          type="password"
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
        <p className={fr.cx('fr-mb-3w')}>
          <Link to="/mot-de-passe-oublie" className={fr.cx('fr-link')}>
            Mot de passe oublié ?
          </Link>
        </p>
      </SubmitForm>
      <hr className={fr.cx('fr-mt-4w')} />
      <h2 className={fr.cx('fr-h5')}>Vous n'avez pas de compte ?</h2>
      <Button priority="secondary" linkProps={{ to: '/register' }}>
        Créer un compte
      </Button>
    </Page>
  );
}
