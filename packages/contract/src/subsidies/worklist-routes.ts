// lca-server: the instructing services' work lists (/instructeur for rds roles, /osiris for osiris
// roles; docs/domain.md « Listes de travail »). One row per instruction (a dossier as one service
// instructs it): rds callers reach their service and the services below it, osiris callers every
// transmitted dossier. Keyset pagination by an opaque cursor, counts per state apart (a page stays
// O(page) at a million rows), bulk events, and CSV / XLSX exports streamed from the database.
import { z } from 'zod';
import { idSchema, queryBoolean } from '../fields.ts';
import { defineRoute } from '../http.ts';
import { DOSSIER_LIMITS, WORKLIST_LIMITS } from '../limits.ts';
import { DOSSIER_STATES, dossierInstructionMachine, type DossierState } from '../machines/dossier-instruction.ts';
import { MESSAGES } from '../messages.ts';
import { ROLE_SETS } from '../roles.ts';
import { scope } from '../scope.ts';
import { isPaymentEvent } from './instruction-routes.ts';
import { CREATED_BY_TYPES, DOSSIER_STATUTS } from './schemas.ts';
import { SUBSIDY_MESSAGES } from './messages.ts';

const gateway = 'lca-server' as const;
const access = ROLE_SETS.worklistReaders;

const year = z.coerce.number({ error: MESSAGES.badFormat('exercice') }).int(MESSAGES.badFormat('exercice')).min(2000, MESSAGES.badFormat('exercice')).max(2100, MESSAGES.badFormat('exercice'));
/** Repeated query parameters (`etats=D&etats=2`), or one value with commas (as GET /demande/dossiers). */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).flatMap((s) => (typeof s === 'string' ? s.split(',') : [s])).filter((s) => s !== '')), z.array(item).max(50));

/** How the list may be ordered: the instruction's last change (default) or its creation, with the id as tie-breaker. */
export const WORKLIST_SORTS = ['updated_at', 'created_at'] as const;
export type WorklistSort = (typeof WORKLIST_SORTS)[number];

/**
 * The filters of §2, shared by the list, the counts, the exports and the bulk's `selectAll`. `etats`
 * are the instruction's states; `id_service_instructeur` narrows to services the caller reaches
 * (another one gives nothing); `includeDeleted` is for administrators (403 otherwise).
 */
export const worklistFiltersSchema = z.object({
  exercices: list(year).optional(),
  statuts: list(z.enum(DOSSIER_STATUTS)).optional(),
  etats: list(z.enum(DOSSIER_STATES)).optional(),
  searchQuery: z.string().trim().max(WORKLIST_LIMITS.searchQuery, MESSAGES.maxLength('recherche', WORKLIST_LIMITS.searchQuery)).optional(),
  id_service_instructeur: list(idSchema).optional(),
  id_type_dispositif: list(idSchema).optional(),
  createdBy: list(idSchema).optional(),
  createdByType: list(z.enum(CREATED_BY_TYPES)).optional(),
  includeDeleted: queryBoolean.optional(),
  /** Only the dossiers with messages of the association the caller has not read (the dashboard's link). */
  messages_non_lus: queryBoolean.optional(),
});
export type WorklistFilters = z.infer<typeof worklistFiltersSchema>;

