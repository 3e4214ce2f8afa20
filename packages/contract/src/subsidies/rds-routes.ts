// Subsidy schemes (docs/domain.md « Dispositifs et subventions »): the schemes and their campaigns
// (subventions), with their sub-schemes, instructing services and expected fields and documents.
// Association users and services read the open campaigns; the scheme administrators write.
import { z } from 'zod';
import { idSchema } from '../fields.ts';
import { defineRoute, type Access } from '../http.ts';
import { freeJsonObject } from '../input-checks.ts';
import { ROLE_SETS, type Role } from '../roles.ts';
import { scope } from '../scope.ts';
import { asksSchema } from './asks.ts';
import { dispositifSchema, EXPECTED_PARTS, expectedDocumentSchema, expectedFieldSchema, subventionSchema } from './schemas.ts';

/** Who reads schemes and campaigns (association users the open ones only). */
export const SCHEME_READERS = ROLE_SETS.associationsAndServices;
export const SCHEME_WRITERS = ROLE_SETS.schemeAdmins;
export const SUBVENTION_POPULATE = ['sous_dispositifs', 'instructeurs', 'champs_attendus', 'documents_attendus'] as const;

const gateway = 'rds-server' as const;
const code = z.string().trim().min(1).max(100);
const isoDate = z.iso.date();
const year = z.number().int().min(2000).max(2100);
export const booleanText = z.enum(['true', 'false']).transform((value) => value === 'true');

/** The messages of a campaign's own fields. */
export const CAMPAIGN_MESSAGES = {
  datesOrder: 'La date de clôture de la campagne ne peut pas précéder sa date d’ouverture.',
  code: 'Indiquez le code de la campagne (par exemple CNDS-PT-2027).',
  label: 'Indiquez le libellé de la campagne.',
  exercice: 'Indiquez l’exercice de la campagne : une année entre 2000 et 2100.',
  opening: 'Indiquez la date d’ouverture de la campagne.',
  closing: 'Indiquez la date de clôture de la campagne.',
  created: (label: string) => `La campagne « ${label} » est créée.`,
};

/** The messages of a campaign's sub-scheme list. */
export const SOUS_DISPOSITIF_MESSAGES = {
  idOrLabel: "Indiquez l'identifiant d'un sous-dispositif du dispositif, ou le libellé d'un nouveau.",
  datesOrder: 'La date de fin du sous-dispositif doit suivre sa date de début.',
};

/**
 * A sub-scheme of the campaign with its dates in it: an existing one of the scheme by `id`, or by
 * `label` (one of the scheme with that label, else a new one). A campaign read back (with its
 * labels) can be sent again as it is: the id wins.
 */
/** Whether a campaign or a sub-scheme takes dossiers today (subsidies/campaign.ts), and what the directory says of it. */
export const campaignWindowViewSchema = z.object({
  ouverte: z.boolean(),
  /** « Campagne ouverte jusqu’au … », « Campagne close », « Ouvre le … ». */
  libelle: z.string(),
  /** Its first day, when it is still to come. */
  ouvre_le: isoDate.nullable(),
});
export type CampaignWindowView = z.infer<typeof campaignWindowViewSchema>;

export const sousDispositifLinkSchema = z
  .object({
    id: idSchema.optional(),
    label: z.string().trim().min(1).max(200).optional(),
    date_debut: isoDate.nullable().default(null),
    date_fin: isoDate.nullable().default(null),
    /** Computed on read: accepted so a campaign read back can be sent again, and ignored. */
    fenetre: campaignWindowViewSchema.optional(),
  })
  .strict()
  .refine((value) => value.id !== undefined || value.label !== undefined, { message: SOUS_DISPOSITIF_MESSAGES.idOrLabel, path: ['id'] })
  .refine((value) => !value.date_debut || !value.date_fin || value.date_debut <= value.date_fin, {
    message: SOUS_DISPOSITIF_MESSAGES.datesOrder,
    path: ['date_fin'],
  });

/** How a subvention links an expected field or document: part, conditions, required. */
export const expectedLinkSchema = z
  .object({
    code,
    part: z.enum(EXPECTED_PARTS),
    asks: asksSchema.max(20).default([]),
    obligatoire: z.boolean().default(false),
  })
  .strict();

