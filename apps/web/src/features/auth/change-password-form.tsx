// Password change of a signed-in user: old password, new one, confirmation.
import { api, changePasswordBodySchema, type SessionResponse } from '@portail/contract';
import { callApi } from '../../lib/api/index.ts';
import { SubmitForm } from '../../lib/forms/submit-form.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

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
    <SubmitForm
      form={form}
      onSubmit={onSubmit}
      label="Modification du mot de passe"
      submitLabel="Modifier le mot de passe"
    >
      <TextField
        label="Ancien mot de passe"
        type="password"
        autoComplete="current-password"
        required
        {...form.field('old_password')}
      />
      <NewPasswordFields password={form.field('new_password')} confirm={form.field('new_confirm')} />
    </SubmitForm>
  );
}
