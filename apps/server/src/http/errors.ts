// Typed domain errors and the one handler that shapes every error answer as { message, status, code }.
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import {
  declaresError,
  errorBody,
  ERRORS,
  type ApiErrorBody,
  type ErrorKey,
  type ErrorParams,
  type RouteDefinition,
} from '@portail/contract';

export class AppError extends Error {
  /** Extra headers for the answer (e.g. Retry-After). */
  headers?: Record<string, string>;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** Sets Retry-After (429 answers). */
  retryAfter(seconds: number): this {
    this.headers = { ...this.headers, 'retry-after': String(seconds) };
    return this;
  }
}

/** The catalogue's error by key: `throw appError('EMAIL_TAKEN')`, `appError('JOINS_LIMIT', { max })`. */
export function appError<K extends ErrorKey>(key: K, ...params: ErrorParams<K>): AppError {
  const body = errorBody(key, ...params);
  return new AppError(body.status, body.code!, body.message, body.fields);
}

/** Fastify's own client errors, by code, else by status. */
function frameworkError(error: FastifyError): ErrorKey {
  const code = error.code as ErrorKey;
  if (code in ERRORS && code.startsWith('FST_')) return code;
  if (error.statusCode === 413) return 'FST_ERR_CTP_BODY_TOO_LARGE';
  if (error.statusCode === 415) return 'FST_ERR_CTP_INVALID_MEDIA_TYPE';
  if (error.statusCode === 429) return 'TOO_MANY_REQUESTS';
  return 'BAD_REQUEST';
}

/**
 * Errors answered by a contract route that does not declare them (`status code route`), recorded in
 * test runs only: the test app fails its file when one was (test/support/test-app.ts).
 */
export const undeclaredErrors: string[] = [];

function checkDeclared(request: FastifyRequest, body: ApiErrorBody) {
  const route = (request.routeOptions.config as { contractRoute?: RouteDefinition }).contractRoute;
  if (route && body.code && !declaresError(route, body.status, body.code)) {
    undeclaredErrors.push(`${body.status} ${body.code} ${route.method} ${route.gateway}${route.path}`);
  }
}

export function installErrorHandler(app: FastifyInstance, options: { checkDeclared?: boolean } = {}) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let body: ApiErrorBody;
    if (error instanceof AppError) {
      body = { message: error.message, status: error.status, code: error.code, ...(error.fields ? { fields: error.fields } : {}) };
      if (error.headers) void reply.headers(error.headers);
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      body = errorBody(frameworkError(error));
    } else {
      request.log.error({ err: error }, 'unexpected error');
      body = errorBody('INTERNAL');
    }
    if (options.checkDeclared) checkDeclared(request, body);
    return reply.status(body.status).send(body);
  });
}
