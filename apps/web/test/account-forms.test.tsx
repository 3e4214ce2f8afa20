import { MESSAGES } from '@portail/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedIdentityFields, NO_CHANGE_DETECTED } from '../src/features/account/identity-changes.ts';
import { IdentityForm } from '../src/features/account/identity-form.tsx';
import { RegisterPage } from '../src/features/auth/register-page.tsx';
import { session } from '../src/lib/session/session-store.ts';
import { toasts } from '../src/lib/toast/toast-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeSession, makeUser } from './support/factories.ts';
import { renderRoutes } from './support/render-routes.tsx';

afterEach(resetAppState);

describe('register page', () => {
  it('checks the password rule and the confirmation with the contract schema', async () => {
    stubFetch();
    renderRoutes('/register', { '/register': <RegisterPage /> });
    expect(screen.getByText(MESSAGES.passwordRule)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'court');
    await userEvent.type(screen.getByLabelText('Confirmation du mot de passe'), 'autre');
    await userEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(screen.getByLabelText('Mot de passe')).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.passwordRule),
    );
    expect(screen.getByLabelText('Nom')).toHaveAccessibleDescription(MESSAGES.required('nom'));
  });

  it('registers with origin lca and sendValidation, stores the session, goes to /validation', async () => {
    const user = makeUser({ enabled: false });
    const fake = stubFetch({
      'POST /api/auth-server/register': () => json(201, { ...makeSession(user), roles: user.roles }),
    });
    renderRoutes('/register', { '/register': <RegisterPage />, '/validation': <p>Page de validation</p> });
    await userEvent.click(screen.getByLabelText('Madame'));
    await userEvent.type(screen.getByLabelText('Nom'), 'Martin');
    await userEvent.type(screen.getByLabelText('Prénom'), 'Camille');
    await userEvent.type(screen.getByLabelText('Adresse électronique'), 'camille.martin@example.org');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'Motdepasse-Solide-2024');
    await userEvent.type(screen.getByLabelText('Confirmation du mot de passe'), 'Motdepasse-Solide-2024');
    await userEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));

    expect(await screen.findByText('Page de validation')).toBeInTheDocument();
    expect(fake.requests[0]!.url).toBe('/api/auth-server/register?origin=lca&sendValidation=true');
    expect(fake.requests[0]!.body).toMatchObject({
      civilite: 'Mme',
      nom: 'Martin',
      prenom: 'Camille',
      email: 'camille.martin@example.org',
      origin: 'lca',
    });
    expect(session.getState().user?.enabled).toBe(false);
  });
});

describe('profile identity', () => {
  it('sends only the changed fields', () => {
    const user = makeUser();
    expect(
      changedIdentityFields(user, { civilite: 'Mme', nom: 'Martin', prenom: 'Camille', email: user.email }),
    ).toEqual({});
    expect(changedIdentityFields(user, { civilite: 'M.', nom: 'Martin', prenom: 'Claude', email: user.email })).toEqual(
      { civilite: 'M.', prenom: 'Claude' },
    );
  });

  it('says "Aucun changement" without calling the server when nothing changed', async () => {
    const fake = stubFetch();
    render(<IdentityForm user={makeUser()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(toasts.getToasts().map((t) => t.message)).toEqual([NO_CHANGE_DETECTED]);
    expect(fake.requests).toHaveLength(0);
  });

  it('patches the changed field and stores the new session', async () => {
    const user = makeUser();
    session.signIn(makeSession(user));
    const updated = makeSession({ ...user, prenom: 'Claude' });
    const fake = stubFetch({ [`PATCH /api/auth-server/users/${user._id}`]: () => json(200, updated) });
    render(<IdentityForm user={user} />);
    const prenom = screen.getByLabelText('Prénom');
    await userEvent.clear(prenom);
    await userEvent.type(prenom, 'Claude');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    await vi.waitFor(() => expect(session.getState().user?.prenom).toBe('Claude'));
    expect(fake.requests[0]!.body).toEqual({ prenom: 'Claude' });
  });
});
