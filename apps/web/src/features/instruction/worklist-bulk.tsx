// The bulk action of the work list: one event of the instruction machine on the selected rows (or
// on every row the filters match), with its comment (and, for a payment stage, the day paid and the
// share of each granted amount), confirmed in a DSFR modal; the answer lists per dossier what was
// done and what was refused, with the reason, and takes the focus.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Input } from '@codegouvfr/react-dsfr/Input';
import { Select } from '@codegouvfr/react-dsfr/Select';
import {
  BULK_EVENTS,
  bulkPaymentSchema,
  DOSSIER_LIMITS,
  dossierInstructionMachine,
  isPaymentEvent,
  MESSAGES,
  WORKLIST_LIMITS,
  worklistBulkRoutes,
  type BulkEvent,
  type BulkPayment,
  type WorklistBulkResult,
  type WorklistFilters,
} from '@portail/contract';
import { useEffect, useRef, useState } from 'react';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { focusElement } from '../../lib/focus/focus.ts';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog.tsx';
import { stateLabel } from '../subsidies/index.ts';
import { bulkSelection, mayActOn, selectedCount, type Selection } from './worklist-selection.ts';

const eventLabel = (event: BulkEvent) => dossierInstructionMachine.events[event].label;
/** Events whose comment the association reads as the reason: required. */
const NEEDS_COMMENT: readonly BulkEvent[] = ['renvoyer', 'refuser', 'rejeter'];

/** The text typed, as the event names it: the reason of a refusal or a rejection, the comment otherwise. */
const textOf = (event: BulkEvent, text: string) => (event === 'refuser' || event === 'rejeter' ? { motif: text } : { comment: text });

/** The payment of a payment stage as typed, checked by the contract's rules (the server's), or the first error. */
function paymentOf(date: string, pourcentage: string): { paiement: BulkPayment } | { error: string } {
  if (date === '') return { error: MESSAGES.required('date du paiement') };
  if (pourcentage.trim() === '') return { error: MESSAGES.required('part du montant accordé') };
  const checked = bulkPaymentSchema.safeParse({ date, pourcentage: Number(pourcentage) });
  return checked.success ? { paiement: checked.data } : { error: checked.error.issues[0]?.message ?? MESSAGES.invalidForm };
}

interface WorklistBulkProps {
  selection: Selection;
  filters: WorklistFilters;
  onDone: () => void;
}

