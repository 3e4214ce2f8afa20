// The access matrix's building blocks, shared by access-matrix.test.ts and the entry files of the
// modules (test/access-matrix/<module>.entries.ts): each module states, for each of its routes, who
// may call it, the resource it declares and one well-formed call (and one on a foreign resource).
import type { Response } from 'supertest';
import { routeUrl, type Access, type Role, type RouteDefinition } from '@portail/contract';
import type { signIn } from './factories.ts';
import type { TestAssociation } from './association-factory.ts';
import { TOKEN_HEADER } from './http-helpers.ts';
import type { TestApp } from './test-app.ts';

export type Caller = Awaited<ReturnType<typeof signIn>>;
/** The token to send for a caller (undefined: no header). */
export type TokenFor = (caller: Caller) => string | undefined;

export interface CallParts {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: object;
}

export interface MatrixEntry {
  /** Who may call, stated independently of the contract (both must agree). */
  access: Access;
  /**
   * The resource the route declares, stated independently ('dossier:write', 'service:read',
   * 'caller', 'none'…); the core routes' expectations are stated in access-matrix.test.ts.
   */
  scope?: string;
  /**
   * One well-formed call. It prepares what it needs (accounts, links) and, for routes on the
   * caller's own resource, the caller whose resource it targets; `tokenFor` picks the token sent.
   */
  send(route: RouteDefinition, tokenFor: TokenFor): Promise<Response>;
  /**
   * The same call on a resource the caller has no tie with (another association's dossier,
   * another service): roles of `reachedBy` succeed, every other allowed role gets 403 or 404.
   */
  foreign?: { reachedBy: readonly Role[]; send(route: RouteDefinition, token: string): Promise<Response> };
}

/** What an entry file may use: the app, the matrix's callers and its association (swapped for foreign calls). */
export interface MatrixContext {
  t: TestApp;
  member: Caller;
  service: Caller;
  byRole: ReadonlyMap<Role, Caller>;
  /** The association the matrix's association users belong to (head office). */
  readonly asso: TestAssociation;
  call(route: RouteDefinition, token: string | undefined, parts?: CallParts): ReturnType<ReturnType<TestApp['http']>['get']>;
}

/** One HTTP call of a contract route with the given token and parts. */
export function callRoute(t: TestApp, route: RouteDefinition, token: string | undefined, parts: CallParts = {}) {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  let request = t.http()[method](routeUrl(route, parts.params)).query(parts.query ?? {});
  if (token !== undefined) request = request.set(TOKEN_HEADER, token);
  return parts.body === undefined ? request : request.send(parts.body);
}

/**
 * The entries of one module. Built when the test file loads, before the callers exist: read
 * `ctx`'s callers and association inside `send`, never while building the entries.
 */
export type MatrixEntries = (ctx: MatrixContext) => Record<string, MatrixEntry>;
