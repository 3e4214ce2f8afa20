// proxy-asso: food aid (HAA, habilitation aide alimentaire) — the association's distribution sites
// and their addresses (docs/domain.md « Aide alimentaire : sites et adresses »). Sites and addresses
// are association-wide (the head office writes them); an address is geocoded by the server from the
// national address API (offline: the commune's INSEE code, no coordinates).
import { z } from 'zod';
import { isoDateSchema } from './association-rules.ts';
import { ASSOCIATION_READ_ROLES, ASSOCIATION_WRITE_ROLES, idAssoSchema } from './association-link.ts';
import type { ErrorKey } from './errors.ts';
import { POSTCODE_PATTERN } from './external-lookups.ts';
import { defineRoute, messageSchema } from './http.ts';
import { siretSchema } from './identifiers.ts';
import { HAA_MESSAGES } from './haa-messages.ts';
import { MESSAGES } from './messages.ts';
import { scope } from './scope.ts';
import { SIRET_ADDRESS_LABELS, SIRET_ADDRESS_LIMITS } from './siret-requests/schemas.ts';

export { HAA_MESSAGES } from './haa-messages.ts';

const gateway = 'proxy-asso' as const;

// ---------------------------------------------------------------------------------------------
// Limits.

/**
 * Field lengths of an address: the §5 address rules (those of the SIRET requests) where the field is
 * the same (`cplt` is their `cplt_1`); a postcode of five digits (the commune lookup's).
 */
export const HAA_ADDRESS_LIMITS = {
  cplt: SIRET_ADDRESS_LIMITS.cplt_1,
  num_voie: SIRET_ADDRESS_LIMITS.num_voie,
  voie: SIRET_ADDRESS_LIMITS.voie,
  bp: SIRET_ADDRESS_LIMITS.bp,
  cp: 5,
  commune: SIRET_ADDRESS_LIMITS.commune,
  cedex: SIRET_ADDRESS_LIMITS.cedex,
  code_insee: SIRET_ADDRESS_LIMITS.code_insee,
  pays: SIRET_ADDRESS_LIMITS.pays,
} as const;

export const HAA_LIMITS = {
  /** Time ranges per day of the week. */
  rangesPerDay: 4,
  /** Closing periods of a site. */
  closingPeriods: 20,
  closingReason: 100,
} as const;

export const HAA_DEFAULT_COUNTRY = 'FRANCE';

export const HAA_ADDRESS_LABELS = {
  cplt: SIRET_ADDRESS_LABELS.cplt_1,
  num_voie: SIRET_ADDRESS_LABELS.num_voie,
  voie: SIRET_ADDRESS_LABELS.voie,
  bp: SIRET_ADDRESS_LABELS.bp,
  cp: SIRET_ADDRESS_LABELS.cp,
  commune: SIRET_ADDRESS_LABELS.commune,
  cedex: SIRET_ADDRESS_LABELS.cedex,
  code_insee: SIRET_ADDRESS_LABELS.code_insee,
  pays: SIRET_ADDRESS_LABELS.pays,
} as const;

// ---------------------------------------------------------------------------------------------
// Addresses.

const optionalText = (label: string, max: number) =>
  z
    .string({ error: MESSAGES.badFormat(label) })
    .trim()
    .max(max, MESSAGES.maxLength(label, max))
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
const requiredText = (label: string, max: number) =>
  z.string({ error: MESSAGES.required(label) }).trim().min(1, MESSAGES.required(label)).max(max, MESSAGES.maxLength(label, max));

const L = HAA_ADDRESS_LIMITS;
const LBL = HAA_ADDRESS_LABELS;

export const haaPostcodeSchema = z
  .string({ error: MESSAGES.required(LBL.cp) })
  .trim()
  .min(1, MESSAGES.required(LBL.cp))
  .regex(POSTCODE_PATTERN, MESSAGES.badFormat(LBL.cp));

