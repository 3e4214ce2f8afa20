// Who may see and change which association: the one place of these rules (spec §6).
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
import { isValidRna, isValidSiren, isValidSiret, sirenOf } from '@portail/contract';
import type { Database } from '../../db/prisma.ts';
import { appError } from '../../http/errors.ts';
import type { AuthClaims } from '../../http/request-context.ts';

export const LCA_ADMIN = 'lca.admin';
/** Roles that read every association file without changing it. */
const READ_ALL_ROLES = ['rds.admin'];

export interface AssociationScope {
  associationId: string;
  /** null: the whole association; else the only SIRET the caller sees. */
  siret: string | null;
  /** The caller may change association-wide data. */
  writeAll: boolean;
  /** The caller may change anything (its SIRET's rows when `siret` is set). */
  write: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * id_asso may be the id_correspondance, the RNA, the SIREN or a SIRET of the association. A deleted
 * association is not found unless `includeDeleted` (the caller checks who may ask for it).
 */
export async function findAssociationId(db: Database, idAsso: string, { includeDeleted = false } = {}): Promise<string | null> {
  const value = idAsso.trim().replace(/\s/g, '');
  let where;
  if (UUID.test(value)) where = { id: value.toLowerCase() };
  else if (isValidRna(value.toUpperCase())) where = { idRna: value.toUpperCase() };
  else if (isValidSiren(value)) where = { idSiren: value };
  else if (isValidSiret(value)) where = { idSiren: sirenOf(value) };
  else return null;
  const association = await db.association.findFirst({
    where: { ...where, ...(includeDeleted ? {} : { deletedAt: null }) },
    select: { id: true },
  });
  return association?.id ?? null;
}

export async function linksOf(db: Database, authId: string) {
  return db.userAssociation.findMany({ where: { associationUser: { authId } } });
}

/**
 * The caller's scope on the association named by id_asso, or 404 / 403. `mode` 'write-all' is for
 * association-wide changes, 'write' for per-SIRET changes (checked row by row with seesSiret).
 */
export async function associationScope(
  db: Database,
  claims: AuthClaims,
  idAsso: string,
  mode: 'read' | 'write' | 'write-all',
): Promise<AssociationScope> {
  const associationId = await findAssociationId(db, idAsso);
  if (!associationId) throw appError('NOT_FOUND');
  if (claims.roles.includes(LCA_ADMIN)) return { associationId, siret: null, write: true, writeAll: true };
  if (claims.roles.includes('lca.association')) {
    const link = (await linksOf(db, claims.userId)).find((l) => l.associationId === associationId);
    if (link) {
      const siret = link.type === 'Etablissement secondaire' && link.idSiret ? link.idSiret : null;
      const scope = { associationId, siret, write: true, writeAll: siret === null };
      if (mode === 'write-all' && !scope.writeAll) throw appError('FORBIDDEN');
      return scope;
    }
  }
  if (mode === 'read' && claims.roles.some((r) => READ_ALL_ROLES.includes(r))) {
    return { associationId, siret: null, write: false, writeAll: false };
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

