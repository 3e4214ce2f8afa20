// lca-server: the association's subsidy dossiers (docs/domain.md « Dossiers de subvention »,
// « Machines à états »). The list is bound to the caller (their associations, their service);
// every other route acts on one dossier (scope `dossier`), read by both sides and changed by the
// association side only. State changes (delete, transmit) go through the dossier_instruction machine.
import { z } from 'zod';
import { approvalCreateDescriptionSchema, approvalDossierViewSchema } from '../approvals/dossier-routes.ts';
import { idSchema, queryBoolean } from '../fields.ts';
import { defineRoute, messageSchema } from '../http.ts';
import { DOSSIER_LIMITS } from '../limits.ts';
import { CRF_STATES } from '../machines/crf.ts';
import { DOSSIER_STATES } from '../machines/dossier-instruction.ts';
import { MESSAGES } from '../messages.ts';
import type { NOTIFICATION_TYPES } from '../notifications.ts';
import { ROLE_SETS } from '../roles.ts';
import { scope } from '../scope.ts';
import { projetFieldsSchema, projetViewSchema } from './projet-routes.ts';
import { attestationSchema, customValueSchema, CREATED_BY_TYPES, DOSSIER_STATUTS, dossierDocumentSchema, dossierSchema, instructeurSchema, instructionSchema } from './schemas.ts';

const gateway = 'lca-server' as const;
const readers = ROLE_SETS.dossierReaders;
const writers = ROLE_SETS.associationMembers;

export const DOSSIER_MESSAGES = {
  deleted: 'Le dossier a été supprimé.',
  transmitted: 'Le dossier a été transmis au service instructeur.',
  messageSent: 'Le message a été envoyé.',
  shared: 'Le dossier a été partagé.',
  notified: 'La notification a été envoyée.',
  siretNotOfAssociation: "L'établissement n'appartient pas à cette association.",
  personNotRepresentant: "La personne choisie n'est pas un représentant légal de l'association.",
  ribNotOfEstablishment: "Le RIB choisi n'est pas celui de l'établissement demandeur.",
  documentNotOfAssociation: "Un des documents n'appartient pas à l'association.",
  documentCodeUnknown: (code: string) => `« ${code} » n'est pas un document attendu par la subvention de ce dossier.`,
  documentWrongType: (slot: string, nature: string) => `« ${slot} » attend un document de type ${nature} : le document choisi est d'un autre type.`,
  sousDispositifNotOfSubvention: "Le sous-dispositif n'appartient pas à cette subvention.",
  shareNotMember: "La personne n'est pas membre de l'association.",
  adminsOnly: 'Seuls les administrateurs peuvent voir les dossiers supprimés.',
  unknownPopulate: (name: string) => `« ${name} » ne peut pas être joint au dossier (projets, documents ou instructeurs).`,
  unknownViewPopulate: (name: string) => `« ${name} » ne peut pas être joint au dossier (projets ou messages).`,
  unknownField: (name: string) =>
    `« ${name} » n'est pas un champ du résumé d'un dossier (les projets, documents et instructeurs se joignent par populate, les notifications par select_notifications).`,
} as const;

/** A dossier by its id or its number (id_fo « 2026-000123 »). */
export const dossierRefSchema = z.union([idSchema, z.string().regex(/^\d{4}-\d{6}$/)], { error: MESSAGES.badFormat('identifiant du dossier') });
const dossierParams = z.object({ id: dossierRefSchema });
const year = z.coerce.number({ error: MESSAGES.badFormat('exercice') }).int(MESSAGES.badFormat('exercice')).min(2000, MESSAGES.badFormat('exercice')).max(2100, MESSAGES.badFormat('exercice'));
const siret = z.string().regex(/^\d{14}$/, MESSAGES.badFormat('SIRET'));
/** Repeated query parameters (`etats=A&etats=C`), or one value with commas. */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).flatMap((s) => (typeof s === 'string' ? s.split(',') : [s])).filter((s) => s !== '')), z.array(item).max(50));
/** What `populate` may join to a dossier: its projects, its documents, its instructing services. */
export const DOSSIER_POPULATE = ['projets', 'documents', 'instructeurs'] as const;
export type DossierPopulate = (typeof DOSSIER_POPULATE)[number];
const populateQuery = list(z.string().max(50).refine((name) => (DOSSIER_POPULATE as readonly string[]).includes(name), { error: (issue) => DOSSIER_MESSAGES.unknownPopulate(String(issue.input)) }))
  .transform((names) => names as DossierPopulate[]);
