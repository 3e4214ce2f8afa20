// The LCA administrator's processing of a SIRET request (machine demande_siret): the events the
// machine allows now, the SIRET granted (accorder) or the reason (invalider, rejeter, refuser). Shown
// on the request's page and under the administrators' list of requests.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Input } from '@codegouvfr/react-dsfr/Input';
import { siretRequestMachine, siretRequestRoutes, type SiretRequest } from '@portail/contract';
import { useState, type FormEvent, type Ref } from 'react';
import { callApi } from '../../lib/api/index.ts';
import { ErrorSummary } from '../../lib/forms/error-summary.tsx';
import { useSending } from '../../lib/forms/use-sending.ts';
import { toast } from '../../lib/toast/toast-store.ts';

const NEEDS_REASON = ['invalider', 'rejeter', 'refuser'];

/** The processing events the machine lets the caller fire on the request now (transmission is the creator's, on the form). */
export const processingEvents = (demande: SiretRequest) => demande.options.events.filter((event) => event !== 'transmettre');

/**
 * The LCA administrator's processing: the events the machine allows now, with the SIRET granted or
 * the reason. `title` names the request when the panel stands under the list of requests.
 */
export function ProcessingPanel({ demande, onChanged, title = 'Traitement de la demande', headingRef }: {
  demande: SiretRequest;
  onChanged: (next: SiretRequest) => void;
  title?: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const events = processingEvents(demande);
  const [event, setEvent] = useState(events[0] ?? '');
  const [siret, setSiret] = useState('');
  const [comment, setComment] = useState('');
  const { summary, errors, send, sending } = useSending({ fieldOfServerKey: (key) => (key === 'siret' || key === 'comment' ? key : null), targetOf: (key) => `traitement-${key}` });
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    await send(async () => {
      const body = event === 'accorder' ? { event, siret, ...(comment ? { comment } : {}) } : { event, ...(comment ? { comment } : {}) };
      const next = await callApi(siretRequestRoutes.fireSiretRequestEvent, { params: { id: demande.id }, body: body as never });
      toast.success(`${siretRequestMachine.events[event as 'traiter'].label} : fait.`);
      onChanged(next);
    });
  }
  return (
    <section className={fr.cx('fr-mt-5w', 'fr-p-3w')} style={{ border: '1px solid var(--border-default-grey)' }} aria-labelledby="traitement-titre">
      <h2 id="traitement-titre" className={fr.cx('fr-h4')} ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <ErrorSummary {...summary} />
        <div className={fr.cx('fr-select-group')}>
          <label className={fr.cx('fr-label')} htmlFor="traitement-event">
            Action
          </label>
          <select id="traitement-event" className={fr.cx('fr-select')} value={event} onChange={(e) => setEvent(e.target.value)}>
            {events.map((name) => (
              <option key={name} value={name}>
                {siretRequestMachine.events[name as 'traiter'].label}
              </option>
            ))}
          </select>
        </div>
        {event === 'accorder' && (
          <Input
            label="SIRET attribué par l'INSEE *"
            hintText="14 chiffres"
            state={errors.siret ? 'error' : 'default'}
            stateRelatedMessage={errors.siret}
            nativeInputProps={{ id: 'traitement-siret', value: siret, inputMode: 'numeric', maxLength: 17, onChange: (e) => setSiret(e.target.value) }}
          />
        )}
        <Input
          label={NEEDS_REASON.includes(event) ? 'Motif *' : 'Commentaire'}
          textArea
          state={errors.comment ? 'error' : 'default'}
          stateRelatedMessage={errors.comment}
          nativeTextAreaProps={{ id: 'traitement-comment', value: comment, rows: 3, onChange: (e) => setComment(e.target.value) }}
        />
        <Button type="submit" disabled={sending || !event}>
          Valider
        </Button>
      </form>
    </section>
  );
}
