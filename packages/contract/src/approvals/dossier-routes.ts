// lca-server: approval dossiers (dossiers de demande d'agrément, docs/domain.md « Agréments »),
// rows of the same dossiers table as the subsidies' (service agrement), created by the same
// POST /demande/dossiers (description.code_agrement instead of code_subvention). The wizard's steps
// 0-4 by PATCH, the transmission with the cerfa body, and the instructing service's decisions, all
// through the agrement_dossier machine (machines/agrement-dossier.ts).
import { z } from 'zod';
import { associationDocumentSchema } from '../association-documents.ts';
import { representantSchema } from '../association.ts';
import { idSchema } from '../fields.ts';
import { haaSiteSchema } from '../haa.ts';
import { agrementViewSchema } from './catalogue-routes.ts';
import { defineRoute, messageSchema } from '../http.ts';
import { freeJsonObject } from '../input-checks.ts';
import { AGREMENT_DOSSIER_STATES } from '../machines/agrement-dossier.ts';
import { ROLE_SETS } from '../roles.ts';
import { scope } from '../scope.ts';
import { customValueSchema, DOSSIER_STATUTS } from '../subsidies/schemas.ts';

const gateway = 'lca-server' as const;
/** Approval dossiers are read and changed by the association side and the approval's instructing service (the scope and the machine say which). */
const actors = ROLE_SETS.dossierReaders;
const code = z.string().trim().min(1).max(100);
const dossierParams = z.object({ id: z.string().trim().min(1).max(64) });
const roleQuery = { role: z.string().max(50).optional() };

/** What POST /demande/dossiers takes for an approval (spec §7). */
export const approvalCreateDescriptionSchema = z.object({
  code_agrement: code,
  id_type_agrement: code,
  id_service_instructeur: idSchema,
  exercice: z.coerce.number().int().min(2000).max(2100),
});

/** A document of the association file given for an expected document of the approval (its code). */
const approvalDocumentSchema = z.object({ code, id_document: idSchema }).strict();

/** One step of the wizard (spec §4): each step's block, the rest untouched. */
export const approvalStepSchema = z
  .object({
    step: z.number().int().min(0).max(4),
    /** Step 1: the applicant establishment (the head office) and its people. */
    demandeur: z
      .object({
        id_siret: z.string().regex(/^\d{14}$/).optional(),
        nom: z.string().trim().max(250).nullable().optional(),
        id_representant_legal: idSchema.nullable().optional(),
        id_signataire: idSchema.nullable().optional(),
        id_responsable: idSchema.nullable().optional(),
      })
      .strict()
      .optional(),
    /** Step 2: the documents (the whole list) and the statut. */
    documents: z.array(approvalDocumentSchema).max(50).optional(),
    statut: z.enum(DOSSIER_STATUTS).optional(),
    /** Step 3: the common approval criteria, the food-aid block (HAA type only), the answers to the expected fields. */
    tca: freeJsonObject('tca').optional(),
    haa: freeJsonObject('haa').optional(),
    customs: z.array(customValueSchema).max(200).optional(),
  })
  .strict();
export type ApprovalStep = z.infer<typeof approvalStepSchema>;

export const approvalDossierViewSchema = z.object({
  id: z.uuid(),
  id_fo: z.string(),
  service: z.literal('agrement'),
  step: z.number().int(),
  etat: z.enum(AGREMENT_DOSSIER_STATES),
  etat_libelle: z.string(),
  statut: z.enum(DOSSIER_STATUTS),
  exercice: z.number().int(),
  /** The association asking (its file gives the wizard's people and documents). */
  id_association: z.uuid(),
  description: z.object({
    code_agrement: z.string(),
    id_type_agrement: z.string(),
    id_service_instructeur: z.uuid(),
    service_instructeur: z.string(),
    exercice: z.number().int(),
    statut: z.enum(DOSSIER_STATUTS),
  }),
  demandeur: z.object({
    id_siret: z.string().nullable(),
    nom: z.string().nullable(),
    id_representant_legal: z.string().nullable(),
    id_signataire: z.string().nullable(),
    id_responsable: z.string().nullable(),
  }),
  documents: z.array(z.object({ code: z.string(), id_document: z.uuid() })),
  tca: z.record(z.string(), z.unknown()).nullable(),
  haa: z.record(z.string(), z.unknown()).nullable(),
  customs: z.array(customValueSchema),
  createdBy: z.object({ id: z.string().nullable(), type: z.string() }),
  /** Withdrawn by the service that created it: still read (spec §4, a deleted dossier is consulted), never changed. */
  deleted: z.boolean(),
  /** read unless the machine lets the caller change it now (spec §4: otherwise « Ce dossier n'est pas éditable. »). */
  mode: z.enum(['edit', 'read']),
  /** The events the machine lets the caller fire now. */
  evenements: z.array(z.string()),
});
export type ApprovalDossierView = z.infer<typeof approvalDossierViewSchema>;