/** What `populate` may add to one dossier (documents and instructing services are always there): its full projects, its messages. */
export const DOSSIER_VIEW_POPULATE = ['projets', 'messages', 'documents', 'instructeurs'] as const;
export type DossierViewPopulate = (typeof DOSSIER_VIEW_POPULATE)[number];
const viewPopulateQuery = list(z.string().max(50).refine((name) => (DOSSIER_VIEW_POPULATE as readonly string[]).includes(name), { error: (issue) => DOSSIER_MESSAGES.unknownViewPopulate(String(issue.input)) }))
  .transform((names) => names as DossierViewPopulate[]);
/** `role`: the side the client acts as (spec §6); the server decides from the session all the same. */
const roleQuery = { role: z.string().max(50).optional() };

export const dossierSummarySchema = z.object({
  id: idSchema,
  id_fo: z.string(),
  step: z.number().int(),
  statut: z.enum(DOSSIER_STATUTS),
  exercice: z.number().int(),
  exercice_fin: z.number().int().nullable(),
  code_subvention: z.string(),
  libelle_subvention: z.string(),
  id_type_dispositif: z.string(),
  id_sous_type_dispositif: z.string().nullable(),
  id_association: idSchema,
  demandeur: z.object({ id_siret: z.string().nullable(), nom: z.string().nullable() }),
  /** Each service's state, and what it granted (as on the dossier's view: absent until granted). */
  instructions: z.array(instructionSchema),
  createdBy: z.object({ id: idSchema.nullable(), type: z.enum(CREATED_BY_TYPES) }),
  deleted: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  notifications: z.number().int().optional(),
  /** With `select_notifications`: the messages of the other side the caller has not read (notifications of type 5). */
  messages_non_lus: z.number().int().optional(),
  /** With `populate`: the projects (rank and title), the documents, the instructing services. */
  projets: z.array(z.object({ id: idSchema, rang_dossier: z.number().int(), intitule: z.string().nullable() })).optional(),
  documents: z.array(dossierDocumentSchema).optional(),
  instructeurs: z.array(instructeurSchema).optional(),
});
export type DossierSummary = z.infer<typeof dossierSummarySchema>;

/**
 * What `fields` of the list may name: the summary's own keys (`id` is always answered). The parts
 * joined by `populate` and the count of `select_notifications` are asked by those parameters.
 */
export const DOSSIER_LIST_FIELDS = [
  'id', 'id_fo', 'step', 'statut', 'exercice', 'exercice_fin', 'code_subvention', 'libelle_subvention', 'id_type_dispositif',
  'id_sous_type_dispositif', 'id_association', 'demandeur', 'instructions', 'createdBy', 'deleted', 'created_at', 'updated_at',
] as const satisfies readonly (keyof DossierSummary)[];
export type DossierListField = (typeof DOSSIER_LIST_FIELDS)[number];
const fieldsQuery = list(z.string().max(50).refine((name) => (DOSSIER_LIST_FIELDS as readonly string[]).includes(name), { error: (issue) => DOSSIER_MESSAGES.unknownField(String(issue.input)) }))
  .transform((names) => names as DossierListField[]);
/** A summary cut down by `fields`: `id`, the named keys, and the parts asked by `populate` or `select_notifications`. */
export const projectedDossierSummarySchema = dossierSummarySchema.partial().required({ id: true });
export type ProjectedDossierSummary = z.infer<typeof projectedDossierSummarySchema>;

const dossierListSchema = z.object({ total: z.number().int(), page: z.number().int(), limit: z.number().int(), items: z.array(dossierSummarySchema) });
export const projectedDossierListSchema = dossierListSchema.extend({ items: z.array(projectedDossierSummarySchema) });
/**
 * The list's answer: whole summaries, or projected ones when `fields` is given. The server checks
 * and OpenAPI documents both; the declared type stays the whole list, the one the client reads (it
 * does not send `fields`). A caller that names `fields` reads `ProjectedDossierSummary` items.
 */
const dossierListReplySchema = z.union([dossierListSchema, projectedDossierListSchema]) as unknown as typeof dossierListSchema;

