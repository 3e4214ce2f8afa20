// proxy-asso: the documents of an association's file (spec §3 documents, §5 uploads, §7).
import { z } from 'zod';
import { ASSOCIATION_READ_ROLES, ASSOCIATION_WRITE_ROLES, idAssoSchema } from './association.ts';
import { idSchema } from './fields.ts';
import { defineRoute, messageSchema } from './http.ts';
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
  /** Download path (add `&token=` for a browser link). */
  url: z.string(),
});
export type AssociationDocument = z.infer<typeof associationDocumentSchema>;

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
    method: 'GET', gateway, path: '/association/documents', access: ASSOCIATION_READ_ROLES,
    summary: "Documents courants du dossier de l'association (filtrables par établissement et par type)",
    query: z.object({ id_asso: idAssoSchema, id_siret: siretSchema.optional(), type: z.string().trim().max(20).optional() }),
    response: z.array(associationDocumentSchema),
  }),
  uploadDocument: defineRoute({
    method: 'POST', gateway, path: '/association/documents', access: ASSOCIATION_WRITE_ROLES,
    summary: 'Dépôt d’un document (multipart, champ « file » ; PDF, JPG ou JPEG vérifiés sur le contenu ; 15 Mo au plus)',
    query: uploadDocumentQuerySchema, multipart: true,
    response: associationDocumentSchema, successStatus: 201,
  }),
  downloadDocument: defineRoute({
    method: 'GET', gateway, path: '/association/documents/download', access: ASSOCIATION_READ_ROLES,
    summary: 'Téléchargement d’un document (le jeton peut venir en paramètre « token », pour un lien du navigateur)',
    query: z.object({ id_asso: idAssoSchema, id: idSchema, token: z.string().optional() }),
    response: z.unknown(), rawResponse: true, tokenInQuery: true,
  }),
  deleteDocument: defineRoute({
    method: 'DELETE', gateway, path: '/association/documents', access: ASSOCIATION_WRITE_ROLES,
    summary: 'Suppression d’un document du dossier',
    query: z.object({ id_asso: idAssoSchema, id: idSchema }),
    response: messageSchema,
  }),
};
