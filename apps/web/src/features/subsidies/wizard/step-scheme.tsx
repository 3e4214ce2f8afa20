// Step 0 (spec §4): the subvention (campaign of a scheme), its sub-scheme and the exercise (the
// campaign's). A new dossier is created on the server when this step is saved.
import { fr } from '@codegouvfr/react-dsfr';
import { closedWindowLabel, MESSAGES, SUBSIDY_MESSAGES, type Subvention } from '@portail/contract';
import { useState, type FormEvent } from 'react';
import { ErrorSummary } from '../../../lib/forms/error-summary.tsx';
import { ExistingDossierLink } from '../existing-dossier-link.tsx';
import { serverKeyIn } from '../../../lib/forms/field-errors.ts';
import { useSending } from '../../../lib/forms/use-sending.ts';
import { SelectField } from '../../../lib/forms/select-field.tsx';
import { formatDay } from '../format.ts';
import { RequiredLegend } from './required-mark.tsx';
import { StepActions } from './step-actions.tsx';

export interface SchemeChoice {
  code_subvention: string;
  id_sous_type_dispositif: string | null;
  exercice: number;
}

interface StepSchemeProps {
  subventions: readonly Subvention[];
  initial: Partial<SchemeChoice>;
  readOnly: boolean;
  onSave: (choice: SchemeChoice, subvention: Subvention) => Promise<void>;
}

export function StepScheme({ subventions, initial, readOnly, onSave }: StepSchemeProps) {
  const [code, setCode] = useState(initial.code_subvention ?? '');
  const [sous, setSous] = useState(initial.id_sous_type_dispositif ?? '');
  const { summary, errors, refuse, fix, refusal, sending: saving, send } = useSending({ fieldOfServerKey: serverKeyIn(['code_subvention', 'id_sous_type_dispositif']) });
  const subvention = subventions.find((s) => s.code === code);
  const sousDispositifs = subvention?.sous_dispositifs ?? [];
  const chosenSous = sousDispositifs.find((s) => s.id === sous);
  const withWindow = (label: string, item: object) => {
    const closed = closedWindowLabel(item);
    return closed ? `${label} (${closed})` : label;
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!subvention) found.code_subvention = MESSAGES.pleaseFill('subvention');
    if (subvention && sousDispositifs.length > 0 && !sous) found.id_sous_type_dispositif = MESSAGES.pleaseFill('sous-dispositif');
    // Outside its dates a campaign (or sub-scheme) takes no dossier: said here as the server would.
    const closed = subvention && closedWindowLabel(subvention);
    if (closed) found.code_subvention = SUBSIDY_MESSAGES.windowClosed(closed);
    const closedSous = chosenSous && closedWindowLabel(chosenSous);
    if (closedSous) found.id_sous_type_dispositif = SUBSIDY_MESSAGES.windowClosed(closedSous);
    if (refuse(found) || !subvention) return;
    await send(async () => {
      await onSave({ code_subvention: subvention.code, id_sous_type_dispositif: sous || null, exercice: subvention.campagne_exercice }, subvention);
    });
  }

  const chosen = chosenSous;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Dispositif">
      <ErrorSummary {...summary} />
      <ExistingDossierLink refusal={refusal} />
      <RequiredLegend />
      <SelectField
        label="Subvention *"
        placeholder="Sélectionnez une subvention"
        disabled={readOnly}
        name="code_subvention"
        value={code}
        error={errors.code_subvention}
        options={subventions.map((s) => ({ value: s.code, label: withWindow(`${s.dispositif.code} – ${s.label}`, s) }))}
        onChange={(value) => {
          setCode(value);
          setSous('');
          fix('code_subvention', 'id_sous_type_dispositif');
        }}
      />
      {sousDispositifs.length > 0 && (
        <SelectField
          label="Sous-dispositif *"
          placeholder="Sélectionnez un sous-dispositif"
          disabled={readOnly}
          name="id_sous_type_dispositif"
          value={sous}
          error={errors.id_sous_type_dispositif}
          options={sousDispositifs.map((s) => ({ value: s.id, label: withWindow(s.label, s) }))}
          onChange={(value) => {
            setSous(value);
            fix('id_sous_type_dispositif');
          }}
        />
      )}
      {subvention && (
        <p className={fr.cx('fr-mt-2w')}>
          Exercice : <strong>{subvention.campagne_exercice}</strong>
          {chosen && (chosen.date_debut || chosen.date_fin) && (
            <>
              {' '}
              – dépôt du {formatDay(chosen.date_debut)} au {formatDay(chosen.date_fin)}
            </>
          )}
        </p>
      )}
      <StepActions readOnly={readOnly} saving={saving} />
    </form>
  );
}
