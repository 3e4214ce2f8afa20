// proxy-asso: GET /association/search (registry search by identifier or name).
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import type { SearchService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface AssociationSearchRouteServices {
  associationSearch: SearchService;
}

export function associationSearchRoutes(app: FastifyInstance, { associationSearch }: AssociationSearchRouteServices) {
  registerRoute(app, api.associationSearch.search, ({ query }) => associationSearch.search(query));
}
