// The instructor's actions on the service's dossier page: for the caller's instruction, exactly the
// events and statut actions the dossier view's options allow, each with its form in a DSFR modal
// (a comment to send back, a reason to refuse or reject, proposed and granted amounts per financing
// line to grant, a payment's day and amount, a comment to mark incomplete). The form is checked
// with the contract's schema, then the server's French refusal is shown in the error summary,
// each problem linked to its field; once done, the focus goes to the result. A 409 (someone else
// acted meanwhile, or the action no longer fits) says so and reloads the dossier.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Input } from '@codegouvfr/react-dsfr/Input';
import { DOSSIER_LIMITS, instructionRoutes, MESSAGES, type Dossier, type DossierView } from '@portail/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { callApi, errorMessage, isApiError } from '../../lib/api/index.ts';
import { ErrorSummary, type SummaryItem } from '../../lib/forms/error-summary.tsx';
import { serverFieldErrors, type FieldErrors } from '../../lib/forms/field-errors.ts';
import { focusElement } from '../../lib/focus/focus.ts';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog.tsx';
import { formatEuros, stateLabel } from '../subsidies/index.ts';
import { actingInstructions, emptyForm, eventBody, fieldKeys, grantLines, optionsOf, statutBody, type EventForm, type Instruction, type InstructionOption } from './instruction-events.ts';

const RESULT_ID = 'instruction-resultat';
const SUMMARY_ID = 'instruction-erreurs';

/** The field each key of the form's errors leads to. */
function targetOf(key: string): string | null {
  const line = /^lines\.(\d+)\.(propose|accorde)$/.exec(key);
  if (line) return `evt-line-${line[1]}-${line[2]}`;
  return ({ comment: 'evt-comment', motif: 'evt-motif', paiementDate: 'evt-paiement-date', paiementMontant: 'evt-paiement-montant' } as Record<string, string>)[key] ?? null;
}

interface Result {
  severity: 'success' | 'error';
  title: string;
  description: string;
}

interface InstructionActionsProps {
  view: DossierView;
  projets: Dossier['projets'];
  /** The caller's service (null for a role without one). */
  serviceId: string | null;
  serviceName: (id: string) => string;
}

