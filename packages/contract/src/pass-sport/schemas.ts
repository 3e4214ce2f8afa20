// Pass'Sport (docs/domain.md « Pass'Sport »): the beneficiaries' codes (spec §5), the structure's
// dossier with its inscriptions (spec §3), exercises and beneficiaries as the API answers them.
import { z } from 'zod';
import { isoDateSchema } from '../association-rules.ts';
import { idSchema } from '../fields.ts';
import { sirenSchema, siretSchema } from '../identifiers.ts';
import { PASS_SPORT_STATES } from '../machines/pass-sport.ts';
import { MESSAGES } from '../messages.ts';
import { PASS_SPORT_MESSAGES as M } from './messages.ts';

/** YY-XXXX-XXXX: the exercise's two digits, then twice four letters A-Z without I and O (spec §5). */
export const PASS_SPORT_CODE_PATTERN = /^[0-9]{2}-[A-HJ-NP-Z]{4}-[A-HJ-NP-Z]{4}$/;
/** The letters a code may hold. */
export const PASS_SPORT_CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A code as typed (spaces trimmed, lower case accepted), checked against the pattern. */
export const codePspSchema = z
  .string({ error: M.invalidCode })
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(PASS_SPORT_CODE_PATTERN, M.invalidCode));

/** The exercise id (YY) a code begins with. */
export const exerciceIdOfCode = (code: string): number => Number(code.slice(0, 2));

/** The bounds of Pass'Sport's inputs. */
export const PASS_SPORT_LIMITS = {
  nom: 200,
  sharedWith: 20,
  federations: 20,
  nomFederation: 200,
  beneficiairesDefault: 50,
  beneficiairesMax: 200,
} as const;

/** Inscription states: 1 inscrit, 8 supprimé (DELETE keeps the row, answered with this state). */
export const PASS_SPORT_INSCRIPTION_STATES = { '1': 'Inscrit', '8': 'Supprimé' } as const;
export type PassSportInscriptionState = keyof typeof PASS_SPORT_INSCRIPTION_STATES;

export const pspFederationSchema = z.object({
  siren: sirenSchema,
  nom: z.string().trim().min(1, MESSAGES.required('nom de la fédération')).max(PASS_SPORT_LIMITS.nomFederation, MESSAGES.maxLength('nom de la fédération', PASS_SPORT_LIMITS.nomFederation)),
});
export type PspFederation = z.infer<typeof pspFederationSchema>;

export const pspExerciceSchema = z.object({
  id: z.number().int(),
  id_exercice: z.number().int(),
  active: z.boolean(),
  date_debut: z.string(),
  date_fin: z.string(),
});
export type PspExercice = z.infer<typeof pspExerciceSchema>;

export const pspBeneficiaireSchema = z.object({
  id: z.string(),
  id_psp: z.string(),
  exercice_id: z.number().int(),
  prenom: z.string(),
  nom: z.string(),
  date_naissance: z.string().nullable(),
  adresse: z.object({ commune: z.string(), code_postal: z.string() }),
});
export type PspBeneficiaire = z.infer<typeof pspBeneficiaireSchema>;

