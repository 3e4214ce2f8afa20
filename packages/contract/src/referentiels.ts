// api-declaration-server: referentials (reference lists: regions, communes, legal forms, countries,
// street types, sports federations, document types...). Reading is public (no personal data);
// editing is for application administrators, who read the history of their changes.
import { z } from 'zod';
import { chainHistoryQuerySchema, chainHistorySchema } from './audit.ts';
import { idSchema } from './fields.ts';
import { defineRoute } from './http.ts';
import { scope } from './scope.ts';
import { MESSAGES, REFERENTIEL_MESSAGES } from './messages.ts';
import { ROLE_SETS, type Role } from './roles.ts';

const gateway = 'api-declaration-server' as const;

/** The referential types seeded at start-up (the database may hold more, added by hand). */
export const REFERENTIEL_TYPES = [
  'regions',
  'departements',
  'communes',
  'formes-juridiques',
  'pays',
  'types-voie',
  'federations-sportives',
  'types-documents',
  'domaines',
  'regimes',
  'champs-action-territoriale',
  'types-structure-sportive',
  'civilites',
  'durees-activite',
  'types-activite-agricole',
  'motifs-association',
  'decisions-cec',
  'types-agrement',
] as const;
export type ReferentielType = (typeof REFERENTIEL_TYPES)[number];

/** Who may edit a referential (and read the history of the referentials' changes). */
export const REFERENTIEL_ADMIN_ROLES: readonly Role[] = ROLE_SETS.referentielAdmins;

/** The audit trail's entity name of a referential's change (in the content's chain). */
export const REFERENTIEL_AUDIT_ENTITY = 'referentiel';

/** Options of a referential above this count are cut to `limit` (default 100) unless asked otherwise. */
export const LARGE_REFERENTIEL_THRESHOLD = 1000;
export const DEFAULT_OPTIONS_LIMIT = 100;
export const MAX_OPTIONS_LIMIT = 1000;

/**
 * Text as searched: no accents, lower case, ligatures spelt out, punctuation as single spaces
 * ("Saint-Étienne-du-Gué-de-l'Isle" → "saint etienne du gue de l isle"). The server stores option
 * labels in this form and applies it to `filterOptions`, so the filter never holds a LIKE wildcard.
 */
export function normaliseSearchText(text: string): string {
  return text
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'OE')
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'AE')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export const referentielMetaSchema = z.record(z.string(), z.unknown()).nullable();

export const referentielOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  meta: referentielMetaSchema,
});
export type ReferentielOption = z.infer<typeof referentielOptionSchema>;

export const referentielSchema = z.object({
  _id: z.string(),
  type: z.string(),
  categorie: z.string().nullable(),
  label: z.string(),
  options: z.array(referentielOptionSchema),
  /** Options matching the filter; more than `options.length` when the list was cut by `limit`. */
  optionsCount: z.number().int(),
});
export type Referentiel = z.infer<typeof referentielSchema>;

const typeName = z
  .string()
  .trim()
  .min(1, MESSAGES.required('type'))
  .max(60, MESSAGES.maxLength('type', 60))
  .regex(/^[a-z0-9][a-z0-9_-]*$/, MESSAGES.badFormat('type'));

/** `type=a,b` or `type=a&type=b` (or both) → ['a', 'b']. */
const typeList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    [...new Set((Array.isArray(value) ? value : [value]).flatMap((part) => part.split(',')).map((t) => t.trim()).filter(Boolean))],
  )
  .pipe(z.array(typeName).max(50, 'Pas plus de 50 types par requête.'));

const filterOptions = z.string().max(100, MESSAGES.maxLength('filterOptions', 100)).optional();

const limit = z.coerce
  .number({ error: MESSAGES.badFormat('limit') })
  .int(MESSAGES.badFormat('limit'))
  .min(1, MESSAGES.badFormat('limit'))
  .max(MAX_OPTIONS_LIMIT, `La limite ne doit pas dépasser ${MAX_OPTIONS_LIMIT}.`)
  .optional();

