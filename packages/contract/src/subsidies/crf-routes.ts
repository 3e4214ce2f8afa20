// lca-server: the financial reports (compte rendu financier, Cerfa 15059) of a granted subsidy
// dossier, one per exercise (docs/domain.md « Comptes rendus financiers »). Every route but the
// reminder list acts on one dossier (scope `dossier`): the association's members fill and transmit
// the report (machine `crf`), the dossier's instructing services read it, receive it or send it back.
import { z } from 'zod';
import { idSchema } from '../fields.ts';
import { defineRoute } from '../http.ts';
import { DOSSIER_LIMITS as L, MAX_AMOUNT } from '../limits.ts';
import { CRF_STATES } from '../machines/crf.ts';
import { MESSAGES } from '../messages.ts';
import { ROLE_SETS } from '../roles.ts';
import { scope } from '../scope.ts';
import { budgetChargesSchema, budgetContributionsSchema, budgetProduitsSchema } from './budget.ts';
import { dossierRefSchema } from './dossier-routes.ts';
import { attestationSchema, beneficiaireSchema, CREATED_BY_TYPES, customValueSchema } from './schemas.ts';

export { CRF_MESSAGES } from './crf-messages.ts';

const gateway = 'lca-server' as const;

/** Documents of a financial report (spec §5): the annual accounts, the activity report, the power of attorney; any other code is optional. */
export const CRF_DOCUMENT_CODES = { comptesAnnuels: 'comptes_annuels', rapportActivite: 'rapport_activite', pouvoir: 'pouvoir' } as const;
/** The annual accounts a report takes are those of the previous year (the default) or the one before (spec §9). */
export const crfAccountsYears = (currentYear: number): [number, number] => [currentYear - 1, currentYear - 2];
/** Outcome of `POST …/crf`: the report of the exercise existed (FETCHED) or was created from the dossier's data (CLONED). */
export const CRF_OUTCOMES = ['CLONED', 'FETCHED'] as const;
export type CrfOutcome = (typeof CRF_OUTCOMES)[number];


const text = (label: string, max: number) => z.string({ error: MESSAGES.badFormat(label) }).max(max, MESSAGES.maxLength(label, max));
const year = z.number({ error: MESSAGES.badFormat('année') }).int(MESSAGES.badFormat('année')).min(2000, MESSAGES.badFormat('année')).max(2100, MESSAGES.badFormat('année'));
const amount = (label: string) =>
  z.number({ error: MESSAGES.badFormat(label) }).min(0, MESSAGES.badFormat(label)).max(MAX_AMOUNT, MESSAGES.badFormat(label)).multipleOf(0.01, MESSAGES.badFormat(label));
const comment = (label: string) => text(label, L.comment).nullable().optional();

/** Planned (from the dossier, read only) or realised budget lines of the action, whole euros. */
const budgetLinesSchema = z.object({ charges: budgetChargesSchema, produits: budgetProduitsSchema, contributions: budgetContributionsSchema });
export type CrfBudgetLines = z.infer<typeof budgetLinesSchema>;
/** Realised against planned budget of the exercise (Cerfa 15059 tableau « prévision / réalisation »). */
export const crfBudgetSchema = z.object({
  /** Cloned from the budgets of the dossier's projects for the exercise; not written by the association. */
  prevu: budgetLinesSchema,
  realise: budgetLinesSchema,
  /** Why realised and planned differ. */
  commentaire_ecarts: z.string().nullable(),
});
/** The realised indicator of the evaluation (cloned from the project's planned indicators). */
export const crfIndicateurSchema = z.object({
  rang: z.number().int().min(1),
  intitule: text("intitulé de l'indicateur", L.label).nullable(),
  prevu_min: z.number().nullable(),
  prevu_max: z.number().nullable(),
  realise: z.number({ error: MESSAGES.badFormat('valeur réalisée') }).min(0, MESSAGES.badFormat('valeur réalisée')).nullable(),
});
const evaluationSchema = z.object({ indicateurs: z.array(crfIndicateurSchema).max(L.indicateursPerProjet, MESSAGES.maxItems('indicateurs', L.indicateursPerProjet)), commentaire: z.string().nullable() });
const moyensSchema = z.object({ commentaire: z.string().nullable(), recrutement_specifique: z.boolean().nullable(), recrutement_nb_etpt: z.number().min(0).nullable() });
/** Another funder of the action: what was asked (cloned) and what it gave. */
export const crfCofinancementSchema = z.object({
  financeur: z.string().trim().min(1, MESSAGES.pleaseFill('cofinanceur')).max(L.label, MESSAGES.maxLength('cofinanceur', L.label)),
  montant: amount('montant sollicité').nullable(),
  montant_obtenu: amount('montant obtenu').nullable(),
});
/** One financing line of a project for the exercise: granted by the service, realised by the association. */
export const crfFinancementSchema = z.object({
  projet: idSchema,
  annee: z.number().int(),
  id_service_instructeur: idSchema,
  montant_accorde: z.number().nullable(),
  montant_realise: z.number().nullable(),
});
export const crfDocumentSchema = z.object({ code: z.string(), uuid: idSchema, nom: z.string().optional(), annee_validite: z.number().int().nullable() });

