// /validation: the validation mail was sent; it can be sent again.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { api, sendValidationMailBodySchema } from '@portail/contract';
import { useState } from 'react';
import { callApi } from '../../lib/api/index.ts';
import { FormError } from '../../lib/forms/form-error.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { Page } from '../shell/page.tsx';

export function ValidationPage() {
  const { user } = useSession();
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm(sendValidationMailBodySchema, { email: user?.email ?? '' }, (values) => ({
    ...values,
    origin: 'lca',
  }));

  const onSubmit = form.handleSubmit(async (body) => {
    const response = await callApi(api.auth.sendValidationMail, { body });
    setSent(response.message);
  });

  return (
    <Page title="Validez votre adresse électronique" narrow>
      <p>
        Un courriel contenant un lien de validation vient de vous être envoyé
        {user ? (
          <>
            {' '}
            à l'adresse <strong>{user.email}</strong>
          </>
        ) : null}
        . Cliquez sur ce lien pour activer votre compte, puis connectez-vous.
      </p>
      <p className={fr.cx('fr-text--sm')}>
        Vous n'avez rien reçu ? Vérifiez vos courriers indésirables, ou demandez un nouvel envoi.
      </p>
      {sent && <Alert className={fr.cx('fr-mb-3w')} severity="success" small description={sent} />}
      <FormError message={form.formError} />
      <form onSubmit={onSubmit} noValidate aria-label="Renvoi du courriel de validation">
        {!user && (
          <TextField
            label="Adresse électronique"
            name="email"
            type="email"
            autoComplete="email"
            required
            {...form.field('email')}
          />
        )}
        <Button type="submit" disabled={form.submitting}>
          Renvoyer le courriel de validation
        </Button>
      </form>
    </Page>
  );
}
