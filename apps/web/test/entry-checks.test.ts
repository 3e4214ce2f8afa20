import { coreErrorCodeOf, MESSAGES, type SessionUser } from '@portail/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, SESSION_EXPIRED_CODE } from '../src/lib/api/api-error.ts';
import { runEntryChecks, userInfoKey, type EntryContext, type EntryDeps } from '../src/lib/session/entry-checks.ts';
import { isPublicPath, loginUrl, safeRedirect } from '../src/lib/session/paths.ts';
import { defaultLanding } from '../src/lib/session/landing.ts';
import { loadUserInfo } from '../src/lib/session/user-info.ts';
import type { RouteMeta } from '../src/lib/session/route-meta.ts';
import { makeLink, makeUser } from './support/factories.ts';

const PRIVATE: RouteMeta = { name: 'dossiers', title: 'Mes dossiers' };

function context(overrides: Partial<EntryContext> = {}): EntryContext {
  const user = overrides.user === undefined ? makeUser() : overrides.user;
  return {
    path: '/dossiers',
    search: '',
    meta: PRIVATE,
    token: 'token',
    user,
    hasSelectedAssociation: false,
    // By default the user info counts as loaded, so that each test looks at one check.
    userInfoLoadedFor: user ? userInfoKey(user, user.role?.startsWith('rds.') ? 'service' : 'association') : null,
    ...overrides,
  };
}

function deps(
  load: EntryDeps['loadUserInfo'] = async (_kind, user) => user,
): EntryDeps & { loadUserInfo: ReturnType<typeof vi.fn> } {
  return { loadUserInfo: vi.fn(load) };
}

describe('public paths', () => {
  it.each([
    '/validate',
    '/validate/abcdef0123456789',
    '/assistance',
    '/assistance/connexion',
    '/mot-de-passe-oublie',
    '/mot-de-passe-oublie/abcdef0123456789',
    '/mentions-legales',
    '/accessibilite',
    '/faq',
    '/plan',
    '/login',
    '/login/',
    '/register',
    '/validation',
  ])('%s is public', (path) => {
    expect(isPublicPath(path)).toBe(true);
  });

  it.each([
    '/',
    '/home',
    '/user/dashboard',
    '/user/profil',
    '/login/extra',
    '/register/x',
    '/validation/x',
    '/dossiers',
    '/user/modification-mot-de-passe',
  ])('%s is not public', (path) => {
    expect(isPublicPath(path)).toBe(false);
  });

  it('skips every check on a public path, even without a token', async () => {
    const d = deps();
    const outcome = await runEntryChecks(context({ path: '/faq', token: null, user: null }), d);
    expect(outcome).toEqual({ kind: 'proceed' });
    expect(d.loadUserInfo).not.toHaveBeenCalled();
  });

  it('skips every check on a route declared public (/ and /home)', async () => {
    const outcome = await runEntryChecks(
      context({ path: '/', meta: { name: 'home', title: 'Accueil', public: true }, token: null, user: null }),
      deps(),
    );
    expect(outcome.kind).toBe('proceed');
  });
});

describe('authentication', () => {
  it('sends a visitor without a token to /login with the encoded full path', async () => {
    const outcome = await runEntryChecks(
      context({ path: '/dossiers', search: '?exercice=2024&mode=read', token: null }),
      deps(),
    );
    expect(outcome).toEqual({
      kind: 'redirect',
      to: '/login?redirect_url=%2Fdossiers%3Fexercice%3D2024%26mode%3Dread',
    });
  });

  it('encodes special characters of the path', () => {
    expect(loginUrl('/associations/W751234567/documents?a=b c&d=é')).toBe(
      '/login?redirect_url=%2Fassociations%2FW751234567%2Fdocuments%3Fa%3Db%20c%26d%3D%C3%A9',
    );
  });

  it('also redirects when the token is there but the user is not', async () => {
    const outcome = await runEntryChecks(context({ user: null, userInfoLoadedFor: null }), deps());
    expect(outcome).toMatchObject({ kind: 'redirect', to: '/login?redirect_url=%2Fdossiers' });
  });
});

describe('enabled and password', () => {
  it('sends a user whose e-mail is not validated to /validation', async () => {
    const outcome = await runEntryChecks(
      context({ user: makeUser({ enabled: false, mustChangePassword: true }) }),
      deps(),
    );
    expect(outcome).toEqual({ kind: 'redirect', to: '/validation' });
  });

  it('sends a user who must change password to /user/modification-mot-de-passe/', async () => {
    const outcome = await runEntryChecks(context({ user: makeUser({ mustChangePassword: true }) }), deps());
    expect(outcome).toEqual({ kind: 'redirect', to: '/user/modification-mot-de-passe/' });
  });

  it('lets that user open the change-password page, exempt from the password and role checks', async () => {
    const user = makeUser({ mustChangePassword: true, roles: ['dab.user'], role: 'dab.user', associations: [] });
    const outcome = await runEntryChecks(
      context({
        path: '/user/modification-mot-de-passe/',
        meta: { name: 'modification-mot-de-passe', title: 'x', roles: ['rds.admin'], skipAssociationCheck: true },
        user,
      }),
      deps(),
    );
    expect(outcome.kind).toBe('proceed');
  });

  it('loads no user info on the change-password page while the password must change (the server refuses it)', async () => {
    const loadUserInfo = vi.fn();
    const outcome = await runEntryChecks(
      context({
        path: '/user/modification-mot-de-passe/',
        meta: { name: 'modification-mot-de-passe', title: 'x', skipAssociationCheck: true },
        user: makeUser({ mustChangePassword: true }),
      }),
      { loadUserInfo },
    );
    expect(outcome.kind).toBe('proceed');
    expect(loadUserInfo).not.toHaveBeenCalled();
  });

  it('still requires authentication on the change-password page', async () => {
    const outcome = await runEntryChecks(context({ path: '/user/modification-mot-de-passe', token: null }), deps());
    expect(outcome).toEqual({ kind: 'redirect', to: '/login?redirect_url=%2Fuser%2Fmodification-mot-de-passe' });
  });
});

