import { MESSAGES } from '@portail/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedIdentityFields, NO_CHANGE_DETECTED } from '../src/features/account/identity-changes.ts';
import { CURRENT_PASSWORD_LABEL, IdentityForm } from '../src/features/account/identity-form.tsx';
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

describe('register page, signed in with an account of another ministry site', () => {
  it('offers to activate the association account instead of a new one, then lands on the dashboard', async () => {
    const user = makeUser({ roles: ['dab.user'], role: 'dab.user', associations: [] });
    session.signIn(makeSession(user));
    const joined = { ...user, roles: ['dab.user', 'lca.association'], role: 'lca.association' };
    const fake = stubFetch({ [`POST /api/auth-server/users/${user._id}/association-role`]: () => json(200, joined) });
    renderRoutes('/register', { '/register': <RegisterPage />, '/user/dashboard': <p>Tableau de bord</p> });
    expect(screen.getByRole('heading', { level: 1, name: 'Activer le compte association' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Créer mon compte' })).not.toBeInTheDocument();
    expect(screen.getByText(user.email)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Activer mon compte association' }));
    expect(await screen.findByText('Tableau de bord')).toBeInTheDocument();
    expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST /api/auth-server/users/${user._id}/association-role`]);
    expect(session.getState().user?.roles).toEqual(['dab.user', 'lca.association']);
  });

  it("shows the server's refusal", async () => {
    const user = makeUser({ roles: ['lcb.user'], role: 'lcb.user', associations: [] });
    session.signIn(makeSession(user));
    stubFetch({
      [`POST /api/auth-server/users/${user._id}/association-role`]: () =>
        json(409, { message: MESSAGES.alreadyAssociationAccount, status: 409, code: 'ALREADY_ASSOCIATION_ACCOUNT' }),
    });
    renderRoutes('/register', { '/register': <RegisterPage /> });
    await userEvent.click(screen.getByRole('button', { name: 'Activer mon compte association' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.alreadyAssociationAccount);
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

  it('patches the changed field and stores the returned user (no new tokens)', async () => {
    const user = makeUser();
    const signedIn = makeSession(user);
    session.signIn(signedIn);
    const fake = stubFetch({ [`PATCH /api/auth-server/users/${user._id}`]: () => json(200, { ...user, prenom: 'Claude' }) });
    render(<IdentityForm user={user} />);
    expect(screen.queryByLabelText(CURRENT_PASSWORD_LABEL)).toBeNull();
    const prenom = screen.getByLabelText('Prénom');
    await userEvent.clear(prenom);
    await userEvent.type(prenom, 'Claude');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    await vi.waitFor(() => expect(session.getState().user?.prenom).toBe('Claude'));
    expect(fake.requests[0]!.body).toEqual({ prenom: 'Claude' });
    expect(session.getState().token).toBe(signedIn.token);
  });

  it('asks for the current password when the address changes, then shows the pending address', async () => {
    const user = makeUser();
    session.signIn(makeSession(user));
    const newEmail = 'camille.nouvelle@example.org';
    const fake = stubFetch({
      [`PATCH /api/auth-server/users/${user._id}`]: () => json(200, { ...user, pendingEmail: newEmail }),
    });
    const { rerender } = render(<IdentityForm user={user} />);
    const email = screen.getByLabelText('Adresse électronique');
    await userEvent.clear(email);
    await userEvent.type(email, newEmail);
    const password = screen.getByLabelText(CURRENT_PASSWORD_LABEL);

    // Without the password, the contract rule stops the form before any call.
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(await screen.findByText(MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(fake.requests).toHaveLength(0);

    await userEvent.type(password, 'Mot-De-Passe-2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    await vi.waitFor(() => expect(session.getState().user?.pendingEmail).toBe(newEmail));
    expect(fake.requests[0]!.body).toEqual({ email: newEmail, current_password: 'Mot-De-Passe-2026!' });
    // The login stays the old address until the new one is validated.
    expect(session.getState().user?.email).toBe(user.email);
    expect(toasts.getToasts().map((t) => t.message)).toContain(MESSAGES.emailChangePending(newEmail));

    rerender(<IdentityForm key="after" user={session.getState().user!} />);
    expect(screen.getByRole('status')).toHaveTextContent(`Nouvelle adresse en attente de validation : ${newEmail}`);
  });

  it('shows the server refusal of a wrong current password on its field', async () => {
    const user = makeUser();
    session.signIn(makeSession(user));
    stubFetch({
      [`PATCH /api/auth-server/users/${user._id}`]: () =>
        json(400, {
          message: MESSAGES.wrongCurrentPassword,
          status: 400,
          code: 'WRONG_PASSWORD',
          fields: { current_password: MESSAGES.wrongCurrentPassword },
        }),
    });
    render(<IdentityForm user={user} />);
    const email = screen.getByLabelText('Adresse électronique');
    await userEvent.clear(email);
    await userEvent.type(email, 'camille.autre@example.org');
    await userEvent.type(screen.getByLabelText(CURRENT_PASSWORD_LABEL), 'Pas-Le-Bon-2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    expect((await screen.findAllByText(MESSAGES.wrongCurrentPassword)).length).toBeGreaterThan(0);
    expect(session.getState().user?.email).toBe(user.email);
  });
});
