// lca-server: the projects of a subsidy dossier and the dossier's PDF (docs/domain.md « Dossiers de
// subvention »). Every route acts on one dossier (scope `dossier`: the association's members on
// the association side, the dossier's instructing services on the other); the rules of a project
// (defaults, period, lines, checks, CNDS limit) are the pure functions of this folder, run by the
// server on every write.
import { z } from 'zod';
import { downloadTicketSchema } from '../association-documents.ts';
import { idSchema } from '../fields.ts';
import { defineRoute, messageSchema } from '../http.ts';
import { DOSSIER_LIMITS as L, MAX_AMOUNT } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { ROLE_SETS } from '../roles.ts';
import type { ResourceScope } from '../scope.ts';
import { budgetChargesSchema, budgetContributionsSchema, budgetProduitsSchema, subsidyBudgetSchema } from './budget.ts';
import { beneficiaireSchema, cofinancementSchema, customValueSchema, indicateurSchema, PROJET_PERIODES, projetSchema, territoireSchema } from './schemas.ts';

const gateway = 'lca-server' as const;

/** The dossier named by the path parameter `id`, read or written. */
const dossier = <const M extends 'read' | 'write'>(mode: M) =>
  ({ resource: 'dossier', id: { in: 'params', key: 'id' }, mode }) as const satisfies ResourceScope;

export const PROJET_MESSAGES = {
  deleted: 'Le projet a été supprimé.',
  yearOutOfPeriod: (annee: number) => `L'année ${annee} n'est pas dans la période du projet.`,
  serviceNotInstructing: "Ce service n'instruit pas ce dossier.",
  transferSameDossier: 'Le projet est déjà dans ce dossier.',
  transferOtherAssociation: "Le dossier de destination doit appartenir à la même association.",
  unknownField: (field: string) => `Le champ « ${field} » n'existe pas pour un projet.`,
} as const;

const text = (label: string, max: number) => z.string({ error: MESSAGES.badFormat(label) }).max(max, MESSAGES.maxLength(label, max));
const year = z.number({ error: MESSAGES.badFormat('année') }).int(MESSAGES.badFormat('année')).min(2000, MESSAGES.badFormat('année')).max(2100, MESSAGES.badFormat('année'));
const amount = (label: string) =>
  z.number({ error: MESSAGES.badFormat(label) }).min(0, MESSAGES.badFormat(label)).max(MAX_AMOUNT, MESSAGES.badFormat(label)).multipleOf(0.01, MESSAGES.badFormat(label));
const isoDay = z.iso.date(MESSAGES.badFormat('date'));

/** What a caller writes of a project: every part optional; rank, exercises and lines follow the rules. */
export const projetInputSchema = z.object({
  description: z
    .object({
      intitule: text('intitulé', L.label).nullable(),
      recurrence: text('récurrence', L.code).nullable(),
      periode: z.enum(PROJET_PERIODES, { error: MESSAGES.badFormat('période') }).nullable(),
      date_debut: isoDay.nullable(),
      date_fin: isoDay.nullable(),
      objectifs: text('objectifs', L.longText).nullable(),
      description: text('description', L.longText).nullable(),
      exercice: year.nullable(),
      exercice_fin: year.nullable(),
      id_responsable: idSchema.nullable(),
      numero_projet: text('numéro du projet', 50).nullable(),
      demandeur_id_siret: z.string().regex(/^\d{14}$/, MESSAGES.badFormat('SIRET')).nullable(),
    })
    .partial()
    .default({}),
  territoires: z.object({ commentaire: text('commentaire des territoires', L.comment).nullable().optional(), territoires: z.array(territoireSchema).max(L.territoiresPerProjet, MESSAGES.maxItems('territoires', L.territoiresPerProjet)).optional() }).optional(),
  beneficiaire: z.array(beneficiaireSchema.partial()).max(L.beneficiairesPerProjet, MESSAGES.maxItems('bénéficiaires', L.beneficiairesPerProjet)).optional(),
  moyens: z
    .object({
      commentaire: text('commentaire des moyens', L.comment).nullable().optional(),
      recrutement_specifique: z.boolean().nullable().optional(),
      recrutement_nb_etpt: z.number({ error: MESSAGES.badFormat('ETPT') }).min(0, MESSAGES.badFormat('ETPT')).max(10_000).nullable().optional(),
    })
    .optional(),
  evaluation: z.object({ indicateurs: z.array(indicateurSchema).max(L.indicateursPerProjet, MESSAGES.maxItems('indicateurs', L.indicateursPerProjet)).optional(), commentaire: text("commentaire de l'évaluation", L.comment).nullable().optional() }).optional(),
  /** Requested amounts per year and instructing service (the proposed and granted amounts are the services'). */
  financements: z
    .array(
      z.object({
        annee: year,
        id_service_instructeur: idSchema,
        montant_demande: amount('montant demandé').nullable().optional(),
      }),
    )
    .max(L.financementsPerProjet, MESSAGES.maxItems('financements', L.financementsPerProjet))
    .optional(),
  cofinancements: z.array(cofinancementSchema).max(L.cofinancementsPerProjet, MESSAGES.maxItems('cofinancements', L.cofinancementsPerProjet)).optional(),
  budgets: z
    .array(
      z.object({
        annee: year,
        exerciceDu: isoDay.nullable().optional(),
        exerciceAu: isoDay.nullable().optional(),
        charges: budgetChargesSchema.optional(),
        produits: budgetProduitsSchema.optional(),
        contributions: budgetContributionsSchema.optional(),
      }),
    )
    .max(L.budgetsPerProjet, MESSAGES.maxItems('budgets', L.budgetsPerProjet))
    .optional(),
  customs: z.array(customValueSchema).max(L.customs, MESSAGES.maxItems('champs attendus', L.customs)).optional(),
});
export type ProjetInput = z.input<typeof projetInputSchema>;

