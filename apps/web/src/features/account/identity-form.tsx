// Identity part of the profile: civilité, nom, prénom, e-mail.
import { api, updateUserBodySchema, type SessionUser } from '@portail/contract';
import { callApi } from '../../lib/api/index.ts';
import { CiviliteField } from '../../lib/forms/civilite-field.tsx';
import { EmailField } from '../../lib/forms/email-field.tsx';
import { SubmitForm } from '../../lib/forms/submit-form.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { session } from '../../lib/session/session-store.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { changedIdentityFields, identityOf, NO_CHANGE_DETECTED } from './identity-changes.ts';

export const IDENTITY_SAVED = 'Vos informations ont été mises à jour.';

export function IdentityForm({ user }: { user: SessionUser }) {
  const form = useZodForm(updateUserBodySchema, identityOf(user), (values) => ({
    ...values,
    // An empty civilité was never set: leave it out rather than fail the enum.
    civilite: values.civilite || undefined,
  }));

  const onSubmit = form.handleSubmit(async (parsed) => {
    const changes = changedIdentityFields(user, parsed);
    if (Object.keys(changes).length === 0) {
      toast.info(NO_CHANGE_DETECTED);
      return;
    }
    const response = await callApi(api.auth.updateUser, { params: { id: user._id }, body: changes });
    session.signIn(response);
    toast.success(IDENTITY_SAVED);
  });

  return (
    <SubmitForm form={form} onSubmit={onSubmit} label="Identité" submitLabel="Enregistrer les modifications">
      <CiviliteField {...form.field('civilite')} />
      <TextField label="Nom" autoComplete="family-name" required {...form.field('nom')} />
      <TextField label="Prénom" autoComplete="given-name" required {...form.field('prenom')} />
      <EmailField {...form.field('email')} />
    </SubmitForm>
  );
}
