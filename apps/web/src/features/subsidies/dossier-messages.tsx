// The dossier's messages with its instructing services: the thread (GET …/dossiers/:id?populate=
// messages, oldest first) and the form to write (POST …/message: a notification and a mail to the
// other side). A member may write to one service or, choosing none, to all of them; an instructing
// service writes to the association, as itself.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Input } from '@codegouvfr/react-dsfr/Input';
import { DOSSIER_LIMITS, dossierRoutes, MESSAGES, type DossierMessage, type DossierView } from '@portail/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { ErrorSummary } from '../../lib/forms/error-summary.tsx';
import { useSending } from '../../lib/forms/use-sending.ts';
import { formatTimestamp } from '../../lib/format/timestamp.ts';
import { toast } from '../../lib/toast/toast-store.ts';

const ALL_SERVICES = '';

export function DossierMessages({ dossier, asService = false }: { dossier: DossierView; asService?: boolean }) {
  const key = ['dossier', dossier.id, 'messages'];
  const queryClient = useQueryClient();
  const thread = useQuery({
    queryKey: key,
    queryFn: async () => (await callApi(dossierRoutes.getDossier, { params: { id: dossier.id }, query: { populate: ['messages'] } })).messages ?? [],
    retry: false,
  });
  return (
    <section aria-labelledby="messagerie" className={fr.cx('fr-mt-4w')}>
      <h3 id="messagerie" className={fr.cx('fr-h5')}>
        {asService ? 'Messages avec l’association' : 'Messages avec le service instructeur'}
      </h3>
      {thread.isError && <Alert severity="error" small description={errorMessage(thread.error, MESSAGES.httpEmpty)} />}
      {thread.data && thread.data.length === 0 && <p>Aucun message pour le moment.</p>}
      {thread.data && thread.data.length > 0 && (
        <ol aria-label="Fil des messages" className={fr.cx('fr-raw-list', 'fr-mb-3w')}>
          {thread.data.map((m) => (
            <MessageItem key={m.id} message={m} />
          ))}
        </ol>
      )}
      <MessageForm dossier={dossier} asService={asService} onSent={() => queryClient.invalidateQueries({ queryKey: key })} />
    </section>
  );
}

function MessageItem({ message }: { message: DossierMessage }) {
  const fromAssociation = message.direction === 'vers_service';
  const who = fromAssociation ? (message.auteur ?? 'L’association') : (message.service?.nom ?? 'Le service instructeur');
  const to = fromAssociation ? (message.service?.nom ?? 'tous les services instructeurs') : 'l’association';
  return (
    <li className={fr.cx('fr-callout', 'fr-mb-2w', fromAssociation ? undefined : 'fr-callout--blue-ecume')}>
      <p className={fr.cx('fr-text--sm', 'fr-mb-1w')}>
        <strong>{who}</strong> à {to}, le {formatTimestamp(message.created_at)}
      </p>
      {message.texte.split('\n').map((line, i) => (
        <p key={i} className={fr.cx('fr-mb-1v')}>
          {line}
        </p>
      ))}
    </li>
  );
}

/** A message to one instructing service, or to all of them; from a service, to the association. */
function MessageForm({ dossier, asService, onSent }: { dossier: DossierView; asService: boolean; onSent: () => Promise<void> }) {
  const [message, setMessage] = useState('');
  const [serviceId, setServiceId] = useState(dossier.instructeurs.find((i) => i.isReferent)?.service.id ?? dossier.instructeurs[0]?.service.id ?? ALL_SERVICES);
  const { summary, errors, refuse, fix, sending, send } = useSending({
    fieldOfServerKey: (key) => (key === 'message' ? 'message' : key === 'id_service_instructeur' ? 'service' : null),
    targetOf: (key) => (key === 'service' ? 'message-service' : 'message-texte'),
  });
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (refuse(message.trim() ? {} : { message: MESSAGES.pleaseFill('message') })) return;
    await send(async () => {
      const sent = await callApi(dossierRoutes.messageDossier, {
        params: { id: dossier.id },
        query: {},
        body: { message, ...(serviceId && !asService ? { id_service_instructeur: serviceId } : {}) },
      });
      toast.success(sent.message);
      setMessage('');
      await onSent();
    });
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label={asService ? 'Écrire à l’association' : 'Écrire au service instructeur'}>
      <ErrorSummary {...summary} />
      {!asService && dossier.instructeurs.length > 1 && (
        <div className={fr.cx('fr-select-group')}>
          <label className={fr.cx('fr-label')} htmlFor="message-service">
            Service destinataire
          </label>
          <select id="message-service" className={fr.cx('fr-select')} value={serviceId} onChange={(e) => setServiceId(e.target.value)}>
            {dossier.instructeurs.map((i) => (
              <option key={i.service.id} value={i.service.id}>
                {i.service.nom}
              </option>
            ))}
            <option value={ALL_SERVICES}>Tous les services instructeurs</option>
          </select>
        </div>
      )}
      <Input
        label="Message"
        textArea
        state={errors.message ? 'error' : 'default'}
        stateRelatedMessage={errors.message}
        nativeTextAreaProps={{
          id: 'message-texte',
          rows: 4,
          value: message,
          maxLength: DOSSIER_LIMITS.message,
          'aria-invalid': errors.message ? true : undefined,
          onChange: (e) => {
            setMessage(e.target.value);
            fix('message');
          },
        }}
      />
      <Button type="submit" disabled={sending}>
        {sending ? 'Envoi…' : 'Envoyer le message'}
      </Button>
    </form>
  );
}
