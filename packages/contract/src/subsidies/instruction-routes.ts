// lca-server: the instructing services' side of a subsidy dossier (docs/domain.md « Dossiers de
// subvention », « Instruction par les services »). Each route acts on one instruction (one service ×
// one dossier, scope `instruction`): an agent of that service, of a service above it with an
// administrator profile, or rds.admin. Events go through the dossier_instruction machine; the body
// says which, with what that event needs (a comment to send back, amounts to grant, a reason to
// refuse, a payment).
import { z } from 'zod';
import { idSchema } from '../fields.ts';
import { defineRoute } from '../http.ts';
import { DOSSIER_LIMITS, MAX_AMOUNT } from '../limits.ts';
import { DOSSIER_STATES } from '../machines/dossier-instruction.ts';
import { MESSAGES } from '../messages.ts';
import { ROLE_SETS } from '../roles.ts';
import { scope } from '../scope.ts';
import { dossierRefSchema, dossierViewSchema } from './dossier-routes.ts';

const gateway = 'lca-server' as const;

export const INSTRUCTION_MESSAGES = {
  lineNotOfService: "Une ligne de financement n'existe pas dans ce dossier pour ce service instructeur (projet, année).",
  lineTwice: (annee: number) => `Deux montants pour la même ligne de financement (année ${annee}) : un seul est permis.`,
  paymentAboveGranted: (accorde: string) => `Le total des paiements dépasserait le montant accordé (${accorde} €).`,
  nothingLeftToPay: (accorde: string) => `Le montant accordé (${accorde} €) est déjà entièrement payé.`,
  nothingGranted: 'Aucun montant accordé : indiquez au moins un montant accordé.',
  completed: 'Le dossier a été complété : les services instructeurs en sont informés.',
} as const;

const text = (label: string, max: number) =>
  z.string({ error: MESSAGES.badFormat(label) }).trim().max(max, MESSAGES.maxLength(label, max));
const requiredText = (label: string, max: number) => text(label, max).min(1, MESSAGES.required(label));
/** A comment of the instructor, kept in the instruction's history (and told to the association when the event tells it). */
const comment = text('commentaire', DOSSIER_LIMITS.comment).optional();
const amount = (label: string) =>
  z.number({ error: MESSAGES.badFormat(label) }).min(0, MESSAGES.badFormat(label)).max(MAX_AMOUNT, MESSAGES.badFormat(label)).multipleOf(0.01, MESSAGES.badFormat(label));
const year = z.number({ error: MESSAGES.badFormat('année') }).int(MESSAGES.badFormat('année')).min(2000, MESSAGES.badFormat('année')).max(2100, MESSAGES.badFormat('année'));

/** One financing line of the instructing service (project × year): what it proposes and grants, in euros (2 decimals at most). */
export const montantLineSchema = z.object({
  projet: idSchema,
  annee: year,
  montant_propose: amount('montant proposé').nullable().optional(),
  montant_accorde: amount('montant accordé'),
});
export type MontantLine = z.infer<typeof montantLineSchema>;

/** A payment of the granted subsidy: its day and amount. */
export const paiementSchema = z.object({
  date: z.iso.date(MESSAGES.badFormat('date du paiement')),
  montant: amount('montant du paiement').refine((n) => n > 0, MESSAGES.badFormat('montant du paiement')),
});
export type Paiement = z.infer<typeof paiementSchema>;

/** Events that record a payment (with `paiement`; in a bulk, `payload.paiement`). */
export const PAYMENT_EVENTS = ['mettre_en_paiement', 'poursuivre_paiement', 'constater_paiement'] as const;
export type PaymentEvent = (typeof PAYMENT_EVENTS)[number];
export const isPaymentEvent = (event: string): event is PaymentEvent => (PAYMENT_EVENTS as readonly string[]).includes(event);

const withComment = <E extends string>(event: E) => z.object({ event: z.literal(event), comment });
const withPayment = <E extends string>(event: E) => z.object({ event: z.literal(event), comment, paiement: paiementSchema });

/**
 * The body of an instruction event, one shape per event: `renvoyer` needs the comment the
 * association reads; `accorder` the amounts per financing line of the service; `refuser` and
 * `rejeter` a reason (`motif`); the payment stages a payment; `supprimer` removes a dossier the
 * service created, while still in entry (A).
 */
export const instructionEventSchema = z.discriminatedUnion('event', [
  withComment('ouvrir_instruction'),
  z.object({ event: z.literal('renvoyer'), comment: requiredText('commentaire', DOSSIER_LIMITS.comment) }),
  withComment('soumettre_commission'),
  withComment('enregistrer_avis'),
  z.object({
    event: z.literal('accorder'),
    comment,
    montants: z
      .array(montantLineSchema)
      .min(1, INSTRUCTION_MESSAGES.nothingGranted)
      .max(DOSSIER_LIMITS.projetsPerDossier * DOSSIER_LIMITS.financementsPerProjet, MESSAGES.maxItems('montants', DOSSIER_LIMITS.projetsPerDossier * DOSSIER_LIMITS.financementsPerProjet)),
  }),
  z.object({ event: z.literal('refuser'), motif: requiredText('motif', DOSSIER_LIMITS.comment), comment }),
  z.object({ event: z.literal('rejeter'), motif: requiredText('motif', DOSSIER_LIMITS.comment), comment }),
  withPayment('mettre_en_paiement'),
  withPayment('poursuivre_paiement'),
  withPayment('constater_paiement'),
  withComment('cloturer'),
  withComment('supprimer'),
], { error: () => MESSAGES.badFormat('événement') });
export type InstructionEvent = z.infer<typeof instructionEventSchema>;
export type InstructionEventName = InstructionEvent['event'];
/** Events of the instruction route (the service's side of the machine). */
export const INSTRUCTION_EVENTS = instructionEventSchema.options.map((o) => o.shape.event.value) as InstructionEventName[];

