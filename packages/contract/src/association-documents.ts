// proxy-asso: the documents of an association's file (docs/domain.md « Données », « Champs », « Appels de l'API »).
import { z } from 'zod';
import { ASSOCIATION_READ_ROLES, ASSOCIATION_WRITE_ROLES, idAssoSchema } from './association-link.ts';
import { idSchema } from './fields.ts';
import { defineRoute, messageSchema } from './http.ts';
import { scope } from './scope.ts';
import { siretSchema } from './identifiers.ts';
import { MESSAGES } from './messages.ts';

const gateway = 'proxy-asso' as const;

export const DOCUMENT_ORIGINS = ['RNA', 'association', 'LCA', 'Sirene'] as const;

export const associationDocumentSchema = z.object({
  uuid: z.string(),
  id_siret: z.string().nullable(),
  type: z.string(),
  etat: z.string(),
  origine: z.string(),
  annee_validite: z.number().int().nullable(),
  date_chargement: z.string(),
  nom: z.string(),
  commentaire: z.string().nullable(),
  mime_type: z.string(),
  taille: z.number().int(),
  /** Download path for API callers (access token in the header); a browser link asks for a ticket. */
  url: z.string(),
});
export type AssociationDocument = z.infer<typeof associationDocumentSchema>;

/** A browser download link works once, within this delay: it never carries the access token. */
export const DOWNLOAD_TICKET_TTL_SECONDS = 60;

export const downloadTicketSchema = z.object({
  /** Path the browser opens (GET), valid once. */
  url: z.string(),
  expires_in: z.number().int(),
});
export type DownloadTicket = z.infer<typeof downloadTicketSchema>;

const documentRefQuery = z.object({ id_asso: idAssoSchema, id: idSchema });

const currentYear = () => new Date().getFullYear();

export const uploadDocumentQuerySchema = z.object({
  id_asso: idAssoSchema,
  id_siret: siretSchema.optional(),
  type: z
    .string({ error: MESSAGES.required('type de document') })
    .trim()
    .regex(/^[A-Z0-9_-]{2,20}$/, MESSAGES.badFormat('type de document')),
  annee_validite: z.coerce
    .number()
    .int(MESSAGES.badFormat('année de validité'))
    .min(1901, MESSAGES.badFormat('année de validité'))
    .refine((year) => year <= currentYear() + 1, MESSAGES.badFormat('année de validité'))
    .optional(),
  commentaire: z.string().trim().max(500, MESSAGES.maxLength('commentaire', 500)).optional(),
});

export const associationDocumentRoutes = {
  listDocuments: defineRoute({
    method: 'GET', gateway, path: '/association/documents', access: ASSOCIATION_READ_ROLES, scope: scope.association('read'),
    errors: ['NOT_FOUND'],
    summary: "Documents courants du dossier de l'association (filtrables par établissement et par type)",
    query: z.object({ id_asso: idAssoSchema, id_siret: siretSchema.optional(), type: z.string().trim().max(20).optional() }),
    response: z.array(associationDocumentSchema),
  }),
  uploadDocument: defineRoute({
    method: 'POST', gateway, path: '/association/documents', access: ASSOCIATION_WRITE_ROLES, scope: scope.association('write'),
    errors: ['NOT_FOUND', 'MISSING_FILE', 'FILE_NAME_REFUSED', 'FILE_CONTENT_REFUSED', 'UPLOAD_INTERRUPTED', 'FILE_TOO_LARGE'],
    summary: 'Dépôt d’un document (multipart, champ « file » ; PDF, JPG ou JPEG vérifiés sur le contenu ; 15 Mo au plus)',
    query: uploadDocumentQuerySchema, multipart: true,
    response: associationDocumentSchema, successStatus: 201,
  }),
  downloadDocument: defineRoute({
    method: 'GET', gateway, path: '/association/documents/download', access: ASSOCIATION_READ_ROLES, scope: scope.association('read'),
    errors: ['NOT_FOUND'],
    summary: 'Téléchargement d’un document (jeton d’accès dans l’en-tête)',
    query: documentRefQuery,
    response: z.unknown(), rawResponse: true,
  }),
  downloadTicket: defineRoute({
    method: 'POST', gateway, path: '/association/documents/ticket', access: ASSOCIATION_READ_ROLES, scope: scope.association('read'),
    errors: ['NOT_FOUND'],
    summary: `Ticket de téléchargement d’un document pour un lien du navigateur (usage unique, ${DOWNLOAD_TICKET_TTL_SECONDS} s)`,
    query: documentRefQuery,
    response: downloadTicketSchema, successStatus: 201,
  }),
  downloadWithTicket: defineRoute({
    method: 'GET', gateway, path: '/association/documents/download/:ticket', access: 'public',
    errors: ['DOWNLOAD_TICKET_INVALID', 'NOT_FOUND'],
    summary: 'Téléchargement d’un document par son ticket (lien ouvert par le navigateur)',
    params: z.object({ ticket: z.string().min(1).max(100) }),
    response: z.unknown(), rawResponse: true,
  }),
  deleteDocument: defineRoute({
    method: 'DELETE', gateway, path: '/association/documents', access: ASSOCIATION_WRITE_ROLES, scope: scope.association('write'),
    errors: ['NOT_FOUND', 'DOCUMENT_IN_DOSSIER', 'DOCUMENT_IN_SIRET_REQUEST'],
    summary: 'Suppression d’un document du dossier (refusée tant qu’un dossier de demande le joint, ou une demande de numéro SIRET en cours de traitement)',
    query: documentRefQuery,
    response: messageSchema,
  }),
};
