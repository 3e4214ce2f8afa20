// lca-server `/demande/numero-siret…` and proxy-asso `/associations/demandeSiret`,
// `/demande/documents` (spec §7): the SIRET requests. A request is reached through the scope
// `siretRequest` (its creator while a member of its association, or lca.admin; anyone else reads
// « La demande n'est pas accessible… »); a new one through the association's scope (head office).
import { z } from 'zod';
import { associationDocumentSchema } from '../association-documents.ts';
import { idAssoSchema } from '../association-link.ts';
import { idSchema } from '../fields.ts';
import { defineRoute, messageSchema } from '../http.ts';
import { SIRET_REQUEST_STATES } from '../machines/demande-siret.ts';
import { MESSAGES } from '../messages.ts';
import { ROLE_SETS } from '../roles.ts';
import { scope } from '../scope.ts';
import { SIRET_REQUEST_MESSAGES } from './messages.ts';
import { SIRET_REQUEST_LIMITS as L, siretRequestEventSchema, siretRequestInputSchema, siretRequestSchema, type SiretRequest } from './schemas.ts';

const lca = 'lca-server' as const;
const proxy = 'proxy-asso' as const;

/** `role`: the side the client acts as (spec §6); the server decides from the session all the same. */
const roleQuery = z.object({ role: z.string().max(50).optional() });
const requestParams = z.object({ id: idSchema });
const creationQuery = z.object({ id_asso: idAssoSchema, role: z.string().max(50).optional() });

/** A comma-separated list in the query, each item checked. */
const commaList = <T extends z.ZodType<string, string>>(item: T, label: string) =>
  z
    .string({ error: MESSAGES.badFormat(label) })
    .max(500, MESSAGES.maxLength(label, 500))
    .transform((value) => value.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(item));

/**
 * What `fields` of the list may name: the request's own keys (`id` is always answered). The names
 * of the documents are joined by `populate=documents`.
 */
export const SIRET_REQUEST_LIST_FIELDS = [
  'id', 'identifiant', 'attestation', 'identite', 'activites', 'coordonnees', 'documents', 'description', 'createdBy', 'mode', 'options', 'created_at', 'updated_at',
] as const satisfies readonly (keyof SiretRequest)[];
export type SiretRequestListField = (typeof SIRET_REQUEST_LIST_FIELDS)[number];
/** What `populate` may join to each request of the list: the names of its documents. */
export const SIRET_REQUEST_POPULATE = ['documents'] as const;
export type SiretRequestPopulate = (typeof SIRET_REQUEST_POPULATE)[number];

/** A comma-separated (or repeated) list of names, each one of `allowed`, else the message of `unknown`. */
const namesOf = <T extends string>(allowed: readonly T[], unknown: (name: string) => string) =>
  z.preprocess(
    (v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).flatMap((s) => (typeof s === 'string' ? s.split(',') : [s])).map((s) => (typeof s === 'string' ? s.trim() : s)).filter((s) => s !== '')),
    z.array(z.string().max(50).refine((name) => (allowed as readonly string[]).includes(name), { error: (issue) => unknown(String(issue.input)) })).max(20),
  ).transform((names) => names as T[]);

/** A request cut down by `fields`: `id` and the named keys. */
export const projectedSiretRequestSchema = siretRequestSchema.partial().required({ id: true });
export type ProjectedSiretRequest = z.infer<typeof projectedSiretRequestSchema>;
/**
 * The list's answer: whole requests, or projected ones when `fields` is given. The declared type
 * stays the whole request, the one the client reads (it does not send `fields`).
 */
const siretRequestListReplySchema = z.union([z.array(siretRequestSchema), z.array(projectedSiretRequestSchema)]) as unknown as z.ZodArray<typeof siretRequestSchema>;

export const siretRequestListQuerySchema = z.object({
  /** Keeps of each request only the named keys (and `id`); an unknown name: 400. */
  fields: namesOf(SIRET_REQUEST_LIST_FIELDS, SIRET_REQUEST_MESSAGES.unknownField).optional(),
  /** Matches the name, the acronym, the RNA number or the request's number. */
  searchQuery: z.string().trim().max(100, MESSAGES.maxLength('recherche', 100)).optional(),
  id_rna: z.string().trim().max(20, MESSAGES.maxLength('RNA', 20)).optional(),
  etats: commaList(z.enum(SIRET_REQUEST_STATES, { error: MESSAGES.badFormat('état') }), 'états').optional(),
  limit: z.coerce
    .number<string>({ error: MESSAGES.badFormat('limit') })
    .int(MESSAGES.badFormat('limit'))
    .min(1, MESSAGES.badFormat('limit'))
    .max(L.listMax, MESSAGES.badFormat('limit'))
    .default(L.listDefault),
  /** `documents`: each attached document with its name (without it, `nom` is null and no join is made). */
  populate: namesOf(SIRET_REQUEST_POPULATE, SIRET_REQUEST_MESSAGES.unknownPopulate).optional(),
  role: z.string().max(50).optional(),
});
export type SiretRequestListQuery = z.output<typeof siretRequestListQuerySchema>;

