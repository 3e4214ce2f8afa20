// The one error type every API call throws: a French message, an HTTP status, field errors if any.
import { CORE_ERRORS, coreErrorCodeOf, type CoreErrorKey } from '@portail/contract';

export const SESSION_EXPIRED_CODE = 'SESSION_EXPIRED';
export const NETWORK_ERROR_CODE = 'NETWORK';
export const BAD_RESPONSE_CODE = 'BAD_RESPONSE';

export class ApiError extends Error {
  readonly status: number;
  readonly fields?: Record<string, string>;
  readonly code?: string;
  /** Facts of the refusal the screen may act on (e.g. the existing dossier of a duplicate). */
  readonly details?: Record<string, string>;

  constructor(message: string, status: number, extra: { fields?: Record<string, string>; code?: string; details?: Record<string, string> } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    if (extra.fields) this.fields = extra.fields;
    if (extra.code) this.code = extra.code;
    if (extra.details) this.details = extra.details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Whether the error is the catalogue's entry `key` (by its code on the wire and its status). Keys of
 * the catalogue's first part (errors-core.ts): this runs on the start path, which loads no other.
 */
export function isCatalogueError(error: unknown, key: CoreErrorKey): error is ApiError {
  return isApiError(error) && error.code === coreErrorCodeOf(key) && error.status === CORE_ERRORS[key].status;
}

/** A French message for anything thrown (API errors keep theirs). */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) ? error.message : fallback;
}
