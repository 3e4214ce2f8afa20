// Step 1 (spec §4): the applicant, the association's head office (an approval is asked by the head
// office only), and its legal representative, signatory and person in charge, chosen among the
// representatives of the association file. The instructing service filling the dossier for the
// association chooses among the same (read through the dossier); reading it only, it sees whether
// each person is chosen.
import { fr } from '@codegouvfr/react-dsfr';
import { formatSiret, MESSAGES, type Representant } from '@portail/contract';
import { useState, type FormEvent } from 'react';
import { ErrorSummary } from '../../../lib/forms/error-summary.tsx';
import { SelectField } from '../../../lib/forms/select-field.tsx';
import { useSending } from '../../../lib/forms/use-sending.ts';
import { RequiredLegend, StepActions } from '../../subsidies/index.ts';
import type { ApprovalStepProps } from './types.ts';

const PEOPLE = { id_representant_legal: 'représentant légal', id_signataire: 'signataire', id_responsable: 'responsable du dossier' } as const;
type Person = keyof typeof PEOPLE;

export const personLabel = (r: Representant) => [r.civilite, r.prenom, r.nom].filter(Boolean).join(' ') + (r.fonction ? ` – ${r.fonction}` : '');

interface StepApplicantProps extends ApprovalStepProps {
  /** The association file's representatives; null on the service side (it does not read the file). */
  representants: readonly Representant[] | null;
}

export function StepApplicant({ dossier, readOnly, onSave, onBack, representants }: StepApplicantProps) {
  const d = dossier.demandeur;
  const [values, setValues] = useState<Record<Person, string>>({
    id_representant_legal: d.id_representant_legal ?? '',
    id_signataire: d.id_signataire ?? '',
    id_responsable: d.id_responsable ?? '',
  });
  const { summary, errors, refuse, fix, sending, send } = useSending({ fieldOfServerKey: (key) => key.replace(/^demandeur\./, '') in PEOPLE ? key.replace(/^demandeur\./, '') : null });
  const people = (representants ?? []).filter((r) => !r.deleted);
  const fileRead = representants !== null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!fileRead) {
      await send(() => onSave({ step: 1 }));
      return;
    }
    const found: Record<string, string> = {};
    for (const [field, label] of Object.entries(PEOPLE) as [Person, string][]) if (!values[field]) found[field] = MESSAGES.pleaseFill(label);
    if (refuse(found)) return;
    await send(() => onSave({ step: 1, demandeur: { ...values } }));
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Demandeur">
      <ErrorSummary {...summary} />
      {!readOnly && fileRead && <RequiredLegend />}
      <p>
        Établissement demandeur : <strong>{d.nom ?? 'Siège de l’association'}</strong>
        {d.id_siret && <> – SIRET {formatSiret(d.id_siret)} (siège)</>}
      </p>
      <fieldset className={fr.cx('fr-fieldset')}>
        <legend className={fr.cx('fr-fieldset__legend')}>Personnes</legend>
        {(Object.entries(PEOPLE) as [Person, string][]).map(([field, label]) => (
          <div key={field} className={fr.cx('fr-fieldset__element')}>
            {fileRead ? (
              <SelectField
                label={`${label.charAt(0).toUpperCase()}${label.slice(1)}${readOnly ? '' : ' *'}`}
                placeholder={`Sélectionnez le ${label}`}
                options={(field === 'id_representant_legal' ? people.filter((r) => r.est_representant_legal) : people).map((r) => ({ value: r.id, label: personLabel(r) }))}
                name={field}
                value={values[field]}
                error={errors[field]}
                disabled={readOnly}
                onChange={(value) => {
                  setValues((v) => ({ ...v, [field]: value }));
                  fix(field);
                }}
              />
            ) : (
              <p>
                {label.charAt(0).toUpperCase()}
                {label.slice(1)} : {values[field] ? 'choisi par l’association' : 'non renseigné'}
              </p>
            )}
          </div>
        ))}
      </fieldset>
      <StepActions readOnly={readOnly} saving={sending} onBack={onBack} />
    </form>
  );
}
