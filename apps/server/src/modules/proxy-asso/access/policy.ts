// Who may see and change which association (docs/domain.md « Droits »): pure functions of the
// caller and of the link the caller has with the association (loaded by ./repository.ts).
//
// - lca.admin sees and changes every association.
// - An association user (lca.association) sees and changes only the associations they are linked
//   to (user_associations via association_users.auth_id).
//   A member linked to the head office ('Siège') sees the whole file.
//   A member linked with type 'Etablissement secondaire' (id_siret set) sees only their own
//   establishment, and only while it is active; of the per-SIRET data (establishments, RIBs,
//   staff figures, documents) only the rows of that SIRET; legal representatives with no SIRET
//   (those of the whole association) or of that SIRET. They change only their establishment and
//   its per-SIRET rows; association-wide data (identity, budgets, accounts) is changed by the
//   head office only (403: they know the association exists).
// - rds.admin reads every file (supervision) and changes nothing; other instructing and Osiris
//   roles are refused at the route (their access waits for dossier-scoped reading).
// - An unknown association, a deleted one, or one the caller is not linked to answers 404, the
//   same answer either way, so ids cannot be probed. A row of a SIRET the caller cannot see is
//   also 404.
import { appError } from '../../../http/errors.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import type { AssociationScope } from '../../../http/resource-scope.ts';
import type { ScopeMode } from '@portail/contract';

export const LCA_ADMIN = 'lca.admin';
/** Roles that read every association file without changing it. */
const READ_ALL_ROLES = ['rds.admin'];

export type { AssociationScope, EstablishmentScope } from '../../../http/resource-scope.ts';

/** A member's link with an association (user_associations row). */
export interface MemberLink {
  associationId: string;
  type: string;
  idSiret: string | null;
}

/** The only SIRET a member sees through this link, or null for the whole association. */
export const linkSiret = (link: Pick<MemberLink, 'type' | 'idSiret'>): string | null =>
  link.type === 'Etablissement secondaire' && link.idSiret ? link.idSiret : null;

/** Only lca.admin may ask for deleted rows or a deleted association. */
export const mayIncludeDeleted = (claims: AuthClaims): boolean => claims.roles.includes(LCA_ADMIN);

/**
 * The caller's scope on an association found in the registry, or 404 / 403. `link` is the
 * caller's link with that association, if any.
 */
export function scopeFor<M extends ScopeMode>(claims: AuthClaims, associationId: string, link: MemberLink | undefined, mode: M): AssociationScope<M> {
  if (claims.roles.includes(LCA_ADMIN)) return { mode, associationId, siret: null, write: true, writeAll: true };
  if (claims.roles.includes('lca.association') && link) {
    const siret = linkSiret(link);
    const scope = { mode, associationId, siret, write: true, writeAll: siret === null };
    if (mode === 'write-all' && !scope.writeAll) throw appError('FORBIDDEN');
    return scope;
  }
  if (mode === 'read' && claims.roles.some((r) => READ_ALL_ROLES.includes(r))) {
    return { mode, associationId, siret: null, write: false, writeAll: false };
  }
  throw appError('NOT_FOUND');
}

/** Whether a row of `siret` is visible in the scope (null SIRET: association-wide rows). */
export function seesSiret(scope: AssociationScope, siret: string | null, { associationWide = false } = {}): boolean {
  if (scope.siret === null) return true;
  if (siret === null) return associationWide;
  return siret === scope.siret;
}

/** The row must be visible (else 404) and writable in the scope (else 403). */
export function assertWritableSiret(scope: AssociationScope, siret: string | null) {
  if (!seesSiret(scope, siret, { associationWide: true })) throw appError('NOT_FOUND');
  if (!scope.write || (scope.siret !== null && siret !== scope.siret)) throw appError('FORBIDDEN');
}

/** A secondary-establishment member sees their establishment only while it is active. */
export function assertSeesEtablissement(scope: AssociationScope, etablissement: { siret: string; actif: boolean } | null) {
  if (!etablissement || (scope.siret !== null && !(etablissement.siret === scope.siret && etablissement.actif))) throw appError('NOT_FOUND');
}

/** Whether a member linked by `link` sees a row of `siret` (who is told of a change). */
export const memberSeesSiret = (link: Pick<MemberLink, 'associationId' | 'type' | 'idSiret'>, siret: string | null, associationWide: boolean) =>
  seesSiret({ mode: 'read', associationId: link.associationId, siret: link.type === 'Etablissement secondaire' ? link.idSiret : null, write: true, writeAll: false }, siret, { associationWide });
