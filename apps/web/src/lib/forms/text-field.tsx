// A DSFR input bound to a form field, its error shown right under it (a use-zod-form binding, or a
// hand-made form's value, error and change with its own `id`).
import { Input } from '@codegouvfr/react-dsfr/Input';
import type { HTMLInputTypeAttribute } from 'react';
import type { FieldBinding } from './use-zod-form.ts';

interface TextFieldProps extends FieldBinding {
  label: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  required?: boolean;
  textArea?: boolean;
  /** Id of a hint shown elsewhere (kept out of the label so the label stays exact). */
  describedBy?: string;
  disabled?: boolean;
  /** The input's id when the form names it itself (default `field-<name>`). */
  id?: string;
  maxLength?: number;
  /** A text area's height (default 8 rows). */
  rows?: number;
}

export function TextField({
  label,
  name,
  type = 'text',
  autoComplete,
  required,
  textArea,
  describedBy,
  disabled,
  value,
  error,
  onChange,
  id = `field-${name}`,
  maxLength,
  rows = 8,
}: TextFieldProps) {
  const state = error ? 'error' : 'default';
  if (textArea) {
    return (
      <Input
        label={label}
        textArea
        disabled={disabled}
        state={state}
        stateRelatedMessage={error}
        nativeTextAreaProps={{
          id,
          name,
          value,
          required,
          rows,
          maxLength,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
          onChange: (event) => onChange(event.target.value),
        }}
      />
    );
  }
  return (
    <Input
      label={label}
      disabled={disabled}
      state={state}
      stateRelatedMessage={error}
      nativeInputProps={{
        id,
        name,
        type,
        value,
        autoComplete,
        required,
        maxLength,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        onChange: (event) => onChange(event.target.value),
      }}
    />
  );
}
