// /mot-de-passe-oublie: asks for a reset link; the answer is the same whether the account exists or not.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { api } from '@portail/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { callApi } from '../../lib/api/index.ts';
import { FormError } from '../../lib/forms/form-error.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { Page } from '../shell/page.tsx';

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
      <FormError message={form.formError} />
      <form onSubmit={onSubmit} noValidate aria-label="Mot de passe oublié">
        <TextField
          label="Adresse électronique"
          name="email"
          type="email"
          autoComplete="email"
          required
          {...form.field('email')}
        />
        <Button type="submit" disabled={form.submitting}>
          Envoyer
        </Button>
      </form>
      <p className={fr.cx('fr-mt-4w')}>
        <Link to="/login">Retour à la connexion</Link>
      </p>
    </Page>
  );
}