export const DOSSIER_SORTS = ['created_at', 'updated_at', 'exercice', 'id_fo'] as const;

/** What the machine lets the caller do on the dossier, as the client shows it. */
const optionsSchema = z.object({ events: z.array(z.string()), actions: z.array(z.string()) });

/** A message of the thread between the association and an instructing service, oldest first. */
export const dossierMessageSchema = z.object({
  id: idSchema,
  /** vers_service: written by a member; vers_association: written by the service. */
  direction: z.enum(['vers_service', 'vers_association']),
  texte: z.string(),
  created_at: z.string(),
  /** The writer's first name and name (a member), or null; never their address. */
  auteur: z.string().nullable(),
  /** The instructing service written to, or writing. */
  service: z.object({ id: idSchema, nom: z.string() }).nullable(),
});
export type DossierMessage = z.infer<typeof dossierMessageSchema>;

export const dossierViewSchema = dossierSchema.omit({ projets: true }).extend({
  /** Rank and title; with `populate=projets`, also the parts of the project `projectFields` names. */
  projets: z.array(projetViewSchema.omit({ id: true }).partial().extend({ id: idSchema, rang_dossier: z.number().int(), intitule: z.string().nullable() })),
  deleted: z.boolean(),
  options: optionsSchema,
  /**
   * The receipt of the last transmission, read from the instructions' history (events transmettre
   * and retransmettre): when, and to which services; null until the dossier is first transmitted.
   */
  transmission: z.object({ date: z.iso.datetime({ offset: true }), services: z.array(z.object({ id: idSchema, nom: z.string() })) }).nullable(),
  /**
   * Marked « incomplet » by a service after transmission (spec §3, §4): what it asked, when and which
   * service; absent otherwise. The association completes the dossier (action `completer`).
   */
  incomplet: z.object({ commentaire: z.string(), date: z.iso.datetime({ offset: true }), service: z.object({ id: idSchema, nom: z.string() }) }).optional(),
  /**
   * The financial reports started on the dossier, one per exercise (spec §3 « crfs »): the dossier
   * page shows each one's state without asking for it (POST …/crf creates the missing one).
   */
  crfs: z.array(z.object({ id: idSchema, exercice: z.number().int(), etat: z.enum(CRF_STATES) })),
  /** With `populate=messages`: the thread with the instructing services. */
  messages: z.array(dossierMessageSchema).optional(),
  /** On GET: the messages of the other side the caller has not read yet (POST …/messages/lus marks them read). */
  messages_non_lus: z.number().int().optional(),
});
export type DossierView = z.infer<typeof dossierViewSchema>;

const uuidOrNull = idSchema.nullable();
/** One wizard step (spec §4): the fields of that step only. */
export const dossierStepSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal(0), code_subvention: z.string().min(1).max(100).optional(), id_sous_type_dispositif: uuidOrNull.optional(), exercice: year.optional() }),
  z.object({
    step: z.literal(1),
    demandeur: z.object({
      id_siret: siret,
      nom: z.string().max(250).nullable().optional(),
      enseigne: z.string().max(250).nullable().optional(),
      id_representant_legal: uuidOrNull,
      id_signataire: uuidOrNull,
      id_responsable: uuidOrNull,
      id_rib: uuidOrNull,
    }),
  }),
  z.object({
    step: z.literal(2),
    renouvellement: z.boolean(),
    pluriannuel: z.boolean(),
    exercice_fin: year.nullable().optional(),
    couplage_tca: z.boolean().optional(),
    customs: z.array(customValueSchema).max(DOSSIER_LIMITS.customs, MESSAGES.maxItems('champs attendus', DOSSIER_LIMITS.customs)).optional(),
  }),
  z.object({ step: z.literal(3) }),
  z.object({ step: z.literal(4), attestation: attestationSchema }),
]);

/** The caller's unread messages over the dossiers they read: the total, and the dossiers concerned (most unread first, at most DOSSIER_LIMITS.unreadDossiersListed). */
export const unreadDossierMessagesSchema = z.object({
  total: z.number().int(),
  dossiers: z.array(z.object({ id: idSchema, id_fo: z.string(), nom: z.string().nullable(), messages_non_lus: z.number().int() })),
});
export type UnreadDossierMessages = z.infer<typeof unreadDossierMessagesSchema>;