/**
 * One approval dossier as its wizard reads it (GET …/:id/agrement): the view, and the approval of
 * the catalogue it names (active or not) with its expected fields and documents.
 */
export const approvalDossierDetailSchema = approvalDossierViewSchema.extend({ agrement: agrementViewSchema });
export type ApprovalDossierDetail = z.infer<typeof approvalDossierDetailSchema>;

/** The association file's people and documents the wizard's steps 1-2 choose among. */
export const approvalDossierFileSchema = z.object({ representants: z.array(representantSchema), documents: z.array(associationDocumentSchema) });
export type ApprovalDossierFile = z.infer<typeof approvalDossierFileSchema>;

const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).flatMap((s) => (typeof s === 'string' ? s.split(',') : [s])).filter((s) => s !== '')), z.array(item).max(50));

/** One line of the list of approval dossiers (/demande-agrements/dossiers). */
export const approvalDossierSummarySchema = z.object({
  id: z.uuid(),
  id_fo: z.string(),
  etat: z.enum(AGREMENT_DOSSIER_STATES),
  etat_libelle: z.string(),
  statut: z.enum(DOSSIER_STATUTS),
  exercice: z.number().int(),
  code_agrement: z.string(),
  id_type_agrement: z.string(),
  service_instructeur: z.object({ id: z.uuid(), nom: z.string() }),
  id_association: z.uuid(),
  demandeur: z.object({ id_siret: z.string().nullable(), nom: z.string().nullable() }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type ApprovalDossierSummary = z.infer<typeof approvalDossierSummarySchema>;
export const approvalDossierListSchema = z.object({ total: z.number().int(), page: z.number().int(), limit: z.number().int(), items: z.array(approvalDossierSummarySchema) });
export type ApprovalDossierList = z.infer<typeof approvalDossierListSchema>;

export const APPROVAL_DECISIONS = ['ouvrir_instruction', 'accorder', 'refuser'] as const;

export const approvalDossierRoutes = {
  listApprovalDossiers: defineRoute({
    method: 'GET', gateway, path: '/demande/dossiers/agrements', access: actors, scope: scope.caller,
    summary:
      "Dossiers de demande d'agrément que l'appelant voit : ceux de ses associations (côté association), ceux transmis à son service (agents du service de l'agrément, ou d'un service au-dessus avec un profil d'administrateur) ; tous pour lca.admin et rds.admin ; les plus récemment modifiés d'abord",
    query: z.object({
      ...roleQuery,
      etats: listOf(z.enum(AGREMENT_DOSSIER_STATES)).optional(),
      typeAgrements: listOf(code).optional(),
      exercices: listOf(z.coerce.number().int().min(2000).max(2100)).optional(),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: approvalDossierListSchema,
  }),
  getApprovalDossier: defineRoute({
    method: 'GET', gateway, path: '/demande/dossiers/:id/agrement', access: actors, scope: scope.dossier('read'),
    summary:
      "Un dossier de demande d'agrément avec l'agrément du catalogue qu'il demande (ses champs et documents attendus), ses réponses, son état et ce que la machine permet à l'appelant (`mode`, `evenements`)",
    params: dossierParams, query: z.object(roleQuery),
    errors: ['DOSSIER_NOT_FOUND'],
    response: approvalDossierDetailSchema,
  }),
  getApprovalDossierFile: defineRoute({
    method: 'GET', gateway, path: '/demande/dossiers/:id/agrement/fichier', access: actors, scope: scope.dossier('read'),
    summary:
      "Ce que les étapes Demandeur et Documents d'un dossier de demande d'agrément proposent (représentants légaux et documents courants de l'association), " +
      "à qui peut le modifier maintenant : un agent du service instructeur de l'agrément le remplit ainsi pour l'association (spec §4)",
    params: dossierParams, query: z.object(roleQuery),
    errors: ['DOSSIER_NOT_FOUND', 'DOSSIER_NOT_EDITABLE'],
    response: approvalDossierFileSchema,
  }),
  updateApprovalDossier: defineRoute({
    method: 'PATCH', gateway, path: '/demande/dossiers/:id', access: actors, scope: scope.dossier('write'),
    summary: "Enregistre une étape (0 à 4) d'un dossier de demande d'agrément ; modifiable en 1 et 2 seulement, par un administrateur, un agent du service instructeur de l'agrément ou son créateur",
    params: dossierParams, query: z.object(roleQuery), body: approvalStepSchema,
    errors: ['DOSSIER_NOT_FOUND', 'DOSSIER_NOT_EDITABLE', 'DOSSIER_INPUT_INVALID', 'APPROVAL_SECONDARY_ESTABLISHMENT'],
    firesTransition: true,
    response: approvalDossierViewSchema,
  }),
  transmitApprovalDossier: defineRoute({
    method: 'POST', gateway, path: '/demande/dossiers/:id/transmit', access: actors, scope: scope.dossier('write'), firesTransition: true,
    summary: "Transmet un dossier de demande d'agrément complet à son service instructeur, avec le corps du cerfa (1 ou 2 → 4)",
    params: dossierParams, query: z.object(roleQuery), body: z.object({ cerfa: freeJsonObject('cerfa') }).strict(),
    errors: ['DOSSIER_NOT_FOUND', 'DOSSIER_NOT_EDITABLE', 'APPROVAL_NOT_TRANSMITTABLE'],
    response: approvalDossierViewSchema,
  }),
  decideApprovalDossier: defineRoute({
    method: 'POST', gateway, path: '/demande/dossiers/:id/agrement/events', access: ROLE_SETS.dossierInstructors, scope: scope.dossier('read'), firesTransition: true,
    summary: "Décision du service instructeur de l'agrément : ouvrir l'instruction, accorder (l'agrément est inscrit au dossier administratif de l'association) ou refuser (motif obligatoire)",
    params: dossierParams,
    body: z
      .object({
        event: z.enum(APPROVAL_DECISIONS),
        commentaire: z.string().trim().max(2000).optional(),
        numero: z.string().trim().max(100).optional(),
        date_validite: z.iso.date().optional(),
      })
      .strict(),
    errors: ['DOSSIER_NOT_FOUND', 'APPROVAL_REFUSAL_REASON_REQUIRED'],
    response: approvalDossierViewSchema,
  }),
  getApprovalDossierHaaSites: defineRoute({
    method: 'GET', gateway, path: '/demande/dossiers/:id/agrement/sites-aide-alimentaire', access: ROLE_SETS.dossierInstructors, scope: scope.dossier('read'),
    summary:
      "Les sites d'aide alimentaire que l'association déclare aujourd'hui dans son dossier (mêmes champs que GET /association/haa/sites), en lecture, " +
      "pour le service instructeur d'une demande d'habilitation aide alimentaire (HAA) : ses agents (ou ceux d'un service au-dessus avec un profil d'administrateur) et rds.admin",
    params: dossierParams,
    errors: ['DOSSIER_NOT_FOUND', 'APPROVAL_NOT_FOOD_AID', 'HAA_SIREN_MISSING'],
    response: z.array(haaSiteSchema),
  }),
  createServiceApprovalDossier: defineRoute({
    method: 'POST', gateway, path: '/demande/service/dossiers/agrements', access: ROLE_SETS.dossierInstructors, scope: scope.caller, successStatus: 201,
    summary:
      "Un agent du service d'un agrément (ou d'un service au-dessus avec un profil d'administrateur), ou rds.admin, crée au nom d'une association un dossier de demande de cet agrément " +
      '(créé par le service, à l’état 1, mêmes règles que la création par l’association : siège, agrément actif, réseaux, une demande vivante) ; il peut le supprimer tant qu’il est à l’état 1',
    body: z
      .object({
        id_asso: idSchema,
        description: approvalCreateDescriptionSchema,
        demandeur: z.object({ id_siret: z.string().regex(/^\d{14}$/), nom: z.string().trim().max(250).nullable().optional() }).strict(),
      })
      .strict(),
    errors: [
      'NOT_FOUND', 'AGREMENT_NOT_FOUND', 'AGREMENT_INACTIVE', 'DOSSIER_EXISTS', 'DOSSIER_INPUT_INVALID',
      'APPROVAL_SECONDARY_ESTABLISHMENT', 'APPROVAL_COVERED_BY_NETWORK', 'APPROVAL_SERVICE_NOT_INSTRUCTING',
    ],
    response: approvalDossierViewSchema,
  }),
  deleteApprovalDossier: defineRoute({
    method: 'DELETE', gateway, path: '/demande/dossiers/:id/agrement', access: ROLE_SETS.dossierInstructors, scope: scope.dossier('write'),
    summary: "Supprime un dossier de demande d'agrément créé par un service, à l'état 1 : par le service de l'agrément (ou au-dessus) ou rds.admin (spec §6)",
    params: dossierParams, query: z.object(roleQuery),
    errors: ['DOSSIER_NOT_FOUND', 'APPROVAL_DOSSIER_NOT_DELETABLE'],
    response: messageSchema,
  }),
};
