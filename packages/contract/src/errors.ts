// The error catalogue (docs/domain.md « Erreurs et messages »): every error the API answers, by stable code, with its HTTP status
// and its French message. The server throws by key, each route lists the keys it may answer, the
// OpenAPI document enumerates them per status and the client reads the texts from here.
import { checkDocumentName, DOCUMENT_MESSAGES } from './documents.ts';
import type { ApiErrorBody, RouteDefinition } from './http.ts';
import type { ResourceKind } from './scope.ts';
import { CORE_ERRORS, type ErrorEntry } from './errors-core.ts';
import { INPUT_MESSAGES } from './input-checks.ts';
import { INPUT_LIMITS } from './limits.ts';
import { ASSOCIATION_FILE_MESSAGES, MEMBERSHIP_MESSAGES } from './association-messages.ts';
import { TRANSITION_MESSAGES } from './machines/transition-messages.ts';
import { HAA_MESSAGES } from './haa-messages.ts';
import { EXTERNAL_LOOKUP_MESSAGES, MESSAGES, REFERENTIEL_MESSAGES, SEARCH_MESSAGES } from './messages.ts';
import { APPROVAL_DOSSIER_MESSAGES, APPROVAL_MESSAGES } from './approvals/messages.ts';
import { CRF_MESSAGES } from './subsidies/crf-messages.ts';
import { PASS_SPORT_MESSAGES } from './pass-sport/messages.ts';
import { SIRET_REQUEST_MESSAGES } from './siret-requests/messages.ts';
import { CEC_MESSAGES } from './cec/messages.ts';
import { SERVICE_ADMIN_MESSAGES, SUBSIDY_MESSAGES } from './subsidies/messages.ts';
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES } from './webhooks.ts';
import { CONTENT_MESSAGES } from './lca-content.ts';

export type { ErrorEntry } from './errors-core.ts';

