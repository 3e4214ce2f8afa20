// The SIRET request (demande de numéro SIRET, docs/domain.md « Demande de numéro SIRET »): an
// association without a SIRET asks INSEE for one through the portal. Its parts (spec §3), the
// address record with every rule of §5 and its message, and what the association writes.
import { z } from 'zod';
import { idSchema } from '../fields.ts';
import { siretSchema } from '../identifiers.ts';
import { SIRET_REQUEST_STATES } from '../machines/demande-siret.ts';
import { MESSAGES } from '../messages.ts';

/** Documents a request needs before transmission (spec §9): récépissé, statuts, liste des dirigeants. */
export const SIRET_DOCUMENT_TYPES = ['REC', 'STC', 'LDC'] as const;
export type SiretDocumentType = (typeof SIRET_DOCUMENT_TYPES)[number];
export const SIRET_DOCUMENT_LABELS: Record<SiretDocumentType, string> = {
  REC: 'Récépissé de déclaration en préfecture',
  STC: 'Statuts',
  LDC: 'Liste des dirigeants',
};

/** Country of the management address when none is given (spec §9). */
export const SIRET_DEFAULT_COUNTRY = 'FRANCE';

/** The address record's bounds (spec §5 « Address (demande siret) »). */
export const SIRET_ADDRESS_LIMITS = {
  code_insee: { min: 2, max: 5 },
  pays: 38,
  num_voie: 9,
  repet_voie: 1,
  type_voie: 4,
  voie: 32,
  cplt_1: 38,
  bp: 9,
  cp: 9,
  commune: 32,
  cedex: 32,
} as const;

/** The other bounds of a request: those of the pre-fill (spec §5) and ours for the free texts. */
export const SIRET_REQUEST_LIMITS = {
  nom: 120,
  sigle: 20,
  /** An acronym over `sigle` is cut to this many characters and '...' (spec §5). */
  sigleCut: 17,
  objet: 260,
  code: 20,
  libelle: 200,
  motif: 2000,
  documents: 20,
  /** The pre-fill's cuts of the file's address (spec §5), tighter than the form's bounds. */
  prefill: { cplt_1: 35, voie: 30, bp: 7 },
  listDefault: 50,
  listMax: 200,
} as const;

/** French labels of the address fields, in the messages of §5. */
export const SIRET_ADDRESS_LABELS = {
  code_insee: 'code INSEE',
  pays: 'pays',
  num_voie: 'numéro de voie',
  repet_voie: 'indice de répétition',
  type_voie: 'type de voie',
  voie: 'libellé de la voie',
  cplt_1: "complément d'adresse",
  bp: 'boîte postale',
  cp: 'code postal',
  commune: 'commune',
  cedex: 'cedex',
} as const;
const A = SIRET_ADDRESS_LIMITS;
const LBL = SIRET_ADDRESS_LABELS;

/** An optional text: absent, null or blank is null; otherwise at most `max` characters. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: MESSAGES.badFormat(label) })
    .trim()
    .max(max, MESSAGES.maxLength(label, max))
    .nullish()
    .transform((value) => (value ? value : null));
/** A required text, at most `max` characters. */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: MESSAGES.required(label) })
    .trim()
    .min(1, MESSAGES.required(label))
    .max(max, MESSAGES.maxLength(label, max));