/** One calculation of the totals (budget.ts computeSubsidyBudgetTotals), returned beside each budget. */
export const subsidyBudgetTotalsSchema = z.object({
  charges: z.number(),
  produits: z.number(),
  contributions_charges: z.number(),
  contributions_produits: z.number(),
  total_charges: z.number(),
  total_produits: z.number(),
  excedent: z.number().min(0),
  insuffisance: z.number().min(0),
});
export const budgetWithTotalsSchema = subsidyBudgetSchema.extend({ totaux: subsidyBudgetTotalsSchema });

/** A project as the routes answer it: the entity, each yearly budget with its totals, and the totals over its years. */
export const projetViewSchema = projetSchema.extend({ budgets: z.array(budgetWithTotalsSchema), totaux: subsidyBudgetTotalsSchema });
export type ProjetView = z.infer<typeof projetViewSchema>;

/** Parts a list may ask for (`fields`); `identifiant` is the id, always answered. */
export const PROJET_FIELDS = [
  'identifiant', 'description', 'territoires', 'beneficiaire', 'moyens', 'evaluation',
  'financements', 'cofinancements', 'budgets', 'totaux', 'customs', 'need_validation',
] as const;
export type ProjetField = (typeof PROJET_FIELDS)[number];
/** The parts a list answers when `fields` is absent (spec §9). */
export const DEFAULT_PROJET_FIELDS: readonly ProjetField[] = ['identifiant', 'description', 'financements', 'cofinancements', 'customs'];

/** `fields`: names separated by spaces or commas, or repeated (also the dossier's `projectFields`). */
export const projetFieldsSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value, ctx): ProjetField[] => {
    const names = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(/[\s,]+/)).filter(Boolean);
    for (const name of names) {
      if (!(PROJET_FIELDS as readonly string[]).includes(name)) ctx.addIssue({ code: 'custom', message: PROJET_MESSAGES.unknownField(name) });
    }
    return names as ProjetField[];
  });

/** A dossier by its id or its number (id_fo « 2026-000123 »). */
const dossierRefSchema = z.union([idSchema, z.string().regex(/^\d{4}-\d{6}$/)], { error: MESSAGES.badFormat('identifiant du dossier') });
const dossierParams = z.object({ id: dossierRefSchema });
const projetParams = z.object({ id: dossierRefSchema, idProjet: idSchema });
/**
 * Reading: the roles the dossier scope resolves (the association's members and lca.admin, the
 * dossier's instructing agents and rds.admin); writing: the association side only (the dossier
 * scope refuses the service side too).
 */
const readers = ROLE_SETS.dossierReaders;
const writers = ROLE_SETS.associationMembers;

