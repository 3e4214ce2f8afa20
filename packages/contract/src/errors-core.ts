// The error catalogue's first part (errors.ts holds the whole catalogue, ERRORS, and its helpers):
// the entries every call may answer — framework and transport, access and entry checks, accounts and
// sessions. The client's start path reads these only (isCatalogueError, the locked service), so the
// rest of the catalogue and its messages load with the pages and the error mapping, on demand.
import { MESSAGES } from './messages.ts';
import { invalidFormMessage } from './validation.ts';

export interface ErrorEntry {
  status: number;
  /** The answer's message; a function for the few that take parameters. */
  message: string | ((params: never) => string);
  /**
   * The code on the wire when it is not the key: the same code already answered with another status
   * or text, kept as clients read it (e.g. INVALID_TOKEN for a dead link, 400, and a bad token, 401).
   */
  code?: string;
  /** The form field the message belongs to: answered in `fields` too. */
  field?: string;
  /** Parameters of a parametrised message, for the documentation's example. */
  example?: object;
}

const INVALID_JSON = `${MESSAGES.http400} (JSON invalide)`;

export const CORE_ERRORS = {
  // Framework and transport
  BAD_REQUEST: { status: 400, message: MESSAGES.http400 },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: INVALID_JSON },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: INVALID_JSON },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.http413 },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Le type de contenu de la requête n’est pas accepté.' },
  VALIDATION_ERROR: {
    status: 400,
    message: ({ fields }: { fields: Record<string, string> }) => invalidFormMessage(fields),
    example: { fields: { nom: MESSAGES.required('nom') } },
  },
  NOT_FOUND: { status: 404, message: MESSAGES.http404 },
  TOO_MANY_REQUESTS: { status: 429, message: MESSAGES.tooManyRequests },
  INTERNAL: { status: 500, message: MESSAGES.serverError },
  /** PostgreSQL does not answer (down, restarting, unreachable): come back in a moment (Retry-After). */
  DATABASE_UNAVAILABLE: { status: 503, message: MESSAGES.databaseUnavailable },

  // Access and entry checks (docs/domain.md « Parcours »)
  UNAUTHENTICATED: { status: 401, message: MESSAGES.unauthenticated },
  INVALID_TOKEN: { status: 401, message: MESSAGES.unauthenticated },
  TOKEN_EXPIRED: { status: 401, message: MESSAGES.tokenExpired },
  SESSION_REVOKED: { status: 401, message: MESSAGES.sessionExpired },
  FORBIDDEN: { status: 403, message: MESSAGES.forbidden },
  USER_LOCKED: { status: 403, message: MESSAGES.userLocked },
  EMAIL_NOT_VALIDATED: { status: 403, message: MESSAGES.emailNotValidated },
  PASSWORD_CHANGE_REQUIRED: { status: 403, message: MESSAGES.passwordChangeRequired },

  // Accounts and sessions
  LINK_INVALID: { status: 400, code: 'INVALID_TOKEN', message: MESSAGES.invalidToken },
  LINK_EXPIRED: { status: 400, code: 'TOKEN_EXPIRED', message: MESSAGES.tokenExpired },
  REFRESH_TOKEN_REUSED: { status: 401, message: MESSAGES.tokenExpired },
  SESSION_USER_NOT_FOUND: { status: 401, code: 'USER_NOT_FOUND', message: MESSAGES.userNotFound },
  USER_NOT_FOUND: { status: 404, message: MESSAGES.userNotFound },
  BAD_CREDENTIALS: { status: 401, message: MESSAGES.badCredentials },
  LOGIN_THROTTLED: { status: 429, message: ({ seconds }: { seconds: number }) => MESSAGES.tooManyLoginAttempts(seconds), example: { seconds: 30 } },
  EMAIL_TAKEN: { status: 409, message: MESSAGES.emailAlreadyLinked },
  ALREADY_ASSOCIATION_ACCOUNT: { status: 409, message: MESSAGES.alreadyAssociationAccount },
  WRONG_PASSWORD: { status: 400, message: MESSAGES.wrongOldPassword, field: 'old_password' },
  WRONG_CURRENT_PASSWORD: { status: 400, code: 'WRONG_PASSWORD', message: MESSAGES.wrongCurrentPassword, field: 'current_password' },
  SAME_PASSWORD: { status: 400, message: MESSAGES.samePassword, field: 'new_password' },
  CURRENT_PASSWORD_REQUIRED: { status: 400, message: MESSAGES.currentPasswordRequired, field: 'current_password' },
  NOTHING_TO_UPDATE: { status: 400, message: MESSAGES.nothingToUpdate },
  MAIL_RECIPIENT_NOT_ALLOWED: { status: 403, message: MESSAGES.mailRecipientNotAllowed },
} as const satisfies Record<string, ErrorEntry>;

/** A key of the catalogue's first part. */
export type CoreErrorKey = keyof typeof CORE_ERRORS;

/** A first-part entry's code on the wire (its key unless it says otherwise); errorCodeOf in errors.ts for any key. */
export const coreErrorCodeOf = (key: CoreErrorKey): string => (CORE_ERRORS[key] as ErrorEntry).code ?? key;
