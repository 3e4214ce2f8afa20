// docs/domain.md « Erreurs et messages »: the server's message first, else the catalogue's text for its code, else a
// French message by status.
import { apiErrorSchema, errorText, MESSAGES } from '@portail/contract';
import { ApiError } from './api-error.ts';

const MESSAGE_BY_STATUS: Record<number, string> = {
  502: MESSAGES.http502,
  413: MESSAGES.http413,
  400: MESSAGES.http400,
  404: MESSAGES.http404,
};

/** `status` is null when no answer came back (network failure). Errors default to status 500. */
export function toApiError(status: number | null, body: unknown): ApiError {
  const parsed = apiErrorSchema.partial().safeParse(body);
  const serverMessage = parsed.success ? parsed.data.message?.trim() : undefined;
  const effectiveStatus = status ?? 500;
  const extra = parsed.success ? { fields: parsed.data.fields, code: parsed.data.code } : {};
  if (serverMessage) return new ApiError(serverMessage, effectiveStatus, extra);
  const catalogued = extra.code ? errorText(extra.code, status ?? undefined) : undefined;
  const message = catalogued ?? ((status !== null && MESSAGE_BY_STATUS[status]) || MESSAGES.httpEmpty);
  return new ApiError(message, effectiveStatus, extra);
}
