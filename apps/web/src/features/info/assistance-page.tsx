// /assistance/:sujet?: a message to the support team (api.mail.sendEmail).
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { api, ASSISTANCE_EMAIL, MESSAGES, sendEmailBodySchema, type SessionUser } from '@portail/contract';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { callApi } from '../../lib/api/index.ts';
import { EmailField } from '../../lib/forms/email-field.tsx';
import { SubmitForm } from '../../lib/forms/submit-form.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { currentRole } from '../../lib/session/session-store.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { Page } from '../shell/index.ts';

/** docs/domain.md « Appels de l'API »: the assistance mail carries the user's role and association ids. */
export function assistanceBody(message: string, user: SessionUser | null): string {
  if (!user) return message;
  const ids = user.associations
    .map((link) => (link && typeof link === 'object' ? (link as Record<string, unknown>).id_correspondance : undefined))
    .filter((id): id is string => typeof id === 'string');
  const lines = [`Rôle : ${currentRole(user) ?? 'aucun'}`, `Associations : ${ids.length ? ids.join(', ') : 'aucune'}`];
  return `${message}\n\n---\n${lines.join('\n')}`;
}

export function AssistancePage() {
  const { sujet } = useParams();
  const { user } = useSession();
  const [sent, setSent] = useState(false);
  const form = useZodForm(
    sendEmailBodySchema,
    { replyTo: user?.email ?? '', subject: sujet ?? '', body: '' },
    (values) => ({ ...values, to: ASSISTANCE_EMAIL }),
  );

  const onSubmit = form.handleSubmit(async (parsed) => {
    await callApi(api.mail.sendEmail, { body: { ...parsed, body: assistanceBody(parsed.body, user) } });
    setSent(true);
    form.setValues({ replyTo: parsed.replyTo ?? '', subject: '', body: '' });
  });

  return (
    <Page title="Assistance" narrow>
      <p>Décrivez votre question ou votre difficulté : l'équipe d'assistance vous répondra par courriel.</p>
      {sent && <Alert className={fr.cx('fr-mb-3w')} severity="success" small description={MESSAGES.mailSent} />}
      <SubmitForm form={form} onSubmit={onSubmit} label="Message à l'assistance" submitLabel="Envoyer">
        <EmailField {...form.field('replyTo')} />
        <TextField label="Objet" required {...form.field('subject')} />
        <TextField label="Message" textArea required {...form.field('body')} />
      </SubmitForm>
    </Page>
  );
}