export const ERRORS = {
  // Framework and transport, access and entry checks, accounts and sessions (errors-core.ts)
  ...CORE_ERRORS,

  // Inputs refused at the edge, whatever the route (limits.ts INPUT_LIMITS, input-checks.ts)
  INPUT_FORBIDDEN_CHARACTER: { status: 400, message: INPUT_MESSAGES.forbiddenCharacter },
  INPUT_TOO_DEEP: { status: 400, message: INPUT_MESSAGES.bodyTooDeep(INPUT_LIMITS.bodyMaxDepth) },
  BAD_URL: { status: 400, message: INPUT_MESSAGES.badUrl },
  URI_TOO_LONG: { status: 414, message: INPUT_MESSAGES.uriTooLong },
  MULTIPART_INVALID: { status: 400, message: INPUT_MESSAGES.multipartInvalid },
  HEADERS_TOO_LARGE: { status: 431, message: INPUT_MESSAGES.headersTooLarge },
  REQUEST_TIMEOUT: { status: 408, message: INPUT_MESSAGES.requestTimeout },

  // Agents' sign-in with ProConnect (docs/security.md « ProConnect »)
  PROCONNECT_OFF: { status: 404, message: MESSAGES.proconnectOff },
  PROCONNECT_FAILED: { status: 400, message: MESSAGES.proconnectFailed },
  PROCONNECT_NO_AGENT_ACCOUNT: { status: 403, message: MESSAGES.proconnectNoAgentAccount },
  PROCONNECT_UNAVAILABLE: { status: 503, message: MESSAGES.proconnectUnavailable },

  // Memberships (issue 7 §3)
  NOT_LINKED: { status: 404, message: MEMBERSHIP_MESSAGES.notLinkedToAssociation },
  SIRET_NOT_IN_ASSOCIATION: { status: 400, code: 'VALIDATION_ERROR', message: ASSOCIATION_FILE_MESSAGES.siretNotInAssociation, field: 'id_siret' },
  ASSOCIATION_REQUIRES_SIRET: { status: 400, code: 'VALIDATION_ERROR', message: ASSOCIATION_FILE_MESSAGES.associationRequiresSiret, field: 'id_siret' },
  JOINS_LIMIT: { status: 429, message: ({ max }: { max: number }) => MEMBERSHIP_MESSAGES.joinsPerDayReached(max), example: { max: 5 } },
  JOIN_NOTIFICATIONS_LIMIT: { status: 429, message: MEMBERSHIP_MESSAGES.joinNotificationsPerDayReached },

  // Association file, search and documents
  INCLUDE_DELETED_ADMIN_ONLY: { status: 403, code: 'FORBIDDEN', message: ASSOCIATION_FILE_MESSAGES.includeDeletedAdminOnly },
  REPRESENTANTS_LIMIT: { status: 400, message: ({ max }: { max: number }) => MEMBERSHIP_MESSAGES.representantsLimitReached(max), example: { max: 10 } },
  BAD_SIREN: { status: 400, message: MESSAGES.badFormat('SIREN') },
  BAD_SIRET: { status: 400, message: MESSAGES.badFormat('SIRET') },
  SEARCH_TERM_TOO_SHORT: { status: 400, message: SEARCH_MESSAGES.termTooShort },
  SEARCH_BEYOND_CAP: { status: 400, message: SEARCH_MESSAGES.beyondCap },
  MISSING_FILE: { status: 400, message: DOCUMENT_MESSAGES.missingFile },
  FILE_NAME_REFUSED: {
    status: 400,
    message: ({ fileName }: { fileName: string }) => checkDocumentName(fileName) ?? DOCUMENT_MESSAGES.wrongType,
    field: 'file',
    example: { fileName: 'document.exe' },
  },
  FILE_CONTENT_REFUSED: { status: 400, message: DOCUMENT_MESSAGES.contentMismatch, field: 'file' },
  UPLOAD_INTERRUPTED: { status: 400, message: DOCUMENT_MESSAGES.interrupted },
  FILE_TOO_LARGE: { status: 413, message: DOCUMENT_MESSAGES.tooLarge },
  DOWNLOAD_TICKET_INVALID: { status: 404, message: DOCUMENT_MESSAGES.ticketInvalid },

  // Outside lookups (external-lookups.ts): INSEE's notice of a company's registration
  SIRENE_NOTICE_NOT_FOUND: { status: 404, message: EXTERNAL_LOOKUP_MESSAGES.sireneNoticeNotFound },
  /** INSEE answered with an error or something that is not a PDF. */
  SIRENE_NOTICE_FAILED: { status: 502, message: EXTERNAL_LOOKUP_MESSAGES.sireneNoticeFailed },
  /** INSEE did not answer in time, or could not be reached. */
  SIRENE_NOTICE_UNAVAILABLE: { status: 503, message: EXTERNAL_LOOKUP_MESSAGES.sireneNoticeUnavailable },

  // Food aid: sites and addresses (haa.ts; §8 « Food-aid calls require the SIREN, site id, address id, postcode »)
  HAA_SIREN_MISSING: { status: 400, code: 'VALIDATION_ERROR', message: HAA_MESSAGES.sirenMissing, field: 'id_asso' },
  HAA_SITE_NOT_FOUND: { status: 404, message: HAA_MESSAGES.siteNotFound },
  HAA_ADRESSE_NOT_FOUND: { status: 404, message: HAA_MESSAGES.adresseNotFound },
  HAA_ADRESSE_IN_USE: { status: 409, message: ({ count }: { count: number }) => HAA_MESSAGES.adresseInUse(count), example: { count: 2 } },

  // The portal's content kept by the LCA administrators (lca-content.ts)
  ELEMENT_NOT_FOUND: { status: 404, message: CONTENT_MESSAGES.elementNotFound },
  NOTE_EMPTY: { status: 400, code: 'VALIDATION_ERROR', message: CONTENT_MESSAGES.noteEmpty, field: 'content' },
  QUESTION_CODE_TAKEN: { status: 409, message: CONTENT_MESSAGES.questionCodeTaken, field: 'code' },
  URL_CODE_TAKEN: { status: 409, message: CONTENT_MESSAGES.urlCodeTaken, field: 'code' },

  // Referentials
  REFERENTIEL_NOT_FOUND: {
    status: 404,
    message: ({ type }: { type?: string }) => (type === undefined ? REFERENTIEL_MESSAGES.notFoundById : REFERENTIEL_MESSAGES.notFound(type)),
    example: { type: 'regions' },
  },
  NO_CHANGE_DETECTED: { status: 400, message: REFERENTIEL_MESSAGES.noChange },

  // Subsidy dossiers and their projects (docs/domain.md « Dossiers de subvention »)
  // Instructing services and schemes (docs/domain.md « Services instructeurs », « Dispositifs et subventions »)
  SERVICE_EXISTS: { status: 409, message: 'Ce compte a déjà une fiche de service instructeur.' },
  SERVICE_PARENT_NOT_FOUND: { status: 400, message: "Le service parent n'existe pas.", field: 'parent' },
  SERVICE_PARENT_INVALID: {
    status: 400,
    message: 'Le service parent doit être du niveau juste au-dessus (national, puis régional, puis départemental) ; un service national n’a pas de parent.',
    field: 'parent',
  },
  SERVICE_PARENT_CYCLE: { status: 400, message: ({ nom }: { nom: string }) => SERVICE_ADMIN_MESSAGES.parentCycle(nom), example: { nom: 'SDJES de Paris' }, field: 'parent' },
  SERVICE_HAS_SCHEMES: {
    status: 409,
    message: (links: { dispositifs: string[]; campagnes: string[]; agrements: string[] }) => SERVICE_ADMIN_MESSAGES.hasSchemes(links),
    example: { dispositifs: ['CNDS'], campagnes: ['CNDS-PT-2026'], agrements: [] },
  },
  SERVICE_HAS_CHILDREN: { status: 409, message: 'Des services sont rattachés à ce service : rattachez-les ailleurs avant de le supprimer.' },
  WEBHOOK_URL_REFUSED: { status: 400, code: 'VALIDATION_ERROR', message: WEBHOOK_MESSAGES.urlScheme, field: 'url' },
  WEBHOOK_LIMIT_REACHED: { status: 409, message: WEBHOOK_MESSAGES.limitReached(WEBHOOK_LIMITS.perService) },
  WEBHOOK_EXISTS: { status: 409, message: WEBHOOK_MESSAGES.exists, field: 'url' },
  WEBHOOK_NOT_FOUND: { status: 404, message: WEBHOOK_MESSAGES.notFound },
  SERVICE_IN_USE: { status: 409, message: 'Ce service instruit ou finance des dossiers (de subvention ou d’agrément) : il ne peut pas être supprimé.' },
  DISPOSITIF_UNKNOWN: { status: 400, message: ({ code }: { code: string }) => `Le dispositif « ${code} » n'existe pas.`, example: { code: 'XYZ' } },
  SOUS_DISPOSITIF_UNKNOWN: { status: 400, message: "Un des sous-dispositifs n'existe pas ou n'appartient pas à ce dispositif.", field: 'sous_dispositifs' },
  SOUS_DISPOSITIF_OUTSIDE_CAMPAIGN: {
    status: 400,
    message: ({ label }: { label: string }) => `Les dates du sous-dispositif « ${label} » doivent être comprises dans celles de la campagne.`,
    example: { label: 'Part territoriale - Emploi' },
    field: 'sous_dispositifs',
  },
  SOUS_DISPOSITIF_IN_USE: {
    status: 409,
    message: ({ label }: { label: string }) => `Des dossiers de cette campagne relèvent du sous-dispositif « ${label} » : il ne peut pas en être retiré.`,
    example: { label: 'Part territoriale - Emploi' },
    field: 'sous_dispositifs',
  },
  INSTRUCTEUR_UNKNOWN: { status: 400, message: "Un des services instructeurs n'existe pas.", field: 'instructeurs' },
  EXPECTED_ITEM_UNKNOWN: {
    status: 400,
    message: ({ code }: { code: string }) => `Le champ ou document attendu « ${code} » n'existe pas.`,
    example: { code: 'statuts' },
  },
  EXPECTED_ITEM_NOT_FOUND: { status: 404, message: "L'élément n'existe pas." },
  EXPECTED_ITEM_CODE_TAKEN: { status: 409, message: 'Un élément attendu porte déjà ce code.', field: 'code' },
  EXPECTED_FIELD_TYPE_UNKNOWN: { status: 400, message: ({ type }: { type: string }) => SUBSIDY_MESSAGES.fieldTypeUnknown(type), example: { type: 'couleur' }, field: 'type' },
  EXPECTED_DOCUMENT_NATURE_UNKNOWN: {
    status: 400, message: ({ nature }: { nature: string }) => SUBSIDY_MESSAGES.documentNatureUnknown(nature), example: { nature: 'XYZ' }, field: 'nature',
  },
  SUBVENTION_CODE_TAKEN: { status: 409, message: 'Une subvention porte déjà ce code.', field: 'code' },
  SUBVENTION_IN_USE: { status: 409, message: 'Des dossiers utilisent cette subvention : elle ne peut pas être supprimée.' },
  // Approvals' catalogue (docs/domain.md « Agréments »)
  AGREMENT_NOT_FOUND: { status: 404, message: APPROVAL_MESSAGES.notFound },
  AGREMENT_SERVICE_UNKNOWN: { status: 400, message: APPROVAL_MESSAGES.serviceUnknown, field: 'service' },
  AGREMENT_TYPE_UNKNOWN: { status: 400, message: ({ type }: { type: string }) => APPROVAL_MESSAGES.typeUnknown(type), example: { type: 'XYZ' }, field: 'type_agrement' },
  AGREMENT_CODE_TAKEN: { status: 409, message: APPROVAL_MESSAGES.codeTaken, field: 'code' },
  AGREMENT_IN_USE: { status: 409, message: APPROVAL_MESSAGES.inUse },
  AGREMENT_OUT_OF_REACH: { status: 403, message: APPROVAL_MESSAGES.outOfReach },
  AGREMENT_INACTIVE: { status: 409, message: APPROVAL_MESSAGES.inactive },
  // Approval dossiers (docs/domain.md « Agréments »)
  APPROVAL_SECONDARY_ESTABLISHMENT: { status: 403, message: APPROVAL_DOSSIER_MESSAGES.secondaryEstablishment },
  APPROVAL_COVERED_BY_NETWORK: {
    status: 409, message: ({ reseau }: { reseau: string }) => APPROVAL_DOSSIER_MESSAGES.coveredByNetwork(reseau), example: { reseau: 'Fédération des œuvres laïques' },
  },
  APPROVAL_NOT_TRANSMITTABLE: { status: 409, message: ({ motif }: { motif: string }) => motif, example: { motif: APPROVAL_DOSSIER_MESSAGES.orderRequired } },
  APPROVAL_SERVICE_NOT_INSTRUCTING: { status: 403, message: APPROVAL_DOSSIER_MESSAGES.serviceNotInstructing },
  APPROVAL_NOT_FOOD_AID: { status: 404, message: APPROVAL_DOSSIER_MESSAGES.sitesHaaOnly },
  APPROVAL_DOSSIER_NOT_DELETABLE: { status: 403, message: APPROVAL_DOSSIER_MESSAGES.notDeletable },
  APPROVAL_REFUSAL_REASON_REQUIRED: { status: 400, code: 'VALIDATION_ERROR', message: APPROVAL_DOSSIER_MESSAGES.refusalReason, field: 'commentaire' },
  DOSSIER_NOT_FOUND: { status: 404, message: SUBSIDY_MESSAGES.dossierNotFound },
  WORKLIST_CURSOR_INVALID: { status: 400, code: 'VALIDATION_ERROR', message: SUBSIDY_MESSAGES.worklistCursorInvalid, field: 'cursor' },
  BULK_TOO_MANY: { status: 400, code: 'VALIDATION_ERROR', message: ({ count }: { count: number }) => SUBSIDY_MESSAGES.bulkTooMany(count), example: { count: 1200 } },
  /** An instruction the caller does not reach (another service's), answered as unknown. */
  INSTRUCTION_NOT_FOUND: { status: 404, message: SUBSIDY_MESSAGES.instructionNotFound },
  /** A machine action (not a state change: the « incomplet » mark, completing) the dossier does not offer the caller now. */
  INSTRUCTION_ACTION_REFUSED: {
    status: 409,
    message: ({ action, condition }: { action: string; condition: string }) => SUBSIDY_MESSAGES.actionRefused(action, condition),
    example: { action: 'Marquer le dossier incomplet', condition: 'le dossier ne doit pas être déjà marqué incomplet' },
  },
  SERVICE_NOT_INSTRUCTING: { status: 403, message: SUBSIDY_MESSAGES.serviceNotInstructing },
  DOSSIER_INPUT_INVALID: {
    status: 400, code: 'VALIDATION_ERROR', message: ({ motif }: { motif: string }) => motif, example: { motif: "Le RIB choisi n'est pas celui de l'établissement demandeur." },
  },
  PROJET_NOT_FOUND: { status: 404, message: SUBSIDY_MESSAGES.projetNotFound },
  NO_PROJECT_MATCHES: { status: 404, message: SUBSIDY_MESSAGES.noProjectMatches },
  SUBVENTION_NOT_FOUND: { status: 404, message: SUBSIDY_MESSAGES.subventionNotFound },
  /** Outside the campaign's (or its sub-scheme's) dates: subsidies/campaign.ts campaignClosedMessage. */
  CAMPAIGN_CLOSED: {
    status: 409, message: ({ motif }: { motif: string }) => motif,
    example: { motif: 'La campagne de cette subvention est close depuis le 31/05/2026 : elle ne reçoit plus de dossier.' },
  },
  DOSSIER_INCOMPLETE: { status: 400, message: SUBSIDY_MESSAGES.dossierIncomplete },
  DOSSIER_NOT_EDITABLE: { status: 403, message: SUBSIDY_MESSAGES.dossierNotEditable },
  DOSSIER_EXISTS: { status: 409, message: SUBSIDY_MESSAGES.dossierExists },
  DOCUMENT_IN_DOSSIER: { status: 409, message: SUBSIDY_MESSAGES.documentInDossier },
  PROJECT_LIMIT: { status: 409, message: SUBSIDY_MESSAGES.projectLimit },
  PROJECT_LIMIT_CNDS: {
    status: 409,
    message: ({ sous_dispositif }: { sous_dispositif: string }) => SUBSIDY_MESSAGES.projectLimitCnds(sous_dispositif),
    example: { sous_dispositif: 'Part territoriale - Emploi' },
  },
  DOSSIER_NOT_TRANSMITTABLE: {
    status: 400,
    message: ({ manquants }: { manquants: string[] }) => SUBSIDY_MESSAGES.notTransmittable(manquants),
    example: { manquants: ['Attestation sur l’honneur', 'Budget du projet'] },
  },

  // Financial reports (subsidies/crf-routes.ts)
  CRF_NOT_FOUND: { status: 404, message: CRF_MESSAGES.notFound },
  CRF_NOT_EDITABLE: { status: 403, message: CRF_MESSAGES.notEditable },
  CRF_DOSSIER_NOT_GRANTED: { status: 409, message: CRF_MESSAGES.notGranted },
  CRF_EXERCICE_INVALID: {
    status: 400, code: 'VALIDATION_ERROR', field: 'exercice',
    message: ({ from, to }: { from: number; to: number }) => CRF_MESSAGES.exerciceOutOfDossier(from, to),
    example: { from: 2025, to: 2026 },
  },
  CRF_NOT_TRANSMITTABLE: {
    status: 400,
    message: ({ manquants }: { manquants: string[] }) => CRF_MESSAGES.notTransmittable(manquants),
    example: { manquants: ['les comptes annuels', "le rapport d'activité"] },
  },

  // CEC declarations (docs/domain.md « Déclarations CEC »)
  CEC_NOT_VALIDATOR: { status: 403, message: CEC_MESSAGES.notValidator },
  CEC_DECLARATION_NOT_FOUND: { status: 404, message: CEC_MESSAGES.declarationNotFound },
  CEC_DECLARATION_DECIDED: { status: 409, message: CEC_MESSAGES.alreadyDecided },
  CEC_SESSION_CLOSED: { status: 409, message: CEC_MESSAGES.sessionClosed },
  CEC_NO_CURRENT_SESSION: { status: 404, message: CEC_MESSAGES.noCurrentSession },

  // Pass'Sport (pass-sport/messages.ts, docs/domain.md « Pass'Sport »)
  PSP_DOSSIER_NOT_ACCESSIBLE: { status: 404, message: PASS_SPORT_MESSAGES.notAccessible },
  PSP_DOSSIER_NOT_EDITABLE: { status: 403, message: PASS_SPORT_MESSAGES.notEditable },
  PSP_NOT_ELIGIBLE: { status: 403, message: PASS_SPORT_MESSAGES.notEligible },
  PSP_CODE_UNKNOWN: { status: 404, message: ({ code }: { code: string }) => PASS_SPORT_MESSAGES.codeUnknown(code), field: 'code_psp', example: { code: '26-ABCD-EFGH' } },
  PSP_BENEFICIARY_ALREADY_REGISTERED: {
    status: 409, message: ({ code }: { code: string }) => PASS_SPORT_MESSAGES.alreadyRegistered(code), field: 'code_psp', example: { code: '26-ABCD-EFGH' },
  },
  PSP_REGISTRATIONS_CLOSED: { status: 409, message: ({ annee }: { annee: number }) => PASS_SPORT_MESSAGES.registrationsClosed(annee), example: { annee: 2025 } },
  PSP_REGISTRATIONS_NOT_OPEN: { status: 409, message: ({ annee }: { annee: number }) => PASS_SPORT_MESSAGES.registrationsNotOpen(annee), example: { annee: 2027 } },
  PSP_FEDERATION_HAS_INSCRIPTIONS: {
    status: 409, message: ({ nom }: { nom: string }) => PASS_SPORT_MESSAGES.federationHasInscriptions(nom), field: 'federations', example: { nom: 'Fédération française de football' },
  },
  PSP_FEDERATION_UNKNOWN: { status: 400, code: 'VALIDATION_ERROR', message: PASS_SPORT_MESSAGES.federationUnknown, field: 'federation_siren' },
  PSP_AFFILIATION_CERTIFICATE_MISSING: {
    status: 409, message: ({ nom }: { nom: string }) => PASS_SPORT_MESSAGES.certificateMissing(nom), field: 'federation_siren', example: { nom: 'Fédération française de football' },
  },
  PSP_INSCRIPTION_NOT_FOUND: { status: 404, message: PASS_SPORT_MESSAGES.inscriptionNotFound },
  PSP_INSCRIPTION_REMOVED: { status: 409, message: PASS_SPORT_MESSAGES.inscriptionRemoved },
  PSP_EXERCISE_UNKNOWN: { status: 404, message: PASS_SPORT_MESSAGES.exerciseUnknown },
  PSP_EXERCISE_EXISTS: { status: 409, message: ({ annee }: { annee: number }) => PASS_SPORT_MESSAGES.exerciseExists(annee), field: 'annee', example: { annee: 2027 } },
  PSP_EXERCISE_DATES: { status: 400, code: 'VALIDATION_ERROR', message: PASS_SPORT_MESSAGES.exerciseDates, field: 'date_fin' },
  PSP_NOT_SHAREABLE: { status: 400, code: 'VALIDATION_ERROR', message: PASS_SPORT_MESSAGES.notShareable, field: 'shared_with' },
  PSP_RIB_NOT_OF_STRUCTURE: { status: 400, code: 'VALIDATION_ERROR', message: PASS_SPORT_MESSAGES.ribNotOfStructure, field: 'id_rib' },

  // SIRET requests (siret-requests/): the §8 texts for an existing request and one out of reach
  SIRET_REQUEST_EXISTS: { status: 409, message: SIRET_REQUEST_MESSAGES.exists },
  /** A request that does not exist and one the caller may not see are answered alike. */
  SIRET_REQUEST_NOT_ACCESSIBLE: { status: 404, message: SIRET_REQUEST_MESSAGES.notAccessible },
  SIRET_REQUEST_NOT_EDITABLE: { status: 403, message: SIRET_REQUEST_MESSAGES.notEditable },
  SIRET_REQUEST_NOT_TRANSMITTABLE: {
    status: 400,
    message: ({ manquants }: { manquants: string[] }) => SIRET_REQUEST_MESSAGES.notTransmittable(manquants),
    example: { manquants: ['le document « Statuts »', "l'attestation sur l'honneur"] },
  },
  SIRET_REQUEST_INPUT_INVALID: {
    status: 400, code: 'VALIDATION_ERROR', message: ({ motif }: { motif: string }) => motif, example: { motif: "Un des documents n'appartient pas à l'association." },
  },
  SIRET_TAKEN: { status: 409, message: SIRET_REQUEST_MESSAGES.siretTaken, field: 'siret' },
  SIRET_REQUEST_ASSOCIATION_HAS_SIRET: {
    status: 409, message: ({ siret }: { siret: string }) => SIRET_REQUEST_MESSAGES.associationHasSiret(siret), example: { siret: '80295478500028' },
  },
  DOCUMENT_IN_SIRET_REQUEST: {
    status: 409, message: ({ numero }: { numero: string }) => SIRET_REQUEST_MESSAGES.documentInRequest(numero), example: { numero: '2026-3' },
  },

  // State machines (machines/): an event refused by the machine
  TRANSITION_UNKNOWN_EVENT: {
    status: 400,
    message: ({ event }: { event: string }) => TRANSITION_MESSAGES.transitionUnknownEvent(event),
    example: { event: 'archiver' },
  },
  TRANSITION_WRONG_STATE: {
    status: 409,
    message: ({ action, etat }: { action: string; etat: string }) => TRANSITION_MESSAGES.transitionWrongState(action, etat),
    example: { action: 'Transmettre', etat: 'Transmis au service instructeur' },
  },
  TRANSITION_FORBIDDEN: {
    status: 403,
    message: ({ action, condition }: { action: string; condition: string }) => TRANSITION_MESSAGES.transitionForbidden(action, condition),
    example: { action: 'Transmettre', condition: "être membre de l'association" },
  },
} as const satisfies Record<string, ErrorEntry>;