const haaAddressFields = {
  cplt: optionalText(LBL.cplt, L.cplt),
  num_voie: optionalText(LBL.num_voie, L.num_voie),
  voie: optionalText(LBL.voie, L.voie),
  bp: optionalText(LBL.bp, L.bp),
  cp: haaPostcodeSchema,
  commune: requiredText(LBL.commune, L.commune),
  cedex: optionalText(LBL.cedex, L.cedex),
  /** Given by the commune field (the lookup's citycode); the server's geocoding answer wins when it has one. */
  code_insee: z
    .string({ error: MESSAGES.badFormat(LBL.code_insee) })
    .trim()
    .min(L.code_insee.min, MESSAGES.minLength(LBL.code_insee, L.code_insee.min))
    .max(L.code_insee.max, MESSAGES.maxLength(LBL.code_insee, L.code_insee.max))
    .regex(/^[0-9AB]+$/, MESSAGES.badFormat(LBL.code_insee))
    .nullable()
    .optional(),
  pays: optionalText(LBL.pays, L.pays),
};
/** What a caller writes of an address; code_insee, geo_X and geo_Y come from the geocoding. */
export const haaAddressFieldsSchema = z.strictObject(haaAddressFields);
export type HaaAddressFields = z.output<typeof haaAddressFieldsSchema>;
export const haaAddressChangesSchema = z.strictObject(haaAddressFields).partial();

/**
 * How an address was located: `adresse` (the national API found it: coordinates of the address),
 * `commune-hors-ligne` (the API did not answer: the commune's INSEE code from the offline list, no
 * coordinates), `non-localisee` (the API answered without finding it: no coordinates).
 */
export const HAA_GEOCODING = ['adresse', 'commune-hors-ligne', 'non-localisee'] as const;
export type HaaGeocoding = (typeof HAA_GEOCODING)[number];

export const haaAddressSchema = z.object({
  id: z.string(),
  cplt: z.string().nullable(),
  num_voie: z.string().nullable(),
  voie: z.string().nullable(),
  bp: z.string().nullable(),
  cp: z.string(),
  commune: z.string(),
  cedex: z.string().nullable(),
  code_insee: z.string().nullable(),
  /** Longitude (WGS 84) of the address; null when it could not be located. */
  geo_X: z.number().nullable(),
  /** Latitude (WGS 84) of the address; null when it could not be located. */
  geo_Y: z.number().nullable(),
  pays: z.string(),
  geocodage: z.enum(HAA_GEOCODING),
});
export type HaaAddress = z.infer<typeof haaAddressSchema>;

// ---------------------------------------------------------------------------------------------
// Opening hours and closing periods.

export const HAA_DAYS = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'] as const;
export type HaaDay = (typeof HAA_DAYS)[number];
export const HAA_DAY_LABELS: Record<HaaDay, string> = {
  lundi: 'Lundi', mardi: 'Mardi', mercredi: 'Mercredi', jeudi: 'Jeudi', vendredi: 'Vendredi', samedi: 'Samedi', dimanche: 'Dimanche',
};

/** « HH:MM », 00:00 to 23:59. */
export const HAA_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeSchema = (label: string) => z.string({ error: MESSAGES.required(label) }).regex(HAA_TIME_PATTERN, MESSAGES.badFormat(label));

export const haaTimeRangeSchema = z
  .strictObject({ debut: timeSchema('heure de début'), fin: timeSchema('heure de fin') })
  .refine((range) => range.debut < range.fin, { message: HAA_MESSAGES.rangeEndBeforeStart, path: ['fin'] });

export const haaOpeningDaySchema = z.strictObject({
  jour: z.enum(HAA_DAYS, { error: MESSAGES.badFormat('jour') }),
  plages: z
    .array(haaTimeRangeSchema, { error: MESSAGES.badFormat('plages horaires') })
    .min(1, MESSAGES.required('plages horaires'))
    .max(HAA_LIMITS.rangesPerDay, MESSAGES.maxItems('plages horaires', HAA_LIMITS.rangesPerDay))
    .superRefine((ranges, ctx) => {
      const sorted = [...ranges].sort((a, b) => a.debut.localeCompare(b.debut));
      for (let i = 1; i < sorted.length; i++) {
        if (sorted[i]!.debut < sorted[i - 1]!.fin) {
          ctx.addIssue({ code: 'custom', message: HAA_MESSAGES.rangesOverlap, path: [ranges.indexOf(sorted[i]!)] });
          return;
        }
      }
    }),
});
export type HaaOpeningDay = z.infer<typeof haaOpeningDaySchema>;

/** The week's hours: one entry per open day, in any order, each day at most once. */
export const haaOpeningHoursSchema = z
  .array(haaOpeningDaySchema, { error: MESSAGES.badFormat('horaires d’ouverture') })
  .max(HAA_DAYS.length, MESSAGES.maxItems('horaires d’ouverture', HAA_DAYS.length))
  .superRefine((days, ctx) => {
    const seen = new Set<string>();
    days.forEach((day, index) => {
      if (seen.has(day.jour)) ctx.addIssue({ code: 'custom', message: HAA_MESSAGES.dayTwice(day.jour), path: [index, 'jour'] });
      seen.add(day.jour);
    });
  });

export const haaClosingPeriodSchema = z
  .strictObject({
    debut: isoDateSchema('date de début'),
    fin: isoDateSchema('date de fin'),
    motif: optionalText('motif', HAA_LIMITS.closingReason),
  })
  .refine((period) => period.debut <= period.fin, { message: HAA_MESSAGES.periodEndBeforeStart, path: ['fin'] });
export type HaaClosingPeriod = z.infer<typeof haaClosingPeriodSchema>;

export const haaClosingPeriodsSchema = z
  .array(haaClosingPeriodSchema, { error: MESSAGES.badFormat('périodes de fermeture') })
  .max(HAA_LIMITS.closingPeriods, MESSAGES.maxItems('périodes de fermeture', HAA_LIMITS.closingPeriods))
  .superRefine((periods, ctx) => {
    const sorted = periods.map((p, index) => ({ ...p, index })).sort((a, b) => a.debut.localeCompare(b.debut));
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i]!.debut <= sorted[i - 1]!.fin) {
        ctx.addIssue({ code: 'custom', message: HAA_MESSAGES.periodsOverlap, path: [sorted[i]!.index, 'debut'] });
        return;
      }
    }
  });

// ---------------------------------------------------------------------------------------------
// Sites.

/** Who runs a site: one of the association's establishments, or an association member of its network. */
export const HAA_MEMBER_TYPES = ['association', 'etablissement'] as const;
export type HaaMemberType = (typeof HAA_MEMBER_TYPES)[number];
export const HAA_MEMBER_TYPE_LABELS: Record<HaaMemberType, string> = { association: 'Association membre du réseau', etablissement: 'Établissement' };

/** The site's activity (the HAA description: distribution to people, supply to other structures). */
export const HAA_ACTIVITY_NATURES = ['distribution', 'fourniture'] as const;
export type HaaActivityNature = (typeof HAA_ACTIVITY_NATURES)[number];
export const HAA_ACTIVITY_LABELS: Record<HaaActivityNature, string> = {
  distribution: 'Distribution de denrées aux personnes',
  fourniture: 'Fourniture de denrées à d’autres structures',
};

const uuidOf = (label: string) => z.string({ error: MESSAGES.badFormat(label) }).uuid(MESSAGES.badFormat(label));

const siteFields = {
  type_membre: z.enum(HAA_MEMBER_TYPES, { error: MESSAGES.required('type de membre') }),
  nature_activite: z.enum(HAA_ACTIVITY_NATURES, { error: MESSAGES.required('nature de l’activité') }),
  /** An establishment of the association, for type_membre `etablissement`. */
  membre_siret_id: siretSchema.nullable().optional(),
  /** The member association (its id), for type_membre `association`. */
  membre_reseau_id: uuidOf('membre du réseau').nullable().optional(),
  /** A legal representative of the association. */
  responsable_id: uuidOf('responsable').nullable().optional(),
  itinerant: z.boolean({ error: MESSAGES.badFormat('itinérant') }).default(false),
  horaire_ouverture: haaOpeningHoursSchema.default([]),
  periode_fermeture: haaClosingPeriodsSchema.default([]),
  /** Required for a fixed site; an itinerant site has no fixed address (it may name its base). */
  adresse_id: uuidOf('adresse').nullable().optional(),
};
export const haaSiteFieldsSchema = z.strictObject(siteFields);
export type HaaSiteFields = z.output<typeof haaSiteFieldsSchema>;
/** PATCH: the changed fields only (the rules are checked on the merged site). */
export const haaSiteChangesSchema = z.strictObject({
  ...siteFields,
  itinerant: z.boolean({ error: MESSAGES.badFormat('itinérant') }),
  horaire_ouverture: haaOpeningHoursSchema,
  periode_fermeture: haaClosingPeriodsSchema,
}).partial();