/** The realised part of one project of the dossier. */
export const crfProjetSchema = z.object({
  id: idSchema,
  rang_dossier: z.number().int(),
  intitule: z.string().nullable(),
  isRealised: z.boolean().nullable(),
  isReported: z.boolean().nullable(),
  description: z.object({ montant_realise: z.number().nullable(), date_debut: z.string().nullable(), date_fin: z.string().nullable(), commentaire: z.string().nullable() }),
  moyens: moyensSchema,
  beneficiaire: z.array(beneficiaireSchema),
  evaluation: evaluationSchema,
  financements: z.array(crfFinancementSchema.omit({ projet: true })),
});
export type CrfProjet = z.infer<typeof crfProjetSchema>;

export const crfViewSchema = z.object({
  id: idSchema,
  identifiant: z.object({ id_dossier: idSchema, id_fo: z.string() }),
  exercice: z.number().int(),
  etat: z.enum(CRF_STATES),
  etat_libelle: z.string(),
  description: z.object({
    /** Sum of the lines granted for the exercise (read only). */
    montant_accorde: z.number(),
    /** The subsidy used, as the association declares it. */
    montant_realise: z.number().nullable(),
    commentaire: z.string().nullable(),
  }),
  moyens: moyensSchema,
  beneficiaire: z.array(beneficiaireSchema),
  evaluation: evaluationSchema,
  /** Every project's financing lines of the exercise (`projets[].financements` with their project). */
  financements: z.array(crfFinancementSchema),
  cofinancements: z.array(crfCofinancementSchema),
  budgetCrf: crfBudgetSchema,
  customs: z.array(customValueSchema),
  projets: z.array(crfProjetSchema),
  attestation: attestationSchema.nullable(),
  isRealised: z.boolean().nullable(),
  isReported: z.boolean().nullable(),
  demandeur: z.object({ id_representant_legal: idSchema.nullable(), id_signataire: idSchema.nullable() }),
  /** The service side reads them once the report was transmitted (states of CRF_DOCUMENT_STATES). */
  documents: z.array(crfDocumentSchema),
  /** Who saved it last: a member (their name) or a service (its name). */
  updatedBy: z.object({ id: idSchema, identifiant: z.string().nullable(), type: z.enum(CREATED_BY_TYPES) }).nullable(),
  /** The comment of the last sending back, while the report is in state 3. */
  commentaire: z.string().optional(),
  /** `edit` while the caller may change it (states 1, 2, 3, association side), `read` otherwise (spec §2). */
  mode: z.enum(['edit', 'read']),
  options: z.object({ events: z.array(z.string()), actions: z.array(z.string()) }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CrfView = z.infer<typeof crfViewSchema>;

const indicateurInput = crfIndicateurSchema.pick({ rang: true, realise: true });
const evaluationInput = z.object({
  indicateurs: z.array(indicateurInput).max(L.indicateursPerProjet, MESSAGES.maxItems('indicateurs', L.indicateursPerProjet)).optional(),
  commentaire: comment("commentaire de l'évaluation"),
});
const moyensInput = z.object({
  commentaire: comment('commentaire des moyens'),
  recrutement_specifique: z.boolean().nullable().optional(),
  recrutement_nb_etpt: z.number({ error: MESSAGES.badFormat('ETPT') }).min(0, MESSAGES.badFormat('ETPT')).max(10_000, MESSAGES.badFormat('ETPT')).nullable().optional(),
});
/** A public reached: named (as the dossier's publics are), the rest optional. */
const beneficiaireLine = beneficiaireSchema
  .partial()
  .refine((b) => typeof b.lib_statut === 'string' && b.lib_statut.trim() !== '', { message: MESSAGES.pleaseFill('public bénéficiaire'), path: ['lib_statut'] });
const beneficiaireInput = z.array(beneficiaireLine).max(L.beneficiairesPerProjet, MESSAGES.maxItems('bénéficiaires', L.beneficiairesPerProjet));
const budgetInput = z.object({ charges: budgetChargesSchema.optional(), produits: budgetProduitsSchema.optional(), contributions: budgetContributionsSchema.optional() });

/** What the association writes of the report (`PUT …/crf/{idCrf}`): every part optional, the rest kept. */
export const crfInputSchema = z.strictObject({
  description: z.object({ montant_realise: amount('montant réalisé').nullable().optional(), commentaire: comment('commentaire') }).optional(),
  moyens: moyensInput.optional(),
  beneficiaire: beneficiaireInput.optional(),
  evaluation: z.object({ commentaire: comment("commentaire de l'évaluation") }).optional(),
  cofinancements: z.array(crfCofinancementSchema).max(L.cofinancementsPerProjet, MESSAGES.maxItems('cofinancements', L.cofinancementsPerProjet)).optional(),
  budgetCrf: z.strictObject({ realise: budgetInput.optional(), commentaire_ecarts: comment('commentaire des écarts') }).optional(),
  customs: z.array(customValueSchema).max(L.customs, MESSAGES.maxItems('champs attendus', L.customs)).optional(),
  attestation: attestationSchema.nullable().optional(),
  isRealised: z.boolean().nullable().optional(),
  isReported: z.boolean().nullable().optional(),
  demandeur: z.object({ id_representant_legal: idSchema.nullable().optional(), id_signataire: idSchema.nullable().optional() }).optional(),
  /** Replaces the list; `annee_validite` for the annual accounts only (the previous year when absent). */
  documents: z
    .array(z.object({ code: z.string().trim().min(1).max(L.code), uuid: idSchema, annee_validite: year.nullable().optional() }))
    .max(50, MESSAGES.maxItems('documents', 50))
    .optional(),
});
export type CrfInput = z.infer<typeof crfInputSchema>;

/** What the association writes of one project's realised part (`PUT …/crf/{idCrf}/projects/{idProjet}`). */
export const crfProjetInputSchema = z.strictObject({
  isRealised: z.boolean().nullable().optional(),
  isReported: z.boolean().nullable().optional(),
  description: z
    .object({
      montant_realise: amount('montant réalisé').nullable().optional(),
      date_debut: z.iso.date(MESSAGES.badFormat('date de début')).nullable().optional(),
      date_fin: z.iso.date(MESSAGES.badFormat('date de fin')).nullable().optional(),
      commentaire: comment('commentaire'),
    })
    .optional(),
  moyens: moyensInput.optional(),
  beneficiaire: beneficiaireInput.optional(),
  evaluation: evaluationInput.optional(),
  /** The realised amount of each financing line of the project for the exercise. */
  financements: z
    .array(z.object({ annee: year, id_service_instructeur: idSchema, montant_realise: amount('montant réalisé').nullable() }))
    .max(L.financementsPerProjet, MESSAGES.maxItems('financements', L.financementsPerProjet))
    .optional(),
});
export type CrfProjetInput = z.infer<typeof crfProjetInputSchema>;

/** The service's events on a transmitted report: sending it back needs the comment the association reads. */
export const crfEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('renvoyer'), comment: z.string({ error: MESSAGES.badFormat('commentaire') }).trim().min(1, MESSAGES.required('commentaire')).max(L.comment, MESSAGES.maxLength('commentaire', L.comment)) }),
  z.object({ event: z.literal('receptionner'), comment: z.string({ error: MESSAGES.badFormat('commentaire') }).trim().max(L.comment, MESSAGES.maxLength('commentaire', L.comment)).optional() }),
], { error: () => MESSAGES.badFormat('événement') });
export type CrfEvent = z.infer<typeof crfEventSchema>;

