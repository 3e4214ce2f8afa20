// A required yes/no question as DSFR radio buttons bound to a form field ('oui', 'non', '' when not
// answered yet), its error under the group (DSFR state) and read with each button; the group's id
// is `field-<name>`, its first button `field-<name>-0` (where the error summary leads).
import { RadioButtons } from '@codegouvfr/react-dsfr/RadioButtons';
import type { ReactNode } from 'react';

interface YesNoFieldProps {
  name: string;
  legend: ReactNode;
  hint?: string;
  value: string;
  error: string | undefined;
  disabled?: boolean;
  onChange: (value: 'oui' | 'non') => void;
}

export function YesNoField({ name, legend, hint, value, error, disabled, onChange }: YesNoFieldProps) {
  const id = `field-${name}`;
  const describedBy = error ? `${id}-desc-error` : undefined;
  return (
    <RadioButtons
      id={id}
      legend={legend}
      hintText={hint}
      name={name}
      orientation="horizontal"
      disabled={disabled}
      state={error ? 'error' : 'default'}
      stateRelatedMessage={error}
      options={(['oui', 'non'] as const).map((answer) => ({
        label: answer === 'oui' ? 'Oui' : 'Non',
        nativeInputProps: { value: answer, checked: value === answer, 'aria-describedby': describedBy, onChange: () => onChange(answer) },
      }))}
    />
  );
}
