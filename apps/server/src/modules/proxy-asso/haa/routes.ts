// Food aid's routes (contract haa.ts): parse (contract), call the service, return.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import type { HaaService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface HaaRouteServices {
  haa: HaaService;
}

export function haaRoutes(app: FastifyInstance, { haa }: HaaRouteServices) {
  const r = api.haa;
  registerRoute(app, r.getHaaMembres, ({ scope }) => haa.members(scope));
  registerRoute(app, r.getHaaSites, ({ scope }) => haa.listSites(scope));
  registerRoute(app, r.postHaaSite, ({ auth, scope, body }) => haa.createSite(auth, scope, body));
  registerRoute(app, r.patchHaaSite, ({ auth, scope, query, body }) => haa.updateSite(auth, scope, query.id, body));
  registerRoute(app, r.deleteHaaSite, ({ auth, scope, query }) => haa.removeSite(auth, scope, query.id));
  registerRoute(app, r.getHaaAdresses, ({ scope, query }) => haa.listAddresses(scope, query.codePostal));
  registerRoute(app, r.postHaaAdresse, ({ auth, scope, body }) => haa.createAddress(auth, scope, body));
  registerRoute(app, r.patchHaaAdresse, ({ auth, scope, query, body }) => haa.updateAddress(auth, scope, query.id, body));
  registerRoute(app, r.deleteHaaAdresse, ({ auth, scope, query }) => haa.removeAddress(auth, scope, query.id));
  registerRoute(app, r.postHaaSiteAdresse, ({ auth, scope, body }) => haa.createSiteWithAddress(auth, scope, body));
}
