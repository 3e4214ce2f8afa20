// /register: account creation, then the "validate your e-mail" page. An account of another ministry
// site, signed in and sent here by the entry checks, joins the portal with one button instead.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { api, MESSAGES, needsPortalRole, registerBodySchema, type SessionUser } from '@portail/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { CiviliteField } from '../../lib/forms/civilite-field.tsx';
import { EmailField } from '../../lib/forms/email-field.tsx';
import { SubmitForm } from '../../lib/forms/submit-form.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { defaultLanding } from '../../lib/session/landing.ts';
import { session } from '../../lib/session/session-store.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { Page } from '../shell/index.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

const EMPTY = { civilite: '', nom: '', prenom: '', email: '', password: '', confirm: '' };

export function RegisterPage() {
  const { user } = useSession();
  if (user && needsPortalRole(user.roles)) return <JoinPortal user={user} />;
  return <RegisterForm />;
}

function JoinPortal({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function join() {
    setPending(true);
    setError(null);
    try {
      const updated = await callApi(api.auth.joinAssociationPortal, { params: { id: user._id } });
      session.setUser(updated);
      navigate(defaultLanding(updated));
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.httpEmpty));
      setPending(false);
    }
  }

  return (
    <Page title="Activer le compte association" narrow>
      <p>
        Vous êtes connecté(e) avec le compte <strong>{user.email}</strong>, créé sur un autre site du ministère. Pour
        gérer le dossier de votre association ici, activez le compte association de ce même compte : votre adresse et
        votre mot de passe restent les mêmes.
      </p>
      {error && <Alert severity="error" small role="alert" description={error} className={fr.cx('fr-mb-2w')} />}
      <Button onClick={() => void join()} disabled={pending}>
        Activer mon compte association
      </Button>
    </Page>
  );
}

function RegisterForm() {
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
