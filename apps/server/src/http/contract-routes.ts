// Registers a contract route on Fastify: validation of params, query and body with the contract's
// zod schemas (400 with French messages), declared access, typed handler, declared success status.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE, describeIssues, type RouteDefinition } from '@portail/contract';
import type { z } from 'zod';
import type { RateLimitName } from '../config.ts';
import { runUnitOfWork } from '../db/unit-of-work.ts';
import { appError } from './errors.ts';
import { authorise, type AuthClaims } from './request-context.ts';
import { assertResolvable, resolveScope, type ResolvedScope } from './resource-scope.ts';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteCall<R extends RouteDefinition> {
  params: Parsed<R['params']>;
  query: Parsed<R['query']>;
  body: Parsed<R['body']>;
  /** The caller, or null on a public route called without a token. */
  auth: R['access'] extends 'public' ? AuthClaims | null : AuthClaims;
  /** The resource the route declared, resolved for the caller before the handler (resource-scope.ts). */
  scope: ResolvedScope<R['scope']>;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<R extends RouteDefinition> = (call: RouteCall<R>) => Promise<z.input<R['response']>>;

function parsePart(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    throw appError('VALIDATION_ERROR', { fields: describeIssues(result.error, where).fields });
  }
  return result.data;
}

/** Methods whose route runs as one unit of work. */
const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function fullPath(route: Pick<RouteDefinition, 'gateway' | 'path'>): string {
  return `${API_BASE}/${route.gateway}${route.path}`;
}

export interface RouteOptions<R extends RouteDefinition = RouteDefinition> {
  /**
   * The route's limit in config.rateLimits, counted per IP and per account: the address `account`
   * returns (from the parsed call), else the caller's user id; and per the object `target` names
   * (from the call and its resolved scope: a stranger's refused call counts against no object).
   */
  rateLimit?: {
    name: RateLimitName;
    account?: (call: RouteCall<R>) => string | null | undefined;
    target?: (call: RouteCall<R>) => string | null | undefined;
    /** Counts only the calls for which this holds (those that may mail); all when absent. */
    when?: (call: RouteCall<R>) => boolean;
  };
}

/** The account a limit counts: the given address (any case), else the signed-in caller. */
function limitedAccount<R extends RouteDefinition>(call: RouteCall<R>, account: RouteOptions<R>['rateLimit']): string | null {
  const address = account?.account?.(call);
  if (address) return `address:${address.trim().toLowerCase()}`;
  return call.auth ? `user:${call.auth.userId}` : null;
}

export function registerRoute<R extends RouteDefinition>(
  app: FastifyInstance,
  route: R,
  handler: RouteHandler<R>,
  options: RouteOptions<R> = {},
) {
  // A rate-limited route declares its 429 in the contract (OpenAPI, client).
  if (options.rateLimit && !route.errors?.includes('TOO_MANY_REQUESTS')) {
    throw new Error(`${route.method} ${fullPath(route)} is rate limited but does not declare TOO_MANY_REQUESTS`);
  }
  // A route that names no resource, or a kind no module resolves, never starts.
  assertResolvable(route, app.services.scopes);
  app.route({
    method: route.method,
    url: fullPath(route),
    config: { contractRoute: route },
    handler: async (request, reply) => {
      // Access, entry checks (docs/domain.md « Parcours ») and the route's declared exemptions, in one place.
      const auth = await authorise(app, request, route);
      const params = parsePart(route.params, request.params, 'paramètres');
      const query = parsePart(route.query, request.query, 'requête');
      const call = {
        params,
        query,
        body: parsePart(route.body, request.body, 'corps'),
        auth,
        scope: undefined,
        ip: request.ip,
        request,
        reply,
      } as RouteCall<R>;
      if (options.rateLimit && (options.rateLimit.when?.(call) ?? true)) {
        await app.services.rateLimits.check(options.rateLimit.name, { ip: call.ip, account: limitedAccount(call, options.rateLimit) });
      }
      // The declared resource, checked for this caller before any rule of the handler runs.
      call.scope = (await resolveScope(app.services.scopes, route.scope, auth, { params, query })) as RouteCall<R>['scope'];
      const target = options.rateLimit && (options.rateLimit.when?.(call) ?? true) ? options.rateLimit.target?.(call) : null;
      if (target) await app.services.rateLimits.check(options.rateLimit!.name, { target });
      const answer = async () => {
        const result = await handler(call);
        // A raw route has streamed its own answer (a file).
        return route.rawResponse ? undefined : route.response.parse(result);
      };
      // A write request is one unit of work: the handler's writes and its answer, checked against
      // the contract, commit together or not at all (db/unit-of-work.ts).
      const body = await (WRITE_METHODS.has(route.method)
        ? runUnitOfWork(app.services.db, answer, (error) => request.log.error({ err: error }, 'effect after the unit of work failed'))
        : answer()
      ).catch((error: unknown) => {
        // A refused upload is answered at once, its body unread: the connection is closed after the
        // answer rather than kept reading (up to hundreds of megabytes) only to throw it away.
        if (route.multipart) void reply.header('connection', 'close');
        throw error;
      });
      if (route.rawResponse) return reply;
      return reply.status(route.successStatus ?? 200).send(body);
    },
  });
}