describe('roles', () => {
  it('sends users of other ministry sites (dab, lcb) with no portal role to /register', async () => {
    for (const role of ['dab.user', 'lcb.gestionnaire']) {
      const outcome = await runEntryChecks(context({ user: makeUser({ role, roles: [role] }) }), deps());
      expect(outcome).toEqual({ kind: 'redirect', to: '/register' });
    }
  });

  it('keeps a dab user who also holds a portal role', async () => {
    const outcome = await runEntryChecks(
      context({ user: makeUser({ role: 'lca.association', roles: ['dab.user', 'lca.association'] }) }),
      deps(),
    );
    expect(outcome.kind).toBe('proceed');
  });

  it('switches to another allowed role the user holds', async () => {
    const user = makeUser({ role: 'lca.association', roles: ['lca.association', 'rds.user'] });
    const d = deps();
    const outcome = await runEntryChecks(
      context({
        path: '/instructeur',
        meta: { name: 'instructeur', title: 'x', roles: ['rds.user', 'rds.service'] },
        user,
        userInfoLoadedFor: null,
      }),
      d,
    );
    expect(outcome.kind).toBe('proceed');
    expect(outcome.user?.role).toBe('rds.user');
    // the switched role decides which user info is loaded
    expect(d.loadUserInfo).toHaveBeenCalledWith('service', expect.objectContaining({ role: 'rds.user' }));
  });

  it('sends a user holding no allowed role to /', async () => {
    const outcome = await runEntryChecks(
      context({ path: '/administration/lca', meta: { name: 'administration-lca', title: 'x', roles: ['lca.admin'] } }),
      deps(),
    );
    expect(outcome).toEqual({ kind: 'redirect', to: '/' });
  });

  it('uses the default role rule when the session has no current role', async () => {
    const user = makeUser({ role: null, roles: ['osiris.admin-programme', 'rds.user'] });
    const outcome = await runEntryChecks(
      context({
        path: '/instructeur',
        meta: { name: 'instructeur', title: 'x', roles: ['rds.user'] },
        user,
        userInfoLoadedFor: userInfoKey(user, 'service'),
      }),
      deps(),
    );
    expect(outcome).toEqual({ kind: 'proceed' });
  });
});

describe('user-info load', () => {
  it('loads the association record of an association user once', async () => {
    const user = makeUser();
    const loaded: SessionUser = { ...user, associations: [makeLink({ id_correspondance: 'B2' })] };
    const d = deps(async () => loaded);
    const outcome = await runEntryChecks(context({ user, userInfoLoadedFor: null }), d);
    expect(d.loadUserInfo).toHaveBeenCalledWith('association', user);
    expect(outcome).toEqual({ kind: 'proceed', user: loaded, userInfoLoadedFor: userInfoKey(user, 'association') });

    const again = deps();
    await runEntryChecks(context({ user: loaded, userInfoLoadedFor: userInfoKey(user, 'association') }), again);
    expect(again.loadUserInfo).not.toHaveBeenCalled();
  });

  it('loads the service record of a service user', async () => {
    const user = makeUser({ role: 'rds.service', roles: ['rds.service'], associations: [] });
    const d = deps();
    await runEntryChecks(context({ path: '/instructeur', user, userInfoLoadedFor: null }), d);
    expect(d.loadUserInfo).toHaveBeenCalledWith('service', user);
  });

  it('loads nothing for an Osiris user', async () => {
    const user = makeUser({ role: 'osiris.appli_admin', roles: ['osiris.appli_admin'], associations: [] });
    const d = deps();
    const outcome = await runEntryChecks(context({ path: '/osiris', user, userInfoLoadedFor: null }), d);
    expect(d.loadUserInfo).not.toHaveBeenCalled();
    expect(outcome.kind).toBe('proceed');
  });

  it('a locked service: error toast, session cleared, back to /login', async () => {
    const user = makeUser({ role: 'rds.service', roles: ['rds.service'] });
    for (const error of [
      new ApiError(MESSAGES.userLocked, 403),
      new ApiError(MESSAGES.userLocked, 403, { code: 'USER_LOCKED' }),
    ]) {
      const outcome = await runEntryChecks(
        context({ user, userInfoLoadedFor: null }),
        deps(async () => {
          throw error;
        }),
      );
      expect(outcome).toEqual({ kind: 'redirect', to: '/login', clearSession: true, errorToast: MESSAGES.userLocked });
    }
  });

  it('an expired session during the load: back to /login with the redirect_url', async () => {
    const outcome = await runEntryChecks(
      context({ path: '/dossiers', search: '?exercice=2025', userInfoLoadedFor: null }),
      deps(async () => {
        throw new ApiError(MESSAGES.sessionExpired, 401, { code: SESSION_EXPIRED_CODE });
      }),
    );
    expect(outcome).toEqual({
      kind: 'redirect',
      to: '/login?redirect_url=%2Fdossiers%3Fexercice%3D2025',
      clearSession: true,
    });
  });

  it('another failure: error toast with the server message, redirect to /', async () => {
    const outcome = await runEntryChecks(
      context({ userInfoLoadedFor: null }),
      deps(async () => {
        throw new ApiError(MESSAGES.userNotFound, 404);
      }),
    );
    expect(outcome).toEqual({ kind: 'redirect', to: '/', errorToast: MESSAGES.userNotFound });

    const serverError = await runEntryChecks(
      context({ userInfoLoadedFor: null }),
      deps(async () => {
        throw new Error('boom');
      }),
    );
    expect(serverError).toEqual({ kind: 'redirect', to: '/', errorToast: MESSAGES.userInfoError });
  });
});