type Catalogue = typeof ERRORS;
/** A catalogue entry's name, what the server throws and a route lists. */
export type ErrorKey = keyof Catalogue;
/** The parameters an entry's message takes (none for most). */
export type ErrorParams<K extends ErrorKey> = Catalogue[K]['message'] extends (params: infer P) => string ? [params: P] : [];
/** A code as it travels in the error body. */
export type ErrorCode = { [K in ErrorKey]: Catalogue[K] extends { code: infer C } ? C : K }[ErrorKey];

const entry = (key: ErrorKey): ErrorEntry => ERRORS[key];
export const errorCodeOf = (key: ErrorKey): ErrorCode => (entry(key).code ?? key) as ErrorCode;

/** The error body of a catalogue entry: its status, its wire code, its message (and its field). */
export function errorBody<K extends ErrorKey>(key: K, ...params: ErrorParams<K>): ApiErrorBody {
  const { status, message, field } = entry(key);
  const text = typeof message === 'string' ? message : (message as (p: unknown) => string)(params[0]);
  const given = (params[0] as { fields?: Record<string, string> } | undefined)?.fields;
  const fields = given ?? (field ? { [field]: text } : undefined);
  return { message: text, status, code: errorCodeOf(key), ...(fields ? { fields } : {}) };
}

