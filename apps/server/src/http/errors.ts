// Typed domain errors and the one handler that shapes every error answer as { message, status, code }.
import type { FastifyError, FastifyInstance } from 'fastify';
import { MESSAGES, type ApiErrorBody } from '@portail/contract';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Extra headers for the answer (e.g. Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST', fields?: Record<string, string>) =>
  new AppError(400, code, message, fields);
export const unauthorized = (message: string = MESSAGES.unauthenticated, code = 'UNAUTHENTICATED') =>
  new AppError(401, code, message);
export const forbidden = (message: string = MESSAGES.forbidden, code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message: string = MESSAGES.http404, code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number, code = 'TOO_MANY_REQUESTS') =>
  new AppError(429, code, message, undefined, { 'retry-after': String(retryAfterSeconds) });

/** Fastify's own client errors, in French. */
function frameworkMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return MESSAGES.http413;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Le type de contenu de la requête n’est pas accepté.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return `${MESSAGES.http400} (JSON invalide)`;
    default:
      return MESSAGES.http400;
  }
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let body: ApiErrorBody;
    if (error instanceof AppError) {
      body = { message: error.message, status: error.status, code: error.code, ...(error.fields ? { fields: error.fields } : {}) };
      if (error.headers) void reply.headers(error.headers);
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      const status = error.statusCode;
      body = { message: status === 429 ? MESSAGES.tooManyRequests : frameworkMessage(error), status, code: error.code ?? 'BAD_REQUEST' };
    } else {
      request.log.error({ err: error }, 'unexpected error');
      body = { message: MESSAGES.serverError, status: 500, code: 'INTERNAL' };
    }
    return reply.status(body.status).send(body);
  });
}
