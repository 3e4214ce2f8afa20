// The contract routes each page of the route table calls (its family), whose declared roles the
// page's own must match (test/route-roles.test.ts). Kept apart from route-table.ts: the router
// and the entry guard never read it, so the route groups and their schemas stay out of the entry,
// each page's chunk bringing only the calls it makes.
import { api, crfRoutes, instructionRoutes, worklistBulkRoutes, worklistRoutes, type ResourceKind, type RouteDefinition } from '@portail/contract';
import type { PageKey, RouteEntry } from './route-table.ts';

/** The association file's routes (identity, establishments, bank details... and its journal). */
const ASSOCIATION_FILE_CALLS: readonly RouteDefinition[] = [
  ...Object.values(api.association),
  api.audit.getJournal,
  // The food-aid sites modal (agréments tab) and its commune field.
  ...Object.values(api.haa),
  api.externalLookups.searchAddress,
];
const DOCUMENT_CALLS: readonly RouteDefinition[] = Object.values(api.associationDocuments);

/** The subsidy dossiers list: the caller's dossiers, the states' labels, the notifications panel. */
const DOSSIER_LIST_CALLS: readonly RouteDefinition[] = [
  api.dossiers.listDossiers,
  api.dossiers.dossierStates,
  api.notifications.listNotifications,
  api.notifications.unreadNotificationCount,
  api.notifications.markNotificationRead,
];

/** The creation wizard: open campaigns, the association's establishments, the creation. */
const DOSSIER_CREATION_CALLS: readonly RouteDefinition[] = [
  api.rdsSchemes.listSubventions,
  api.association.getEtablissements,
  api.dossiers.createDossier,
];
/** A dossier's wizard: the dossier, its projects and PDF, its subvention, the association file's rows and documents. */
const DOSSIER_CALLS: readonly RouteDefinition[] = [
  api.dossiers.getDossier,
  api.dossiers.updateDossier,
  api.dossiers.putDocuments,
  api.dossiers.transmitDossier,
  api.dossiers.deleteDossier,
  api.dossiers.messageDossier,
  api.dossiers.shareDossier,
  api.dossiers.putRib,
  instructionRoutes.completeDossier,
  api.projets.listProjets,
  api.projets.createProjet,
  api.projets.updateProjet,
  api.projets.deleteProjet,
  api.projets.dossierPdf,
  api.projets.dossierDocumentTicket,
  api.rdsSchemes.getSubvention,
  api.association.getEtablissements,
  api.association.getRepresentants,
  api.association.getRibs,
  api.associationDocuments.listDocuments,
  api.associationDocuments.uploadDocument,
];

/** The association's financial report of a dossier: opened by exercise, saved, transmitted; the signatory and the documents from the association file. */
const CRF_CALLS: readonly RouteDefinition[] = [
  api.dossiers.getDossier,
  crfRoutes.openCrf,
  crfRoutes.getCrf,
  crfRoutes.updateCrf,
  crfRoutes.updateCrfProjet,
  crfRoutes.transmitCrf,
  api.association.getRepresentants,
  api.associationDocuments.listDocuments,
  api.associationDocuments.uploadDocument,
];

/**
 * A dossier read through dossier-scoped calls (the instructing services' view): the dossier, its
 * projects, questions and expected items, its messages, PDF and documents (their tickets).
 */
const DOSSIER_READING_CALLS: readonly RouteDefinition[] = [
  api.dossiers.getDossier,
  api.dossiers.messageDossier,
  api.projets.listProjets,
  api.projets.dossierPdf,
  api.rdsSchemes.getSubvention,
  api.questions.listQuestions,
];

/** The same, with the instructor's events and « incomplet » mark on their instruction, its history, and the dossier's financial reports to receive or send back. */
const INSTRUCTION_DOSSIER_CALLS: readonly RouteDefinition[] = [
  ...DOSSIER_READING_CALLS,
  instructionRoutes.dossierHistory,
  instructionRoutes.fireInstructionEvent,
  instructionRoutes.setInstructionStatut,
  crfRoutes.openCrf,
  crfRoutes.fireCrfEvent,
];