export const haaSiteSchema = z.object({
  id: z.string(),
  type_membre: z.enum(HAA_MEMBER_TYPES),
  nature_activite: z.enum(HAA_ACTIVITY_NATURES),
  membre_siret_id: z.string().nullable(),
  membre_reseau_id: z.string().nullable(),
  /** The member's name (establishment's sign or the member association's name), as the list shows it. */
  membre_nom: z.string().nullable(),
  /** The member's own address, one line (read only: from the establishment or the member association). */
  adresse_membre: z.string().nullable(),
  responsable_id: z.string().nullable(),
  itinerant: z.boolean(),
  horaire_ouverture: z.array(z.object({ jour: z.enum(HAA_DAYS), plages: z.array(z.object({ debut: z.string(), fin: z.string() })) })),
  periode_fermeture: z.array(z.object({ debut: z.string(), fin: z.string(), motif: z.string().nullable().optional() })),
  adresse_id: z.string().nullable(),
  adresse: haaAddressSchema.nullable(),
});
export type HaaSite = z.infer<typeof haaSiteSchema>;

/** POST sites_adresses: a site and its new address, written together. */
export const haaSiteWithAddressSchema = z.strictObject({
  site: haaSiteFieldsSchema.omit({ adresse_id: true }),
  adresse: haaAddressFieldsSchema,
});

/** The pick lists of the site form: the association's active establishments and its network's member associations. */
export const haaMembersSchema = z.object({
  etablissements: z.array(z.object({ siret: z.string(), libelle: z.string(), adresse: z.string().nullable() })),
  membres_reseau: z.array(z.object({ id: z.string(), nom: z.string(), id_siren: z.string().nullable(), adresse: z.string().nullable() })),
});
export type HaaMembers = z.infer<typeof haaMembersSchema>;

// ---------------------------------------------------------------------------------------------
// Routes (§7 « Food-aid »): /association/haa/sites, /association/haa/adresse, /association/haa/sites_adresses.

const assoQuery = z.object({ id_asso: idAssoSchema });
const siteIdQuery = z.object({
  id_asso: idAssoSchema,
  id: z.string({ error: HAA_MESSAGES.siteIdMissing }).trim().min(1, HAA_MESSAGES.siteIdMissing).uuid(MESSAGES.badFormat('identifiant du site')),
});
const adresseIdQuery = z.object({
  id_asso: idAssoSchema,
  id: z.string({ error: HAA_MESSAGES.adresseIdMissing }).trim().min(1, HAA_MESSAGES.adresseIdMissing).uuid(MESSAGES.badFormat('identifiant de l’adresse')),
});
/** GET /haa/adresse names its parameters idAsso and codePostal (§7). */
const adresseListQuery = z.object({
  idAsso: idAssoSchema,
  codePostal: z
    .string({ error: HAA_MESSAGES.postcodeMissing })
    .trim()
    .min(1, HAA_MESSAGES.postcodeMissing)
    .regex(POSTCODE_PATTERN, MESSAGES.badFormat('code postal')),
});

const read = ASSOCIATION_READ_ROLES;
const write = ASSOCIATION_WRITE_ROLES;
/** Every food-aid call: 404 for an association out of reach, 400 for one without SIREN. */
const HAA_ERRORS = ['NOT_FOUND', 'HAA_SIREN_MISSING'] as const satisfies readonly ErrorKey[];
const SITE_WRITE_ERRORS = [...HAA_ERRORS, 'HAA_ADRESSE_NOT_FOUND'] as const satisfies readonly ErrorKey[];