export const pspInscriptionSchema = z.object({
  id: z.string(),
  exercice_id: z.number().int(),
  federation: z.object({ siren: z.string().nullable(), nom: z.string().nullable() }),
  id_etat: z.enum(['1', '8']),
  libelle_etat: z.string(),
  beneficiaire: pspBeneficiaireSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type PspInscription = z.infer<typeof pspInscriptionSchema>;

export const pspDossierSchema = z.object({
  id: z.string(),
  numero: z.number().int(),
  id_etat: z.enum(PASS_SPORT_STATES),
  libelle_etat: z.string(),
  structure: z.object({ id_siret: z.string(), nom: z.string(), id_rib: z.string().nullable() }),
  shared_with: z.array(z.string()),
  federations: z.array(pspFederationSchema),
  created_by: z.object({ id: z.string(), prenom: z.string().nullable(), nom: z.string().nullable() }).nullable(),
  inscriptions: z.array(pspInscriptionSchema),
  exercices: z.array(pspExerciceSchema),
  /** What the caller may do: the machine's events and whether the inscriptions may change (action « modifier »). */
  options: z.object({ events: z.array(z.string()), modifier: z.boolean() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PspDossier = z.infer<typeof pspDossierSchema>;

export const pspDossierInputSchema = z.object({
  structure: z.object({
    id_siret: siretSchema,
    nom: z.string().trim().min(1, MESSAGES.required('nom de la structure')).max(PASS_SPORT_LIMITS.nom, MESSAGES.maxLength('nom de la structure', PASS_SPORT_LIMITS.nom)),
    id_rib: idSchema.nullable().optional(),
  }),
  shared_with: z.array(idSchema).max(PASS_SPORT_LIMITS.sharedWith).optional(),
});
export type PspDossierInput = z.infer<typeof pspDossierInputSchema>;

export const pspDossierUpdateSchema = z.object({
  structure: z
    .object({
      nom: z.string().trim().min(1, MESSAGES.required('nom de la structure')).max(PASS_SPORT_LIMITS.nom, MESSAGES.maxLength('nom de la structure', PASS_SPORT_LIMITS.nom)).optional(),
      id_rib: idSchema.nullable().optional(),
    })
    .optional(),
  shared_with: z.array(idSchema).max(PASS_SPORT_LIMITS.sharedWith).optional(),
  federations: z.array(pspFederationSchema).max(PASS_SPORT_LIMITS.federations).optional(),
});
export type PspDossierUpdate = z.infer<typeof pspDossierUpdateSchema>;

export const pspInscriptionInputSchema = z.object({
  code_psp: codePspSchema,
  federation_siren: sirenSchema.nullable().optional(),
});
export type PspInscriptionInput = z.infer<typeof pspInscriptionInputSchema>;

export const pspInscriptionPatchSchema = z.object({ federation_siren: sirenSchema.nullable() });

/** The type, among the association's documents, of an affiliation certificate (referential types-documents). */
export const PSP_CERTIFICATE_DOCUMENT_TYPE = 'AFFIL';

/** An affiliation certificate of the association: its federation, its exercise, its document. */
export const pspCertificateSchema = z.object({
  id: z.string(),
  siren_federation: z.string(),
  nom_federation: z.string(),
  exercice_id: z.number().int(),
  document_id: z.string().nullable(),
  created_at: z.string(),
});
export type PspCertificate = z.infer<typeof pspCertificateSchema>;

/** What GET /dossiers/{idSiret}/association answers: the structure and whether Pass'Sport is open to it. */
export const pspStructureSchema = z.object({
  id_siret: z.string(),
  id_siren: z.string().nullable(),
  id_correspondance: z.string(),
  nom: z.string(),
  /** Affiliated to an approved sports federation (referential federations-sportives) or holding a valid Sport approval. */
  eligible: z.boolean(),
  /** The federations of the referential it is affiliated to, and its Sport approvals. */
  affiliations_reconnues: z.array(z.string()),
  agrements_eligibles: z.array(z.string()),
  /** Its affiliation certificates, one per federation and exercise. */
  attestations: z.array(pspCertificateSchema),
  /** The federations the association declares in its file (its networks), for which it may file a certificate. */
  federations_declarees: z.array(z.object({ nom: z.string(), siren: z.string().nullable() })),
  ribs: z.array(z.object({ id: z.string(), iban: z.string(), titulaire: z.string().nullable() })),
  /** Members of the association a dossier may be shared with. */
  membres: z.array(z.object({ id: z.string(), prenom: z.string().nullable(), nom: z.string().nullable() })),
});
export type PspStructure = z.infer<typeof pspStructureSchema>;

export const pspEventSchema = z.object({
  event: z.string().trim().min(1).max(50),
  comment: z.string().trim().max(2000, MESSAGES.maxLength('commentaire', 2000)).optional(),
});
export type PspEvent = z.infer<typeof pspEventSchema>;

/** A new exercise (administration): its year gives its id (YY), its dates bound the registrations. */
export const pspExerciceInputSchema = z.object({
  annee: z.number({ error: MESSAGES.badFormat('année') }).int(MESSAGES.badFormat('année')).min(2000, MESSAGES.badFormat('année')).max(2099, MESSAGES.badFormat('année')),
  date_debut: isoDateSchema("date d'ouverture"),
  date_fin: isoDateSchema('date de clôture'),
  active: z.boolean().default(false),
});
export type PspExerciceInput = z.output<typeof pspExerciceInputSchema>;

/** Opening or closing an exercise, or moving its dates. */
export const pspExercicePatchSchema = z.object({
  active: z.boolean().optional(),
  date_debut: isoDateSchema("date d'ouverture").optional(),
  date_fin: isoDateSchema('date de clôture').optional(),
});
export type PspExercicePatch = z.output<typeof pspExercicePatchSchema>;

/** A dossier as the administration lists them: its structure, association, standing inscriptions and the events the caller may fire. */
export const pspAdminDossierSchema = z.object({
  id: z.string(),
  numero: z.number().int(),
  id_etat: z.enum(PASS_SPORT_STATES),
  libelle_etat: z.string(),
  structure: z.object({ id_siret: z.string(), nom: z.string() }),
  association: z.object({ id: z.string(), nom: z.string() }),
  inscriptions: z.number().int(),
  options: z.object({ events: z.array(z.string()) }),
  updated_at: z.string(),
});
export type PspAdminDossier = z.infer<typeof pspAdminDossierSchema>;

/** An affiliation certificate as the administration lists them. */
export const pspAffiliationSchema = z.object({
  id: z.string(),
  association: z.object({ id: z.string(), nom: z.string(), id_siren: z.string().nullable() }),
  siren_federation: z.string(),
  nom_federation: z.string(),
  exercice_id: z.number().int(),
  document_id: z.string().nullable(),
  created_at: z.string(),
});
export type PspAffiliation = z.infer<typeof pspAffiliationSchema>;

export const pspStateLabelOf = (state: string) => (PASS_SPORT_INSCRIPTION_STATES as Record<string, string>)[state] ?? state;

/** A beneficiary's name as the list filters it: lower case, without accents (column nom_recherche). */
export const pspNameKey = (nom: string): string =>
  nom.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();
