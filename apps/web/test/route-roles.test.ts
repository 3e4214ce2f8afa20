// The client's route table and the API declare who may enter from the same named role sets: a
// page's roles are exactly those that may make every call it names (so the client never opens a
// page whose calls the server refuses, nor hides one the server allows).
import { allRoutes, ROLES, ROLE_SETS, type RouteDefinition } from '@portail/contract';
import { describe, expect, it } from 'vitest';
import { callsOf, resourcesOf } from '../src/app/route-calls.ts';
import { ROUTE_TABLE } from '../src/app/route-table.ts';

const NAMED_SETS: readonly (readonly string[])[] = Object.values(ROLE_SETS);

/** The roles that may make every one of these calls (public and signed-in calls restrict nothing). */
function rolesForAll(calls: readonly RouteDefinition[]): string[] {
  return ROLES.filter((role) => calls.every((call) => typeof call.access === 'string' || call.access.includes(role)));
}

describe('route roles', () => {
  it('every route that restricts its roles uses one of the contract’s named sets', () => {
    for (const entry of ROUTE_TABLE) {
      if (entry.meta.roles) expect(NAMED_SETS, entry.path).toContain(entry.meta.roles);
    }
  });

  it('every API route that restricts its roles uses one of the contract’s named sets', () => {
    for (const route of allRoutes()) {
      if (typeof route.access !== 'string') expect(NAMED_SETS, `${route.gateway}${route.path}`).toContain(route.access);
    }
  });

  it.each(ROUTE_TABLE.filter((entry) => callsOf(entry)).map((entry) => [entry.path, entry] as const))(
    '%s: its roles are those of the calls it makes',
    (_path, entry) => {
      expect(callsOf(entry)!.length).toBeGreaterThan(0);
      expect([...(entry.meta.roles ?? ROLES)].sort()).toEqual(rolesForAll(callsOf(entry)!).sort());
    },
  );

  it('the check sees a difference', () => {
    const [outbox] = callsOf(ROUTE_TABLE.find((entry) => entry.meta.name === 'administration-lca')!)!;
    expect(rolesForAll([outbox!])).toEqual(['lca.admin']);
    expect(rolesForAll([{ ...outbox!, access: ROLE_SETS.platformAdmins }])).not.toEqual(['lca.admin']);
  });
});

describe('route resources', () => {
  /**
   * A SIRET request's pages: the association by its RNA number (else the user's first one, as the
   * server takes any id_asso), the request by :id or the one the page has just created.
   */
  const namesSiretRequest = (path: string) => /^\/associations\/:idRna\?\/demande-siret(\/:id)?$/.test(path);
  /** A new approval request: the association by its head office's SIRET (else the user's first one). */
  const namesApprovalRequest = (path: string) => /^\/associations\/:idSiret\?\/demande-agrement$/.test(path);
  /**
   * An approval dossier's page: the path its notifications carry (spec §2) keeps the applicant's
   * SIRET, but both sides reach it, the instructing service included: its calls act on the dossier
   * alone (its scope names the association), never on an association by that SIRET.
   */
  const namesApprovalDossier = (path: string) => /^\/associations\/:idSiret\?\/demande-agrement\/:idDossier$/.test(path);
  /**
   * A structure's Pass'Sport page: the establishment by its SIRET (else the user's first one), and
   * the structure's live dossier, the one the server lists for that establishment.
   */
  const namesPassSport = (path: string) => /^\/associations\/:idSiret\?\/pass-sport$/.test(path);
  /** A subsidy dossier's page: the dossier is named in its path. */
  const namesDossier = (path: string) => /:idDossier(\/|$)/.test(path);
  /**
   * The association a page works on: named in its path, else the user's first one (docs/domain.md
   * « Parcours »); a dossier's page names it by the applicant's SIRET (an id_asso the server takes).
   */
  const namesAssociation = (path: string) =>
    /:idCorrespondance\??(\/|$)/.test(path) ||
    (namesDossier(path) && /:idSiret\??(\/|$)/.test(path) && !namesApprovalDossier(path)) ||
    namesSiretRequest(path) ||
    namesApprovalRequest(path) ||
    namesPassSport(path);

  it.each(ROUTE_TABLE.filter((entry) => callsOf(entry)).map((entry) => [entry.path, entry] as const))(
    '%s: its path names the association its calls act on, and only then',
    (path, entry) => {
      const kinds = resourcesOf(callsOf(entry)!);
      if (kinds.length === 0) {
        // Calls on no one's resource (administration lists): no association in the path.
        expect(namesAssociation(path), path).toBe(false);
        return;
      }
      // Calls on one instructing service (its webhooks) act on the caller's own service, named by the session: no association in the path.
      if (kinds.every((kind) => kind === 'service')) {
        expect(namesAssociation(path), path).toBe(false);
        return;
      }
      if (namesApprovalDossier(path)) expect(kinds, path).toEqual(['dossier']);
      // Dossier-scoped calls (and those on one service's instruction of it) only from a page whose path names the dossier.
      const allowed = namesDossier(path)
        ? ['association', 'establishment', 'dossier', 'instruction']
        : namesSiretRequest(path)
          ? ['association', 'siretRequest']
          : namesPassSport(path)
            ? // The structure's dossiers, and its association's affiliation certificates (by the SIREN the structure answers).
              ['association', 'establishment', 'passSportDossier']
            : ['association', 'establishment'];
      for (const kind of kinds) expect(allowed, path).toContain(kind);
      const onAssociation = kinds.some((kind) => kind === 'association' || kind === 'establishment');
      // A path with a parameter names it; without one, only the page on the first association.
      if (onAssociation && !namesAssociation(path)) expect(['/informations-administratives']).toContain(path);
      // Dossier-scoped calls only (a dossier read by its instructing services): no association named.
      if (!onAssociation) expect(namesAssociation(path), path).toBe(false);
    },
  );

  it('a dossier-scoped call is refused on a page whose path names no dossier', () => {
    expect(namesDossier('/dossiers')).toBe(false);
    expect(namesDossier('/associations/:idSiret?/subvention-demande/:idDossier')).toBe(true);
    expect(namesDossier('/dossiers/:idDossier')).toBe(true);
    expect(namesAssociation('/dossiers/:idDossier')).toBe(false);
    expect(namesAssociation('/associations/:idSiret?/pass-sport')).toBe(true);
    expect(namesDossier('/associations/:idSiret?/pass-sport')).toBe(false);
  });

  it('the resources come from the contract declarations', () => {
    const files = ROUTE_TABLE.find((entry) => entry.meta.name === 'informations-administratives-association')!;
    expect(resourcesOf(callsOf(files)!).sort()).toEqual(['association', 'establishment']);
    expect(resourcesOf(callsOf(files)!.map((call) => ({ ...call, scope: { resource: 'none' as const } })))).toEqual([]);
  });
});
