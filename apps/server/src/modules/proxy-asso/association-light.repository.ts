// Data access for the light registry view of an association.
import type { Database } from '../../db/prisma.ts';

export function createAssociationLightRepository(db: Database) {
  return {
    findWithActiveEstablishments: (id: string) =>
      db.association.findFirst({
        where: { id, deletedAt: null },
        include: { etablissements: { where: { actif: true }, orderBy: [{ estSiege: 'desc' }, { siret: 'asc' }] } },
      }),
  };
}
export type AssociationLightRepository = ReturnType<typeof createAssociationLightRepository>;