/** The address record of a request (spec §5), each rule with its message. */
export const siretAddressSchema = z.object({
  code_insee: z
    .string({ error: MESSAGES.required(LBL.code_insee) })
    .trim()
    .min(1, MESSAGES.required(LBL.code_insee))
    .check((ctx) => {
      // One message per rule broken, the required one alone for an empty field.
      const value = ctx.value;
      if (value.length === 0) return;
      if (value.length < A.code_insee.min) ctx.issues.push({ code: 'custom', message: MESSAGES.minLength(LBL.code_insee, A.code_insee.min), input: value });
      else if (value.length > A.code_insee.max) ctx.issues.push({ code: 'custom', message: MESSAGES.maxLength(LBL.code_insee, A.code_insee.max), input: value });
      else if (!/^[0-9A-Za-z]+$/.test(value)) ctx.issues.push({ code: 'custom', message: MESSAGES.badFormat(LBL.code_insee), input: value });
    }),
  pays: optionalText(LBL.pays, A.pays),
  num_voie: optionalText(LBL.num_voie, A.num_voie),
  repet_voie: z
    .string({ error: MESSAGES.badFormat(LBL.repet_voie) })
    .trim()
    .refine((value) => value.length === 0 || value.length === A.repet_voie, MESSAGES.exactLength(LBL.repet_voie, A.repet_voie))
    .nullish()
    .transform((value) => (value ? value : null)),
  type_voie: optionalText(LBL.type_voie, A.type_voie),
  voie: optionalText(LBL.voie, A.voie),
  cplt_1: optionalText(LBL.cplt_1, A.cplt_1),
  bp: optionalText(LBL.bp, A.bp),
  cp: requiredText(LBL.cp, A.cp),
  commune: requiredText(LBL.commune, A.commune),
  cedex: optionalText(LBL.cedex, A.cedex),
});
export type SiretAddressInput = z.input<typeof siretAddressSchema>;
export type SiretAddress = z.output<typeof siretAddressSchema>;
/** The management address: the same record, FRANCE when no country is given (spec §9). */
export const siretManagementAddressSchema = siretAddressSchema.transform((address) => ({ ...address, pays: address.pays ?? SIRET_DEFAULT_COUNTRY }));

/** An address as a request holds it (a pre-filled one may still lack what the form requires). */
export const storedSiretAddressSchema = z.object(
  Object.fromEntries(Object.keys(SIRET_ADDRESS_LIMITS).map((key) => [key, z.string().nullable()])) as Record<keyof typeof SIRET_ADDRESS_LIMITS, z.ZodNullable<z.ZodString>>,
);
export type StoredSiretAddress = z.infer<typeof storedSiretAddressSchema>;

export const siretIdentiteSchema = z.object({
  id_rna: z.string().nullable(),
  id_correspondance: idSchema,
  nom: z.string(),
  sigle: z.string().nullable(),
  /** YYYY-MM-DD. */
  dateCreation: z.string().nullable(),
  id_forme_juridique: z.string().nullable(),
});
export const siretActivitesSchema = z.object({
  id_objet_social1: z.string().nullable(),
  lib_objet_social1: z.string().nullable(),
  id_famille1: z.string().nullable(),
  objet: z.string().nullable(),
});
export const siretInfoSiegeSchema = z.object({
  /** The head office is hosted by a company (domiciliation). */
  domicile_entreprise: z.boolean(),
  /** The head office is, for now, the home of the legal representative. */
  domicile_provisoire_rl: z.boolean(),
});
export const siretRequestDocumentSchema = z.object({ type: z.enum(SIRET_DOCUMENT_TYPES), uuid: idSchema, nom: z.string().nullable() });

/** `n-n`: the year of creation and the request's number (spec §3). */
export const SIRET_REQUEST_NUMBER_PATTERN = /^\d+-\d+$/;

