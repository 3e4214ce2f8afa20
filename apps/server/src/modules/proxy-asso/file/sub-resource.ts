// The one mechanism behind the lists of the file (RIBs, representatives, accounts, staff figures,
// approvals, networks, budgets): the contract declares their four routes with its `subResource`
// factory (get<Plural>, post<Singular>, patch<Singular>, delete<Singular>); each list provides
// these four handlers, and `registerSubResource` wires them the same way for all.
import type { FastifyInstance } from 'fastify';
import { api, type RouteDefinition } from '@portail/contract';
import type { z } from 'zod';
import type { RateLimitName } from '../../../config.ts';
import { registerRoute, type RouteCall, type RouteOptions } from '../../../http/contract-routes.ts';

type FileRoutes = typeof api.association;
type Route<K extends string> = FileRoutes[K & keyof FileRoutes];

/** The four contract routes of the list named [plural, singular] in the contract. */
export interface SubResourceRoutes<P extends string, S extends string> {
  list: Route<`get${P}`>;
  create: Route<`post${S}`>;
  update: Route<`patch${S}`>;
  remove: Route<`delete${S}`>;
}

/** The caller and the scope its route declared (resolved before the handler). */
export type ScopedCaller<R extends RouteDefinition> = Pick<RouteCall<R>, 'auth' | 'scope'>;

type Handler<R, Args extends unknown[]> = R extends RouteDefinition
  ? (caller: ScopedCaller<R>, ...args: Args) => Promise<z.input<R['response']>>
  : never;
type Query<R> = R extends RouteDefinition ? RouteCall<R>['query'] : never;
type Body<R> = R extends RouteDefinition ? RouteCall<R>['body'] : never;

/** What a list of the file does on each of its four routes (the parsed query and body). */
export interface SubResourceHandlers<P extends string, S extends string> {
  list: Handler<Route<`get${P}`>, [query: Query<Route<`get${P}`>>]>;
  create: Handler<Route<`post${S}`>, [query: Query<Route<`post${S}`>>, body: Body<Route<`post${S}`>>]>;
  update: Handler<Route<`patch${S}`>, [query: Query<Route<`patch${S}`>>, changes: Body<Route<`patch${S}`>>]>;
  remove: Handler<Route<`delete${S}`>, [query: Query<Route<`delete${S}`>>]>;
}

export function subResourceRoutes<const P extends string, const S extends string>(plural: P, singular: S): SubResourceRoutes<P, S> {
  const routes = api.association as unknown as Record<string, RouteDefinition>;
  const pick = (name: string) => {
    const route = routes[name];
    if (!route) throw new Error(`The contract has no association route ${name}`);
    return route;
  };
  return {
    list: pick(`get${plural}`),
    create: pick(`post${singular}`),
    update: pick(`patch${singular}`),
    remove: pick(`delete${singular}`),
  } as unknown as SubResourceRoutes<P, S>;
}

/** The limit the three writes of a list count against (config.rateLimits): per IP, account and association. */
export const perAssociation = (name: RateLimitName): RouteOptions<RouteDefinition> => ({
  rateLimit: { name, target: ({ scope }) => `association:${(scope as { associationId: string }).associationId}` },
});

/** Registers the four routes of one list of the file; `writes` applies to its creation, change and deletion. */
export function registerSubResource<P extends string, S extends string>(
  app: FastifyInstance,
  [plural, singular]: readonly [P, S],
  handlers: SubResourceHandlers<P, S>,
  writes: RouteOptions<RouteDefinition> = {},
) {
  const routes = subResourceRoutes(plural, singular);
  // The routes and handlers are typed together above; here they are wired alike for every list.
  const reg = registerRoute as (
    app: FastifyInstance,
    route: RouteDefinition,
    handler: (call: RouteCall<RouteDefinition>) => Promise<unknown>,
    options?: RouteOptions<RouteDefinition>,
  ) => void;
  const h = handlers as unknown as Record<'list' | 'create' | 'update' | 'remove', (...args: unknown[]) => Promise<unknown>>;
  reg(app, routes.list, ({ auth, scope, query }) => h.list({ auth, scope }, query));
  reg(app, routes.create, ({ auth, scope, query, body }) => h.create({ auth, scope }, query, body), writes);
  reg(app, routes.update, ({ auth, scope, query, body }) => h.update({ auth, scope }, query, body), writes);
  reg(app, routes.remove, ({ auth, scope, query }) => h.remove({ auth, scope }, query), writes);
}
