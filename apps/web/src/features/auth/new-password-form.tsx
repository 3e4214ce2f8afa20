// New password through an e-mailed link (reset): password + confirmation, no old password.
import { api, resetPasswordBodySchema, type SessionResponse } from '@portail/contract';
import { callApi } from '../../lib/api/index.ts';
import { SubmitForm } from '../../lib/forms/submit-form.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

export function NewPasswordForm({ token, onDone }: { token: string; onDone: (response: SessionResponse) => void }) {
  const form = useZodForm(resetPasswordBodySchema, { password: '', confirm: '' });

  const onSubmit = form.handleSubmit(async (body) => {
    onDone(await callApi(api.auth.resetPassword, { params: { token }, body }));
  });

  return (
    <SubmitForm form={form} onSubmit={onSubmit} label="Nouveau mot de passe" submitLabel="Valider">
      <NewPasswordFields password={form.field('password')} confirm={form.field('confirm')} />
    </SubmitForm>
  );
}