export function InstructionActions({ view, projets, serviceId, serviceName }: InstructionActionsProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<{ instruction: Instruction; option: InstructionOption } | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result && resultRef.current) focusElement(resultRef.current);
  }, [result]);

  const instructions = actingInstructions(view, serviceId).map((i) => ({ instruction: i, options: optionsOf(view, i) }));
  const several = instructions.length > 1;
  const acting = instructions.filter((i) => i.options.length > 0);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['dossier', view.id] });

  return (
    <section aria-labelledby="dossier-actions" className={fr.cx('fr-mt-4w')}>
      <h2 id="dossier-actions" className={fr.cx('fr-h4')}>
        Actions sur l’instruction
      </h2>
      {result && (
        <div ref={resultRef} id={RESULT_ID} tabIndex={-1} role={result.severity === 'error' ? 'alert' : 'status'} className={fr.cx('fr-mb-3w')}>
          <Alert severity={result.severity} title={result.title} description={result.description} />
        </div>
      )}
      {acting.length === 0 ? (
        <p>Aucune action n’est possible pour vous sur ce dossier dans son état actuel.</p>
      ) : (
        acting.map(({ instruction, options }) => (
          <div key={instruction.id_service_instructeur}>
            {several && <h3 className={fr.cx('fr-h6')}>Instruction de {serviceName(instruction.id_service_instructeur)}</h3>}
            <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md')}>
              {options.map((option, index) => (
                <li key={option.name}>
                  <Button priority={index === 0 ? 'primary' : 'secondary'} onClick={() => setOpen({ instruction, option })}>
                    {option.label}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
      {open && (
        <EventDialog
          key={`${open.instruction.id_service_instructeur}-${open.option.name}`}
          dossier={view}
          instruction={open.instruction}
          option={open.option}
          projets={projets}
          serviceName={serviceName(open.instruction.id_service_instructeur)}
          onClose={() => setOpen(null)}
          onDone={(next) => {
            queryClient.setQueryData(['dossier', view.id], next);
            void queryClient.invalidateQueries({ queryKey: ['dossier', view.id, 'projets'] });
            void queryClient.invalidateQueries({ queryKey: ['dossier', view.id, 'historique'] });
            const after = next.instructions.find((i) => i.id_service_instructeur === open.instruction.id_service_instructeur);
            setOpen(null);
            setResult({
              severity: 'success',
              title: `${open.option.label} : c’est fait.`,
              description:
                open.option.kind === 'statut'
                  ? next.description.statut === 'incomplet'
                    ? 'Le dossier est marqué incomplet : l’association en est prévenue.'
                    : 'La mention incomplet est levée.'
                  : `L’instruction est maintenant « ${stateLabel(after?.etat ?? open.instruction.etat)} ».`,
            });
          }}
          onConflict={(message) => {
            setOpen(null);
            void refresh();
            setResult({ severity: 'error', title: 'Le dossier a changé entre-temps', description: `${message} Le dossier a été rechargé : vérifiez son état avant d’agir à nouveau.` });
          }}
        />
      )}
    </section>
  );
}

interface EventDialogProps {
  dossier: DossierView;
  instruction: Instruction;
  option: InstructionOption;
  projets: Dossier['projets'];
  serviceName: string;
  onClose: () => void;
  onDone: (next: DossierView) => void;
  onConflict: (message: string) => void;
}

function EventDialog({ dossier, instruction, option, projets, serviceName, onClose, onDone, onConflict }: EventDialogProps) {
  const [form, setForm] = useState<EventForm>(() => emptyForm(option.name === 'accorder' ? grantLines(projets, instruction.id_service_instructeur) : []));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const summaryFocus = useRef(false);
  useEffect(() => {
    if (!summaryFocus.current) return;
    summaryFocus.current = false;
    const summary = document.getElementById(SUMMARY_ID);
    if (summary) focusElement(summary);
  });

  const refuse = (fields: FieldErrors, message: string | null) => {
    setErrors(fields);
    setFormError(message ?? (Object.keys(fields).length > 0 ? 'Veuillez vérifier les champs signalés.' : null));
    summaryFocus.current = true;
  };
  const params = { id: dossier.id, serviceId: instruction.id_service_instructeur };

  /** The call of this option, once its form passed the contract's schema (null: refused here). */
  function send(): Promise<DossierView> | null {
    if (option.kind === 'event') {
      const checked = eventBody(option.name, form);
      if (!checked.ok) {
        refuse(checked.errors, null);
        return null;
      }
      return callApi(instructionRoutes.fireInstructionEvent, { params, body: checked.body });
    }
    const checked = statutBody(option.name, form);
    if (!checked.ok) {
      refuse(checked.errors, null);
      return null;
    }
    return callApi(instructionRoutes.setInstructionStatut, { params, body: checked.body });
  }

  async function submit() {
    const call = send();
    if (!call) return;
    try {
      onDone(await call);
    } catch (error) {
      if (isApiError(error) && error.status === 409) return onConflict(error.message);
      const fields = isApiError(error) ? fieldKeys(serverFieldErrors(error.fields), option.kind === 'event' ? option.name : null, form) : {};
      refuse(fields, errorMessage(error, MESSAGES.httpEmpty));
    }
  }

  const items: SummaryItem[] = Object.entries(errors).map(([key, message]) => ({ key, message, targetId: targetOf(key) }));
  const set = (changes: Partial<EventForm>) => setForm((f) => ({ ...f, ...changes }));
  const field = (key: keyof EventForm, label: string, hint?: string, opts: { textArea?: boolean; type?: string; required?: boolean } = {}) => {
    const id = targetOf(key)!;
    const error = errors[key];
    const common = { id, name: key, value: form[key] as string, 'aria-required': opts.required ? true : undefined, 'aria-invalid': error ? true : undefined };
    return (
      <Input
        label={`${label}${opts.required ? ' (obligatoire)' : ''}`}
        hintText={hint}
        state={error ? 'error' : 'default'}
        stateRelatedMessage={error}
        {...(opts.textArea
          ? { textArea: true as const, nativeTextAreaProps: { ...common, rows: 4, maxLength: DOSSIER_LIMITS.comment, onChange: (e: ChangeEvent<HTMLTextAreaElement>) => set({ [key]: e.target.value }) } }
          : { nativeInputProps: { ...common, type: opts.type ?? 'text', inputMode: opts.type === 'date' ? undefined : ('decimal' as const), onChange: (e: ChangeEvent<HTMLInputElement>) => set({ [key]: e.target.value }) } })}
      />
    );
  };

  const name = option.name;
  const payment = name === 'mettre_en_paiement' || name === 'poursuivre_paiement' || name === 'constater_paiement';
  return (
    <ConfirmDialog
      open
      title={`${option.label} – dossier n° ${dossier.identifiant.id_fo}`}
      confirmLabel={option.label}
      confirmAriaLabel={`Confirmer : ${option.label}`}
      onConfirm={submit}
      onClose={onClose}
    >
      <p>
        Instruction de {serviceName}, actuellement « {stateLabel(instruction.etat)} ».
      </p>
      <ErrorSummary id={SUMMARY_ID} message={formError} items={items} />
      {(name === 'refuser' || name === 'rejeter') && field('motif', name === 'refuser' ? 'Motif du refus' : 'Motif du rejet', 'L’association le lira.', { textArea: true, required: true })}
      {name === 'accorder' && <GrantLinesFields form={form} errors={errors} onChange={(lines) => set({ lines })} />}
      {payment && (
        <>
          {field('paiementDate', 'Date du paiement', 'Format attendu : JJ/MM/AAAA', { type: 'date', required: true })}
          {field('paiementMontant', 'Montant du paiement (€)', 'Par exemple : 1500 ou 1500,50', { required: true })}
        </>
      )}
      {name === 'renvoyer' || name === 'marquer_incomplet'
        ? field('comment', name === 'renvoyer' ? 'Commentaire pour l’association (ce qu’elle doit corriger)' : 'Ce qui manque au dossier', 'L’association le lira.', { textArea: true, required: true })
        : field('comment', 'Commentaire (facultatif)', undefined, { textArea: true })}
    </ConfirmDialog>
  );
}

/** The accorder form's lines: one proposed and one granted amount per financing line of the service. */
function GrantLinesFields({ form, errors, onChange }: { form: EventForm; errors: FieldErrors; onChange: (lines: EventForm['lines']) => void }) {
  if (form.lines.length === 0) return <p>Ce service n’a aucune ligne de financement dans ce dossier.</p>;
  const change = (index: number, key: 'propose' | 'accorde', value: string) => onChange(form.lines.map((l, i) => (i === index ? { ...l, [key]: value } : l)));
  return (
    <fieldset className={fr.cx('fr-fieldset')}>
      <legend className={fr.cx('fr-fieldset__legend')}>Montants par ligne de financement (€)</legend>
      {form.lines.map((line, i) => (
        <div key={`${line.projet}-${line.annee}`} className={fr.cx('fr-fieldset__element')}>
          <p className={fr.cx('fr-text--bold', 'fr-mb-1w')}>
            {line.projetLabel}, {line.annee} – demandé : {line.demande == null ? '—' : formatEuros(line.demande)}
          </p>
          <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
            {(['propose', 'accorde'] as const).map((key) => (
              <div key={key} className={fr.cx('fr-col-12', 'fr-col-md-6')}>
                <Input
                  label={`Montant ${key === 'propose' ? 'proposé' : 'accordé'} – ${line.projetLabel}, ${line.annee}`}
                  state={errors[`lines.${i}.${key}`] ? 'error' : 'default'}
                  stateRelatedMessage={errors[`lines.${i}.${key}`]}
                  nativeInputProps={{ id: `evt-line-${i}-${key}`, inputMode: 'decimal', value: line[key], 'aria-invalid': errors[`lines.${i}.${key}`] ? true : undefined, onChange: (e) => change(i, key, e.target.value) }}
                />
              </div>
            ))}
          </div>
        </div>
      ))}
    </fieldset>
  );
}
