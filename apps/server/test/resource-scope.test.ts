// The resource-scope mechanism on its own: a route must name its resource, a kind no module
// resolves stops the registration, and the declared identifier reaches the resolver.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, scope, type RouteDefinition } from '@portail/contract';
import { assertResolvable, resolveScope, type ScopeResolvers } from '../src/http/resource-scope.ts';
import { registerRoute } from '../src/http/contract-routes.ts';

const base = { method: 'GET', gateway: 'proxy-asso', path: '/essai', summary: 'essai', response: z.object({}) } as const;
const claims = { userId: 'u1', email: 'u1@example.org', roles: ['lca.association'] };

describe('resource scopes', () => {
  it('refuses a non-public route without a declared resource, and a kind without a resolver', () => {
    expect(() => assertResolvable(defineRoute({ ...base, access: 'authenticated' }), {})).toThrow(/declares no resource scope/);
    const dossier = defineRoute({ ...base, access: 'authenticated', scope: { resource: 'dossier', id: { in: 'params', key: 'id' }, mode: 'read' } });
    expect(() => assertResolvable(dossier, {})).toThrow(/no resolver for resources of kind 'dossier'/);
    expect(() => assertResolvable(defineRoute({ ...base, access: 'public' }), {})).not.toThrow();
    expect(() => assertResolvable(defineRoute({ ...base, access: 'authenticated', scope: scope.caller }), {})).not.toThrow();
  });

  it('stops the registration of such a route (the process never starts with it)', () => {
    const app = Fastify();
    app.decorate('services', { scopes: {} } as never);
    const route = defineRoute({ ...base, access: 'authenticated', scope: scope.association('read') }) as RouteDefinition;
    expect(() => registerRoute(app, route, async () => ({}))).toThrow(/no resolver for resources of kind 'association'/);
  });

  it('hands the resolver the identifier named by the declaration, and refuses a call without it', async () => {
    const seen: unknown[] = [];
    const resolvers: ScopeResolvers = {
      association: async (_claims, id, declared) => {
        seen.push([id, declared.mode]);
        return { mode: declared.mode, associationId: id, siret: null, write: false, writeAll: false };
      },
    };
    const declared = scope.association('write-all', 'id_asso_membre');
    await resolveScope(resolvers, declared, claims, { query: { id_asso_membre: 'W751234567', id_asso: 'autre' } });
    expect(seen).toEqual([['W751234567', 'write-all']]);
    await expect(resolveScope(resolvers, declared, claims, { query: {} })).rejects.toMatchObject({ status: 404 });
    // caller and none resolve to nothing: the handler works on the caller's own rows or on no one's.
    expect(await resolveScope(resolvers, scope.caller, claims, {})).toBeUndefined();
  });
});
