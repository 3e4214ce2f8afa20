// /register: account creation, then the "validate your e-mail" page.
import { fr } from '@codegouvfr/react-dsfr';
import { api, registerBodySchema } from '@portail/contract';
import { Link, useNavigate } from 'react-router-dom';
import { callApi } from '../../lib/api/index.ts';
import { CiviliteField } from '../../lib/forms/civilite-field.tsx';
import { EmailField } from '../../lib/forms/email-field.tsx';
import { SubmitForm } from '../../lib/forms/submit-form.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { session } from '../../lib/session/session-store.ts';
import { Page } from '../shell/page.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

const EMPTY = { civilite: '', nom: '', prenom: '', email: '', password: '', confirm: '' };

export function RegisterPage() {
  const navigate = useNavigate();
  const form = useZodForm(registerBodySchema, EMPTY, (values) => ({ ...values, origin: 'lca' }));

  const onSubmit = form.handleSubmit(async (body) => {
    const response = await callApi(api.auth.register, { query: { origin: 'lca', sendValidation: true }, body });
    session.signIn(response);
    navigate('/validation');
  });

  return (
    <Page title="Créer un compte" narrow>
      <p>
        Le compte association vous permet de gérer le dossier administratif de votre association et de déposer vos
        demandes. Tous les champs sont obligatoires.
      </p>
      <SubmitForm form={form} onSubmit={onSubmit} label="Création de compte" submitLabel="Créer mon compte">
        <CiviliteField {...form.field('civilite')} />
        <TextField label="Nom" autoComplete="family-name" required {...form.field('nom')} />
        <TextField label="Prénom" autoComplete="given-name" required {...form.field('prenom')} />
        <EmailField {...form.field('email')} />
        <NewPasswordFields label="Mot de passe" password={form.field('password')} confirm={form.field('confirm')} />
      </SubmitForm>
      <p className={fr.cx('fr-mt-4w')}>
        Vous avez déjà un compte ? <Link to="/login">Se connecter</Link>
      </p>
    </Page>
  );
}
