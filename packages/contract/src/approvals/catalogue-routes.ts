// The approvals' catalogue (docs/domain.md « Agréments »): each approval (agrément) a service
// instructs for a campaign, its type from the referential of approval types, and the expected
// fields and documents of its dossiers. Any signed-in user reads the active ones; the approvals'
// administrators (within their services' reach) write.
import { z } from 'zod';
import { chainHistoryQuerySchema, chainHistorySchema } from '../audit.ts';
import { idSchema } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { defineRoute } from '../http.ts';
import type { ReferentielType } from '../referentiels.ts';
import { ROLE_SETS } from '../roles.ts';
import { scope } from '../scope.ts';
import {
  booleanText,
  champAttenduBodySchema,
  champAttenduSchema,
  documentAttenduBodySchema,
  documentAttenduSchema,
  expectedDefinitionRoutes,
  expectedLinkSchema,
} from '../subsidies/rds-routes.ts';
import { expectedDocumentSchema, expectedFieldSchema } from '../subsidies/schemas.ts';

const gateway = 'rda-server' as const;
export const APPROVAL_ADMINS = ROLE_SETS.approvalAdmins;

/** The referential whose options are the approval types (JEP, Sport, …, HAA); its option's meta names the category. */
export const APPROVAL_TYPES_REFERENTIEL = 'types-agrement' satisfies ReferentielType;
/** The food-aid authorisation: its dossiers carry the `haa` block (spec §4 step 3). */
export const HAA_APPROVAL_TYPE = 'HAA';
/** Types whose dossier needs the approval order (arrêté d'agrément, document type ATTAG) (spec §8). */
export const APPROVAL_TYPES_NEEDING_ORDER = ['JEP', 'Sport'] as const;
export const APPROVAL_ORDER_DOCUMENT_TYPE = 'ATTAG';

const code = z.string().trim().min(1).max(100);
const year = z.number().int().min(2000).max(2100);

/** How an approval links an expected field or document of its dossiers (always the dossier part). */
const approvalLinkSchema = expectedLinkSchema.omit({ part: true });

const agrementFields = {
  code,
  /** An option of the referential types-agrement (JEP, Sport, HAA…). */
  type_agrement: code,
  /** The instructing service (its id): it must exist. */
  service: idSchema,
  campagne_exercice: year,
  /** The service's own code for this approval, as its back office knows it. */
  code_service: z.string().trim().max(100).nullable(),
  active: z.boolean(),
  champs_attendus: z.array(approvalLinkSchema).max(200),
  documents_attendus: z.array(approvalLinkSchema).max(200),
};

export const agrementBodySchema = z
  .object({
    ...agrementFields,
    code_service: agrementFields.code_service.default(null),
    active: agrementFields.active.default(false),
    champs_attendus: agrementFields.champs_attendus.default([]),
    documents_attendus: agrementFields.documents_attendus.default([]),
  })
  .strict();
export type AgrementBody = z.infer<typeof agrementBodySchema>;

/** Only what changes (spec §5: updates send the differences only); nothing is a 400 « Aucun changement… ». */
export const agrementPatchSchema = z.object(agrementFields).partial().strict();
export type AgrementPatch = z.infer<typeof agrementPatchSchema>;

export const agrementViewSchema = z.object({
  _id: z.uuid(),
  code: z.string(),
  type_agrement: z.string(),
  /** The type's label and category, from the referential. */
  type_agrement_label: z.string(),
  categorie: z.string().nullable(),
  service: z.uuid(),
  service_nom: z.string(),
  campagne_exercice: z.number().int(),
  code_service: z.string().nullable(),
  active: z.boolean(),
  champs_attendus: z.array(expectedFieldSchema),
  documents_attendus: z.array(expectedDocumentSchema),
});
export type AgrementView = z.infer<typeof agrementViewSchema>;

export const agrementListQuerySchema = z.object({
  type: code.optional(),
  service: idSchema.optional(),
  campagne_exercice: z.coerce.number().int().min(2000).max(2100).optional(),
  code: code.optional(),
  active: booleanText.optional(),
});
export type AgrementFilter = z.infer<typeof agrementListQuerySchema>;

/** A service an approvals' administrator may name as an approval's instructing service. */
export const approvalServiceOptionSchema = z.object({ id: z.uuid(), nom: z.string(), niveau_territorial: z.string().nullable() });
export type ApprovalServiceOption = z.infer<typeof approvalServiceOptionSchema>;

const definitions = { gateway, readers: 'authenticated', writers: APPROVAL_ADMINS, of: 'des agréments' } as const;
const champs = expectedDefinitionRoutes(definitions, '/champs-attendus', 'champs attendus', champAttenduBodySchema, champAttenduSchema, 'EXPECTED_FIELD_TYPE_UNKNOWN');
const documents = expectedDefinitionRoutes(definitions, '/documents-attendus', 'documents attendus', documentAttenduBodySchema, documentAttenduSchema, 'EXPECTED_DOCUMENT_NATURE_UNKNOWN');

