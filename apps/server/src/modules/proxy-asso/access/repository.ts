// Queries behind the access rules: which association an id_asso names, and the caller's links.
import { isUuid, isValidRna, isValidSiren, isValidSiret, sirenOf } from '@portail/contract';
import type { Database } from '../../../db/prisma.ts';
import { readRows } from '../../../db/read-rows.ts';
import type { MemberLink } from './policy.ts';


/**
 * id_asso may be the id_correspondance, the RNA, the SIREN or a SIRET of the association. A deleted
 * association is not found unless `includeDeleted` (the caller checks who may ask for it).
 */
export async function findAssociationId(db: Database, idAsso: string, { includeDeleted = false } = {}): Promise<string | null> {
  const identifier = identifierOf(idAsso);
  if (!identifier) return null;
  const where = { id: { id: identifier.value }, id_rna: { idRna: identifier.value }, id_siren: { idSiren: identifier.value } }[identifier.column];
  const association = await db.association.findFirst({
    where: { ...where, ...(includeDeleted ? {} : { deletedAt: null }) },
    select: { id: true },
  });
  return association?.id ?? null;
}

/** The column an id_asso names and its normalised value, or null when it names none. */
function identifierOf(idAsso: string): { column: 'id' | 'id_rna' | 'id_siren'; value: string } | null {
  const value = idAsso.trim().replace(/\s/g, '');
  if (isUuid(value)) return { column: 'id', value: value.toLowerCase() };
  if (isValidRna(value.toUpperCase())) return { column: 'id_rna', value: value.toUpperCase() };
  if (isValidSiren(value)) return { column: 'id_siren', value };
  if (isValidSiret(value)) return { column: 'id_siren', value: sirenOf(value) };
  return null;
}

/**
 * The live association named by id_asso and the link the user signed in as `authId` has with it
 * (none for a null authId), in one statement: each call of an association route asks it.
 */
const ASSOCIATION_AND_LINK_SQL = {
  id: associationAndLinkSql('a.id = $1::uuid'),
  id_rna: associationAndLinkSql('a.id_rna = $1'),
  id_siren: associationAndLinkSql('a.id_siren = $1'),
};
function associationAndLinkSql(match: string): string {
  return `
    SELECT a.id, l.type, l.id_siret
    FROM associations a
    LEFT JOIN LATERAL (
      SELECT ua.type, ua.id_siret FROM user_associations ua JOIN association_users au ON au.id = ua.association_user_id
      WHERE au.auth_id = $2::uuid AND ua.association_id = a.id LIMIT 1
    ) l ON true
    WHERE ${match} AND a.deleted_at IS NULL
    LIMIT 1`;
}

export function createAccessRepository(db: Database) {
  return {
    /**
     * The live association named by id_asso (null when none), with the link of the user signed in
     * as `authId` with it (undefined without one, or when authId is null).
     */
    async findWithLink(idAsso: string, authId: string | null): Promise<{ associationId: string; link: MemberLink | undefined } | null> {
      const identifier = identifierOf(idAsso);
      if (!identifier || (authId !== null && !isUuid(authId))) return null;
      const rows = await readRows<{ id: string; type: string | null; id_siret: string | null }>(db, ASSOCIATION_AND_LINK_SQL[identifier.column], [
        identifier.value,
        authId,
      ]);
      const row = rows[0];
      if (!row) return null;
      return { associationId: row.id, link: row.type === null ? undefined : { associationId: row.id, type: row.type, idSiret: row.id_siret } };
    },
    findAssociationId: (idAsso: string, options: { includeDeleted?: boolean } = {}) => findAssociationId(db, idAsso, options),
    /** The establishment `siret` of the association, if it is one of its own. */
    findEstablishment: (associationId: string, siret: string) =>
      db.etablissement.findFirst({ where: { associationId, siret }, select: { siret: true, actif: true } }),
  };
}
export type AccessRepository = ReturnType<typeof createAccessRepository>;
