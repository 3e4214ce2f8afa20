import { describe, expect, it } from 'vitest';
import { allRoutes, api, defaultRole, fillPath, isAdminRole, isForeignSiteRole, roleAfterRegistration, sendsAccessToken } from '../src/index.ts';

describe('default role (docs/domain.md « Session et rôles »)', () => {
  it('prefers an RDS role, then LCA, then Osiris, else the first', () => {
    expect(defaultRole(['osiris.appli_admin', 'lca.association', 'rds.user'])).toBe('rds.user');
    expect(defaultRole(['osiris.appli_admin', 'lca.admin'])).toBe('lca.admin');
    expect(defaultRole(['dab.association', 'osiris.admin-programme'])).toBe('osiris.admin-programme');
    expect(defaultRole(['dab.association', 'lcb.user'])).toBe('dab.association');
    expect(defaultRole([])).toBeNull();
  });

  it('after registration: the first association role, else the default LCA role', () => {
    expect(roleAfterRegistration(['rds.user', 'lca.admin'])).toBe('lca.admin');
    expect(roleAfterRegistration(['dab.association'])).toBe('lca.association');
  });
});

describe('role families', () => {
  it('any role ending in .admin is an admin', () => {
    expect(['lca.admin', 'rds.admin'].every(isAdminRole)).toBe(true);
    expect(['rds.user', 'lca.association', 'osiris.admin-programme'].some(isAdminRole)).toBe(false);
  });
  it('DAB and LCB roles belong to other sites', () => {
    expect(isForeignSiteRole('dab.association')).toBe(true);
    expect(isForeignSiteRole('lcb.x')).toBe(true);
    expect(isForeignSiteRole('lca.association')).toBe(false);
  });
});

describe('calls', () => {
  it("carry the token except on the routes that declare otherwise: refresh, logout, forgotten password (docs/domain.md « Appels de l'API »)", () => {
    const tokenless = allRoutes().filter((route) => !sendsAccessToken(route));
    expect(tokenless.map((route) => `${route.gateway}${route.path}`).sort()).toEqual(
      ['auth-server/forgotPassword/:email', 'auth-server/logout', 'auth-server/refreshToken/:refreshToken'].sort(),
    );
    expect(sendsAccessToken(api.auth.login)).toBe(true);
    // The declaration, not the URL: a path holding one of the spec's words still carries the token.
    expect(sendsAccessToken({ ...api.lca.getUser, path: '/users/store-logout' })).toBe(true);
  });
  it('fill path parameters URL-encoded', () => {
    expect(fillPath('/forgotPassword/:email', { email: 'a+b@x.org' })).toBe('/forgotPassword/a%2Bb%40x.org');
    expect(() => fillPath('/users/:id', {})).toThrow();
  });
});
