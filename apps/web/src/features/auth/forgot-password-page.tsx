// /mot-de-passe-oublie: asks for a reset link; the answer is the same whether the account exists or not.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { api } from '@portail/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { callApi } from '../../lib/api/index.ts';
import { EmailField } from '../../lib/forms/email-field.tsx';
import { SubmitForm } from '../../lib/forms/submit-form.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { Page } from '../shell/index.ts';

export function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm(api.auth.forgotPassword.params, { email: '' });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    const response = await callApi(api.auth.forgotPassword, { params: { email }, query: { origin: 'lca' } });
    setSent(response.message);
  });

  return (
    <Page title="Mot de passe oublié" narrow>
      <p>
        Indiquez l'adresse électronique de votre compte : vous recevrez un lien pour choisir un nouveau mot de passe.
      </p>
      {sent && <Alert className={fr.cx('fr-mb-3w')} severity="success" small description={sent} />}
      <SubmitForm form={form} onSubmit={onSubmit} label="Mot de passe oublié" submitLabel="Envoyer">
        <EmailField {...form.field('email')} />
      </SubmitForm>
      <p className={fr.cx('fr-mt-4w')}>
        <Link to="/login">Retour à la connexion</Link>
      </p>
    </Page>
  );
}