export const subventionBodySchema = z
  .object({
    code,
    label: z.string().trim().min(1).max(300),
    active: z.boolean().default(false),
    /** The scheme's code (CNDS, FDVA...). */
    dispositif: code,
    campagne_exercice: year,
    type_projet: z.string().trim().max(100).nullable().default(null),
    date_debut: isoDate.nullable().default(null),
    date_fin: isoDate.nullable().default(null),
    /** The campaign's sub-schemes and their dates: the whole list (one left out is removed from the campaign). */
    sous_dispositifs: z.array(sousDispositifLinkSchema).max(50).default([]),
    instructeurs: z.array(z.object({ service: idSchema, isReferent: z.boolean().default(false) }).strict()).max(200).default([]),
    champs_attendus: z.array(expectedLinkSchema).max(200).default([]),
    documents_attendus: z.array(expectedLinkSchema).max(200).default([]),
  })
  .strict()
  .refine((value) => !value.date_debut || !value.date_fin || value.date_debut <= value.date_fin, {
    message: CAMPAIGN_MESSAGES.datesOrder,
    path: ['date_fin'],
  });
export type SubventionBody = z.infer<typeof subventionBodySchema>;

/**
 * The creation form of a scheme's campaign (/administration/rds): its code, label, exercise and
 * dates, both required here (a duplicated campaign is born without them), sent with the scheme's
 * code as a POST /subventions; its links are given afterwards in the campaign's editor.
 */
export const newCampaignFormSchema = z
  .object({
    code: z.string().trim().min(1, CAMPAIGN_MESSAGES.code).max(100),
    label: z.string().trim().min(1, CAMPAIGN_MESSAGES.label).max(300),
    campagne_exercice: z.coerce.number({ error: CAMPAIGN_MESSAGES.exercice }).int(CAMPAIGN_MESSAGES.exercice).min(2000, CAMPAIGN_MESSAGES.exercice).max(2100, CAMPAIGN_MESSAGES.exercice),
    date_debut: z.iso.date({ error: CAMPAIGN_MESSAGES.opening }),
    date_fin: z.iso.date({ error: CAMPAIGN_MESSAGES.closing }),
    active: z.boolean(),
  })
  .strict()
  .refine((value) => value.date_debut <= value.date_fin, { message: CAMPAIGN_MESSAGES.datesOrder, path: ['date_fin'] });

const expectedDefinitionBase = z.object({
  code,
  label: z.string().trim().min(1).max(300),
  labelCode: z.string().trim().max(100).nullable().default(null),
  meta: freeJsonObject('meta').default({}),
  enabled: z.boolean().default(true),
  isDefault: z.boolean().default(false),
});
export const champAttenduBodySchema = expectedDefinitionBase.extend({ type: z.string().trim().min(1).max(50) }).strict();
export const documentAttenduBodySchema = expectedDefinitionBase.extend({ nature: z.string().trim().min(1).max(50) }).strict();
export const champAttenduSchema = expectedFieldSchema.pick({ code: true, label: true, labelCode: true, type: true, enabled: true, isDefault: true, meta: true }).extend({ id: z.uuid() });
export const documentAttenduSchema = expectedDocumentSchema.pick({ code: true, label: true, labelCode: true, nature: true, enabled: true, isDefault: true, meta: true }).extend({ id: z.uuid() });


/** A subvention; the populated lists are empty unless asked. */
export const subventionViewSchema = subventionSchema.extend({
  date_debut: isoDate.nullable(),
  date_fin: isoDate.nullable(),
  fenetre: campaignWindowViewSchema,
  sous_dispositifs: z.array(subventionSchema.shape.sous_dispositifs.element.extend({ fenetre: campaignWindowViewSchema })),
});
export type SubventionView = z.infer<typeof subventionViewSchema>;

const DISPOSITIF_FIELDS = ['id', 'code', 'label', 'duree_pluriannuelle'] as const;
export const dispositifViewSchema = dispositifSchema.partial().extend({
  sous_dispositifs: z.array(z.object({ id: z.uuid(), label: z.string(), date_debut: isoDate.nullable(), date_fin: isoDate.nullable(), active: z.boolean() })).optional(),
});

const commaList = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .max(200)
    .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)));

/**
 * The routes of the expected fields' or documents' definitions under one gateway: rds-server serves
 * those of the subsidies, rda-server those of the approvals (same tables, told apart by `service`,
 * docs/domain.md « Agréments »).
 */