/**
 * The instructors' work list: the list, its counts, the services and schemes its filters offer, its
 * exports and the bulk action. /osiris makes the same calls but the bulk; those admit the rds roles
 * too (each caller's rows are scoped by the server), so its osiris-only entry is not held to them here.
 */
const INSTRUCTOR_WORKLIST_CALLS: readonly RouteDefinition[] = [
  worklistRoutes.listWorklist,
  worklistRoutes.countWorklist,
  worklistRoutes.facetsWorklist,
  worklistRoutes.exportWorklistCsv,
  worklistRoutes.exportWorklistXlsx,
  worklistBulkRoutes.bulkWorklist,
];

/**
 * A SIRET request: the list, creation, the request and its PDF, its save and transmission, the
 * association's documents. The LCA administrators' processing event (lca.admin only) is made from
 * the request's page and from the list when the request offers it: not named here, both pages being
 * the members' too.
 */
const SIRET_REQUEST_LIST_CALLS: readonly RouteDefinition[] = [api.siretRequests.listSiretRequests];
const SIRET_REQUEST_CALLS: readonly RouteDefinition[] = [
  api.siretRequests.createSiretRequest,
  api.siretRequests.getSiretRequest,
  api.siretRequests.updateSiretRequest,
  api.siretRequests.transmitSiretRequest,
  api.siretRequests.siretRequestPdf,
  api.associationDocuments.listDocuments,
  api.associationDocuments.uploadDocument,
];

/**
 * Approval dossiers: the caller's list; a new request (the active approvals, the association's
 * head office, the creation); a dossier's wizard, its transmission and PDF, read and changed by both
 * sides. The association side also reads its file there (people, documents: its members' own
 * calls) and the instructing service decides (agents only): not named here, the page being both sides'.
 */
const APPROVAL_LIST_CALLS: readonly RouteDefinition[] = [api.approvalDossiers.listApprovalDossiers];
const APPROVAL_CREATION_CALLS: readonly RouteDefinition[] = [api.approvals.listAgrements, api.association.getEtablissements, api.dossiers.createDossier];
const APPROVAL_DOSSIER_CALLS: readonly RouteDefinition[] = [
  api.approvalDossiers.getApprovalDossier,
  api.approvalDossiers.getApprovalDossierFile,
  api.approvalDossiers.updateApprovalDossier,
  api.approvalDossiers.transmitApprovalDossier,
  api.projets.dossierPdf,
];

/** The service's webhooks: its addresses, their secrets, the delivery log. */
const SERVICE_WEBHOOK_CALLS: readonly RouteDefinition[] = Object.values(api.webhooks);

/**
 * A structure's Pass'Sport dossier: the structure and its eligibility, its dossiers, the exercises,
 * the creation, its federations, the inscriptions added and removed, the PDF.
 */
const PASS_SPORT_CALLS: readonly RouteDefinition[] = [
  api.passSport.pspStructure,
  api.passSport.listPspDossiers,
  api.passSport.listPspExercices,
  api.passSport.createPspDossier,
  api.passSport.updatePspDossier,
  api.passSport.addPspInscription,
  api.passSport.removePspInscription,
  api.passSport.pspDossierPdf,
  api.passSport.uploadPspAffiliation,
];

/**
 * Pass'Sport's administration: the exercises (opened, closed, created), every structure's dossiers,
 * the referential of federations, the affiliation certificates. The dossiers' events (rds.admin's
 * processing and refund, lca.admin's deletion) are made from there when the server offers them: not
 * named here, rds.appli_admin reading the same page.
 */
const PASS_SPORT_ADMIN_CALLS: readonly RouteDefinition[] = [
  api.passSport.listPspExercices,
  api.passSport.createPspExercice,
  api.passSport.updatePspExercice,
  api.passSport.listPspAdminDossiers,
  api.passSport.listPspAffiliations,
  api.passSport.pspCertificateTicket,
  api.referentiels.get,
  api.referentiels.update,
];

/**
 * The scheme administration: services and their hierarchy, schemes and campaigns (read, replaced,
 * duplicated), the expected items' definitions, the conditions' preview on a campaign's dossiers.
 */
