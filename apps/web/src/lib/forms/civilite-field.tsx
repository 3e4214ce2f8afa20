// Civilité as DSFR radio buttons (values from the contract).
import { RadioButtons } from '@codegouvfr/react-dsfr/RadioButtons';
import { CIVILITES } from '@portail/contract';
import type { FieldBinding } from './use-zod-form.ts';

const LABELS: Record<(typeof CIVILITES)[number], string> = { 'M.': 'Monsieur', Mme: 'Madame' };

export function CiviliteField({ name, value, error, onChange }: FieldBinding) {
  return (
    <RadioButtons
      legend="Civilité"
      name={name}
      orientation="horizontal"
      state={error ? 'error' : 'default'}
      stateRelatedMessage={error}
      options={CIVILITES.map((civilite) => ({
        label: LABELS[civilite],
        nativeInputProps: {
          value: civilite,
          checked: value === civilite,
          onChange: () => onChange(civilite),
        },
      }))}
    />
  );
}
