// docs/domain.md « Erreurs et messages »: the server's message when its code is one of the
// catalogue's (a French text written for people), else the catalogue's text for its code, else a
// French message by status (spec §8). A message without a catalogue code (a proxy's page, a
// framework's « Internal Server Error ») never reaches the screen.
import { apiErrorSchema, ERROR_CODES, ERRORS, errorText, MESSAGES } from '@portail/contract';
import { ApiError } from './api-error.ts';

const MESSAGE_BY_STATUS: Record<number, string> = {
  400: MESSAGES.http400,
  401: MESSAGES.unauthenticated,
  403: MESSAGES.forbidden,
  404: MESSAGES.http404,
  413: MESSAGES.http413,
  429: MESSAGES.tooManyRequests,
  500: MESSAGES.serverError,
  502: MESSAGES.http502,
  503: MESSAGES.serverError,
  504: MESSAGES.serverError,
};

/** The catalogue's wire codes and entry names. */
const CATALOGUE_CODES: ReadonlySet<string> = new Set<string>([...ERROR_CODES, ...Object.keys(ERRORS)]);

/** The French text of a status (spec §8), « Un problème est survenu. » for any other. */
export function statusMessage(status: number | null): string {
  return (status !== null && MESSAGE_BY_STATUS[status]) || MESSAGES.httpEmpty;
}

/** `status` is null when no answer came back (network failure). Errors default to status 500. */
export function toApiError(status: number | null, body: unknown): ApiError {
  const parsed = apiErrorSchema.partial().safeParse(body);
  const serverMessage = parsed.success ? parsed.data.message?.trim() : undefined;
  const effectiveStatus = status ?? 500;
  const extra = parsed.success ? { fields: parsed.data.fields, code: parsed.data.code, details: parsed.data.details } : {};
  const catalogueCode = extra.code !== undefined && CATALOGUE_CODES.has(extra.code);
  if (serverMessage && catalogueCode) return new ApiError(serverMessage, effectiveStatus, extra);
  const catalogued = extra.code ? errorText(extra.code, status ?? undefined) : undefined;
  // Field messages outside the catalogue are not shown either.
  const { fields: _unchecked, ...rest } = extra;
  return new ApiError(catalogued ?? statusMessage(status), effectiveStatus, catalogueCode ? extra : rest);
}
