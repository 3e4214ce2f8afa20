// The light registry view: public data only (names, identifiers, active establishments and their
// town), readable by any signed-in user so that a member can pick an establishment before joining.
import type { AssociationLight } from '@portail/contract';
import type { Database } from '../../db/prisma.ts';
import { notFound } from '../../http/errors.ts';
import { findAssociationId } from './access.ts';
import type { AssociationLightRepository } from './association-light.repository.ts';

const addressPart = (address: unknown, key: 'cp' | 'commune'): string | null => {
  const value = (address as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' ? value : null;
};

export function createAssociationLightService(db: Database, repository: AssociationLightRepository) {
  return {
    async get(q: string): Promise<AssociationLight> {
      const id = await findAssociationId(db, q);
      const association = id ? await repository.findWithActiveEstablishments(id) : null;
      if (!association) throw notFound();
      return {
        id_correspondance: association.id,
        nom: association.nom,
        sigle: association.sigle,
        id_rna: association.idRna,
        id_siren: association.idSiren,
        id_siret_siege: association.idSiretSiege,
        etablissements: association.etablissements.map((e) => ({
          siret: e.siret,
          enseigne: e.enseigne,
          est_siege: e.estSiege,
          cp: addressPart(e.adresse, 'cp') ?? (e.estSiege ? association.cpSiege : null),
          commune:
            addressPart(e.adresse, 'commune') ?? (e.estSiege ? addressPart(association.adresseSiege, 'commune') : null),
        })),
      };
    },
  };
}
export type AssociationLightService = ReturnType<typeof createAssociationLightService>;
