// The e-mail address field of the auth, account and assistance forms.
import { TextField } from './text-field.tsx';
import type { FieldBinding } from './use-zod-form.ts';

export function EmailField(binding: FieldBinding) {
  return <TextField label="Adresse électronique" type="email" autoComplete="email" required {...binding} />;
}