const RDS_ADMIN_CALLS: readonly RouteDefinition[] = [
  api.rdsServices.listServices,
  api.serviceAccounts.createServiceAccount,
  api.rdsServices.updateService,
  api.rdsServices.deleteService,
  api.rdsSchemes.createSubvention,
  api.rdsSchemes.listDispositifs,
  api.rdsSchemes.listSubventions,
  api.rdsSchemes.getSubvention,
  api.rdsSchemes.updateSubvention,
  api.rdsSchemes.duplicateSubvention,
  api.rdsSchemes.listChampsAttendus,
  api.rdsSchemes.listDocumentsAttendus,
  api.rdsSchemes.previewConditions,
];
/** The definitions of the custom fields and expected documents. */
const RDS_CUSTOM_SETTINGS_CALLS: readonly RouteDefinition[] = [
  api.rdsSchemes.listChampsAttendus,
  api.rdsSchemes.createChampAttendu,
  api.rdsSchemes.updateChampAttendu,
  api.rdsSchemes.listDocumentsAttendus,
  api.rdsSchemes.createDocumentAttendu,
  api.rdsSchemes.updateDocumentAttendu,
];

/** The pages that call the API, and the calls each one makes. */
export const PAGE_CALLS: Readonly<Partial<Record<PageKey, readonly RouteDefinition[]>>> = {
  adminLca: [api.mail.outbox, ...Object.values(api.lcaContent), api.questions.listQuestions, api.questions.createQuestion, api.questions.updateQuestion],
  rdsAdmin: RDS_ADMIN_CALLS,
  rdsCustomSettings: RDS_CUSTOM_SETTINGS_CALLS,
  referentielsAdmin: [api.referentiels.list, api.referentiels.get, api.referentiels.update],
  administrativeInfo: ASSOCIATION_FILE_CALLS,
  documents: DOCUMENT_CALLS,
  subsidyDirectory: [api.rdsSchemes.listSubventions, api.rdsSchemes.listDispositifs],
  dossiers: DOSSIER_LIST_CALLS,
  subsidyCreation: DOSSIER_CREATION_CALLS,
  subsidyDossier: DOSSIER_CALLS,
  crf: CRF_CALLS,
  dossierReading: DOSSIER_READING_CALLS,
  instructionDossier: INSTRUCTION_DOSSIER_CALLS,
  instructorWorklist: INSTRUCTOR_WORKLIST_CALLS,
  serviceWebhooks: SERVICE_WEBHOOK_CALLS,
  siretRequests: SIRET_REQUEST_LIST_CALLS,
  siretRequest: SIRET_REQUEST_CALLS,
  approvalDossiers: APPROVAL_LIST_CALLS,
  approvalCreation: APPROVAL_CREATION_CALLS,
  approvalDossier: APPROVAL_DOSSIER_CALLS,
  approvalsAdmin: [
    api.approvals.listAgrements,
    api.approvals.listAgrementServices,
    api.approvals.createAgrement,
    api.approvals.updateAgrement,
    api.approvals.duplicateAgrement,
    api.approvals.deleteAgrement,
    api.approvals.listChampsAttendus,
    api.approvals.listDocumentsAttendus,
    api.referentiels.get,
  ],
  declarations: [api.cec.currentSession, api.cec.declarations, api.cec.logs, api.cec.updateStatus],
  passSport: PASS_SPORT_CALLS,
  passSportAdmin: PASS_SPORT_ADMIN_CALLS,
};

/** The contract routes a route's page calls, if it calls the API. */
export function callsOf(entry: RouteEntry): readonly RouteDefinition[] | undefined {
  return PAGE_CALLS[entry.page];
}

/**
 * The kinds of resource these calls act on, read from the contract's scope declarations (the
 * same ones the server checks): a page acting on an association names it in its path, or works on
 * the user's first association (test/route-roles.test.ts).
 */
export function resourcesOf(calls: readonly RouteDefinition[]): ResourceKind[] {
  const kinds = new Set(calls.map((call) => call.scope?.resource).filter((kind) => kind && kind !== 'none' && kind !== 'caller'));
  return [...kinds] as ResourceKind[];
}