/** A report the association still owes: a granted dossier, a finished exercise, no report transmitted. */
export const missingCrfSchema = z.object({
  id_dossier: idSchema,
  id_fo: z.string(),
  id_association: idSchema,
  nom: z.string().nullable(),
  exercice: z.number().int(),
  /** Null: not started. */
  id_crf: idSchema.nullable(),
  etat: z.enum(CRF_STATES).nullable(),
  message: z.string(),
});
export type MissingCrf = z.infer<typeof missingCrfSchema>;

const dossierParams = z.object({ id: dossierRefSchema });
const crfParams = dossierParams.extend({ idCrf: idSchema });
const exerciceBody = z.object({ exercice: z.number({ error: MESSAGES.badFormat('exercice') }).int(MESSAGES.badFormat('exercice')).min(2000, MESSAGES.badFormat('exercice')).max(2100, MESSAGES.badFormat('exercice')) });
/** `role`: the side the client acts as (spec §6); the server decides from the session all the same. */
const roleQuery = z.object({ role: z.string().max(50).optional() });

export const crfRoutes = {
  openCrf: defineRoute({
    method: 'POST', gateway, path: '/demande/dossiers/:id/crf', access: ROLE_SETS.dossierReaders, scope: scope.dossier('read'),
    summary:
      "Le compte rendu financier de l'exercice : rendu s'il existe (FETCHED), sinon créé à partir des données du dossier (CLONED, côté association seulement) ; `message` est le texte que le client affiche",
    params: dossierParams, query: roleQuery, body: exerciceBody,
    errors: ['CRF_NOT_FOUND', 'CRF_DOSSIER_NOT_GRANTED', 'CRF_EXERCICE_INVALID'],
    response: z.object({ outcome: z.enum(CRF_OUTCOMES), message: z.string(), crf: crfViewSchema }),
  }),
  getCrf: defineRoute({
    method: 'GET', gateway, path: '/demande/dossiers/:id/crf/:idCrf', access: ROLE_SETS.dossierReaders, scope: scope.dossier('read'),
    summary: "Un compte rendu financier du dossier, avec ce que la machine permet à l'appelant et le mode (edit ou read)",
    params: crfParams, query: roleQuery, errors: ['CRF_NOT_FOUND'], response: crfViewSchema,
  }),
  updateCrf: defineRoute({
    method: 'PUT', gateway, path: '/demande/dossiers/:id/crf/:idCrf', access: ROLE_SETS.associationMembers, scope: scope.dossier('write'), firesTransition: true,
    summary: 'Enregistre le compte rendu financier (modifiable en 1, 2 et 3 ; le premier enregistrement le fait passer de 1 à 2)',
    params: crfParams, query: roleQuery, body: crfInputSchema,
    errors: ['CRF_NOT_FOUND', 'CRF_NOT_EDITABLE', 'DOSSIER_INPUT_INVALID'], response: crfViewSchema,
  }),
  updateCrfProjet: defineRoute({
    method: 'PUT', gateway, path: '/demande/dossiers/:id/crf/:idCrf/projects/:idProjet', access: ROLE_SETS.associationMembers, scope: scope.dossier('write'), firesTransition: true,
    summary: "Enregistre la partie réalisée d'un projet du dossier (montants réalisés par ligne de financement, évaluation, bénéficiaires, moyens)",
    params: crfParams.extend({ idProjet: idSchema }), query: roleQuery, body: crfProjetInputSchema,
    errors: ['CRF_NOT_FOUND', 'CRF_NOT_EDITABLE', 'PROJET_NOT_FOUND', 'DOSSIER_INPUT_INVALID'], response: crfViewSchema,
  }),
  transmitCrf: defineRoute({
    method: 'POST', gateway, path: '/demande/dossiers/:id/crf/:idCrf/transmit', access: ROLE_SETS.associationMembers, scope: scope.dossier('write'), firesTransition: true,
    summary: 'Transmet le compte rendu financier aux services instructeurs du dossier (2 ou 3 vers 4) quand rien ne manque (attestation, montants réalisés, documents)',
    params: crfParams, query: roleQuery, errors: ['CRF_NOT_FOUND', 'CRF_NOT_TRANSMITTABLE'], response: crfViewSchema,
  }),
  fireCrfEvent: defineRoute({
    method: 'POST', gateway, path: '/demande/dossiers/:id/crf/:idCrf/events', access: ROLE_SETS.dossierInstructors, scope: scope.dossier('read'), firesTransition: true,
    summary: "Le service instructeur reçoit le compte rendu transmis (receptionner, 4 vers 5) ou le renvoie à l'association avec un commentaire (renvoyer, 4 vers 3)",
    params: crfParams, body: crfEventSchema, errors: ['CRF_NOT_FOUND'], response: crfViewSchema,
  }),
  crfPdf: defineRoute({
    method: 'GET', gateway, path: '/demande/dossiers/:id/crf/:idCrf/pdf', access: ROLE_SETS.dossierReaders, scope: scope.dossier('read'), rawResponse: true,
    summary: 'Le compte rendu financier au format du Cerfa 15059, en PDF',
    // 429: every PDF worker busy and the waiting queue full.
    params: crfParams, query: roleQuery, errors: ['CRF_NOT_FOUND', 'TOO_MANY_REQUESTS'], response: z.unknown(),
  }),
  missingCrf: defineRoute({
    method: 'GET', gateway, path: '/demande/missing-crf', access: ROLE_SETS.associationMembers, scope: scope.caller,
    summary: "Comptes rendus financiers que les associations de l'appelant doivent encore transmettre : dossiers accordés, exercice terminé, compte rendu absent ou non transmis",
    query: roleQuery, response: z.array(missingCrfSchema),
  }),
} as const;
