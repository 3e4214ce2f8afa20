// The light registry view (docs/domain.md « Appels de l'API »): public data only (names,
// identifiers, active establishments and their town), readable by any signed-in user so that a
// member can pick an establishment before joining.
// It takes the parameters of GET /association where they make sense for it: include /
// exclude of its top-level keys, endpoint=structureByCorrespondance (the identity only),
// includeDeleted (lca.admin: a deleted association too). Representatives are never part of it, so
// hideRepresentantsLegaux and representants_legaux change nothing.
import {
  ASSOCIATION_LIGHT_KEYS,
  LIGHT_STRUCTURE_BY_CORRESPONDANCE_KEYS,
  type AssociationLight,
  type AssociationLightKey,
  type AssociationLightQuery,
} from '@portail/contract';
import { appError } from '../../../http/errors.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import { mayIncludeDeleted } from '../access/policy.ts';
import type { AccessService } from '../access/service.ts';
import type { AssociationLightRepository } from './repository.ts';

const addressPart = (address: unknown, key: 'cp' | 'commune'): string | null => {
  const value = (address as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' ? value : null;
};

/** The keys asked for, as GET /association chooses them (endpoint, then include, then exclude). */
function wantedKeys(query: AssociationLightQuery): Set<AssociationLightKey> {
  let keys: readonly AssociationLightKey[] =
    query.endpoint === 'structureByCorrespondance' ? LIGHT_STRUCTURE_BY_CORRESPONDANCE_KEYS : ASSOCIATION_LIGHT_KEYS;
  if (query.include) keys = keys.filter((k) => query.include!.includes(k));
  if (query.exclude) keys = keys.filter((k) => !query.exclude!.includes(k));
  return new Set(keys);
}

export function createAssociationLightService(access: AccessService, repository: AssociationLightRepository) {
  return {
    /** The whole view for the default query; only the keys asked for otherwise. */
    async get(claims: AuthClaims, query: AssociationLightQuery): Promise<Partial<AssociationLight>> {
      if (query.includeDeleted && !mayIncludeDeleted(claims)) throw appError('INCLUDE_DELETED_ADMIN_ONLY');
      const wanted = wantedKeys(query);
      const { includeDeleted } = query;
      const id = await access.findAssociationId(query.q, { includeDeleted });
      const association = id
        ? await repository.findWithActiveEstablishments(id, { includeDeleted, etablissements: wanted.has('etablissements') })
        : null;
      if (!association) throw appError('NOT_FOUND');
      const view: AssociationLight = {
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
      return Object.fromEntries(Object.entries(view).filter(([key]) => wanted.has(key as AssociationLightKey)));
    },
  };
}
export type AssociationLightService = ReturnType<typeof createAssociationLightService>;
