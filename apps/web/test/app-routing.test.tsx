// The real route table, layouts and guards in a memory router, over a fake fetch.
import { MESSAGES } from '@portail/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetLoadedUserInfo } from '../src/app/route-guard.ts';
import { installEntryCheckHandler } from '../src/app/entry-check-handler.ts';
import { installSessionExpiredHandler } from '../src/app/session-expired-handler.ts';
import { session } from '../src/lib/session/session-store.ts';
import { sessionEvents } from '../src/lib/session/session-events.ts';
import { toasts } from '../src/lib/toast/toast-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeLcaUser, makeLink, makeSession, makeUser } from './support/factories.ts';
import { fullPath, renderApp } from './support/render-app.tsx';

const NO_NOTES = { 'GET /api/lca-server/notesOnPage': () => json(200, []) };

afterEach(() => {
  resetAppState();
  forgetLoadedUserInfo();
});

describe('application routing', () => {
  it('sends a visitor to /login with the redirect_url, inside the login layout', async () => {
    stubFetch(NO_NOTES);
    const router = renderApp('/dossiers?exercice=2024');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(fullPath(router)).toBe('/login?redirect_url=%2Fdossiers%3Fexercice%3D2024');
    expect(screen.getAllByRole('link', { name: 'Créer un compte' }).length).toBeGreaterThan(0);
  });

  it('loads the association user and sends one without association to choix-association', async () => {
    const user = makeUser({ associations: [makeLink({ id_correspondance: 'stale' })] });
    session.signIn(makeSession(user));
    stubFetch({
      'GET /api/lca-server/notesOnPage': () =>
        json(200, [
          { _id: 'n', type: 'info', title: null, content: '<p>Note du choix</p>', routes: ['choix-association'] },
        ]),
      [`GET /api/lca-server/users/${user.lcaId}`]: () => json(200, makeLcaUser(user, { associations: [] })),
    });
    const router = renderApp('/user/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choix de l’association' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ajout-association/choix-association');
    expect(screen.getByRole('searchbox', { name: 'Nom, numéro RNA, SIREN ou SIRET' })).toBeInTheDocument();
    expect(await screen.findByText('Note du choix')).toBeInTheDocument();
    expect(session.getState().user?.associations).toEqual([]);
    // signed in: the header shows the user's name and the logout button
    expect(screen.getAllByText('Camille Martin').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Se déconnecter' }).length).toBeGreaterThan(0);
  });

  it('renders the 404 page for an unknown path', async () => {
    stubFetch(NO_NOTES);
    renderApp('/nulle-part/ici');
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.pageNotFoundTitle })).toBeInTheDocument();
  });

  it('on "session expired" from a private page: /login with the toast for 100 s', async () => {
    const user = makeUser();
    session.signIn(makeSession(user));
    stubFetch({ ...NO_NOTES, [`GET /api/lca-server/users/${user.lcaId}`]: () => json(200, makeLcaUser(user)) });
    const router = renderApp('/user/profil');
    await screen.findByRole('heading', { level: 1, name: 'Mon compte' });
    const uninstall = installSessionExpiredHandler(router);
    try {
      act(() => sessionEvents.emitExpired());
      await waitFor(() => expect(fullPath(router)).toBe('/login?redirect_url=%2Fuser%2Fprofil'));
      await waitFor(() =>
        expect(toasts.getToasts()).toEqual([
          expect.objectContaining({ message: MESSAGES.sessionExpired, durationMs: 100_000 }),
        ]),
      );
      expect(await screen.findByText(MESSAGES.sessionExpired)).toBeInTheDocument();
      expect(session.getState().token).toBeNull();
    } finally {
      uninstall();
    }
  });

  it('ignores "session expired" on a public page', async () => {
    stubFetch(NO_NOTES);
    const router = renderApp('/faq');
    await screen.findByRole('heading', { level: 1, name: 'Foire aux questions' });
    const uninstall = installSessionExpiredHandler(router);
    act(() => sessionEvents.emitExpired());
    uninstall();
    expect(router.state.location.pathname).toBe('/faq');
  });
});

describe('a call refused by the server entry checks (docs/domain.md « Parcours »)', () => {
  it.each([
    ['EMAIL_NOT_VALIDATED', MESSAGES.emailNotValidated, '/validation', { enabled: false }],
    ['PASSWORD_CHANGE_REQUIRED', MESSAGES.passwordChangeRequired, '/user/modification-mot-de-passe/', { mustChangePassword: true }],
  ])('%s sends the user to %s, session kept and its user corrected', async (code, message, target, corrected) => {
    const user = makeUser();
    session.signIn(makeSession(user));
    stubFetch({
      ...NO_NOTES,
      [`GET /api/lca-server/users/${user.lcaId}`]: () => json(200, makeLcaUser(user)),
      [`PATCH /api/auth-server/users/${user._id}`]: () => json(403, { message, status: 403, code }),
    });
    const router = renderApp('/user/profil');
    await screen.findByRole('heading', { level: 1, name: 'Mon compte' });
    const uninstall = installEntryCheckHandler(router);
    try {
      const prenom = screen.getByLabelText('Prénom');
      await userEvent.clear(prenom);
      await userEvent.type(prenom, 'Claude');
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(target));
      expect(session.getState().token).not.toBeNull();
      expect(session.getState().user).toMatchObject(corrected);
    } finally {
      uninstall();
    }
  });
});
