// Civilité as DSFR radio buttons (values from the contract).
import { RadioButtons } from '@codegouvfr/react-dsfr/RadioButtons';
import { CIVILITE_LABELS, CIVILITES } from '@portail/contract';
import type { FieldBinding } from './use-zod-form.ts';

export function CiviliteField({ name, value, error, onChange }: FieldBinding) {
  return (
    <RadioButtons
      legend="Civilité"
      name={name}
      orientation="horizontal"
      state={error ? 'error' : 'default'}
      stateRelatedMessage={error}
      options={CIVILITES.map((civilite) => ({
        label: CIVILITE_LABELS[civilite],
        nativeInputProps: {
          value: civilite,
          checked: value === civilite,
          onChange: () => onChange(civilite),
        },
      }))}
    />
  );
}
