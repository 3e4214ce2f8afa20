// A DSFR select bound to a form field, an empty first option as its placeholder, its error shown
// right under it.
import { Select } from '@codegouvfr/react-dsfr/Select';
import type { FieldBinding } from './use-zod-form.ts';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface SelectFieldProps extends FieldBinding {
  label: string;
  options: readonly SelectOption[];
  /** The empty option's text. */
  placeholder: string;
  /** The empty option cannot be chosen (back). */
  placeholderDisabled?: boolean;
  disabled?: boolean;
}

export function SelectField({ label, options, placeholder, placeholderDisabled, disabled, name, value, error, onChange }: SelectFieldProps) {
  return (
    <Select
      label={label}
      disabled={disabled}
      state={error ? 'error' : 'default'}
      stateRelatedMessage={error}
      nativeSelectProps={{
        id: `field-${name}`,
        name,
        value,
        'aria-invalid': error ? true : undefined,
        onChange: (event) => onChange(event.target.value),
      }}
    >
      <option value="" disabled={placeholderDisabled}>
        {placeholder}
      </option>
      {options.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
    </Select>
  );
}
