// proxy-asso: the two outside lookups the server proxies (docs/domain.md « Recherches extérieures »):
// the national address API's commune search (api-adresse.data.gouv.fr `/search/`, answered from the
// offline commune list when it does not answer) and INSEE's notice of a company's registration
// (« avis de situation SIRENE », a PDF).
import { z } from 'zod';
import { defineRoute } from './http.ts';
import { sirenSchema } from './identifiers.ts';
import { MESSAGES } from './messages.ts';
import { scope } from './scope.ts';

export const ADDRESS_LOOKUP = {
  /** Bounds of the searched text `q`. */
  minLength: 2,
  maxLength: 100,
  /** Results asked by default and at most (the national API's own default is 5). */
  defaultLimit: 5,
  maxLimit: 20,
} as const;

/** The only kind of result asked for now: towns (the national API also knows streets and addresses). */
export const ADDRESS_LOOKUP_TYPES = ['municipality'] as const;

/** Where an answer comes from: the national address API, or the offline commune list. */
export const ADDRESS_LOOKUP_SOURCES = ['api-adresse', 'hors-ligne'] as const;
export type AddressLookupSource = (typeof ADDRESS_LOOKUP_SOURCES)[number];

/** The same as the answer's `source`, for a caller that reads headers only. */
export const ADDRESS_SOURCE_HEADER = 'x-source-adresse';

export const POSTCODE_PATTERN = /^\d{5}$/;

export const addressLookupQuerySchema = z.object({
  q: z
    .string({ error: MESSAGES.required('q') })
    .trim()
    .min(ADDRESS_LOOKUP.minLength, MESSAGES.minLength('q', ADDRESS_LOOKUP.minLength))
    .max(ADDRESS_LOOKUP.maxLength, MESSAGES.maxLength('q', ADDRESS_LOOKUP.maxLength)),
  type: z.enum(ADDRESS_LOOKUP_TYPES, { error: MESSAGES.badFormat('type') }).default('municipality'),
  postcode: z.string().trim().regex(POSTCODE_PATTERN, MESSAGES.badFormat('postcode')).optional(),
  limit: z.coerce
    .number<string>({ error: MESSAGES.badFormat('limit') })
    .int(MESSAGES.badFormat('limit'))
    .min(1, MESSAGES.badFormat('limit'))
    .max(ADDRESS_LOOKUP.maxLimit, MESSAGES.badFormat('limit'))
    .default(ADDRESS_LOOKUP.defaultLimit),
});
export type AddressLookupQuery = z.output<typeof addressLookupQuerySchema>;

/** One town, in the national API's shape (GeoJSON feature; properties as its `/search/` answers them). */
export const communeFeatureSchema = z.object({
  type: z.literal('Feature'),
  /** [longitude, latitude] of the town hall; null from the offline list, which has no coordinates. */
  geometry: z.object({ type: z.literal('Point'), coordinates: z.array(z.number()).length(2) }).nullable(),
  properties: z.object({
    /** « Lyon » — what a field shows. */
    label: z.string(),
    name: z.string(),
    postcode: z.string(),
    /** The INSEE code of the town (code officiel géographique), e.g. 69123. */
    citycode: z.string(),
    /** « 69, Rhône, Auvergne-Rhône-Alpes »: department code, department, region. */
    context: z.string(),
    type: z.literal('municipality'),
    /** Relevance between 0 and 1 as the national API gives it; the offline list gives its own. */
    score: z.number(),
  }),
});
export type CommuneFeature = z.infer<typeof communeFeatureSchema>;

export const addressLookupResponseSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(communeFeatureSchema),
  query: z.string(),
  /** `hors-ligne` when the national API did not answer and the offline list did. */
  source: z.enum(ADDRESS_LOOKUP_SOURCES),
});
export type AddressLookupResponse = z.infer<typeof addressLookupResponseSchema>;

export const externalLookupRoutes = {
  searchAddress: defineRoute({
    method: 'GET', gateway: 'proxy-asso', path: '/adresse/search', access: 'authenticated', scope: scope.none,
    errors: ['TOO_MANY_REQUESTS'],
    summary:
      'Recherche de communes (type=municipality) dans la Base adresse nationale, relayée par le serveur : q (2 à 100 caractères), ' +
      'postcode (code postal à 5 chiffres) et limit (1 à 20, 5 par défaut). Réponse au format de api-adresse.data.gouv.fr /search/ ' +
      '(features : label, name, postcode, citycode, context). Quand le service national ne répond pas, la liste des communes embarquée ' +
      'répond : source « hors-ligne » (en-tête x-source-adresse)',
    query: addressLookupQuerySchema,
    response: addressLookupResponseSchema,
  }),
  sireneNotice: defineRoute({
    method: 'GET', gateway: 'proxy-asso', path: '/sirene/avis-situation/:siren', access: 'authenticated', scope: scope.none,
    rawResponse: true,
    errors: ['TOO_MANY_REQUESTS', 'SIRENE_NOTICE_NOT_FOUND', 'SIRENE_NOTICE_FAILED', 'SIRENE_NOTICE_UNAVAILABLE'],
    summary:
      "Avis de situation au répertoire SIRENE d'une entreprise (PDF de l'INSEE) pour un SIREN, relayé par le serveur au fil de l'eau ; " +
      "404 si l'INSEE ne le connaît pas, 502 si l'INSEE répond en erreur, 503 s'il ne répond pas",
    params: z.object({ siren: sirenSchema }),
    response: z.unknown(),
  }),
};
