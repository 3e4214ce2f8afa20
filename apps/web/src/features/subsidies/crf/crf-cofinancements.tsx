// The action's other funders in its financial report: each one's name, what it was asked (cloned
// from the dossier) and what it gave.
import { fr } from '@codegouvfr/react-dsfr';
import { DOSSIER_LIMITS } from '@portail/contract';
import type { FieldErrors } from '../../../lib/forms/field-errors.ts';
import { LinesFieldset } from '../wizard/project/lines-fieldset.tsx';
import { ProjectField } from '../wizard/project/project-field.tsx';
import { crfFieldId, type CrfCofinancementDraft } from './crf-draft.ts';

interface CrfCofinancementsProps {
  lines: readonly CrfCofinancementDraft[];
  errors: FieldErrors;
  onChange: (lines: CrfCofinancementDraft[], ...keys: string[]) => void;
}

export function CrfCofinancements({ lines, errors, onChange }: CrfCofinancementsProps) {
  const setField = (index: number, field: keyof CrfCofinancementDraft, value: string) =>
    onChange(
      lines.map((c, i) => (i === index ? { ...c, [field]: value } : c)),
      `cofinancements.${index}.${field}`,
    );
  const field = (index: number, name: keyof CrfCofinancementDraft, label: string, required = false) => (
    <div className={fr.cx('fr-fieldset__element', 'fr-fieldset__element--inline')}>
      <ProjectField
        id={crfFieldId(`cofinancements.${index}.${name}`)}
        maxLength={name === 'financeur' ? DOSSIER_LIMITS.label : 20}
        label={label}
        required={required}
        error={errors[`cofinancements.${index}.${name}`]}
        readOnly={false}
        value={lines[index]![name]}
        onChange={(value) => setField(index, name, value)}
      />
    </div>
  );
  return (
    <LinesFieldset
      idPrefix={crfFieldId('cofinancements')}
      legend="Cofinancements"
      hint="Les autres financeurs de l’action : le montant sollicité et le montant obtenu."
      lineName="Cofinanceur"
      addLabel="Ajouter un cofinanceur"
      removeLabel={(n) => `Retirer le cofinanceur ${n}`}
      empty="Aucun autre financeur."
      lines={lines}
      readOnly={false}
      firstField="financeur"
      max={DOSSIER_LIMITS.cofinancementsPerProjet}
      onAdd={() => onChange([...lines, { financeur: '', montant: '', montant_obtenu: '' }], 'cofinancements')}
      onRemove={(index) => onChange(lines.filter((_, i) => i !== index), 'cofinancements')}
      renderLine={(_, index) => (
        <>
          {field(index, 'financeur', 'Financeur', true)}
          {field(index, 'montant', 'Montant sollicité (€)')}
          {field(index, 'montant_obtenu', 'Montant obtenu (€)')}
        </>
      )}
    />
  );
}
