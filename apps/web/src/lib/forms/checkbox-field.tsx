// A DSFR checkbox bound to a form field of `useZodForm` (whose values are strings): checked is
// 'true', unchecked 'false'; the form's toInput turns them into the contract's booleans.
import { fr } from '@codegouvfr/react-dsfr';
import { Checkbox } from '@codegouvfr/react-dsfr/Checkbox';
import type { FieldBinding } from './use-zod-form.ts';

/** A checkbox's form value as the contract's boolean. */
export const isChecked = (value: string | undefined): boolean => value === 'true';
/** A boolean as a checkbox's form value. */
export const checkedText = (value: boolean | null | undefined): string => (value ? 'true' : 'false');

interface CheckboxFieldProps extends FieldBinding {
  label: string;
  disabled?: boolean;
}

export function CheckboxField({ label, name, value, error, onChange, disabled }: CheckboxFieldProps) {
  return (
    <Checkbox
      id={`field-${name}`}
      className={fr.cx('fr-mb-2w')}
      small
      disabled={disabled}
      state={error ? 'error' : 'default'}
      stateRelatedMessage={error}
      options={[
        {
          label,
          nativeInputProps: {
            name,
            checked: isChecked(value),
            // A single box renders without its fieldset: the box itself carries the disabled state.
            disabled,
            onChange: (event) => onChange(checkedText(event.target.checked)),
          },
        },
      ]}
    />
  );
}
