// New password through an e-mailed link (reset): password + confirmation, no old password.
import { Button } from '@codegouvfr/react-dsfr/Button';
import { api, resetPasswordBodySchema, type SessionResponse } from '@portail/contract';
import { callApi } from '../../lib/api/index.ts';
import { FormError } from '../../lib/forms/form-error.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { PASSWORD_RULE_ID, PasswordRule } from './password-rule.tsx';

export function NewPasswordForm({ token, onDone }: { token: string; onDone: (response: SessionResponse) => void }) {
  const form = useZodForm(resetPasswordBodySchema, { password: '', confirm: '' });

  const onSubmit = form.handleSubmit(async (body) => {
    onDone(await callApi(api.auth.resetPassword, { params: { token }, body }));
  });

  return (
    <>
      <FormError message={form.formError} />
      <form onSubmit={onSubmit} noValidate aria-label="Nouveau mot de passe">
        <PasswordRule />
        <TextField
          label="Nouveau mot de passe"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          describedBy={PASSWORD_RULE_ID}
          {...form.field('password')}
        />
        <TextField
          label="Confirmation du mot de passe"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          {...form.field('confirm')}
        />
        <Button type="submit" disabled={form.submitting}>
          Valider
        </Button>
      </form>
    </>
  );
}
