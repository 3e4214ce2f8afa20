// /register: account creation, then the "validate your e-mail" page.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { api, registerBodySchema } from '@portail/contract';
import { Link, useNavigate } from 'react-router-dom';
import { callApi } from '../../lib/api/index.ts';
import { CiviliteField } from '../../lib/forms/civilite-field.tsx';
import { FormError } from '../../lib/forms/form-error.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { session } from '../../lib/session/session-store.ts';
import { Page } from '../shell/page.tsx';
import { PASSWORD_RULE_ID, PasswordRule } from './password-rule.tsx';

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
      <FormError message={form.formError} />
      <form onSubmit={onSubmit} noValidate aria-label="Création de compte">
        <CiviliteField {...form.field('civilite')} />
        <TextField label="Nom" name="nom" autoComplete="family-name" required {...form.field('nom')} />
        <TextField label="Prénom" name="prenom" autoComplete="given-name" required {...form.field('prenom')} />
        <TextField
          label="Adresse électronique"
          name="email"
          type="email"
          autoComplete="email"
          required
          {...form.field('email')}
        />
        <PasswordRule />
        <TextField
          label="Mot de passe"
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
          Créer mon compte
        </Button>
      </form>
      <p className={fr.cx('fr-mt-4w')}>
        Vous avez déjà un compte ? <Link to="/login">Se connecter</Link>
      </p>
    </Page>
  );
}
