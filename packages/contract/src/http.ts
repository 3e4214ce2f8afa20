// The route table's building blocks: one definition per call, read by the server (registration,
// validation, authorisation), the client (typed calls) and the OpenAPI generator.
import { z } from 'zod';
import type { Role } from './roles.ts';
import type { ErrorKey } from './errors.ts';
import type { ResourceScope } from './scope.ts';

export const GATEWAYS = [
  'auth-server',
  'lca-server',
  'proxy-asso',
  'mail-server',
  'rds-server',
  'rda-server',
  'psp-server',
  'api-declaration-server',
  'api-dab-server',
  // Not a gateway of the original client: the portal's public open data (open-data.ts).
  'open-data',
] as const;
export type Gateway = (typeof GATEWAYS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: anybody, any signed-in user, or signed-in users holding one of the roles. */
export type Access = 'public' | 'authenticated' | readonly Role[];

export interface RouteDefinition {
  method: HttpMethod;
  gateway: Gateway;
  /** Fastify-style path with `:param` segments, relative to the gateway. */
  path: string;
  summary: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Status of a successful answer (200 unless said). */
  successStatus?: number;
  /** The body is multipart/form-data (file upload), read by the handler itself. */
  multipart?: boolean;
  /** The answer is a file streamed by the handler, not JSON (`response` then documents nothing). */
  rawResponse?: boolean;
  /**
   * Entry checks (docs/domain.md « Parcours ») enforced by the server on every non-public route: an account whose
   * address is not validated gets 403 EMAIL_NOT_VALIDATED unless the route allows it here.
   */
  allowUnvalidated?: boolean;
  /** Same for an account that must change its password (403 PASSWORD_CHANGE_REQUIRED). */
  allowPasswordChange?: boolean;
  /**
   * The catalogue's errors this route may answer besides those that follow from its kind (access,
   * entry checks, validated input: see declaredErrors in errors.ts).
   */
  errors?: readonly ErrorKey[];
  /** The route fires a state-machine event (machines/): it may answer the refused-transition errors. */
  firesTransition?: boolean;
  /**
   * Each item of the call commits in a transaction of its own, before the next (a bulk action): a
   * failure after the handler leaves the items already done, never half of one.
   */
  commitsEachItem?: boolean;
  /**
   * `false` on the calls that travel without the access token (docs/domain.md « Appels de l'API »: refresh, logout, forgotten
   * password), declared here so that no URL text decides it.
   */
  sendsAccessToken?: false;
  /**
   * The resource the call acts on (scope.ts), resolved and checked by the server before the handler:
   * required on every non-public route (a contract test says so).
   */
  scope?: ResourceScope;
}

/** Issuer and audience of the portal's access tokens (set on sign, checked on verify). */
export const ACCESS_TOKEN_ISSUER = 'le-compte-association';
export const ACCESS_TOKEN_AUDIENCE = 'le-compte-association/api';

export function defineRoute<const T extends RouteDefinition>(route: T): T {
  return route;
}

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
/** What a caller passes for a route: params, query and body as the schemas accept them. */
export type RouteInput<R extends RouteDefinition> = {
  [K in 'params' | 'query' | 'body' as R[K] extends z.ZodType ? K : never]: Input<R[K]>;
};
export type RouteOutput<R extends RouteDefinition> = z.output<R['response']>;

/** Whether the client sends the access token on this call (every call unless the route says not). */
export function sendsAccessToken(route: RouteDefinition): boolean {
  return route.sendsAccessToken !== false;
}

export const API_BASE = '/api';
export const ACCESS_TOKEN_HEADER = 'x-access-token';

/** `/users/:id` + {id: 'x'} → `/users/x` (each value URL-encoded). */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

export function routeUrl(route: Pick<RouteDefinition, 'gateway' | 'path'>, params?: Record<string, unknown>) {
  return `${API_BASE}/${route.gateway}${fillPath(route.path, params)}`;
}

/** Error body of every failed call. */
export const apiErrorSchema = z.object({
  message: z.string(),
  status: z.number().int(),
  code: z.string().optional(),
  /** Field path → French message, for form errors. */
  fields: z.record(z.string(), z.string()).optional(),
  /** Facts of the refusal the client may act on, e.g. the existing dossier of DOSSIER_EXISTS (`id_dossier`, `id_fo`). */
  details: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const messageSchema = z.object({ message: z.string() });
