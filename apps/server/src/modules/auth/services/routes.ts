// auth-server routes of instructing services' accounts (contract subsidies/services-routes.ts).
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import type { ServiceAccountService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface ServiceAccountRouteServices {
  serviceAccounts: ServiceAccountService;
}

export function serviceAccountRoutes(app: FastifyInstance, { serviceAccounts }: ServiceAccountRouteServices) {
  const r = api.serviceAccounts;
  // Each mails a link (welcome, new address) and a notice: limited per manager and per address or account.
  registerRoute(app, r.createServiceAccount, ({ auth, body }) => serviceAccounts.create(auth, body), {
    rateLimit: { name: 'serviceAccountMail', target: ({ body }) => `address:${body.email.trim().toLowerCase()}` },
  });
  registerRoute(app, r.updateServiceAccount, ({ auth, params, body }) => serviceAccounts.update(auth, params.id, body), {
    rateLimit: { name: 'serviceAccountMail', target: ({ params }) => `account:${params.id}` },
  });
  registerRoute(app, r.deleteServiceAccount, ({ auth, params }) => serviceAccounts.remove(auth, params.id));
}
