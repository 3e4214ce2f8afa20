// Registers a contract route on Fastify: validation of params, query and body with the contract's
// zod schemas (400 with French messages), declared access, typed handler, declared success status.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE, describeIssues, type RouteDefinition } from '@portail/contract';
import type { z } from 'zod';
import type { RateLimitConfig } from '../config.ts';
import { AppError } from './errors.ts';
import { authorise, type AuthClaims } from './request-context.ts';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteCall<R extends RouteDefinition> {
  params: Parsed<R['params']>;
  query: Parsed<R['query']>;
  body: Parsed<R['body']>;
  /** The caller, or null on a public route called without a token. */
  auth: R['access'] extends 'public' ? AuthClaims | null : AuthClaims;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<R extends RouteDefinition> = (call: RouteCall<R>) => Promise<z.input<R['response']>>;

function parsePart(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const { message, fields } = describeIssues(result.error, where);
    throw new AppError(400, 'VALIDATION_ERROR', message, fields);
  }
  return result.data;
}

export function fullPath(route: Pick<RouteDefinition, 'gateway' | 'path'>): string {
  return `${API_BASE}/${route.gateway}${route.path}`;
}

export interface RouteOptions {
  /** Per-IP request limit for this route (see @fastify/rate-limit in app.ts). */
  rateLimit?: RateLimitConfig;
}

export function registerRoute<R extends RouteDefinition>(
  app: FastifyInstance,
  route: R,
  handler: RouteHandler<R>,
  options: RouteOptions = {},
) {
  app.route({
    method: route.method,
    url: fullPath(route),
    ...(options.rateLimit
      ? { config: { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.windowMs } } }
      : {}),
    handler: async (request, reply) => {
      // Access, entry checks (spec §2) and the route's declared exemptions, in one place.
      const auth = await authorise(app, request, route);
      const call = {
        params: parsePart(route.params, request.params, 'paramètres'),
        query: parsePart(route.query, request.query, 'requête'),
        body: parsePart(route.body, request.body, 'corps'),
        auth,
        ip: request.ip,
        request,
        reply,
      } as RouteCall<R>;
      const result = await handler(call);
      // A raw route has streamed its own answer (a file).
      if (route.rawResponse) return reply;
      return reply.status(route.successStatus ?? 200).send(route.response.parse(result));
    },
  });
}
