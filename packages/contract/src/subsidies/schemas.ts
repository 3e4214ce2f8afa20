// Subsidy entities as the API returns them (docs/domain.md « Dossiers de subvention »), in the
// specification's shapes: a dossier's identifiant, description, instructions, demandeur, projets,
// documents, attestation, createdBy and instructeurs; a project; a subvention and its expected items.
import { z } from 'zod';
import { freeJson } from '../input-checks.ts';
import { DOSSIER_LIMITS, MAX_AMOUNT } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { DOSSIER_STATES } from '../machines/dossier-instruction.ts';
import { asksSchema } from './asks.ts';
import { subsidyBudgetSchema } from './budget.ts';

export const DOSSIER_STEPS = [0, 1, 2, 3, 4] as const;
export const DOSSIER_STATUTS = ['incomplet', 'complet'] as const;
export const PROJET_PERIODES = ['Annuel', 'Pluriannuel'] as const;
export const NIVEAUX_TERRITORIAUX = ['national', 'regional', 'departemental'] as const;
export const SERVICE_PROFILS = ['Administrateur local', 'Administrateur national'] as const;
export const EXPECTED_PARTS = ['dossier', 'projet', 'crf'] as const;
export const CREATED_BY_TYPES = ['association', 'service'] as const;
export const DISPOSITIF_CODES = ['CNDS', 'FDVA', 'FEDE', '2h-sport-college'] as const;

const uuid = z.uuid();
const isoDate = z.iso.date();
const year = z.number().int().min(2000).max(2100);
/** A bounded free text (DOSSIER_LIMITS): refused in French beyond `max` characters. */
const text = (label: string, max: number) => z.string().max(max, MESSAGES.maxLength(label, max));
export const customValueSchema = z.object({ code: text('code', DOSSIER_LIMITS.code), value: freeJson('valeur') });

export const indicateurSchema = z.object({
  rang: z.number().int().min(1),
  intitule: text("intitulé de l'indicateur", DOSSIER_LIMITS.label).nullable(),
  prevu_min: z.number().nullable(),
  prevu_max: z.number().nullable(),
});
export const beneficiaireSchema = z.object({
  id_statut: text('statut', DOSSIER_LIMITS.code).nullable(),
  lib_statut: text('statut', DOSSIER_LIMITS.label).nullable(),
  id_tranche_age: text("tranche d'âge", DOSSIER_LIMITS.code).nullable(),
  lib_tranche_age: text("tranche d'âge", DOSSIER_LIMITS.label).nullable(),
  id_genre: text('genre', DOSSIER_LIMITS.code).nullable(),
  lib_genre: text('genre', DOSSIER_LIMITS.label).nullable(),
  nombre: z.number().int().min(0).nullable(),
});
/** A name a line must carry (a territory, a funder): trimmed, required, bounded, messages naming it. */
const requiredLabel = (label: string) =>
  z
    .string({ error: MESSAGES.pleaseFill(label) })
    .trim()
    .min(1, MESSAGES.pleaseFill(label))
    .max(DOSSIER_LIMITS.label, MESSAGES.maxLength(label, DOSSIER_LIMITS.label));

/**
 * A territory where the project takes place (`territoires.territoires`): its name, required. `n`:
 * the line's number in the list, named in the messages (the editor's summary lists every line);
 * the API's schema names the line by its path.
 */
export const territoireLineSchema = (n?: number) => {
  const label = n === undefined ? 'territoire' : `territoire ${n}`;
  return z.object(
    {
      libelle: requiredLabel(label),
    },
    { error: MESSAGES.badFormat(label) },
  );
};
export const territoireSchema = territoireLineSchema();
export type Territoire = z.infer<typeof territoireSchema>;

/**
 * Another funder asked for the project (Cerfa 12156 « cofinancements »): its name, required, and
 * the amount asked of it (euros, optional). `n` as for a territory.
 */
export const cofinancementLineSchema = (n?: number) => {
  const label = n === undefined ? 'cofinanceur' : `cofinanceur ${n}`;
  const amount = `montant sollicité du ${label}`;
  return z.object(
    {
      financeur: requiredLabel(label),
      montant: z
        .number({ error: MESSAGES.badFormat(amount) })
        .min(0, MESSAGES.badFormat(amount))
        .max(MAX_AMOUNT, MESSAGES.badFormat(amount))
        .multipleOf(0.01, MESSAGES.badFormat(amount))
        .nullable()
        .default(null),
    },
    { error: MESSAGES.badFormat(label) },
  );
};
export const cofinancementSchema = cofinancementLineSchema();
export type Cofinancement = z.infer<typeof cofinancementSchema>;

export const financementSchema = z.object({
  annee: year,
  id_service_instructeur: uuid,
  montant_demande: z.number().min(0).nullable(),
  montant_propose: z.number().min(0).nullable(),
  montant_accorde: z.number().min(0).nullable(),
});

export const projetSchema = z.object({
  id: uuid,
  description: z.object({
    intitule: z.string().nullable(),
    recurrence: z.string().nullable(),
    periode: z.enum(PROJET_PERIODES),
    date_debut: isoDate.nullable(),
    date_fin: isoDate.nullable(),
    objectifs: z.string().nullable(),
    description: z.string().nullable(),
    exercice: year,
    exercice_fin: year,
    id_responsable: uuid.nullable(),
    rang_dossier: z.number().int().min(1),
    numero_projet: z.string().nullable(),
    demandeur_id_siret: z.string().nullable(),
  }),
  territoires: z.object({ commentaire: z.string().nullable().optional(), territoires: z.array(z.unknown()).default([]) }),
  beneficiaire: z.array(beneficiaireSchema),
  moyens: z.object({
    commentaire: z.string().nullable().optional(),
    recrutement_specifique: z.boolean().nullable().optional(),
    recrutement_nb_etpt: z.number().min(0).nullable().optional(),
  }),
  evaluation: z.object({ indicateurs: z.array(indicateurSchema).default([]), commentaire: z.string().nullable().optional() }),
  financements: z.array(financementSchema),
  cofinancements: z.array(z.unknown()),
  budgets: z.array(subsidyBudgetSchema),
  customs: z.array(customValueSchema),
  need_validation: z.boolean(),
});
export type Projet = z.infer<typeof projetSchema>;

