// The access rules of the association file as pure functions: the same answers as the HTTP
// access matrix, without a database.
import { describe, expect, it } from 'vitest';
import type { AuthClaims } from '../src/http/request-context.ts';
import { assertSeesEtablissement, assertWritableSiret, memberSeesSiret, scopeFor, seesSiret } from '../src/modules/proxy-asso/access/policy.ts';
import { assertWritableRepresentant } from '../src/modules/proxy-asso/file/policy.ts';

const claims = (...roles: string[]) => ({ userId: 'u1', email: 'u1@example.org', roles }) as unknown as AuthClaims;
const status = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (error) {
    return (error as { status?: number }).status;
  }
};
const headOffice = { associationId: 'a1', type: 'Siège', idSiret: null };
const secondary = { associationId: 'a1', type: 'Etablissement secondaire', idSiret: '11111111100011' };

describe('access policy', () => {
  it('gives lca.admin the whole association, with or without a link', () => {
    expect(scopeFor(claims('lca.admin'), 'a1', undefined, 'write-all')).toEqual({ mode: 'write-all', associationId: 'a1', siret: null, write: true, writeAll: true });
  });

  it('scopes a member to their link: head office writes all, a secondary establishment its SIRET only', () => {
    expect(scopeFor(claims('lca.association'), 'a1', headOffice, 'write-all').writeAll).toBe(true);
    const scope = scopeFor(claims('lca.association'), 'a1', secondary, 'write');
    expect(scope).toEqual({ mode: 'write', associationId: 'a1', siret: secondary.idSiret, write: true, writeAll: false });
    expect(status(() => scopeFor(claims('lca.association'), 'a1', secondary, 'write-all'))).toBe(403);
  });

  it('answers 404 to an unlinked member, and lets rds.admin read only', () => {
    expect(status(() => scopeFor(claims('lca.association'), 'a1', undefined, 'read'))).toBe(404);
    expect(scopeFor(claims('rds.admin'), 'a1', undefined, 'read')).toMatchObject({ write: false, writeAll: false });
    expect(status(() => scopeFor(claims('rds.admin'), 'a1', undefined, 'write'))).toBe(404);
  });

  it('shows a secondary establishment its SIRET rows, and association-wide rows only where asked', () => {
    const scope = scopeFor(claims('lca.association'), 'a1', secondary, 'read');
    expect(seesSiret(scope, secondary.idSiret)).toBe(true);
    expect(seesSiret(scope, '22222222200022')).toBe(false);
    expect(seesSiret(scope, null)).toBe(false);
    expect(seesSiret(scope, null, { associationWide: true })).toBe(true);
    expect(status(() => assertWritableSiret(scope, '22222222200022'))).toBe(404);
    expect(status(() => assertWritableSiret(scope, null))).toBe(403);
    expect(memberSeesSiret(secondary, null, true)).toBe(true);
    expect(memberSeesSiret(secondary, '22222222200022', false)).toBe(false);
  });
});

describe('association file policy', () => {
  const scope = scopeFor(claims('lca.association'), 'a1', secondary, 'write');
  it('keeps association-wide representatives to the head office', () => {
    expect(status(() => assertWritableRepresentant(scope, { idSiret: null }))).toBe(403);
    expect(status(() => assertWritableRepresentant(scope, { idSiret: secondary.idSiret }))).toBe('ok');
  });

  it('hides an inactive or other establishment from a secondary member', () => {
    expect(status(() => assertSeesEtablissement(scope, { siret: secondary.idSiret, actif: false }))).toBe(404);
    expect(status(() => assertSeesEtablissement(scope, { siret: '22222222200022', actif: true }))).toBe(404);
    expect(status(() => assertSeesEtablissement(scope, { siret: secondary.idSiret, actif: true }))).toBe('ok');
  });
});