export const projetRoutes = {
  listProjets: defineRoute({
    method: 'GET', gateway, path: '/demande/dossiers/:id/projets', access: readers, scope: dossier('read'),
    errors: ['DOSSIER_NOT_FOUND'],
    summary: "Projets d'un dossier, par rang ; `fields` choisit les parties rendues (par défaut : identifiant, description, financements, cofinancements, customs)",
    params: dossierParams, query: z.object({ fields: projetFieldsSchema.optional() }),
    response: z.array(projetViewSchema.partial().extend({ id: idSchema })),
  }),
  getProjet: defineRoute({
    method: 'GET', gateway, path: '/demande/dossiers/:id/projets/:idProjet', access: readers, scope: dossier('read'),
    errors: ['DOSSIER_NOT_FOUND', 'PROJET_NOT_FOUND'],
    summary: "Un projet du dossier, avec ses financements, ses budgets et leurs totaux",
    params: projetParams, response: projetViewSchema,
  }),
  createProjet: defineRoute({
    method: 'POST', gateway, path: '/demande/dossiers/:id/projets', access: writers, scope: dossier('write'), successStatus: 201,
    errors: ['DOSSIER_NOT_FOUND', 'DOSSIER_NOT_EDITABLE', 'PROJECT_LIMIT', 'PROJECT_LIMIT_CNDS'],
    summary: 'Ajoute un projet au dossier : valeurs par défaut, période réalignée sur le dossier, lignes de financement et de budget par année et service',
    params: dossierParams, body: projetInputSchema, response: projetViewSchema,
  }),
  updateProjet: defineRoute({
    method: 'PUT', gateway, path: '/demande/dossiers/:id/projets/:idProjet', access: writers, scope: dossier('write'),
    errors: ['DOSSIER_NOT_FOUND', 'PROJET_NOT_FOUND', 'DOSSIER_NOT_EDITABLE'],
    summary: 'Modifie un projet du dossier (parties données seulement), puis réaligne sa période et ses lignes',
    params: projetParams, body: projetInputSchema, response: projetViewSchema,
  }),
  deleteProjet: defineRoute({
    method: 'DELETE', gateway, path: '/demande/dossiers/:id/projets/:idProjet', access: writers, scope: dossier('write'),
    errors: ['DOSSIER_NOT_FOUND', 'PROJET_NOT_FOUND', 'DOSSIER_NOT_EDITABLE'],
    summary: 'Supprime un projet du dossier ; les projets suivants remontent d’un rang',
    params: projetParams, response: messageSchema,
  }),
  transferProjet: defineRoute({
    method: 'POST', gateway, path: '/demande/dossiers/:id/projets/:idProjet/transfer', access: writers, scope: dossier('write'),
    errors: ['DOSSIER_NOT_FOUND', 'PROJET_NOT_FOUND', 'DOSSIER_NOT_EDITABLE', 'PROJECT_LIMIT', 'PROJECT_LIMIT_CNDS'],
    summary: "Déplace un projet vers un autre dossier de la même association que l'appelant peut modifier",
    params: projetParams, body: z.object({ idDossierTo: dossierRefSchema }), response: projetViewSchema,
  }),
  duplicateProjet: defineRoute({
    method: 'POST', gateway, path: '/demande/dossiers/:id/projets/:idProjet/duplicate', access: writers, scope: dossier('write'), successStatus: 201,
    errors: ['DOSSIER_NOT_FOUND', 'PROJET_NOT_FOUND', 'DOSSIER_NOT_EDITABLE', 'PROJECT_LIMIT', 'PROJECT_LIMIT_CNDS'],
    summary: 'Copie un projet dans le même dossier, au rang suivant (montants demandés copiés, montants du service non)',
    params: projetParams, response: projetViewSchema,
  }),
  dossierPdf: defineRoute({
    method: 'GET', gateway, path: '/demande/dossiers/:id/pdf', access: readers, scope: dossier('read'), rawResponse: true,
    // 429: every PDF worker busy and the waiting queue full.
    errors: ['DOSSIER_NOT_FOUND', 'TOO_MANY_REQUESTS'],
    summary:
      'Le dossier au format du formulaire de demande de subvention (Cerfa 12156), en PDF ; avec `from=rda`, un dossier de demande d’agrément ' +
      '(agrément demandé, demandeur, pièces, tronc commun, aide alimentaire, champs attendus) ; `role` est accepté, sans effet',
    params: dossierParams,
    query: z.object({ from: z.enum(['rda'], { error: MESSAGES.badFormat('from') }).optional(), role: z.string().max(50).optional() }),
    response: z.unknown(),
  }),
  // A document the dossier holds, opened by whoever reads the dossier (its instructing agents too,
  // who do not reach the association file's own download route).
  dossierDocumentTicket: defineRoute({
    method: 'POST', gateway, path: '/demande/dossiers/:id/documents/:uuid/ticket', access: readers, scope: dossier('read'),
    errors: ['DOSSIER_NOT_FOUND', 'NOT_FOUND'],
    summary: 'Ticket de téléchargement d’un document du dossier',
    params: dossierParams.extend({ uuid: idSchema }), response: downloadTicketSchema, successStatus: 201,
  }),
};