export function WorklistBulk({ selection, filters, onDone }: WorklistBulkProps) {
  const [event, setEvent] = useState<BulkEvent | ''>('');
  const [comment, setComment] = useState('');
  const [paymentDate, setPaymentDate] = useState('');
  const [paymentShare, setPaymentShare] = useState('100');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<WorklistBulkResult | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result && resultRef.current) focusElement(resultRef.current);
  }, [result]);
  const count = selectedCount(selection);
  const commentMissing = event !== '' && NEEDS_COMMENT.includes(event) && comment.trim() === '';
  const payment = event !== '' && isPaymentEvent(event) ? paymentOf(paymentDate, paymentShare) : null;
  const paymentError = payment && 'error' in payment ? payment.error : null;

  function payloadOf(chosen: BulkEvent) {
    const payload = {
      ...(comment.trim() ? textOf(chosen, comment.trim()) : {}),
      ...(payment && 'paiement' in payment ? payment : {}),
    };
    return Object.keys(payload).length > 0 ? { payload } : {};
  }

  async function apply() {
    if (event === '') return;
    try {
      const answer = await callApi(worklistBulkRoutes.bulkWorklist, {
        body: { ...bulkSelection(selection, filters), event, ...payloadOf(event) },
      });
      setConfirming(false);
      setError(null);
      setResult(answer);
      onDone();
    } catch (e) {
      setConfirming(false);
      setError(errorMessage(e, MESSAGES.httpEmpty));
    }
  }

  return (
    <section aria-labelledby="worklist-bulk" className={fr.cx('fr-mt-4w')}>
      <h2 id="worklist-bulk" className={fr.cx('fr-h5')}>
        Action groupée
      </h2>
      <p>
        {count === 0 ? 'Aucun dossier sélectionné.' : `${count.toLocaleString('fr-FR')} dossier(s) sélectionné(s).`}
        {count > WORKLIST_LIMITS.bulkMax && ` Une action groupée porte sur ${WORKLIST_LIMITS.bulkMax} dossiers au plus : affinez les filtres.`}
      </p>
      <form
        noValidate
        aria-label="Action groupée sur les dossiers sélectionnés"
        onSubmit={(e) => {
          e.preventDefault();
          if (event === '' || !mayActOn(selection)) return;
          if (commentMissing) return setError(MESSAGES.required('commentaire'));
          if (paymentError) return setError(paymentError);
          setError(null);
          setConfirming(true);
        }}
      >
        <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters', 'fr-grid-row--bottom')}>
          <div className={fr.cx('fr-col-12', 'fr-col-md-5')}>
            <Select label="Événement" nativeSelectProps={{ id: 'bulk-event', value: event, onChange: (e) => setEvent(e.target.value as BulkEvent | '') }}>
              <option value="">Choisir un événement</option>
              {BULK_EVENTS.map((e) => (
                <option key={e} value={e}>
                  {eventLabel(e)}
                </option>
              ))}
            </Select>
          </div>
          <div className={fr.cx('fr-col-12', 'fr-col-md-5')}>
            <Input
              label={event !== '' && NEEDS_COMMENT.includes(event) ? 'Commentaire (obligatoire, lu par les associations)' : 'Commentaire (facultatif)'}
              state={commentMissing && error ? 'error' : 'default'}
              stateRelatedMessage={commentMissing && error ? error : undefined}
              nativeInputProps={{ id: 'bulk-comment', value: comment, maxLength: DOSSIER_LIMITS.comment, onChange: (e) => setComment(e.target.value) }}
            />
          </div>
          {event !== '' && isPaymentEvent(event) && (
            <>
              <div className={fr.cx('fr-col-12', 'fr-col-md-5')}>
                <Input
                  label="Date du paiement (obligatoire)"
                  state={paymentError && error === paymentError && paymentDate === '' ? 'error' : 'default'}
                  stateRelatedMessage={paymentError && error === paymentError && paymentDate === '' ? error : undefined}
                  nativeInputProps={{ id: 'bulk-payment-date', type: 'date', 'aria-required': true, value: paymentDate, onChange: (e) => setPaymentDate(e.target.value) }}
                />
              </div>
              <div className={fr.cx('fr-col-12', 'fr-col-md-5')}>
                <Input
                  label="Part du montant accordé à verser, en % (obligatoire)"
                  hintText="Sur chaque dossier, jamais plus que ce qui reste à payer : 100 % verse le solde."
                  state={paymentError && error === paymentError && paymentDate !== '' ? 'error' : 'default'}
                  stateRelatedMessage={paymentError && error === paymentError && paymentDate !== '' ? error : undefined}
                  nativeInputProps={{ id: 'bulk-payment-share', type: 'number', inputMode: 'numeric', min: 1, max: 100, step: 1, 'aria-required': true, value: paymentShare, onChange: (e) => setPaymentShare(e.target.value) }}
                />
              </div>
            </>
          )}
          <div className={fr.cx('fr-col-12', 'fr-col-md-2')}>
            <Button type="submit" disabled={event === '' || !mayActOn(selection)}>
              Appliquer
            </Button>
          </div>
        </div>
      </form>
      {error && !commentMissing && error !== paymentError && <Alert severity="error" small role="alert" description={error} />}
      <ConfirmDialog
        open={confirming && event !== ''}
        title={event === '' ? '' : `${eventLabel(event)} : ${count.toLocaleString('fr-FR')} dossier(s) ?`}
        confirmLabel={`Appliquer à ${count.toLocaleString('fr-FR')} dossier(s)`}
        onConfirm={apply}
        onClose={() => setConfirming(false)}
      >
        <p>Chaque dossier change d’état dans sa propre transaction : ceux que l’événement ne permet pas sont laissés tels quels et listés avec la raison.</p>
      </ConfirmDialog>
      {result && (
        <div ref={resultRef} tabIndex={-1} role="status" data-testid="bulk-result" className={fr.cx('fr-mt-2w')}>
          <Alert
            severity={result.refused.length === 0 ? 'success' : 'warning'}
            title={`${result.done.length} dossier(s) traité(s), ${result.refused.length} refusé(s)`}
            description={
              <>
                {result.done.length > 0 && (
                  <>
                    <h3 className={fr.cx('fr-h6', 'fr-mt-2w', 'fr-mb-1w')}>Traités</h3>
                    <ul>
                      {result.done.map((d) => (
                        <li key={d.id}>
                          Dossier n° {d.id_fo} : {stateLabel(d.etat)}
                        </li>
                      ))}
                    </ul>
                  </>
                )}
                {result.refused.length > 0 && (
                  <>
                    <h3 className={fr.cx('fr-h6', 'fr-mt-2w', 'fr-mb-1w')}>Refusés</h3>
                    <ul>
                      {result.refused.map((r) => (
                        <li key={r.id}>
                          {r.id_fo ? `Dossier n° ${r.id_fo}` : 'Dossier hors de votre portée'} : {r.message}
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </>
            }
          />
        </div>
      )}
    </section>
  );
}
