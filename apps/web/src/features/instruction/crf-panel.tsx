// The financial reports of a granted dossier on the instructor's page: one per exercise with its
// state, read from the dossier (`crfs`: a report the association has not started is said so), the
// report opened read only (GET …/crf/{id}) with its planned against realised charts and its PDF,
// and the service's events on it — receive (receptionner) or send back with the comment the
// association reads (renvoyer) — offered only when the report's options allow them. The result
// takes the focus and the dossier is read again (its reports' states, the closing it may now
// allow); a 409 (the report changed meanwhile) says so in French and reloads it.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Input } from '@codegouvfr/react-dsfr/Input';
import { crfEventSchema, crfMachine, CRF_MESSAGES, crfRoutes, DOSSIER_LIMITS, MESSAGES, type CrfView, type DossierView } from '@portail/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { callApi, errorMessage, isApiError } from '../../lib/api/index.ts';
import { focusElement } from '../../lib/focus/focus.ts';
import { ErrorSummary } from '../../lib/forms/error-summary.tsx';
import { issuesToFieldErrors } from '../../lib/forms/field-errors.ts';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog.tsx';
import { CrfPdfButton, CrfReadView, crfStateLabel, crfStateSeverity, dossierExercises, GRANTED_DOSSIER_STATES } from '../subsidies/index.ts';
import { DocumentLink } from './document-link.tsx';
import { ScrollableTable } from '../../lib/ui/scrollable-table.tsx';

const RESULT_ID = 'crf-resultat';
const COMMENT_ID = 'crf-evt-comment';
type CrfEventName = 'receptionner' | 'renvoyer';
const CRF_EVENT_NAMES: readonly CrfEventName[] = ['receptionner', 'renvoyer'];

interface Result {
  severity: 'success' | 'error';
  title: string;
  description: string;
}