export const siretRequestRoutes = {
  listSiretRequests: defineRoute({
    method: 'GET', gateway: lca, path: '/demande/numero-siret', access: ROLE_SETS.associationMembers, scope: scope.caller,
    summary:
      "Demandes de numéro SIRET : celles que l'appelant a créées (pour les associations dont il est membre), toutes pour lca.admin ; " +
      'filtres searchQuery, id_rna, etats (liste séparée par des virgules), limit ; les plus récentes d’abord ; `populate=documents` nomme les documents joints ; ' +
      '`fields` (séparés par des virgules) ne garde de chaque demande que les champs nommés, `id` toujours (un nom inconnu : 400)',
    query: siretRequestListQuerySchema,
    response: siretRequestListReplySchema,
  }),
  createSiretRequest: defineRoute({
    method: 'POST', gateway: lca, path: '/demande/numero-siret', access: ROLE_SETS.associationMembers, scope: scope.association('write-all'),
    summary:
      "Crée la demande de l'association (état ECS), pré-remplie depuis son dossier (coupes du §5, code INSEE manquant cherché par la commune) ; " +
      'ce que le corps donne remplace le pré-remplissage. Une seule demande en cours par association (une demande rejetée ne compte pas)',
    query: creationQuery, body: siretRequestInputSchema,
    errors: ['NOT_FOUND', 'SIRET_REQUEST_EXISTS', 'SIRET_REQUEST_ASSOCIATION_HAS_SIRET', 'SIRET_REQUEST_INPUT_INVALID'],
    response: siretRequestSchema, successStatus: 201,
  }),
  getSiretRequest: defineRoute({
    method: 'GET', gateway: lca, path: '/demande/numero-siret/:id', access: ROLE_SETS.associationMembers, scope: scope.siretRequest('read'),
    summary: "Une demande, avec ce que la machine permet à l'appelant et le mode (edit ou read, spec §4)",
    params: requestParams, query: roleQuery, response: siretRequestSchema,
  }),
  updateSiretRequest: defineRoute({
    method: 'PUT', gateway: lca, path: '/demande/numero-siret/:id', access: ROLE_SETS.associationMembers, scope: scope.siretRequest('write'),
    summary: 'Enregistre la demande (en ECS et INV seulement : action « modifier » de la machine)',
    params: requestParams, query: roleQuery, body: siretRequestInputSchema,
    errors: ['SIRET_REQUEST_NOT_EDITABLE', 'SIRET_REQUEST_INPUT_INVALID'], response: siretRequestSchema,
  }),
  deleteSiretRequest: defineRoute({
    method: 'DELETE', gateway: lca, path: '/demande/numero-siret/:id', access: ROLE_SETS.associationMembers, scope: scope.siretRequest('write'),
    summary: 'Supprime la demande (en ECS et INV seulement) ; l’association peut alors en créer une autre',
    params: requestParams, query: roleQuery,
    errors: ['SIRET_REQUEST_NOT_EDITABLE'], response: messageSchema,
  }),
  siretRequestPdf: defineRoute({
    method: 'GET', gateway: lca, path: '/demande/numero-siret/:id/pdf', access: ROLE_SETS.associationMembers, scope: scope.siretRequest('read'),
    summary: 'La demande au format du formulaire de l’INSEE (PDF)',
    params: requestParams, query: roleQuery, rawResponse: true, errors: ['TOO_MANY_REQUESTS'], response: z.unknown(),
  }),
  transmitSiretRequest: defineRoute({
    method: 'POST', gateway: lca, path: '/demande/numero-siret/:id/transmit', access: ROLE_SETS.associationMembers, scope: scope.siretRequest('write'),
    firesTransition: true,
    summary:
      "Transmet la demande (ECS, INV → AEM) quand rien ne manque : attestation, adresse du siège conforme au §5, documents REC, STC et LDC ; " +
      'rend la demande et le message à afficher',
    params: requestParams, query: roleQuery,
    errors: ['SIRET_REQUEST_NOT_TRANSMITTABLE'],
    response: z.object({ demande: siretRequestSchema, message: z.string() }),
  }),
  fireSiretRequestEvent: defineRoute({
    method: 'POST', gateway: lca, path: '/demande/numero-siret/:id/events', access: ROLE_SETS.lcaAdmins, scope: scope.siretRequest('write'),
    firesTransition: true,
    summary:
      'Traitement par l’administration : traiter (AEM → ENCT), generer_regent (ENCT → RGEN), accorder avec le SIRET attribué (RGEN → ACC : ' +
      "écrit sur le dossier de l'association et son établissement siège), rejeter ou refuser avec le motif (RGEN → REJ, REF), " +
      'invalider avec le motif (AEM → INV), reinitialiser (ENCT, RGEN → ECS)',
    params: requestParams, body: siretRequestEventSchema,
    errors: ['SIRET_TAKEN', 'SIRET_REQUEST_INPUT_INVALID'], response: siretRequestSchema,
  }),
  createAssociationSiretRequest: defineRoute({
    method: 'POST', gateway: proxy, path: '/associations/demandeSiret', access: ROLE_SETS.associationMembers, scope: scope.association('write-all'),
    summary: "La demande de SIRET côté dossier de l'association (spec §7 : un tableau d'une demande) : la même création que POST /demande/numero-siret",
    query: creationQuery,
    body: z.array(siretRequestInputSchema).length(1, MESSAGES.badFormat('demande')),
    errors: ['NOT_FOUND', 'SIRET_REQUEST_EXISTS', 'SIRET_REQUEST_ASSOCIATION_HAS_SIRET', 'SIRET_REQUEST_INPUT_INVALID'],
    response: z.array(siretRequestSchema), successStatus: 201,
  }),
  siretRequestDocuments: defineRoute({
    method: 'GET', gateway: proxy, path: '/demande/documents', access: ROLE_SETS.associationMembers, scope: scope.siretRequest('read', 'id_demande', 'query'),
    summary: "Les documents du dossier de l'association joints à la demande (REC, STC, LDC)",
    query: z.object({ id_demande: idSchema }),
    response: z.array(associationDocumentSchema),
  }),
};
