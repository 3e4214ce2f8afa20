// Identity part of the profile: civilité, nom, prénom, e-mail. A new address needs the current
// password and stays pending until its validation link is opened (the server keeps the old login).
import { fr } from '@codegouvfr/react-dsfr';
import { api, MESSAGES, updateUserBodySchema, type SessionUser } from '@portail/contract';
import { callApi } from '../../lib/api/index.ts';
import { CiviliteField } from '../../lib/forms/civilite-field.tsx';
import { EmailField } from '../../lib/forms/email-field.tsx';
import { SubmitForm } from '../../lib/forms/submit-form.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { session } from '../../lib/session/session-store.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { changedIdentityFields, identityOf, isNewEmail, NO_CHANGE_DETECTED } from './identity-changes.ts';

export const IDENTITY_SAVED = 'Vos informations ont été mises à jour.';
export const CURRENT_PASSWORD_LABEL = 'Mot de passe actuel (requis pour changer d’adresse)';

export function IdentityForm({ user }: { user: SessionUser }) {
  const form = useZodForm(updateUserBodySchema, { ...identityOf(user), current_password: '' }, (values) => ({
    ...values,
    // An empty civilité was never set: leave it out rather than fail the enum.
    civilite: values.civilite || undefined,
    // The address is sent (and the password asked for) only when it changes.
    email: isNewEmail(user, values.email) ? values.email : undefined,
    current_password: values.current_password || undefined,
  }));
  const emailChanging = isNewEmail(user, form.values.email);

  const onSubmit = form.handleSubmit(async (parsed) => {
    const changes = changedIdentityFields(user, parsed);
    if (Object.keys(changes).length === 0) {
      toast.info(NO_CHANGE_DETECTED);
      return;
    }
    const body = changes.email ? { ...changes, current_password: parsed.current_password } : changes;
    const updated = await callApi(api.auth.updateUser, { params: { id: user._id }, body });
    session.setUser(updated);
    if (changes.email && updated.pendingEmail) toast.success(MESSAGES.emailChangePending(updated.pendingEmail));
    else toast.success(IDENTITY_SAVED);
  });

  return (
    <SubmitForm form={form} onSubmit={onSubmit} label="Identité" submitLabel="Enregistrer les modifications">
      <CiviliteField {...form.field('civilite')} />
      <TextField label="Nom" autoComplete="family-name" required {...form.field('nom')} />
      <TextField label="Prénom" autoComplete="given-name" required {...form.field('prenom')} />
      <EmailField {...form.field('email')} />
      {user.pendingEmail && (
        <p className={fr.cx('fr-text--sm', 'fr-hint-text')} role="status">
          Nouvelle adresse en attente de validation : <strong>{user.pendingEmail}</strong>. L’adresse actuelle reste
          celle de connexion tant que le lien envoyé à la nouvelle n’a pas été ouvert.
        </p>
      )}
      {emailChanging && (
        <TextField
          label={CURRENT_PASSWORD_LABEL}
          type="password"
          autoComplete="current-password"
          required
          {...form.field('current_password')}
        />
      )}
    </SubmitForm>
  );
}