export const expectedDefinitionRoutes = <const G extends 'rds-server' | 'rda-server', const P extends string, B extends z.ZodType, R extends z.ZodType>(
  on: { gateway: G; readers: Access; writers: readonly Role[]; of: string },
  path: P, label: string, body: B, response: R,
  /** The refusal of a field's unknown type or a document's unknown nature. */
  unknownKind: 'EXPECTED_FIELD_TYPE_UNKNOWN' | 'EXPECTED_DOCUMENT_NATURE_UNKNOWN',
) => ({
  list: defineRoute({
    method: 'GET', gateway: on.gateway, path, access: on.readers, scope: scope.none,
    summary: `Définitions des ${label} ${on.of}`,
    query: z.object({ enabled: booleanText.optional() }), response: z.array(response),
  }),
  create: defineRoute({
    method: 'POST', gateway: on.gateway, path, access: on.writers, scope: scope.none, successStatus: 201,
    errors: ['EXPECTED_ITEM_CODE_TAKEN', unknownKind],
    summary: `Nouvelle définition de ${label} ${on.of} (le type de réponse d'un champ parmi ceux connus, la nature d'un document parmi les types de documents du référentiel), journalisée`, body, response,
  }),
  update: defineRoute({
    method: 'PUT', gateway: on.gateway, path: `${path}/:id` as `${P}/:id`, access: on.writers, scope: scope.none,
    errors: ['EXPECTED_ITEM_NOT_FOUND', 'EXPECTED_ITEM_CODE_TAKEN', unknownKind],
    summary: `Remplacement d'une définition de ${label} ${on.of}, journalisé`, params: z.object({ id: idSchema }), body, response,
  }),
});
const subsidyDefinitions = { gateway, readers: SCHEME_READERS, writers: SCHEME_WRITERS, of: 'des subventions' } as const;
const champs = expectedDefinitionRoutes(subsidyDefinitions, '/champs-attendus', 'champs attendus', champAttenduBodySchema, champAttenduSchema, 'EXPECTED_FIELD_TYPE_UNKNOWN');
const documents = expectedDefinitionRoutes(subsidyDefinitions, '/documents-attendus', 'documents attendus', documentAttenduBodySchema, documentAttenduSchema, 'EXPECTED_DOCUMENT_NATURE_UNKNOWN');

/** How many of the matching dossiers a condition preview names, and how many dossiers it tries at most. */
export const CONDITION_PREVIEW_LIMITS = { examples: 5, dossiers: 5000 } as const;

/** Conditions to try on a campaign's dossiers before saving them on one of its expected items. */
export const conditionPreviewBodySchema = z
  .object({
    /** The part of the item: projet conditions are tried on each project (one project suffices). */
    part: z.enum(EXPECTED_PARTS),
    asks: asksSchema.max(20),
  })
  .strict();
export type ConditionPreviewBody = z.infer<typeof conditionPreviewBodySchema>;

/**
 * Which of the campaign's dossiers (not deleted) would show the item: counts for every scheme
 * administrator; the first matching dossiers by number only for one who reads every dossier
 * (rds.admin), none otherwise (`exemples_visibles` false).
 */
export const conditionPreviewSchema = z.object({
  /** The dossiers tried (at most CONDITION_PREVIEW_LIMITS.dossiers, the most recent first). */
  total: z.number().int().min(0),
  /** Those where every condition holds. */
  correspondants: z.number().int().min(0),
  /** More dossiers than were tried: the counts are of the most recent ones. */
  tronque: z.boolean(),
  exemples_visibles: z.boolean(),
  exemples: z.array(z.object({ id: z.uuid(), id_fo: z.string(), nom: z.string().nullable() })).max(CONDITION_PREVIEW_LIMITS.examples),
});
export type ConditionPreview = z.infer<typeof conditionPreviewSchema>;

const subventionWriteErrors = [
  'SUBVENTION_CODE_TAKEN', 'DISPOSITIF_UNKNOWN', 'SOUS_DISPOSITIF_UNKNOWN', 'SOUS_DISPOSITIF_OUTSIDE_CAMPAIGN', 'EXPECTED_ITEM_UNKNOWN',
  'INSTRUCTEUR_UNKNOWN',
] as const;

