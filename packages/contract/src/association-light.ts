// proxy-asso: the light, public registry view of one association (GET /association-light, docs/domain.md « Appels de l'API »),
// what a member needs to choose an establishment before joining.
import { z } from 'zod';
import { associationIdentityLightSchema } from './association-search.ts';
import { idAssoSchema } from './association-link.ts';
import { associationFileQuerySchema, topLevelKeysSchema } from './association.ts';
import { defineRoute } from './http.ts';
import { scope } from './scope.ts';

export const establishmentLightSchema = z.object({
  siret: z.string(),
  enseigne: z.string().nullable(),
  est_siege: z.boolean(),
  cp: z.string().nullable(),
  commune: z.string().nullable(),
});
export type EstablishmentLight = z.infer<typeof establishmentLightSchema>;

export const associationLightSchema = associationIdentityLightSchema.extend({
  /** Active establishments, head office first. */
  etablissements: z.array(establishmentLightSchema),
});
export type AssociationLight = z.infer<typeof associationLightSchema>;

/** The top-level keys of the light view (include / exclude). */
export const ASSOCIATION_LIGHT_KEYS = Object.keys(associationLightSchema.shape) as (keyof AssociationLight)[];
export type AssociationLightKey = keyof AssociationLight;
/** endpoint=structureByCorrespondance: the identity only (the light view has no representatives). */
export const LIGHT_STRUCTURE_BY_CORRESPONDANCE_KEYS: readonly AssociationLightKey[] =
  Object.keys(associationIdentityLightSchema.shape) as AssociationLightKey[];

/** The parameters of GET /association (docs/domain.md « Appels de l'API »), with their meaning for the light view. */
const fileQuery = associationFileQuerySchema.shape;
export const associationLightQuerySchema = z.object({
  q: idAssoSchema,
  /** structureByCorrespondance: the identity only (no establishments). */
  endpoint: fileQuery.endpoint,
  /** Comma-separated keys of ASSOCIATION_LIGHT_KEYS (unknown key: 400). */
  include: topLevelKeysSchema('include', ASSOCIATION_LIGHT_KEYS).optional(),
  exclude: topLevelKeysSchema('exclude', ASSOCIATION_LIGHT_KEYS).optional(),
  /** A deleted association too (lca.admin only, else 403). */
  includeDeleted: fileQuery.includeDeleted,
  /** Accepted for compatibility with GET /association; no effect: the light view never has representatives. */
  hideRepresentantsLegaux: fileQuery.hideRepresentantsLegaux,
  /** Accepted for compatibility with GET /association; no effect: the light view never has representatives. */
  representants_legaux: fileQuery.representants_legaux,
});
export type AssociationLightQuery = z.output<typeof associationLightQuerySchema>;

/**
 * The keys left out by include / exclude / endpoint are absent, hence a partial view; the default
 * call (q only) answers the whole view, which a caller can check with associationLightSchema.
 */
const associationLightResponseSchema = associationLightSchema.partial();

export const associationLightRoutes = {
  getLight: defineRoute({
    method: 'GET', gateway: 'proxy-asso', path: '/association-light', access: 'authenticated', scope: scope.none,
    errors: ['NOT_FOUND', 'INCLUDE_DELETED_ADMIN_ONLY'],
    summary:
      "Fiche publique d'une association du répertoire (q : id_correspondance, RNA, SIREN ou SIRET) et ses établissements actifs, " +
      'pour choisir son établissement avant de la rejoindre ; aucune donnée personnelle ni bancaire. ' +
      'include / exclude : clés de premier niveau séparées par des virgules ; endpoint=structureByCorrespondance : ' +
      "identité seulement ; includeDeleted (lca.admin) : association supprimée comprise ; hideRepresentantsLegaux et " +
      'representants_legaux acceptés sans effet (la fiche publique ne contient jamais de représentants légaux)',
    query: associationLightQuerySchema,
    response: associationLightResponseSchema,
  }),
};
