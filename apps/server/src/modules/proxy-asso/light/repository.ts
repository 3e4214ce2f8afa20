// Data access for the light registry view of an association.
import type { Database } from '../../../db/prisma.ts';

export function createAssociationLightRepository(db: Database) {
  return {
    /** The association (deleted too when `includeDeleted`) and, when asked, its active establishments. */
    findWithActiveEstablishments: (id: string, { includeDeleted = false, etablissements = true } = {}) =>
      db.association.findFirst({
        where: { id, ...(includeDeleted ? {} : { deletedAt: null }) },
        include: {
          etablissements: etablissements
            ? { where: { actif: true }, orderBy: [{ estSiege: 'desc' }, { siret: 'asc' }] }
            : { take: 0 },
        },
      }),
  };
}
export type AssociationLightRepository = ReturnType<typeof createAssociationLightRepository>;
