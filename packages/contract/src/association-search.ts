// Association registry search (docs/domain.md « Appels de l'API »: GET /association/search?q=): a SIREN,
// SIRET or RNA is an exact identifier lookup, anything else a name search (docs/domain.md « Champs », readSearchTerm).
import { z } from 'zod';
import { defineRoute } from './http.ts';
import { ASSOCIATION_SEARCH } from './limits.ts';
import { SEARCH_MESSAGES } from './messages.ts';
import { scope } from './scope.ts';

const positiveInt = (message: string, max?: number) => {
  const base = z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message });
  return max === undefined ? base : base.max(max, { error: message });
};

export const associationSearchQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_MESSAGES.termRequired })
    .trim()
    .min(1, { error: SEARCH_MESSAGES.termRequired })
    .min(ASSOCIATION_SEARCH.minLength, { error: SEARCH_MESSAGES.termTooShort })
    .max(ASSOCIATION_SEARCH.maxLength, { error: SEARCH_MESSAGES.termTooLong }),
  page: positiveInt(SEARCH_MESSAGES.badPage).default(1),
  limit: positiveInt(SEARCH_MESSAGES.badLimit, ASSOCIATION_SEARCH.maxLimit).default(ASSOCIATION_SEARCH.defaultLimit),
});
export type AssociationSearchQuery = z.infer<typeof associationSearchQuerySchema>;

/** How the term was read: an identifier lookup or a name search. */
export const SEARCH_KINDS = ['siren', 'siret', 'rna', 'nom'] as const;

/** Names and identifiers of an association: public registry data. */
export const associationIdentityLightSchema = z.object({
  id_correspondance: z.string(),
  nom: z.string(),
  sigle: z.string().nullable(),
  id_rna: z.string().nullable(),
  id_siren: z.string().nullable(),
  id_siret_siege: z.string().nullable(),
});

/** One association found: light, public registry data only (no representatives, no bank data). */
export const associationSearchItemSchema = associationIdentityLightSchema.extend({
  /** Postcode and commune of the head office. */
  cp: z.string().nullable(),
  commune: z.string().nullable(),
  /** Number of active establishments (SIRET). */
  nb_etablissements: z.number().int().optional(),
  /** The establishment a SIRET lookup matched. */
  id_siret: z.string().optional(),
});
export type AssociationSearchItem = z.infer<typeof associationSearchItemSchema>;

export const associationSearchResultSchema = z.object({
  type: z.enum(SEARCH_KINDS),
  /**
   * Number of matches, exact when `total_exact` is true (identifier lookups, and name searches whose
   * matches were all read: rare words, or fewer than a page or two). Otherwise a name search does not
   * count all its matches: `total` is a lower bound — the names starting with the term and those
   * holding every word of the term, counted when they are at most ASSOCIATION_SEARCH.countCap, else
   * the cap (also when more may follow the page: names starting with the term, nearest names):
   * display it as "N+"; pages up to it are served, a later one may come back short.
   */
  total: z.number().int(),
  total_exact: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Best matches first: exact name, then names starting with the term, then by similarity. */
  items: z.array(associationSearchItemSchema),
});
export type AssociationSearchResult = z.infer<typeof associationSearchResultSchema>;

export const associationSearchRoutes = {
  search: defineRoute({
    method: 'GET', gateway: 'proxy-asso', path: '/association/search', access: 'authenticated', scope: scope.none,
    errors: ['BAD_SIREN', 'BAD_SIRET', 'SEARCH_TERM_TOO_SHORT', 'SEARCH_BEYOND_CAP'],
    summary:
      "Recherche d'associations dans le répertoire : numéro SIREN, SIRET ou RNA (recherche exacte) ou nom " +
      '(sans accents ni casse, par pertinence, paginée ; total plafonné à 1000 pour les noms)',
    query: associationSearchQuerySchema,
    response: associationSearchResultSchema,
  }),
};