export const instructionSchema = z.object({
  etat: z.enum(DOSSIER_STATES),
  id_service_instructeur: uuid,
  /** What the service granted: the sum of its financing lines of the dossier's projects, absent until one is granted (answered only). */
  montant_accorde: z.number().min(0).nullable().optional(),
  /**
   * The comment of the instruction's last change by its service, when it gave one (answered only):
   * sent back (C), what to correct; refused or rejected (11, 12), the reason.
   */
  commentaire: z.string().optional(),
});
export const instructeurSchema = z.object({
  service: z.object({ id: uuid, nom: z.string(), type: z.string().nullable() }),
  isReferent: z.boolean(),
});
export const dossierDocumentSchema = z.object({ uuid, code: z.string(), nom: z.string().optional(), id_type: z.string().optional() });
export const attestationSchema = z.object({
  /** The signatory certifies the information (step 4). */
  certifie: z.boolean(),
  date: z.iso.datetime().nullable().optional(),
  lieu: z.string().nullable().optional(),
}).loose();

export const dossierSchema = z.object({
  id: uuid,
  identifiant: z.object({ id_fo: z.string().regex(/^\d{4}-\d{6}$/), step: z.number().int().min(0).max(4) }),
  description: z.object({
    service: z.literal('subvention'),
    statut: z.enum(DOSSIER_STATUTS),
    exercice: year,
    exercice_fin: year.nullable(),
    code_subvention: z.string(),
    id_type_dispositif: z.string(),
    id_sous_type_dispositif: z.string().nullable(),
    renouvellement: z.boolean().nullable(),
    pluriannuel: z.boolean().nullable(),
    couplage_tca: z.boolean(),
    customs: z.array(customValueSchema),
    donnees: z.record(z.string(), z.unknown()).default({}),
    budget: z.array(subsidyBudgetSchema).default([]),
  }),
  instructions: z.array(instructionSchema),
  demandeur: z.object({
    id_siret: z.string().nullable(),
    nom: z.string().nullable(),
    enseigne: z.string().nullable(),
    id_representant_legal: uuid.nullable(),
    id_signataire: uuid.nullable(),
    id_responsable: uuid.nullable(),
    id_rib: uuid.nullable(),
  }),
  projets: z.array(projetSchema),
  documents: z.array(dossierDocumentSchema),
  attestation: attestationSchema.nullable(),
  createdBy: z.object({ id: uuid.nullable(), type: z.enum(CREATED_BY_TYPES) }),
  instructeurs: z.array(instructeurSchema),
  mode: z.enum(['edit', 'read']).default('edit'),
});
export type Dossier = z.infer<typeof dossierSchema>;

export const expectedFieldSchema = z.object({
  code: z.string(),
  label: z.string(),
  labelCode: z.string().nullable(),
  type: z.string(),
  part: z.enum(EXPECTED_PARTS),
  enabled: z.boolean(),
  isDefault: z.boolean(),
  obligatoire: z.boolean(),
  meta: z.record(z.string(), z.unknown()),
  asks: asksSchema,
});
export const expectedDocumentSchema = expectedFieldSchema.omit({ type: true }).extend({ nature: z.string() });

export const dispositifSchema = z.object({
  id: uuid,
  code: z.string(),
  label: z.string(),
  duree_pluriannuelle: z.union([z.literal(1), z.literal(2)]).nullable(),
});
export const subventionSchema = z.object({
  id: uuid,
  code: z.string(),
  label: z.string(),
  active: z.boolean(),
  dispositif: dispositifSchema.pick({ code: true, label: true, duree_pluriannuelle: true }),
  sous_dispositifs: z.array(z.object({ id: uuid, label: z.string(), date_debut: isoDate.nullable(), date_fin: isoDate.nullable() })),
  campagne_exercice: year,
  type_projet: z.string().nullable(),
  champs_attendus: z.array(expectedFieldSchema),
  documents_attendus: z.array(expectedDocumentSchema),
  instructeurs: z.array(instructeurSchema),
});
export type Subvention = z.infer<typeof subventionSchema>;

export const serviceInstructeurSchema = z.object({
  id: uuid,
  nom: z.string(),
  /** Contact address: dossier mails go to it (to the service's login when null); set only once proven. */
  email: z.string().nullable(),
  /** A new contact address waiting for the link mailed to it (null: none). */
  pending_email: z.string().nullable(),
  siren: z.string().nullable(),
  /** Its SIRET (the attributing body of the open data of granted subsidies). */
  siret: z.string().nullable(),
  adresse: z.record(z.string(), z.unknown()).nullable(),
  telephone: z.string().nullable(),
  site_internet: z.string().nullable(),
  type: z.string().nullable(),
  federation_sportive: z.string().nullable(),
  niveau_territorial: z.enum(NIVEAUX_TERRITORIAUX).nullable(),
  zone_territoriale: z.string().nullable(),
  code_territoire: z.string().nullable(),
  profil: z.enum(SERVICE_PROFILS).nullable(),
  dispositifs: z.array(z.string()),
  parent: uuid.nullable(),
  types_agrement: z.array(z.string()),
  bo: z.record(z.string(), z.unknown()),
  authId: uuid,
});
export type ServiceInstructeur = z.infer<typeof serviceInstructeurSchema>;