describe('has-association', () => {
  const noAssociation = makeUser({ associations: [] });

  it('sends an association user without association to choix-association', async () => {
    const outcome = await runEntryChecks(context({ path: '/user/dashboard', user: noAssociation }), deps());
    expect(outcome).toMatchObject({ kind: 'redirect', to: '/ajout-association/choix-association' });
  });

  it('keeps what the user-info load learnt when redirecting', async () => {
    const outcome = await runEntryChecks(
      context({ path: '/user/dashboard', user: noAssociation, userInfoLoadedFor: null }),
      deps(),
    );
    expect(outcome).toMatchObject({
      kind: 'redirect',
      user: noAssociation,
      userInfoLoadedFor: userInfoKey(noAssociation, 'association'),
    });
  });

  it('lets that user on the ajout-association pages', async () => {
    for (const path of ['/ajout-association', '/ajout-association/choix-association']) {
      const outcome = await runEntryChecks(context({ path, user: noAssociation }), deps());
      expect(outcome.kind).toBe('proceed');
    }
  });

  it('sends choix-etablissement and certificat-honneur to choix-association without a selected association', async () => {
    for (const path of ['/ajout-association/choix-etablissement', '/ajout-association/certificat-honneur']) {
      expect(await runEntryChecks(context({ path }), deps())).toMatchObject({
        kind: 'redirect',
        to: '/ajout-association/choix-association',
      });
      expect(await runEntryChecks(context({ path, hasSelectedAssociation: true }), deps())).toMatchObject({
        kind: 'proceed',
      });
    }
  });

  it('does not apply to other roles nor to routes that opt out', async () => {
    const admin = makeUser({ role: 'lca.admin', roles: ['lca.admin'], associations: [] });
    expect((await runEntryChecks(context({ path: '/user/dashboard', user: admin }), deps())).kind).toBe('proceed');
    const profil = await runEntryChecks(
      context({
        path: '/user/profil',
        meta: { name: 'profil', title: 'x', skipAssociationCheck: true },
        user: noAssociation,
      }),
      deps(),
    );
    expect(profil.kind).toBe('proceed');
  });
});

describe('landing and redirect_url', () => {
  it.each([
    ['rds.user', '/instructeur'],
    ['rds.admin', '/instructeur'],
    ['osiris.appli_admin', '/osiris'],
    ['lca.admin', '/administration/lca'],
    ['lca.association', '/user/dashboard'],
  ])('%s lands on %s', (role, path) => {
    expect(defaultLanding(makeUser({ role, roles: [role] }))).toBe(path);
  });

  it('lands on / without a user', () => {
    expect(defaultLanding(null)).toBe('/');
  });

  it('honours only same-application paths', () => {
    expect(safeRedirect('/dossiers?exercice=2024')).toBe('/dossiers?exercice=2024');
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('/login')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});

describe('the service record of an administrator', () => {
  const notFound = () => {
    throw new ApiError("L'utilisateur n'existe pas.", 404, { code: coreErrorCodeOf('USER_NOT_FOUND') });
  };
  it('lets a schemes administrator without a service record in, and still refuses an agent without one', async () => {
    const admin = makeUser({ role: 'rds.admin', roles: ['rds.admin'], associations: [] });
    expect(await loadUserInfo('service', admin, notFound as never)).toMatchObject({ role: 'rds.admin', rds: null });
    const agent = makeUser({ role: 'rds.user', roles: ['rds.user'], associations: [] });
    await expect(loadUserInfo('service', agent, notFound as never)).rejects.toMatchObject({ status: 404 });
  });
});
