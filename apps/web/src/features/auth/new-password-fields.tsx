// The password rule, a new password linked to it, and its confirmation (register, reset, change).
import { TextField } from '../../lib/forms/text-field.tsx';
import type { FieldBinding } from '../../lib/forms/use-zod-form.ts';
import { PASSWORD_RULE_ID, PasswordRule } from './password-rule.tsx';

interface NewPasswordFieldsProps {
  /** Label of the new password: "Mot de passe" when there is no other one on the form. */
  label?: string;
  password: FieldBinding;
  confirm: FieldBinding;
}

export function NewPasswordFields({ label = 'Nouveau mot de passe', password, confirm }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordRule />
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        required
        describedBy={PASSWORD_RULE_ID}
        {...password}
      />
      <TextField
        label="Confirmation du mot de passe"
        type="password"
        autoComplete="new-password"
        required
        {...confirm}
      />
    </>
  );
}