export function CrfPanel({ view, serviceName }: { view: DossierView; serviceName: (id: string) => string }) {
  const queryClient = useQueryClient();
  const granted = view.instructions.some((i) => GRANTED_DOSSIER_STATES.includes(i.etat));
  const exercises = granted ? dossierExercises(view.description) : [];
  const started = new Map(view.crfs.map((c) => [c.exercice, c]));
  const [openId, setOpenId] = useState<string | null>(null);
  const report = useQuery({
    queryKey: ['crf-service', view.id, openId],
    queryFn: () => callApi(crfRoutes.getCrf, { params: { id: view.id, idCrf: openId! }, query: {} }),
    enabled: openId !== null,
    retry: false,
  });
  const [result, setResult] = useState<Result | null>(null);
  const [acting, setActing] = useState<CrfEventName | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result && resultRef.current) focusElement(resultRef.current);
  }, [result]);

  const opened = report.data && report.data.id === openId ? report.data : null;
  const dossierChanged = () => queryClient.invalidateQueries({ queryKey: ['dossier', view.id], exact: true });
  const replace = (next: CrfView) => {
    queryClient.setQueryData(['crf-service', view.id, next.id], next);
    void dossierChanged();
  };
  const reload = (idCrf: string) => Promise.all([queryClient.invalidateQueries({ queryKey: ['crf-service', view.id, idCrf] }), dossierChanged()]);

  return (
    <section aria-labelledby="dossier-crf" className={fr.cx('fr-mt-4w')}>
      <h2 id="dossier-crf" className={fr.cx('fr-h4')}>
        Comptes rendus financiers
      </h2>
      {!granted ? (
        <p>Aucun compte rendu financier : la subvention n'est pas accordée.</p>
      ) : (
        <ScrollableTable label="Comptes rendus financiers du dossier, par exercice" bordered>
          <table>
            <caption>Comptes rendus financiers du dossier, par exercice</caption>
            <thead>
              <tr>
                <th scope="col">Exercice</th>
                <th scope="col">État</th>
                <th scope="col">Compte rendu</th>
              </tr>
            </thead>
            <tbody>
              {exercises.map((exercice) => {
                const crf = started.get(exercice);
                return (
                  <tr key={exercice}>
                    <th scope="row">{exercice}</th>
                    <td>
                      {crf ? (
                        <Badge severity={crfStateSeverity(crf.etat)} small noIcon>
                          {crfStateLabel(crf.etat)}
                        </Badge>
                      ) : (
                        "Pas encore commencé par l'association"
                      )}
                    </td>
                    <td>
                      {crf && (
                        <Button priority="tertiary" size="small" aria-expanded={openId === crf.id} aria-controls="crf-ouvert" onClick={() => setOpenId(openId === crf.id ? null : crf.id)}>
                          {openId === crf.id ? 'Fermer' : 'Consulter'} le compte rendu {exercice}
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollableTable>
      )}
      {result && (
        <div ref={resultRef} id={RESULT_ID} tabIndex={-1} role={result.severity === 'error' ? 'alert' : 'status'} className={fr.cx('fr-mb-3w')}>
          <Alert severity={result.severity} title={result.title} description={result.description} />
        </div>
      )}
      <div id="crf-ouvert">
        {openId !== null && report.isPending && <p>Chargement du compte rendu financier…</p>}
        {openId !== null && report.error && <Alert severity="error" small role="alert" description={errorMessage(report.error, CRF_MESSAGES.failure.fetch)} />}
        {opened && (
          <div className={fr.cx('fr-mt-3w')}>
            <h3 className={fr.cx('fr-h5')}>Compte rendu financier de l'exercice {opened.exercice}</h3>
            <CrfEvents crf={opened} onAct={setActing} />
            <p>
              <CrfPdfButton dossierId={view.id} crf={opened} />
            </p>
            <CrfReadView crf={opened} serviceName={serviceName} level={3} documentLink={(d) => <DocumentLink dossierId={view.id} uuid={d.uuid} name={d.nom ?? d.uuid} />} />
          </div>
        )}
      </div>
      {opened && acting && (
        <CrfEventDialog
          key={acting}
          crf={opened}
          dossierId={view.id}
          event={acting}
          onClose={() => setActing(null)}
          onDone={(next) => {
            setActing(null);
            replace(next);
            setResult({
              severity: 'success',
              title: acting === 'renvoyer' ? CRF_MESSAGES.sentBack : CRF_MESSAGES.received,
              description: `Le compte rendu de l'exercice ${next.exercice} est maintenant « ${crfStateLabel(next.etat)} ».`,
            });
          }}
          onConflict={(message) => {
            setActing(null);
            void reload(opened.id);
            setResult({ severity: 'error', title: 'Le compte rendu financier a changé entre-temps', description: `${message} Il a été rechargé : vérifiez son état avant d'agir à nouveau.` });
          }}
        />
      )}
    </section>
  );
}

/** The events the report's options allow the caller, in the machine's words. */
function CrfEvents({ crf, onAct }: { crf: CrfView; onAct: (event: CrfEventName) => void }) {
  const allowed = CRF_EVENT_NAMES.filter((name) => crf.options.events.includes(name));
  if (allowed.length === 0) return <p>Aucune action n'est possible pour vous sur ce compte rendu dans son état actuel.</p>;
  return (
    <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md')}>
      {allowed.map((name, index) => (
        <li key={name}>
          <Button priority={index === 0 ? 'primary' : 'secondary'} onClick={() => onAct(name)}>
            {crfMachine.events[name].label}
          </Button>
        </li>
      ))}
    </ul>
  );
}

interface CrfEventDialogProps {
  crf: CrfView;
  dossierId: string;
  event: CrfEventName;
  onClose: () => void;
  onDone: (next: CrfView) => void;
  onConflict: (message: string) => void;
}

function CrfEventDialog({ crf, dossierId, event, onClose, onDone, onConflict }: CrfEventDialogProps) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<{ message: string; field: string | null } | null>(null);
  const summaryId = 'crf-evt-erreurs';
  useEffect(() => {
    const summary = error && document.getElementById(summaryId);
    if (summary) focusElement(summary);
  }, [error]);
  const label = crfMachine.events[event].label;

  async function submit() {
    const checked = crfEventSchema.safeParse(event === 'renvoyer' ? { event, comment } : { event, ...(comment.trim() ? { comment: comment.trim() } : {}) });
    if (!checked.success) {
      const fields = issuesToFieldErrors(checked.error);
      setError({ message: fields.comment ?? MESSAGES.invalidForm, field: fields.comment ?? null });
      return;
    }
    try {
      onDone(await callApi(crfRoutes.fireCrfEvent, { params: { id: dossierId, idCrf: crf.id }, body: checked.data }));
    } catch (e) {
      if (isApiError(e) && e.status === 409) return onConflict(e.message);
      setError({ message: errorMessage(e, MESSAGES.httpEmpty), field: null });
    }
  }

  return (
    <ConfirmDialog open title={`${label} – compte rendu financier ${crf.exercice}`} confirmLabel={label} confirmAriaLabel={`Confirmer : ${label}`} onConfirm={submit} onClose={onClose}>
      <ErrorSummary
        id={summaryId}
        message={error ? (error.field ? MESSAGES.invalidForm : error.message) : null}
        items={error?.field ? [{ key: 'comment', message: error.field, targetId: COMMENT_ID }] : []}
      />
      <Input
        label={event === 'renvoyer' ? "Commentaire pour l'association (ce qu'elle doit corriger) (obligatoire)" : 'Commentaire (facultatif)'}
        hintText={event === 'renvoyer' ? "L'association le lira." : undefined}
        state={error?.field ? 'error' : 'default'}
        stateRelatedMessage={error?.field ?? undefined}
        textArea
        nativeTextAreaProps={{
          id: COMMENT_ID,
          rows: 4,
          maxLength: DOSSIER_LIMITS.comment,
          value: comment,
          'aria-required': event === 'renvoyer' ? true : undefined,
          'aria-invalid': error?.field ? true : undefined,
          onChange: (e) => {
            setComment(e.target.value);
            if (error?.field) setError(null);
          },
        }}
      />
    </ConfirmDialog>
  );
}