export const siretRequestSchema = z.object({
  id: idSchema,
  identifiant: z.object({ step: z.number().int(), id_fo_fonctionnel: z.string().regex(SIRET_REQUEST_NUMBER_PATTERN) }),
  attestation: z.boolean(),
  identite: siretIdentiteSchema,
  activites: siretActivitesSchema,
  coordonnees: z.object({
    info_siege: siretInfoSiegeSchema,
    adresse_gestion: storedSiretAddressSchema.nullable(),
    adresse_siege: storedSiretAddressSchema.nullable(),
  }),
  documents: z.array(siretRequestDocumentSchema),
  description: z.object({
    code_etat: z.enum(SIRET_REQUEST_STATES),
    libelle_etat: z.string(),
    /** Written when granted (ACC). */
    siret_attribue: z.string().nullable(),
    /** The reason of the last invalidation, rejection or refusal, while the request is in that state. */
    motif: z.string().nullable(),
  }),
  createdBy: z.object({ id: idSchema, identifiant: z.string().nullable() }),
  /** `edit` while the caller may change it (its creator or lca.admin, in ECS or INV), `read` otherwise (spec §4). */
  mode: z.enum(['edit', 'read']),
  options: z.object({ events: z.array(z.string()), actions: z.array(z.string()) }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SiretRequest = z.infer<typeof siretRequestSchema>;

/**
 * What the association writes (creation and `PUT`): every part optional, the rest kept; the parts
 * the server owns (description, createdBy, mode, options) are ignored when sent back.
 */
export const siretRequestInputSchema = z.object({
  identifiant: z.object({ step: z.number({ error: MESSAGES.badFormat('étape') }).int(MESSAGES.badFormat('étape')).min(0, MESSAGES.badFormat('étape')).max(10, MESSAGES.badFormat('étape')) }).partial().optional(),
  attestation: z.boolean({ error: MESSAGES.badFormat('attestation') }).optional(),
  identite: z
    .object({
      nom: requiredText('nom', SIRET_REQUEST_LIMITS.nom),
      sigle: optionalText('sigle', SIRET_REQUEST_LIMITS.sigle),
      dateCreation: z.iso.date(MESSAGES.badFormat('date de création')).nullish().transform((value) => value ?? null),
      id_forme_juridique: optionalText('forme juridique', SIRET_REQUEST_LIMITS.code),
    })
    .partial()
    .optional(),
  activites: z
    .object({
      id_objet_social1: optionalText('objet social', SIRET_REQUEST_LIMITS.code),
      lib_objet_social1: optionalText("libellé de l'objet social", SIRET_REQUEST_LIMITS.libelle),
      id_famille1: optionalText("famille d'activité", SIRET_REQUEST_LIMITS.code),
      objet: optionalText('objet', SIRET_REQUEST_LIMITS.objet),
    })
    .partial()
    .optional(),
  coordonnees: z
    .object({
      info_siege: z.object({ domicile_entreprise: z.boolean(), domicile_provisoire_rl: z.boolean() }).partial().optional(),
      adresse_gestion: siretManagementAddressSchema.nullable().optional(),
      adresse_siege: siretAddressSchema.nullable().optional(),
    })
    .optional(),
  /** Replaces the list: documents of the association's file, one per type at most. */
  documents: z
    .array(z.object({ type: z.enum(SIRET_DOCUMENT_TYPES, { error: MESSAGES.badFormat('type de document') }), uuid: idSchema }))
    .max(SIRET_REQUEST_LIMITS.documents, MESSAGES.maxItems('documents', SIRET_REQUEST_LIMITS.documents))
    .optional(),
});
export type SiretRequestInput = z.input<typeof siretRequestInputSchema>;
export type SiretRequestChanges = z.output<typeof siretRequestInputSchema>;

const motif = (label: string) =>
  z.string({ error: MESSAGES.required(label) }).trim().min(1, MESSAGES.required(label)).max(SIRET_REQUEST_LIMITS.motif, MESSAGES.maxLength(label, SIRET_REQUEST_LIMITS.motif));
const note = z.string({ error: MESSAGES.badFormat('commentaire') }).trim().max(SIRET_REQUEST_LIMITS.motif, MESSAGES.maxLength('commentaire', SIRET_REQUEST_LIMITS.motif)).optional();

/** The LCA administrators' processing (machine demande_siret): granting names the SIRET, the refusals their reason. */
export const siretRequestEventSchema = z.discriminatedUnion(
  'event',
  [
    z.object({ event: z.literal('traiter'), comment: note }),
    z.object({ event: z.literal('generer_regent'), comment: note }),
    z.object({ event: z.literal('reinitialiser'), comment: note }),
    z.object({ event: z.literal('invalider'), comment: motif("motif de l'invalidation") }),
    z.object({ event: z.literal('rejeter'), comment: motif('motif du rejet') }),
    z.object({ event: z.literal('refuser'), comment: motif('motif du refus') }),
    z.object({
      event: z.literal('accorder'),
      /** Checked by the SIRET rule of the contract (14 digits, Luhn checksum). */
      siret: siretSchema,
      comment: note,
    }),
  ],
  { error: () => MESSAGES.badFormat('événement') },
);
export type SiretRequestEvent = z.infer<typeof siretRequestEventSchema>;