export const rdsSchemeRoutes = {
  listSubventions: defineRoute({
    method: 'GET', gateway, path: '/subventions', access: SCHEME_READERS, scope: scope.none,
    summary: 'Subventions (campagnes) ; les utilisateurs association ne voient que les campagnes ouvertes',
    query: z.object({
      active: booleanText.optional(),
      dispositif: code.optional(),
      exercice: z.coerce.number().int().min(2000).max(2100).optional(),
      service: idSchema.optional(),
      populate: commaList(SUBVENTION_POPULATE).optional(),
    }),
    response: z.array(subventionViewSchema),
  }),
  getSubvention: defineRoute({
    method: 'GET', gateway, path: '/subventions/:code', access: SCHEME_READERS, scope: scope.none,
    errors: ['SUBVENTION_NOT_FOUND'],
    summary: 'Une subvention par son code, avec les listes demandées (populate)',
    params: z.object({ code }), query: z.object({ populate: commaList(SUBVENTION_POPULATE).optional() }), response: subventionViewSchema,
  }),
  createSubvention: defineRoute({
    method: 'POST', gateway, path: '/subventions', access: SCHEME_WRITERS, scope: scope.none, successStatus: 201,
    errors: [...subventionWriteErrors],
    summary: 'Nouvelle subvention (campagne) avec ses sous-dispositifs, services instructeurs, champs et documents attendus',
    body: subventionBodySchema, response: subventionViewSchema,
  }),
  updateSubvention: defineRoute({
    method: 'PUT', gateway, path: '/subventions/:id', access: SCHEME_WRITERS, scope: scope.none,
    errors: ['SUBVENTION_NOT_FOUND', 'SOUS_DISPOSITIF_IN_USE', ...subventionWriteErrors],
    summary:
      "Remplacement d'une subvention et de ses liens : sous-dispositifs ajoutés (par identifiant ou libellé), dates changées, retirés (refusé pour un sous-dispositif dont relèvent des dossiers de la campagne)",
    params: z.object({ id: idSchema }), body: subventionBodySchema, response: subventionViewSchema,
  }),
  deleteSubvention: defineRoute({
    method: 'DELETE', gateway, path: '/subventions/:id', access: SCHEME_WRITERS, scope: scope.none,
    errors: ['SUBVENTION_NOT_FOUND', 'SUBVENTION_IN_USE'],
    summary: "Suppression d'une subvention ; refusée tant que des dossiers l'utilisent",
    params: z.object({ id: idSchema }), response: z.object({ message: z.string() }),
  }),
  duplicateSubvention: defineRoute({
    method: 'POST', gateway, path: '/subventions/:id/duplicate', access: SCHEME_WRITERS, scope: scope.none, successStatus: 201,
    errors: ['SUBVENTION_NOT_FOUND', 'SUBVENTION_CODE_TAKEN'],
    summary: 'Campagne suivante (exercice + 1, inactive) avec les mêmes liens',
    params: z.object({ id: idSchema }), response: subventionViewSchema,
  }),
  previewConditions: defineRoute({
    method: 'POST', gateway, path: '/subventions/:id/conditions/apercu', access: SCHEME_WRITERS, scope: scope.none,
    errors: ['SUBVENTION_NOT_FOUND'],
    summary:
      "Aperçu de conditions (asks) sur les dossiers de la campagne : combien l'élément attendu concernerait, et les premiers dossiers pour qui lit tous les dossiers (rds.admin) ; rien n'est enregistré",
    params: z.object({ id: idSchema }), body: conditionPreviewBodySchema, response: conditionPreviewSchema,
  }),
  listDispositifs: defineRoute({
    method: 'GET', gateway, path: '/dispositifs', access: SCHEME_READERS, scope: scope.none,
    summary: 'Dispositifs, champs choisis (fields) et sous-dispositifs (populate)',
    query: z.object({ fields: commaList(DISPOSITIF_FIELDS).optional(), populate: commaList(['sous_dispositifs']).optional() }),
    response: z.array(dispositifViewSchema),
  }),
  listChampsAttendus: champs.list,
  createChampAttendu: champs.create,
  updateChampAttendu: champs.update,
  listDocumentsAttendus: documents.list,
  createDocumentAttendu: documents.create,
  updateDocumentAttendu: documents.update,
};