const sortQuery = {
  sort: z.enum(WORKLIST_SORTS).default('updated_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
};

export const worklistQuerySchema = worklistFiltersSchema.extend({
  ...sortQuery,
  limit: z.coerce.number().int().min(1).max(WORKLIST_LIMITS.maxPageSize).default(WORKLIST_LIMITS.defaultPageSize),
  /** `next_cursor` of the previous page, as received (opaque); absent for the first page. */
  cursor: z.string().max(WORKLIST_LIMITS.cursorLength).optional(),
});
export type WorklistQuery = z.infer<typeof worklistQuerySchema>;

/** One row of the work list: one instruction of a dossier (the dossier as one service instructs it). */
export const worklistItemSchema = z.object({
  /** The instruction's id: what the bulk action names. */
  id: idSchema,
  dossier_id: idSchema,
  id_fo: z.string(),
  exercice: z.number().int(),
  exercice_fin: z.number().int().nullable(),
  statut: z.enum(DOSSIER_STATUTS),
  code_subvention: z.string(),
  libelle_subvention: z.string(),
  id_type_dispositif: idSchema,
  libelle_dispositif: z.string(),
  id_association: idSchema,
  demandeur: z.object({ id_siret: z.string().nullable(), nom: z.string().nullable() }),
  service: z.object({ id: idSchema, nom: z.string() }),
  etat: z.enum(DOSSIER_STATES),
  is_referent: z.boolean(),
  createdBy: z.object({ id: idSchema.nullable(), type: z.enum(CREATED_BY_TYPES) }),
  deleted: z.boolean(),
  /** The dossier's creation; the instruction's last change (its state, mostly). */
  created_at: z.string(),
  updated_at: z.string(),
  /** Messages of the association on this dossier that the caller has not read yet (notifications of type 5). */
  messages_non_lus: z.number().int(),
});
export type WorklistItem = z.infer<typeof worklistItemSchema>;

export const worklistPageSchema = z.object({
  items: z.array(worklistItemSchema),
  limit: z.number().int(),
  /** Give it back as `cursor` for the next page; null on the last one. */
  next_cursor: z.string().nullable(),
});
export type WorklistPage = z.infer<typeof worklistPageSchema>;

export const worklistCountsSchema = z.object({
  /** Rows matching every filter (`etats` included): the list's length, the export's row count. */
  total: z.number().int(),
  /** Rows per instruction state under every filter but `etats` (the state tabs). */
  par_etat: z.array(z.object({ etat: z.enum(DOSSIER_STATES), label: z.string(), count: z.number().int() })),
});
export type WorklistCounts = z.infer<typeof worklistCountsSchema>;

/**
 * Every instruction state (as the machine's states object lists them) with its label and its count among `rows` (0 when
 * absent); the total keeps the states of `etats` (all of them when it is empty).
 */
export function countsPerState(rows: readonly { etat: string; count: number }[], etats?: readonly string[]): WorklistCounts {
  const byState = new Map(rows.map((r) => [r.etat, r.count]));
  const labels = dossierInstructionMachine.states as Record<DossierState, { label: string }>;
  const par_etat = (Object.keys(labels) as DossierState[]).map((etat) => ({ etat, label: labels[etat].label, count: byState.get(etat) ?? 0 }));
  const total = par_etat.filter((c) => !etats?.length || etats.includes(c.etat)).reduce((sum, c) => sum + c.count, 0);
  return { total, par_etat };
}

/** The choices of the list's service and scheme filters, within the caller's reach. */
export const worklistFacetsSchema = z.object({
  /** The services whose instructions the caller reaches (an instructor: theirs and those below it; Osiris: every service with a transmitted dossier). */
  services: z.array(z.object({ id: idSchema, nom: z.string() })),
  /** The schemes of the dossiers the caller reaches. */
  dispositifs: z.array(z.object({ id: idSchema, label: z.string() })),
});
export type WorklistFacets = z.infer<typeof worklistFacetsSchema>;

/** Events an instructing service fires (the service side of the dossier_instruction machine). */
export const BULK_EVENTS = [
  'ouvrir_instruction', 'renvoyer', 'soumettre_commission', 'enregistrer_avis', 'accorder', 'refuser', 'rejeter',
  'mettre_en_paiement', 'poursuivre_paiement', 'constater_paiement', 'cloturer',
] as const satisfies readonly (keyof typeof dossierInstructionMachine.events)[];
export type BulkEvent = (typeof BULK_EVENTS)[number];

/**
 * A payment made on many dossiers at once: its day and the share of each dossier's granted amount
 * (in %, whole), never more than what remains to pay on it (the rest is paid).
 */
export const bulkPaymentSchema = z.object({
  date: z.iso.date(MESSAGES.badFormat('date du paiement')),
  pourcentage: z
    .number({ error: MESSAGES.badFormat('part du montant accordé') })
    .int(MESSAGES.badFormat('part du montant accordé'))
    .min(1, MESSAGES.badFormat('part du montant accordé'))
    .max(100, MESSAGES.badFormat('part du montant accordé')),
});
export type BulkPayment = z.infer<typeof bulkPaymentSchema>;

export const worklistBulkSchema = z
  .object({
    /** Instruction ids (rows of the list), up to 500. */
    ids: z.array(idSchema).min(1).max(WORKLIST_LIMITS.bulkMax, MESSAGES.maxItems('dossiers', WORKLIST_LIMITS.bulkMax)).optional(),
    /** Every row the filters select (refused above 500, BULK_TOO_MANY). */
    selectAll: worklistFiltersSchema.optional(),
    event: z.enum(BULK_EVENTS, { error: (issue) => SUBSIDY_MESSAGES.bulkEventNotForService(String(issue.input)) }),
    /**
     * What the event carries for every dossier, named as in the instruction's event route: the
     * instructor's `comment` (required to send back), the `motif` of a refusal or a rejection; for
     * the payment stages, the day paid and the share of each dossier's granted amount (BULK_PAYMENT).
     */
    payload: z
      .object({
        comment: z.string().trim().max(DOSSIER_LIMITS.comment, MESSAGES.maxLength('commentaire', DOSSIER_LIMITS.comment)).optional(),
        motif: z.string().trim().max(DOSSIER_LIMITS.comment, MESSAGES.maxLength('motif', DOSSIER_LIMITS.comment)).optional(),
        paiement: bulkPaymentSchema.optional(),
      })
      .optional(),
  })
  .refine((b) => (b.ids === undefined) !== (b.selectAll === undefined), { error: SUBSIDY_MESSAGES.bulkSelection, path: ['ids'] })
  .refine((b) => !isPaymentEvent(b.event) || b.payload?.paiement !== undefined, { error: SUBSIDY_MESSAGES.bulkPaymentRequired, path: ['payload', 'paiement'] });
export type WorklistBulk = z.infer<typeof worklistBulkSchema>;

export const worklistBulkResultSchema = z.object({
  /** Moved, each in its own transaction: the instruction, its dossier's number and its new state. */
  done: z.array(z.object({ id: idSchema, id_fo: z.string(), etat: z.enum(DOSSIER_STATES) })),
  /** Left as they were, with the catalogue's code and French message (id_fo null for an id the caller does not reach). */
  refused: z.array(z.object({ id: idSchema, id_fo: z.string().nullable(), code: z.string(), message: z.string() })),
});
export type WorklistBulkResult = z.infer<typeof worklistBulkResultSchema>;

/** Column headers of the exports, in order (French, as the file shows them). */
export const WORKLIST_EXPORT_COLUMNS = [
  ['id_fo', 'N° de dossier'],
  ['exercice', 'Exercice'],
  ['exercice_fin', 'Exercice de fin'],
  ['libelle_subvention', 'Subvention'],
  ['code_subvention', 'Code de la subvention'],
  ['libelle_dispositif', 'Dispositif'],
  ['demandeur_siret', 'SIRET du demandeur'],
  ['demandeur_nom', 'Demandeur'],
  ['service', 'Service instructeur'],
  ['etat', "État de l'instruction"],
  ['statut', 'Statut'],
  ['cree_par', 'Créé par'],
  ['created_at', 'Créé le'],
  ['updated_at', 'Dernière modification'],
  ['supprime', 'Supprimé'],
] as const;

const exportQuery = worklistFiltersSchema.extend(sortQuery);

export const worklistRoutes = {
  listWorklist: defineRoute({
    method: 'GET', gateway, path: '/demande/instructeur/dossiers', access, scope: scope.caller,
    summary:
      "Liste de travail des services instructeurs, une ligne par instruction : un rôle rds voit les instructions de son service et des services qui en dépendent, un rôle osiris celles de tout dossier transmis ; filtres de §2, tri par dernière modification ou création, pagination par repère (`cursor` : `next_cursor` de la page précédente, opaque) ; les compteurs par état sont une route à part (`…/counts`)",
    query: worklistQuerySchema,
    errors: ['INCLUDE_DELETED_ADMIN_ONLY', 'WORKLIST_CURSOR_INVALID'],
    response: worklistPageSchema,
  }),
  countWorklist: defineRoute({
    method: 'GET', gateway, path: '/demande/instructeur/dossiers/counts', access, scope: scope.caller,
    summary: 'Nombre de lignes de la liste de travail pour les filtres donnés, et par état (sous tous les filtres sauf `etats`)',
    query: worklistFiltersSchema,
    errors: ['INCLUDE_DELETED_ADMIN_ONLY'],
    response: worklistCountsSchema,
  }),
  facetsWorklist: defineRoute({
    method: 'GET', gateway, path: '/demande/instructeur/dossiers/facets', access, scope: scope.caller,
    summary: 'Les services instructeurs et les dispositifs que les filtres de la liste de travail proposent, dans la portée de l’appelant',
    response: worklistFacetsSchema,
  }),
  exportWorklistCsv: defineRoute({
    method: 'GET', gateway, path: '/demande/instructeur/dossiers/export.csv', access, scope: scope.caller, rawResponse: true,
    summary:
      "La liste de travail filtrée en CSV pour Excel (« ; », UTF-8 avec BOM), envoyée au fil de l'eau ; `X-Total-Count` donne le nombre de lignes ; une cellule commençant par =, +, - ou @ est précédée d'une apostrophe",
    query: exportQuery,
    errors: ['INCLUDE_DELETED_ADMIN_ONLY', 'TOO_MANY_REQUESTS'],
    response: z.unknown(),
  }),
  exportWorklistXlsx: defineRoute({
    method: 'GET', gateway, path: '/demande/instructeur/dossiers/export.xlsx', access, scope: scope.caller, rawResponse: true,
    summary:
      "La liste de travail filtrée en classeur Excel (XLSX écrit au fil de l'eau), colonnes du CSV ; `X-Total-Count` donne le nombre de lignes",
    query: exportQuery,
    errors: ['INCLUDE_DELETED_ADMIN_ONLY', 'TOO_MANY_REQUESTS'],
    response: z.unknown(),
  }),
  bulkWorklist: defineRoute({
    method: 'POST', gateway, path: '/demande/instructeur/dossiers/bulk', access: ROLE_SETS.instructors, scope: scope.caller, commitsEachItem: true,
    summary:
      "Action groupée : un événement de la machine d'instruction sur jusqu'à 500 instructions (`ids`, ou `selectAll` avec les filtres de la liste), chacune dans sa propre transaction ; la réponse liste celles qui ont changé d'état et celles refusées, avec le code et le message de chaque refus",
    body: worklistBulkSchema,
    errors: ['BULK_TOO_MANY', 'DOSSIER_INPUT_INVALID', 'INCLUDE_DELETED_ADMIN_ONLY', 'TOO_MANY_REQUESTS'],
    response: worklistBulkResultSchema,
  }),
} as const;

/** The bulk event alone (the screens name it so). */
export const worklistBulkRoutes = { bulkWorklist: worklistRoutes.bulkWorklist } as const;