/** An entry's message as the documentation shows it: parametrised ones with their example. */
export function errorDescription(key: ErrorKey): string {
  const { message, example } = entry(key);
  return typeof message === 'string' ? message : `${(message as (p: unknown) => string)(example)} (exemple)`;
}

/** Every wire code of the catalogue. */
export const ERROR_CODES = [...new Set((Object.keys(ERRORS) as ErrorKey[]).map(errorCodeOf))];

/**
 * The catalogue's text for a code (and status, when one code has several), for a client that got no
 * message; undefined when the text needs parameters the client does not have.
 */
export function errorText(code: string, status?: number): string | undefined {
  const matches = (Object.keys(ERRORS) as ErrorKey[]).filter((key) => errorCodeOf(key) === code);
  const found = matches.find((key) => status === undefined || ERRORS[key].status === status) ?? matches[0];
  const message = found ? entry(found).message : undefined;
  return typeof message === 'string' ? message : undefined;
}

const AUTHENTICATED_ERRORS = ['UNAUTHENTICATED', 'INVALID_TOKEN', 'TOKEN_EXPIRED', 'SESSION_REVOKED', 'FORBIDDEN', 'USER_LOCKED'] as const;
/** Answered when the declared resource (scope.ts) is not one the caller can see. */
const SCOPE_ERRORS: Record<ResourceKind, readonly ErrorKey[]> = {
  association: ['NOT_FOUND'],
  establishment: ['NOT_FOUND'],
  dossier: ['DOSSIER_NOT_FOUND'],
  instruction: ['DOSSIER_NOT_FOUND', 'INSTRUCTION_NOT_FOUND'],
  service: ['NOT_FOUND'],
  account: ['USER_NOT_FOUND'],
  siretRequest: ['SIRET_REQUEST_NOT_ACCESSIBLE'],
  passSportDossier: ['PSP_DOSSIER_NOT_ACCESSIBLE'],
  caller: [],
  none: [],
};
/**
 * Subsidy entries that no route declares yet: the dossier routes will (docs/domain.md « Dossiers de
 * subvention »); a route that declares one removes it from this list.
 */
