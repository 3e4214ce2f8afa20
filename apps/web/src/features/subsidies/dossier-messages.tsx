// The dossier's messages with its instructing services: the thread (GET …/dossiers/:id?populate=
// messages, oldest first) and the form to write (POST …/message: a notification and a mail to the
// other side). A member may write to one service or, choosing none, to all of them; an instructing
// service writes to the association, as itself. The heading counts the messages of the other side
// the reader has not read (the view's messages_non_lus); once the thread is in sight they are marked
// read on the server (POST …/messages/lus) and stay marked « Nouveau » for this visit.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { DOSSIER_LIMITS, dossierRoutes, MESSAGES, type DossierMessage, type DossierView } from '@portail/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { ErrorSummary } from '../../lib/forms/error-summary.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useSending } from '../../lib/forms/use-sending.ts';
import { formatTimestamp } from '../../lib/format/timestamp.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { UNREAD_MESSAGES_KEY, unreadLabel } from './unread.ts';

const ALL_SERVICES = '';

/** True once the element has been in sight (at once where the browser cannot tell). */
function useSeen(ref: RefObject<HTMLElement | null>, watching: boolean): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (!watching || seen) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, watching, seen]);
  return seen;
}

export function DossierMessages({ dossier, asService = false }: { dossier: DossierView; asService?: boolean }) {
  const key = ['dossier', dossier.id, 'messages'];
  const queryClient = useQueryClient();
  const thread = useQuery({
    queryKey: key,
    queryFn: async () => (await callApi(dossierRoutes.getDossier, { params: { id: dossier.id }, query: { populate: ['messages'] } })).messages ?? [],
    retry: false,
  });
  // The count as the page opened: the newest messages of the other side are the unread ones.
  const [unread] = useState(dossier.messages_non_lus ?? 0);
  const [marked, setMarked] = useState(false);
  const section = useRef<HTMLElement>(null);
  const seen = useSeen(section, unread > 0 && thread.isSuccess);
  useEffect(() => {
    if (!seen || marked) return;
    let live = true;
    void callApi(dossierRoutes.markDossierMessagesRead, { params: { id: dossier.id }, query: {} })
      .then(async () => {
        if (!live) return;
        setMarked(true);
        // The counts elsewhere (lists, dashboard, notifications) follow.
        await Promise.all(['dossiers', UNREAD_MESSAGES_KEY[0], 'notifications', 'worklist', 'worklist-counts'].map((k) => queryClient.invalidateQueries({ queryKey: [k] })));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [seen, marked, dossier.id, queryClient]);
  const fromOther = (m: DossierMessage) => (asService ? m.direction === 'vers_service' : m.direction === 'vers_association');
  const newOnes = new Set((thread.data ?? []).filter(fromOther).slice(-unread).map((m) => m.id));
  const shownCount = marked ? 0 : unread;
  return (
    <section ref={section} aria-labelledby="messagerie" className={fr.cx('fr-mt-4w')}>
      <h3 id="messagerie" className={fr.cx('fr-h5')}>
        {asService ? 'Messages avec l’association' : 'Messages avec le service instructeur'}
        {shownCount > 0 && (
          <>
            {' '}
            <span aria-hidden="true">({shownCount})</span>
            <span className={fr.cx('fr-sr-only')}>({unreadLabel(shownCount)})</span>
          </>
        )}
      </h3>
      {thread.isError && <Alert severity="error" small description={errorMessage(thread.error, MESSAGES.httpEmpty)} />}
      {thread.data && thread.data.length === 0 && <p>Aucun message pour le moment.</p>}
      {thread.data && thread.data.length > 0 && (
        <ol aria-label="Fil des messages" className={fr.cx('fr-raw-list', 'fr-mb-3w')}>
          {thread.data.map((m) => (
            <MessageItem key={m.id} message={m} isNew={unread > 0 && newOnes.has(m.id)} />
          ))}
        </ol>
      )}
      <MessageForm dossier={dossier} asService={asService} onSent={() => queryClient.invalidateQueries({ queryKey: key })} />
    </section>
  );
}

function MessageItem({ message, isNew }: { message: DossierMessage; isNew: boolean }) {
  const fromAssociation = message.direction === 'vers_service';
  const who = fromAssociation ? (message.auteur ?? 'L’association') : (message.service?.nom ?? 'Le service instructeur');
  const to = fromAssociation ? (message.service?.nom ?? 'tous les services instructeurs') : 'l’association';
  return (
    <li className={fr.cx('fr-callout', 'fr-mb-2w', fromAssociation ? undefined : 'fr-callout--blue-ecume')}>
      <p className={fr.cx('fr-text--sm', 'fr-mb-1w')}>
        <strong>{who}</strong> à {to}, le {formatTimestamp(message.created_at)}
        {isNew && (
          <>
            {' '}
            <Badge as="span" small severity="new">
              Nouveau
            </Badge>
          </>
        )}
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
      <TextField
        textArea
        id="message-texte"
        name="message"
        label="Message"
        rows={4}
        maxLength={DOSSIER_LIMITS.message}
        value={message}
        error={errors.message}
        onChange={(value) => {
          setMessage(value);
          fix('message');
        }}
      />
      <Button type="submit" disabled={sending}>
        {sending ? 'Envoi…' : 'Envoyer le message'}
      </Button>
    </form>
  );
}