/** What the approvals' catalogue history holds, by the audit trail's entity names (AUDIT_ENTITY_LABELS): the approvals and their expected definitions. */
export const APPROVAL_CATALOGUE_HISTORY_ENTITIES = ['agrement', 'champ_attendu', 'document_attendu'] as const;
export type ApprovalCatalogueHistoryEntity = (typeof APPROVAL_CATALOGUE_HISTORY_ENTITIES)[number];
export const approvalCatalogueHistoryQuerySchema = chainHistoryQuerySchema.extend({
  entite: z.enum(APPROVAL_CATALOGUE_HISTORY_ENTITIES, { error: MESSAGES.badFormat('entite') }).optional(),
});

const writeErrors = ['AGREMENT_SERVICE_UNKNOWN', 'AGREMENT_TYPE_UNKNOWN', 'AGREMENT_CODE_TAKEN', 'AGREMENT_OUT_OF_REACH', 'EXPECTED_ITEM_UNKNOWN'] as const;
const byId = z.object({ id: idSchema });

export const approvalCatalogueRoutes = {
  listAgrements: defineRoute({
    method: 'GET', gateway, path: '/agrements', access: 'authenticated', scope: scope.none,
    summary: "Agréments du catalogue (filtres : type, service, campagne, code, actif) ; seuls les administrateurs des agréments voient les inactifs",
    query: agrementListQuerySchema, response: z.array(agrementViewSchema),
  }),
  approvalCatalogueHistory: defineRoute({
    method: 'GET', gateway, path: '/agrements/historique', access: APPROVAL_ADMINS, scope: scope.none,
    summary:
      "Historique des modifications du catalogue des agréments (agréments, champs et documents attendus des agréments), du plus récent au plus ancien, " +
      "filtré par type d'élément ; pagination par repère (`avant` : `suivant` de la page précédente) ; les champs secrets sont masqués",
    query: approvalCatalogueHistoryQuerySchema, response: chainHistorySchema,
  }),
  listAgrementServices: defineRoute({
    method: 'GET', gateway, path: '/agrements/services', access: APPROVAL_ADMINS, scope: scope.none,
    summary:
      "Services instructeurs qu'un administrateur des agréments peut nommer pour un agrément (ceux que son service atteint : national tous, local son sous-arbre ; sans fiche service : tous), par nom",
    response: z.array(approvalServiceOptionSchema),
  }),
  getAgrement: defineRoute({
    method: 'GET', gateway, path: '/agrements/:id', access: 'authenticated', scope: scope.none,
    errors: ['AGREMENT_NOT_FOUND'],
    summary: 'Un agrément du catalogue, avec ses champs et documents attendus',
    params: byId, response: agrementViewSchema,
  }),
  createAgrement: defineRoute({
    method: 'POST', gateway, path: '/agrements', access: APPROVAL_ADMINS, scope: scope.none, successStatus: 201,
    errors: [...writeErrors],
    summary: "Nouvel agrément : son type (référentiel types-agrement), son service instructeur (qui doit exister), sa campagne",
    body: agrementBodySchema, response: agrementViewSchema,
  }),
  duplicateAgrement: defineRoute({
    method: 'POST', gateway, path: '/agrements/:id/duplicate', access: APPROVAL_ADMINS, scope: scope.none, successStatus: 201,
    errors: ['AGREMENT_NOT_FOUND', 'AGREMENT_CODE_TAKEN', 'AGREMENT_OUT_OF_REACH'],
    summary: "Campagne suivante d'un agrément (exercice + 1, inactive) avec les mêmes champs et documents attendus",
    params: byId, response: agrementViewSchema,
  }),
  updateAgrement: defineRoute({
    method: 'PATCH', gateway, path: '/agrements/:id', access: APPROVAL_ADMINS, scope: scope.none,
    errors: ['AGREMENT_NOT_FOUND', 'NO_CHANGE_DETECTED', ...writeErrors],
    summary: "Modification d'un agrément : seules les différences sont envoyées ; aucune différence répond « Aucun changement n'a été détécté. »",
    params: byId, body: agrementPatchSchema, response: agrementViewSchema,
  }),
  deleteAgrement: defineRoute({
    method: 'DELETE', gateway, path: '/agrements/:id', access: APPROVAL_ADMINS, scope: scope.none,
    errors: ['AGREMENT_NOT_FOUND', 'AGREMENT_IN_USE', 'AGREMENT_OUT_OF_REACH'],
    summary: "Suppression d'un agrément ; refusée tant que des dossiers de demande l'utilisent",
    params: byId, response: z.object({ message: z.string() }),
  }),
  listChampsAttendus: champs.list,
  createChampAttendu: champs.create,
  updateChampAttendu: champs.update,
  listDocumentsAttendus: documents.list,
  createDocumentAttendu: documents.create,
  updateDocumentAttendu: documents.update,
};
