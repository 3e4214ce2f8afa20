// Queries behind the access rules: which association an id_asso names, and the caller's links.
import { isValidRna, isValidSiren, isValidSiret, sirenOf } from '@portail/contract';
import type { Database } from '../../../db/prisma.ts';
import type { MemberLink } from './policy.ts';

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

export function createAccessRepository(db: Database) {
  return {
    findAssociationId: (idAsso: string, options: { includeDeleted?: boolean } = {}) => findAssociationId(db, idAsso, options),
    /** Every association link of the user signed in as `authId`. */
    linksOf: (authId: string): Promise<MemberLink[]> => db.userAssociation.findMany({ where: { associationUser: { authId } } }),
    /** The establishment `siret` of the association, if it is one of its own. */
    findEstablishment: (associationId: string, siret: string) =>
      db.etablissement.findFirst({ where: { associationId, siret }, select: { siret: true, actif: true } }),
  };
}
export type AccessRepository = ReturnType<typeof createAccessRepository>;