export const SUBSIDY_ERRORS_AWAITING_ROUTES = [
  'NO_PROJECT_MATCHES',
] as const satisfies readonly ErrorKey[];
/** Answered by every route that fires a state-machine event. */
export const TRANSITION_ERRORS = ['TRANSITION_UNKNOWN_EVENT', 'TRANSITION_WRONG_STATE', 'TRANSITION_FORBIDDEN'] as const;
/** Answered to any request: a URL badly encoded or too long, headers too large or too slow, a text with a forbidden character (limits.ts INPUT_LIMITS). */
const EDGE_ERRORS = ['BAD_REQUEST', 'BAD_URL', 'URI_TOO_LONG', 'HEADERS_TOO_LARGE', 'REQUEST_TIMEOUT', 'INPUT_FORBIDDEN_CHARACTER'] as const;
const BODY_ERRORS = [
  'BAD_REQUEST',
  'INPUT_TOO_DEEP',
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_BODY_TOO_LARGE',
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
] as const;

/**
 * Every error a route may answer: its own list plus those that follow from its kind (access, entry
 * checks, validated input, a body to parse), INTERNAL and DATABASE_UNAVAILABLE (the database down).
 */
export function declaredErrors(route: RouteDefinition): ErrorKey[] {
  const keys = new Set<ErrorKey>(['INTERNAL', 'DATABASE_UNAVAILABLE', ...EDGE_ERRORS, ...(route.errors ?? [])]);
  if (route.access !== 'public') {
    for (const key of AUTHENTICATED_ERRORS) keys.add(key);
    if (!route.allowUnvalidated) keys.add('EMAIL_NOT_VALIDATED');
    if (!route.allowPasswordChange) keys.add('PASSWORD_CHANGE_REQUIRED');
  }
  if (route.params || route.query || route.body) keys.add('VALIDATION_ERROR');
  // Any call but a GET may carry a body, declared or not: it is parsed (and refused) at the edge.
  if (route.body || route.multipart || route.method !== 'GET') for (const key of BODY_ERRORS) keys.add(key);
  if (route.multipart) keys.add('MULTIPART_INVALID');
  if (route.firesTransition) for (const key of TRANSITION_ERRORS) keys.add(key);
  if (route.scope) for (const key of SCOPE_ERRORS[route.scope.resource]) keys.add(key);
  return [...keys];
}

/** Whether a route declares an answer with this status and wire code. */
export function declaresError(route: RouteDefinition, status: number, code: string): boolean {
  return declaredErrors(route).some((key) => ERRORS[key].status === status && errorCodeOf(key) === code);
}