const documentsBody = z.object({ documents: z.array(z.object({ code: z.string().min(1).max(100), uuid: idSchema })).max(200) });

export const dossierRoutes = {
  listDossiers: defineRoute({
    method: 'GET', gateway, path: '/demande/dossiers', access: readers, scope: scope.caller,
    summary: "Dossiers que l'appelant voit (ses associations, son service une fois transmis ; tout pour lca.admin et rds.admin), filtrés, triés et paginés ; `populate` (projets, documents, instructeurs) joint ces parties à chaque dossier ; `fields` (répété ou séparé par des virgules) ne garde de chaque résumé que les champs nommés, `id` toujours, et les parties demandées par `populate` ou `select_notifications` (un nom inconnu : 400) ; `role` est accepté, sans effet (le serveur décide du côté par la session)",
    query: z.object({
      ...roleQuery,
      etats: list(z.enum(DOSSIER_STATES)).optional(),
      statuts: list(z.enum(DOSSIER_STATUTS)).optional(),
      /** Dossiers with a financial report in one of these states (any exercise). */
      etatsCRF: list(z.enum(CRF_STATES)).optional(),
      exercices: list(year).optional(),
      id_type_dispositif: list(idSchema).optional(),
      id_service_instructeur: list(idSchema).optional(),
      demandeur: list(siret).optional(),
      createdBy: list(idSchema).optional(),
      createdByType: list(z.enum(CREATED_BY_TYPES)).optional(),
      includeDeleted: queryBoolean.optional(),
      searchQuery: z.string().max(100).optional(),
      select_notifications: queryBoolean.optional(),
      populate: populateQuery.optional(),
      /** Projection: each item keeps `id` and the named keys of the summary (DOSSIER_LIST_FIELDS). */
      fields: fieldsQuery.optional(),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(20),
      sort: z.enum(DOSSIER_SORTS).default('updated_at'),
      order: z.enum(['asc', 'desc']).default('desc'),
    }),
    errors: ['FORBIDDEN'],
    response: dossierListReplySchema,
  }),
  dossierStates: defineRoute({
    method: 'GET', gateway, path: '/demande/dossiers/states', access: readers, scope: scope.none,
    summary: "États de l'instruction d'un dossier, avec leurs libellés",
    response: z.array(z.object({ code: z.enum(DOSSIER_STATES), label: z.string(), editable: z.boolean(), terminal: z.boolean() })),
  }),
  dossierExists: defineRoute({
    method: 'GET', gateway, path: '/demande/dossiers/exists', access: writers, scope: scope.caller,
    summary:
      "Un dossier non supprimé existe-t-il déjà pour cette subvention, ce sous-dispositif, cet exercice et ce SIRET, ou une demande vivante (non refusée) de cet agrément (`agrement` : son code) pour l'association de ce SIRET (parmi les associations de l'appelant) ?",
    query: z
      .object({ ...roleQuery, subvention: z.string().min(1).max(100).optional(), agrement: z.string().min(1).max(100).optional(), sous_dispositif: idSchema.optional(), exercice: year, siret })
      .refine((q) => (q.subvention === undefined) !== (q.agrement === undefined), { message: MESSAGES.required('subvention'), path: ['subvention'] }),
    response: z.object({ exists: z.boolean(), id_fo: z.string().nullable() }),
  }),
  getDossier: defineRoute({
    method: 'GET', gateway, path: '/demande/dossiers/:id', access: readers, scope: scope.dossier('read'),
    summary: "Un dossier, avec ce que la machine permet à l'appelant (événements et actions) ; documents et instructeurs toujours joints ; `populate=projets` rend les projets complets, parties choisies par `projectFields` (par défaut : identifiant, description, financements, cofinancements, customs) ; `populate=messages` ajoute les messages échangés avec les services instructeurs, du plus ancien au plus récent",
    params: dossierParams, query: z.object({ ...roleQuery, populate: viewPopulateQuery.optional(), projectFields: projetFieldsSchema.optional() }),
    errors: ['DOSSIER_NOT_FOUND'],
    response: dossierViewSchema,
  }),
  createDossier: defineRoute({
    method: 'POST', gateway, path: '/demande/dossiers', access: writers, scope: scope.association('write'), successStatus: 201,
    summary:
      "Crée un dossier pour une association de l'appelant : de subvention (`code_subvention` : une instruction à l'état A par service instructeur de la subvention) ou de demande d'agrément (`code_agrement`, `id_type_agrement`, `id_service_instructeur` : à l'état 1, pour le siège seulement)",
    query: z.object({ ...roleQuery, id_asso: z.string().min(1).max(50) }),
    body: z.object({
      description: z
        .object({
          code_subvention: z.string().min(1).max(100).optional(),
          id_sous_type_dispositif: idSchema.nullable().optional(),
          ...approvalCreateDescriptionSchema.partial().shape,
          exercice: year,
        })
        .superRefine((value, ctx) => {
          // A subsidy names its campaign; an approval its code, type and service (spec §7).
          const approval = value.code_agrement !== undefined || value.id_type_agrement !== undefined || value.id_service_instructeur !== undefined;
          if (approval && value.code_subvention !== undefined) ctx.addIssue({ code: 'custom', path: ['code_agrement'], message: MESSAGES.badFormat('description') });
          else if (approval) {
            for (const key of ['code_agrement', 'id_type_agrement', 'id_service_instructeur'] as const)
              if (value[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: MESSAGES.required(key) });
          } else if (value.code_subvention === undefined) ctx.addIssue({ code: 'custom', path: ['code_subvention'], message: MESSAGES.required('code_subvention') });
        }),
      demandeur: z.object({ id_siret: siret, nom: z.string().max(250).nullable().optional() }),
    }),
    errors: [
      'SUBVENTION_NOT_FOUND', 'CAMPAIGN_CLOSED', 'DOSSIER_EXISTS', 'DOSSIER_INPUT_INVALID',
      'AGREMENT_NOT_FOUND', 'AGREMENT_INACTIVE', 'APPROVAL_SECONDARY_ESTABLISHMENT', 'APPROVAL_COVERED_BY_NETWORK',
    ],
    response: z.union([dossierViewSchema, approvalDossierViewSchema]),
  }),
  updateDossier: defineRoute({
    method: 'PUT', gateway, path: '/demande/dossiers/:id', access: writers, scope: scope.dossier('write'),
    summary: "Enregistre une étape de l'assistant (0 à 4) ; modifiable en A et C seulement",
    params: dossierParams, query: z.object(roleQuery), body: dossierStepSchema,
    errors: ['DOSSIER_NOT_FOUND', 'DOSSIER_NOT_EDITABLE', 'DOSSIER_INCOMPLETE', 'SUBVENTION_NOT_FOUND', 'CAMPAIGN_CLOSED', 'DOSSIER_EXISTS', 'DOSSIER_INPUT_INVALID', 'TOO_MANY_REQUESTS'],
    response: dossierViewSchema,
  }),
  deleteDossier: defineRoute({
    method: 'DELETE', gateway, path: '/demande/dossiers/:id', access: writers, scope: scope.dossier('write'), firesTransition: true,
    summary: 'Supprime le dossier (événement « supprimer » de chaque instruction, vers B)',
    params: dossierParams, query: z.object(roleQuery), errors: ['DOSSIER_NOT_FOUND'], response: messageSchema,
  }),
  transmitDossier: defineRoute({
    method: 'POST', gateway, path: '/demande/dossiers/transmit/:id', access: writers, scope: scope.dossier('write'), firesTransition: true,
    summary: 'Transmet le dossier à ses services instructeurs (A ou C vers D) quand rien ne manque',
    params: dossierParams, query: z.object(roleQuery), errors: ['DOSSIER_NOT_FOUND', 'DOSSIER_NOT_TRANSMITTABLE', 'CAMPAIGN_CLOSED'], response: dossierViewSchema,
  }),
  putDocuments: defineRoute({
    method: 'PUT', gateway, path: '/demande/dossiers/:id/documents', access: writers, scope: scope.dossier('write'),
    summary: "Rattache des documents de l'association aux documents attendus du dossier (remplace la liste)",
    params: dossierParams, query: z.object(roleQuery), body: documentsBody,
    errors: ['DOSSIER_NOT_FOUND', 'DOSSIER_NOT_EDITABLE', 'DOSSIER_INPUT_INVALID', 'TOO_MANY_REQUESTS'], response: dossierViewSchema,
  }),
  patchDocuments: defineRoute({
    method: 'PATCH', gateway, path: '/demande/dossiers/:id/documents', access: writers, scope: scope.dossier('write'),
    summary: "Ajoute des documents de l'association aux documents attendus du dossier",
    params: dossierParams, query: z.object(roleQuery), body: documentsBody,
    errors: ['DOSSIER_NOT_FOUND', 'DOSSIER_NOT_EDITABLE', 'DOSSIER_INPUT_INVALID', 'TOO_MANY_REQUESTS'], response: dossierViewSchema,
  }),
  putRib: defineRoute({
    method: 'PUT', gateway, path: '/demande/dossiers/:id/rib', access: writers, scope: scope.dossier('write'),
    summary: "Choisit le RIB de l'établissement demandeur",
    params: dossierParams, query: z.object(roleQuery), body: z.object({ id_rib: idSchema }),
    errors: ['DOSSIER_NOT_FOUND', 'DOSSIER_NOT_EDITABLE', 'DOSSIER_INPUT_INVALID', 'TOO_MANY_REQUESTS'], response: dossierViewSchema,
  }),
  notifyDossier: defineRoute({
    method: 'POST', gateway, path: '/demande/dossiers/:id/notify', access: readers, scope: scope.dossier('read'),
    summary: "Notifie l'autre côté d'un changement du dossier (types 2, 4 ou 6)",
    params: dossierParams,
    query: z.object({ ...roleQuery, type: z.coerce.number().int().refine((t) => [2, 4, 6].includes(t), MESSAGES.badFormat('type')) }),
    errors: ['DOSSIER_NOT_FOUND', 'TOO_MANY_REQUESTS'], response: messageSchema,
  }),
  messageDossier: defineRoute({
    method: 'POST', gateway, path: '/demande/dossiers/:id/message', access: readers, scope: scope.dossier('read'), successStatus: 201,
    summary: "Message entre l'association et un service instructeur du dossier (notification de type 5 et courriel)",
    params: dossierParams, query: z.object(roleQuery),
    body: z.object({ message: z.string().trim().min(1, MESSAGES.required('message')).max(DOSSIER_LIMITS.message, MESSAGES.maxLength('message', DOSSIER_LIMITS.message)), id_service_instructeur: idSchema.optional() }),
    errors: ['DOSSIER_NOT_FOUND', 'DOSSIER_INPUT_INVALID', 'TOO_MANY_REQUESTS'], response: messageSchema,
  }),
  unreadDossierMessages: defineRoute({
    method: 'GET', gateway, path: '/demande/dossiers/messages/non-lus', access: readers, scope: scope.caller,
    summary: "Messages de l'autre côté que l'appelant n'a pas lus, sur les dossiers qu'il voit (ses associations, son service) : le total et les dossiers concernés, les plus en attente d'abord",
    response: unreadDossierMessagesSchema,
  }),
  markDossierMessagesRead: defineRoute({
    method: 'POST', gateway, path: '/demande/dossiers/:id/messages/lus', access: readers, scope: scope.dossier('read'),
    summary: "Marque lus les messages du dossier reçus par l'appelant (ses notifications de type 5 sur ce dossier) ; rend le nombre marqué",
    params: dossierParams, query: z.object(roleQuery),
    errors: ['DOSSIER_NOT_FOUND'], response: z.object({ lus: z.number().int(), messages_non_lus: z.literal(0) }),
  }),
  shareDossier: defineRoute({
    method: 'PATCH', gateway, path: '/demande/dossiers/:id/share', access: writers, scope: scope.dossier('write'),
    summary: "Partage le dossier avec un autre membre de l'association",
    params: dossierParams, query: z.object(roleQuery), body: z.object({ email: z.string().trim().toLowerCase().email(MESSAGES.badFormat('courriel')).max(254) }),
    errors: ['DOSSIER_NOT_FOUND', 'DOSSIER_INPUT_INVALID', 'TOO_MANY_REQUESTS'], response: messageSchema,
  }),
} as const;

/** Labels of the notification types the dossier routes write (contract notifications.ts). */
export const DOSSIER_NOTIFICATION_TYPES = { statut: 2, document: 4, message: 5, rib: 6 } as const satisfies Record<string, keyof typeof NOTIFICATION_TYPES>;
