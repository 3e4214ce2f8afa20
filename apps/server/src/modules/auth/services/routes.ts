// auth-server routes of instructing services' accounts (contract subsidies/services-routes.ts).
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import type { AppServices } from '../../../services.ts';

export function serviceAccountRoutes(app: FastifyInstance, { serviceAccounts }: AppServices) {
  const r = api.serviceAccounts;
  registerRoute(app, r.createServiceAccount, ({ auth, body }) => serviceAccounts.create(auth, body));
  registerRoute(app, r.updateServiceAccount, ({ auth, params, body }) => serviceAccounts.update(auth, params.id, body));
  registerRoute(app, r.deleteServiceAccount, ({ params }) => serviceAccounts.remove(params.id));
}
