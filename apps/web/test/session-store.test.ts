import { api } from '@portail/contract';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../src/lib/api/api-client.ts';
import { logout } from '../src/lib/session/logout.ts';
import { createSessionStore, currentRole } from '../src/lib/session/session-store.ts';
import { loadUserInfo } from '../src/lib/session/user-info.ts';
import { createFakeFetch, json } from './support/fake-fetch.ts';
import { makeLink, makeSession, makeUser, memoryStorage } from './support/factories.ts';

describe('session store', () => {
  it('persists tokens and user, and reads them back', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    const response = makeSession();
    store.signIn(response);
    store.selectAssociation('A1');
    const reloaded = createSessionStore(storage);
    expect(reloaded.getState()).toEqual({
      token: response.token,
      refreshToken: response.refreshToken,
      user: response.user,
      selectedAssociation: 'A1',
    });
  });

  it('ignores a stored user that no longer matches the contract', () => {
    const storage = memoryStorage();
    storage.setItem('lca.token', 't');
    storage.setItem('lca.user', JSON.stringify({ email: 'x' }));
    expect(createSessionStore(storage).getState().user).toBeNull();
  });

  it('notifies subscribers and clears everything', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    let calls = 0;
    store.subscribe(() => calls++);
    store.signIn(makeSession());
    store.clear();
    expect(calls).toBe(2);
    expect(store.getState()).toEqual({ token: null, refreshToken: null, user: null, selectedAssociation: null });
    expect(storage.length).toBe(0);
  });

  it('current role: the session role, else the default rule (RDS, LCA, Osiris)', () => {
    expect(currentRole(makeUser({ role: 'lca.admin', roles: ['lca.admin', 'rds.user'] }))).toBe('lca.admin');
    expect(currentRole(makeUser({ role: null, roles: ['osiris.appli_admin', 'lca.association', 'rds.user'] }))).toBe(
      'rds.user',
    );
    expect(currentRole(null)).toBeNull();
  });
});

describe('logout', () => {
  it('revokes the refresh token on the server, then clears the session', async () => {
    const store = createSessionStore(memoryStorage());
    store.signIn(makeSession());
    const fake = createFakeFetch({ 'POST /api/auth-server/logout': () => json(200, { message: 'ok' }) });
    const { callApi } = createApiClient({ fetch: fake.fetch, session: store, onSessionExpired: () => {} });
    await logout(store, callApi);
    expect(fake.requests[0]!.body).toEqual({ refreshToken: 'refresh-token-0123456789' });
    expect(store.getState().token).toBeNull();
  });

  it('clears the session even when the server is unreachable', async () => {
    const store = createSessionStore(memoryStorage());
    store.signIn(makeSession());
    const { callApi } = createApiClient({
      fetch: createFakeFetch({}).fetch,
      session: store,
      onSessionExpired: () => {},
    });
    await logout(store, callApi);
    expect(store.getState().user).toBeNull();
  });
});

describe('user info load', () => {
  it('a locked service record is refused', async () => {
    const user = makeUser({ role: 'rds.service', roles: ['rds.service'] });
    const store = createSessionStore(memoryStorage());
    store.signIn(makeSession(user));
    const fake = createFakeFetch({
      [`GET /api/rds-server/users/${user.authId}`]: () =>
        json(200, { _id: 's1', nom: 'DDETS', email: null, type: null, locked: true }),
    });
    const { callApi } = createApiClient({ fetch: fake.fetch, session: store, onSessionExpired: () => {} });
    await expect(loadUserInfo('service', user, callApi)).rejects.toMatchObject({ status: 403 });
  });

  it('a scheme administrator without a service record signs in without one; an agent without its record is refused', async () => {
    const notFound = () => json(404, { statusCode: 404, code: 'USER_NOT_FOUND', message: 'Utilisateur introuvable.' });
    for (const [role, accepted] of [['rds.admin', true], ['rds.appli_admin', true], ['rds.user', false]] as const) {
      const user = makeUser({ role, roles: [role], lcaId: null, associations: [] });
      const store = createSessionStore(memoryStorage());
      store.signIn(makeSession(user));
      const fake = createFakeFetch({ [`GET /api/rds-server/users/${user.authId}`]: notFound });
      const { callApi } = createApiClient({ fetch: fake.fetch, session: store, onSessionExpired: () => {} });
      if (accepted) expect(await loadUserInfo('service', user, callApi)).toMatchObject({ role, rds: null });
      else await expect(loadUserInfo('service', user, callApi)).rejects.toMatchObject({ status: 404 });
    }
  });

  it('an association record gives the lcaId and the associations', async () => {
    const user = makeUser({ associations: [] });
    const store = createSessionStore(memoryStorage());
    store.signIn(makeSession(user));
    const fake = createFakeFetch({
      [`GET /api/lca-server/users/${user.lcaId}`]: () =>
        json(200, {
          _id: user.lcaId,
          authId: user.authId,
          email: user.email,
          civilite: null,
          nom: null,
          prenom: null,
          associations: [makeLink({ id_correspondance: 'Z' })],
        }),
    });
    const { callApi } = createApiClient({ fetch: fake.fetch, session: store, onSessionExpired: () => {} });
    expect(await loadUserInfo('association', user, callApi)).toMatchObject({
      lcaId: user.lcaId,
      associations: [{ id_correspondance: 'Z' }],
    });
    expect(api.lca.getUser.path).toBe('/users/:id');
  });
});
