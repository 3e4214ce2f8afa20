// Password change of a signed-in user: old password, new one, confirmation.
import { Button } from '@codegouvfr/react-dsfr/Button';
import { api, changePasswordBodySchema, type SessionResponse } from '@portail/contract';
import { callApi } from '../../lib/api/index.ts';
import { FormError } from '../../lib/forms/form-error.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { PASSWORD_RULE_ID, PasswordRule } from './password-rule.tsx';

const EMPTY = { old_password: '', new_password: '', new_confirm: '' };

export function ChangePasswordForm({
  userId,
  onDone,
}: {
  userId: string;
  onDone: (response: SessionResponse) => void;
}) {
  const form = useZodForm(changePasswordBodySchema, EMPTY);

  const onSubmit = form.handleSubmit(async (body) => {
    const response = await callApi(api.auth.changePassword, { params: { id: userId }, body });
    form.setValues(EMPTY);
    onDone(response);
  });

  return (
    <>
      <FormError message={form.formError} />
      <form onSubmit={onSubmit} noValidate aria-label="Modification du mot de passe">
        <TextField
          label="Ancien mot de passe"
          name="old_password"
          type="password"
          autoComplete="current-password"
          required
          {...form.field('old_password')}
        />
        <PasswordRule />
        <TextField
          label="Nouveau mot de passe"
          name="new_password"
          type="password"
          autoComplete="new-password"
          required
          describedBy={PASSWORD_RULE_ID}
          {...form.field('new_password')}
        />
        <TextField
          label="Confirmation du mot de passe"
          name="new_confirm"
          type="password"
          autoComplete="new-password"
          required
          {...form.field('new_confirm')}
        />
        <Button type="submit" disabled={form.submitting}>
          Modifier le mot de passe
        </Button>
      </form>
    </>
  );
}
