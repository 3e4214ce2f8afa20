// Typed domain errors and the one handler that shapes every error answer as { message, status, code }.
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import {
  declaresError,
  errorBody,
  ERRORS,
  type ApiErrorBody,
  type ErrorKey,
  type ErrorParams,
  type RouteDefinition,
} from '@portail/contract';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

/** Retry-After of the answers given while the database is out of reach (/ready's too). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export class AppError extends Error {
  /** Extra headers for the answer (e.g. Retry-After). */
  headers?: Record<string, string>;
  /** Facts of the refusal the client may act on (the body's `details`). */
  details?: Record<string, string>;

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

  /** Adds facts the client may act on (the body's `details`). */
  withDetails(details: Record<string, string>): this {
    this.details = { ...this.details, ...details };
    return this;
  }
}

/** The catalogue's error by key: `throw appError('EMAIL_TAKEN')`, `appError('JOINS_LIMIT', { max })`. */
export function appError<K extends ErrorKey>(key: K, ...params: ErrorParams<K>): AppError {
  const body = errorBody(key, ...params);
  return new AppError(body.status, body.code!, body.message, body.fields);
}

/**
 * What the multipart parser throws or emits on a body it cannot read (no boundary, body cut
 * short, malformed part): busboy and dicer give plain errors, recognised here by their text.
 */
export function isMalformedMultipart(request: FastifyRequest, error: unknown): boolean {
  if (!request.isMultipart?.() || !(error instanceof Error) || 'statusCode' in error) return false;
  return /boundary|unexpected end of|terminated early|malformed|needle/i.test(error.message);
}

/** Fastify's own client errors, by code, else by status. */
function frameworkError(error: FastifyError): ErrorKey {
  const code = error.code as ErrorKey;
  if (code in ERRORS && code.startsWith('FST_')) return code;
  if (error.code === 'FST_ERR_BAD_URL') return 'BAD_URL';
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH' || error.statusCode === 414) return 'URI_TOO_LONG';
  if (error.code === 'FST_MP_PREMATURE_CLOSE') return 'MULTIPART_INVALID';
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
      body = { message: error.message, status: error.status, code: error.code, ...(error.fields ? { fields: error.fields } : {}), ...(error.details ? { details: error.details } : {}) };
      if (error.headers) void reply.headers(error.headers);
    } else if (isMalformedMultipart(request, error)) {
      body = errorBody('MULTIPART_INVALID');
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      body = errorBody(frameworkError(error));
    } else if (isDatabaseUnavailable(error)) {
      // The database is down or cut off, not the request at fault: come back in a moment, as /ready says.
      request.log.warn({ err: error }, 'database unavailable');
      body = errorBody('DATABASE_UNAVAILABLE');
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    } else {
      request.log.error({ err: error }, 'unexpected error');
      body = errorBody('INTERNAL');
    }
    if (options.checkDeclared) checkDeclared(request, body);
    return reply.status(body.status).send(body);
  });
}

/**
 * The errors Fastify answers before any route or hook runs, in the catalogue's shape too: a badly
 * encoded URL, a path parameter over the router's length (`frameworkErrors`), and what Node's HTTP
 * parser refuses (`clientErrorHandler`: headers too large, a request too slow, a malformed one),
 * written on the socket since no request exists yet.
 */
export const frameworkErrorOptions: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const body = errorBody(error.statusCode === 500 ? 'INTERNAL' : frameworkError(error));
    void reply.status(body.status).send(body);
  },
  clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const key: ErrorKey =
      error.code === 'HPE_HEADER_OVERFLOW' ? 'HEADERS_TOO_LARGE' : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'REQUEST_TIMEOUT' : 'BAD_REQUEST';
    const body = errorBody(key);
    const text = JSON.stringify(body);
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${body.status} ${STATUS_TEXT[body.status] ?? 'Bad Request'}\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
          `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${text}`,
      );
    }
    socket.destroy(error);
  },
};
const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };
