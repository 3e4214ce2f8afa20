// /validation: the validation mail was sent; it can be sent again.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { api, sendValidationMailBodySchema } from '@portail/contract';
import { useState } from 'react';
import { callApi } from '../../lib/api/index.ts';
import { EmailField } from '../../lib/forms/email-field.tsx';
import { SubmitForm } from '../../lib/forms/submit-form.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { Page } from '../shell/index.ts';

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
      <SubmitForm
        form={form}
        onSubmit={onSubmit}
        label="Renvoi du courriel de validation"
        submitLabel="Renvoyer le courriel de validation"
      >
        {!user && <EmailField {...form.field('email')} />}
      </SubmitForm>
    </Page>
  );
}