export const haaRoutes = {
  getHaaMembres: defineRoute({
    method: 'GET', gateway, path: '/association/haa/membres', access: read, scope: scope.association('read'), errors: HAA_ERRORS,
    summary: "Aide alimentaire : établissements actifs de l'association et associations membres de son réseau (listes de choix du tenant d'un site)",
    query: assoQuery, response: haaMembersSchema,
  }),
  getHaaSites: defineRoute({
    method: 'GET', gateway, path: '/association/haa/sites', access: read, scope: scope.association('read'), errors: HAA_ERRORS,
    summary: "Aide alimentaire : sites de distribution de l'association, avec leur adresse",
    query: assoQuery, response: z.array(haaSiteSchema),
  }),
  postHaaSite: defineRoute({
    method: 'POST', gateway, path: '/association/haa/sites', access: write, scope: scope.association('write-all'), successStatus: 201, errors: SITE_WRITE_ERRORS,
    summary:
      "Aide alimentaire : déclare un site (tenu par un établissement de l'association ou une association membre de son réseau ; " +
      'horaires par jour, périodes de fermeture ; adresse obligatoire sauf site itinérant) ; réservé au siège, inscrit à l’audit',
    query: assoQuery, body: haaSiteFieldsSchema, response: haaSiteSchema,
  }),
  patchHaaSite: defineRoute({
    method: 'PATCH', gateway, path: '/association/haa/sites', access: write, scope: scope.association('write-all'), errors: [...SITE_WRITE_ERRORS, 'HAA_SITE_NOT_FOUND'],
    summary: 'Aide alimentaire : modifie un site (champs modifiés seulement ; règles vérifiées sur le site complet) ; inscrit à l’audit',
    query: siteIdQuery, body: haaSiteChangesSchema, response: haaSiteSchema,
  }),
  deleteHaaSite: defineRoute({
    method: 'DELETE', gateway, path: '/association/haa/sites', access: write, scope: scope.association('write-all'), errors: [...HAA_ERRORS, 'HAA_SITE_NOT_FOUND'],
    summary: 'Aide alimentaire : supprime un site (son adresse reste) ; inscrit à l’audit',
    query: siteIdQuery, response: messageSchema,
  }),
  getHaaAdresses: defineRoute({
    method: 'GET', gateway, path: '/association/haa/adresse', access: read, scope: scope.association('read', 'idAsso'), errors: HAA_ERRORS,
    summary: "Aide alimentaire : adresses de l'association d'un code postal (idAsso, codePostal)",
    query: adresseListQuery, response: z.array(haaAddressSchema),
  }),
  postHaaAdresse: defineRoute({
    method: 'POST', gateway, path: '/association/haa/adresse', access: write, scope: scope.association('write-all'), successStatus: 201, errors: HAA_ERRORS,
    summary:
      "Aide alimentaire : enregistre une adresse, localisée par la Base adresse nationale (code INSEE, longitude geo_X, latitude geo_Y) ; " +
      'quand elle ne répond pas, code INSEE de la commune par la liste embarquée et pas de coordonnées (geocodage « commune-hors-ligne »)',
    query: assoQuery, body: haaAddressFieldsSchema, response: haaAddressSchema,
  }),
  patchHaaAdresse: defineRoute({
    method: 'PATCH', gateway, path: '/association/haa/adresse', access: write, scope: scope.association('write-all'), errors: [...HAA_ERRORS, 'HAA_ADRESSE_NOT_FOUND'],
    summary: 'Aide alimentaire : modifie une adresse (champs modifiés seulement), localisée de nouveau si son lieu change ; inscrit à l’audit',
    query: adresseIdQuery, body: haaAddressChangesSchema, response: haaAddressSchema,
  }),
  deleteHaaAdresse: defineRoute({
    method: 'DELETE', gateway, path: '/association/haa/adresse', access: write, scope: scope.association('write-all'),
    errors: [...HAA_ERRORS, 'HAA_ADRESSE_NOT_FOUND', 'HAA_ADRESSE_IN_USE'],
    summary: "Aide alimentaire : supprime une adresse qu'aucun site n'utilise ; inscrit à l’audit",
    query: adresseIdQuery, response: messageSchema,
  }),
  postHaaSiteAdresse: defineRoute({
    method: 'POST', gateway, path: '/association/haa/sites_adresses', access: write, scope: scope.association('write-all'), successStatus: 201, errors: HAA_ERRORS,
    summary: 'Aide alimentaire : déclare un site et sa nouvelle adresse en une seule écriture (rien n’est écrit si l’un est refusé)',
    query: assoQuery, body: haaSiteWithAddressSchema, response: haaSiteSchema,
  }),
};