/** The statut flag « incomplet » set or cleared by the service (spec §3, §4): a comment says what is missing. */
export const instructionStatutSchema = z.discriminatedUnion('statut', [
  z.object({ statut: z.literal('incomplet'), comment: requiredText('commentaire', DOSSIER_LIMITS.comment) }),
  z.object({ statut: z.literal('complet'), comment }),
], { error: () => MESSAGES.badFormat('statut') });
export type InstructionStatut = z.infer<typeof instructionStatutSchema>;

/** One change of an instruction's state, from `state_history`. */
export const historyEntrySchema = z.object({
  date: z.iso.datetime({ offset: true }),
  evenement: z.string(),
  libelle: z.string(),
  de: z.enum(DOSSIER_STATES),
  vers: z.enum(DOSSIER_STATES),
  /** Who: a member by first name and name, a service agent by their service's name; never an address. */
  auteur: z.string().nullable(),
  cote: z.enum(['association', 'service']).nullable(),
  commentaire: z.string().nullable(),
  /** With the payment stages: the payment recorded. */
  paiement: paiementSchema.nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const dossierHistorySchema = z.object({
  instructions: z.array(z.object({
    id_service_instructeur: idSchema,
    service: z.string(),
    etat: z.enum(DOSSIER_STATES),
    historique: z.array(historyEntrySchema),
  })),
});
export type DossierHistory = z.infer<typeof dossierHistorySchema>;

const instructionParams = z.object({ id: dossierRefSchema, serviceId: idSchema });
const year4 = z.number({ error: MESSAGES.badFormat('exercice') }).int(MESSAGES.badFormat('exercice')).min(2000, MESSAGES.badFormat('exercice')).max(2100, MESSAGES.badFormat('exercice'));

export const instructionRoutes = {
  fireInstructionEvent: defineRoute({
    method: 'POST', gateway, path: '/demande/dossiers/:id/instructions/:serviceId/events',
    access: ROLE_SETS.dossierInstructors, scope: scope.instruction('write'), firesTransition: true,
    summary:
      "Applique un événement de la machine dossier_instruction à l'instruction d'un service (le corps dépend de l'événement) ; rend le dossier et ce que l'appelant peut encore y faire",
    params: instructionParams,
    body: instructionEventSchema,
    errors: ['DOSSIER_NOT_FOUND', 'INSTRUCTION_NOT_FOUND', 'DOSSIER_INPUT_INVALID'],
    response: dossierViewSchema,
  }),
  setInstructionStatut: defineRoute({
    method: 'PUT', gateway, path: '/demande/dossiers/:id/instructions/:serviceId/statut',
    access: ROLE_SETS.dossierInstructors, scope: scope.instruction('write'),
    summary: "Marque le dossier incomplet avec un commentaire (l'association est prévenue et peut le compléter), ou lève cette mention",
    params: instructionParams,
    body: instructionStatutSchema,
    errors: ['DOSSIER_NOT_FOUND', 'INSTRUCTION_NOT_FOUND', 'INSTRUCTION_ACTION_REFUSED'],
    response: dossierViewSchema,
  }),
  completeDossier: defineRoute({
    method: 'POST', gateway, path: '/demande/dossiers/:id/complete',
    access: ROLE_SETS.associationMembers, scope: scope.dossier('write'),
    summary: 'Déclare complet un dossier marqué incomplet par un service (après y avoir joint ce qui manquait) ; ses services instructeurs en sont informés',
    params: z.object({ id: dossierRefSchema }),
    body: z.object({ comment }),
    errors: ['DOSSIER_NOT_FOUND', 'INSTRUCTION_ACTION_REFUSED'],
    response: dossierViewSchema,
  }),
  dossierHistory: defineRoute({
    method: 'GET', gateway, path: '/demande/dossiers/:id/history',
    access: ROLE_SETS.dossierReaders, scope: scope.dossier('read'),
    summary:
      "L'historique du dossier par instruction (qui, quand, états, événement, commentaire, paiement) ; un agent ne lit que celles de son service",
    params: z.object({ id: dossierRefSchema }),
    errors: ['DOSSIER_NOT_FOUND'],
    response: dossierHistorySchema,
  }),
  createServiceDossier: defineRoute({
    method: 'POST', gateway, path: '/demande/service/dossiers',
    access: ROLE_SETS.serviceAgents, scope: scope.caller, successStatus: 201,
    summary:
      "Un service crée un dossier au nom d'une association pour une subvention qu'il instruit (son instruction seule, en A ; supprimable par lui tant qu'il est en A)",
    body: z.object({
      id_asso: idSchema,
      description: z.object({ code_subvention: z.string().min(1).max(DOSSIER_LIMITS.code), id_sous_type_dispositif: idSchema.nullable().optional(), exercice: year4 }),
      demandeur: z.object({ id_siret: z.string().regex(/^\d{14}$/, MESSAGES.badFormat('SIRET')), nom: z.string().max(DOSSIER_LIMITS.label).nullable().optional() }),
    }),
    errors: ['NOT_FOUND', 'SUBVENTION_NOT_FOUND', 'CAMPAIGN_CLOSED', 'DOSSIER_EXISTS', 'DOSSIER_INPUT_INVALID', 'SERVICE_NOT_INSTRUCTING'],
    response: dossierViewSchema,
  }),
} as const;
