// api-declaration-server: referential routes (thin: the contract validates, the service decides).
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../http/contract-routes.ts';
import type { ReferentielService } from './referentiels/service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface ReferentielRouteServices {
  referentiels: ReferentielService;
}

export function referentielRoutes(app: FastifyInstance, { referentiels }: ReferentielRouteServices) {
  registerRoute(app, api.referentiels.list, ({ query }) => referentiels.list(query));
  registerRoute(app, api.referentiels.get, ({ query }) => referentiels.getByType(query.type, query.filterOptions, query.limit));
  registerRoute(app, api.referentiels.update, ({ auth, params, body }) => referentiels.update(auth, params.id, body));
  registerRoute(app, api.referentiels.history, ({ query }) => referentiels.history(query));
}