export const referentielsQuerySchema = z.object({
  type: typeList.optional(),
  categorie: z.string().trim().max(60, MESSAGES.maxLength('categorie', 60)).optional(),
  filterOptions,
  /**
   * Options per referential. Absent: whole lists, except referentials of more than
   * LARGE_REFERENTIEL_THRESHOLD options (communes), cut to DEFAULT_OPTIONS_LIMIT.
   */
  limit,
});
export type ReferentielsQuery = z.output<typeof referentielsQuerySchema>;

export const referentielQuerySchema = z.object({
  type: z.string({ error: REFERENTIEL_MESSAGES.missingType }).pipe(typeName),
  filterOptions,
  limit,
});

const optionInputSchema = z
  .object({
    value: z
      .string({ error: MESSAGES.required('value') })
      .trim()
      .min(1, MESSAGES.required('value'))
      .max(100, MESSAGES.maxLength('value', 100)),
    label: z
      .string({ error: MESSAGES.required('label') })
      .trim()
      .min(1, MESSAGES.required('label'))
      .max(300, MESSAGES.maxLength('label', 300)),
    meta: referentielMetaSchema.optional().transform((meta) => meta ?? null),
  })
  .strict();

export const referentielPatchSchema = z
  .object({
    label: z
      .string({ error: MESSAGES.badFormat('label') })
      .trim()
      .min(1, MESSAGES.required('label'))
      .max(200, MESSAGES.maxLength('label', 200))
      .optional(),
    categorie: z.string({ error: MESSAGES.badFormat('categorie') }).trim().max(60, MESSAGES.maxLength('categorie', 60)).nullable().optional(),
    /** The full list, in display order: it replaces the stored options. */
    options: z.array(optionInputSchema).max(50_000, 'Pas plus de 50 000 options.').optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.options?.forEach((option, index) => {
      if (seen.has(option.value)) {
        ctx.addIssue({ code: 'custom', path: ['options', index, 'value'], message: REFERENTIEL_MESSAGES.duplicateValue(option.value) });
      }
      seen.add(option.value);
    });
  });
export type ReferentielPatch = z.output<typeof referentielPatchSchema>;

export const referentielRoutes = {
  list: defineRoute({
    method: 'GET', gateway, path: '/referentiels', access: 'public',
    summary: 'Référentiels par type(s) et catégorie, options filtrées (sans accents ni casse) et limitées',
    query: referentielsQuerySchema, response: z.array(referentielSchema),
  }),
  get: defineRoute({
    method: 'GET', gateway, path: '/referentiel', access: 'public',
    errors: ['REFERENTIEL_NOT_FOUND'],
    summary: "Un référentiel par son type (404 s'il n'existe pas), options filtrées",
    query: referentielQuerySchema, response: referentielSchema,
  }),
  update: defineRoute({
    method: 'PATCH', gateway, path: '/referentiels/:id', access: REFERENTIEL_ADMIN_ROLES, scope: scope.none,
    errors: ['REFERENTIEL_NOT_FOUND', 'NO_CHANGE_DETECTED'],
    summary: "Modifie le libellé, la catégorie ou la liste complète des options (400 si rien n'a changé)",
    params: z.object({ id: idSchema }), body: referentielPatchSchema, response: referentielSchema,
  }),
  history: defineRoute({
    method: 'GET', gateway, path: '/referentiels/historique', access: REFERENTIEL_ADMIN_ROLES, scope: scope.none,
    summary:
      'Historique des modifications des référentiels (qui, quand, quoi), du plus récent au plus ancien ; pagination par repère ' +
      '(`avant` : `suivant` de la page précédente) ; les champs secrets sont masqués',
    query: chainHistoryQuerySchema, response: chainHistorySchema,
  }),
};
