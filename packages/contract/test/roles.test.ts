import { describe, expect, it } from 'vitest';
import { carriesAccessToken, defaultRole, fillPath, isAdminRole, isForeignSiteRole, roleAfterRegistration } from '../src/index.ts';

describe('default role (spec §4)', () => {
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
  it('carry the token except on refreshToken, logout, store and forgotPassword URLs (spec §7)', () => {
    expect(carriesAccessToken('/api/auth-server/login')).toBe(true);
    expect(carriesAccessToken('/api/auth-server/refreshToken/abc')).toBe(false);
    expect(carriesAccessToken('/api/auth-server/logout')).toBe(false);
    expect(carriesAccessToken('/api/auth-server/forgotPassword/a@b.fr')).toBe(false);
    expect(carriesAccessToken('/api/x/store')).toBe(false);
  });
  it('fill path parameters URL-encoded', () => {
    expect(fillPath('/forgotPassword/:email', { email: 'a+b@x.org' })).toBe('/forgotPassword/a%2Bb%40x.org');
    expect(() => fillPath('/users/:id', {})).toThrow();
  });
});
