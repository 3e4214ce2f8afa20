// Access-matrix entries of the services' webhooks (contract webhooks.ts): the service's agents and
// rds.admin, on the caller's own service (scope `service:agent`); a foreign service is reached by
// rds.admin only (the others get 404).
import type { Response } from 'supertest';
import type { Role, RouteDefinition } from '@portail/contract';
import type { Caller, MatrixContext, MatrixEntries, MatrixEntry } from '../support/access-matrix.ts';
import { signInService } from '../support/subsidy-fixtures.ts';

const AGENTS: Role[] = ['rds.user', 'rds.service', 'rds.admin'];

export const webhookEntries: MatrixEntries = (ctx: MatrixContext) => {
  let foreignServiceId: string | null = null;
  const callerOf = (token: string | undefined): Caller | undefined => [ctx.service, ctx.member, ...ctx.byRole.values()].find((c) => c.token === token);
  /** The caller's own service (rds.admin has none: the matrix's service), or a foreign one. */
  async function serviceId(token: string | undefined, where: 'own' | 'foreign') {
    if (where === 'foreign') return (foreignServiceId ??= (await signInService(ctx.t, 'Service étranger aux webhooks de la matrice')).serviceId);
    return callerOf(token)?.account.serviceAccount?.id ?? ctx.service.account.serviceAccount!.id;
  }
  /** A fresh webhook of the service, written straight to the table. */
  const webhookOf = async (id: string) =>
    (await ctx.t.db.serviceWebhook.create({ data: { serviceId: id, url: `https://recepteur.example.org/${crypto.randomUUID()}`, secret: 'whsec_matrice' } })).id;

  type Send = (route: RouteDefinition, token: string | undefined, where: 'own' | 'foreign') => Promise<Response>;
  const entry = (send: Send): MatrixEntry => ({
    access: AGENTS,
    scope: 'service:agent',
    send: (route, tokenFor) => send(route, tokenFor(ctx.service), 'own'),
    foreign: { reachedBy: ['rds.admin'], send: (route, token) => send(route, token, 'foreign') },
  });
  return {
    'GET /api/rds-server/services/:id/webhooks': entry(async (route, token, where) => ctx.call(route, token, { params: { id: await serviceId(token, where) } })),
    'POST /api/rds-server/services/:id/webhooks': entry(async (route, token, where) => {
      const id = await serviceId(token, where);
      await ctx.t.db.serviceWebhook.deleteMany({ where: { serviceId: id } });
      return ctx.call(route, token, { params: { id }, body: { url: 'https://recepteur.example.org/evenements' } });
    }),
    'DELETE /api/rds-server/services/:id/webhooks/:webhookId': entry(async (route, token, where) => {
      const id = await serviceId(token, where);
      return ctx.call(route, token, { params: { id, webhookId: await webhookOf(id) } });
    }),
    'POST /api/rds-server/services/:id/webhooks/:webhookId/secret': entry(async (route, token, where) => {
      const id = await serviceId(token, where);
      return ctx.call(route, token, { params: { id, webhookId: await webhookOf(id) } });
    }),
    'GET /api/rds-server/services/:id/webhooks/deliveries': entry(async (route, token, where) =>
      ctx.call(route, token, { params: { id: await serviceId(token, where) }, query: { limit: '10' } }),
    ),
  };
};
