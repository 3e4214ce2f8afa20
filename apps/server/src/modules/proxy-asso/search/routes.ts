// proxy-asso: GET /association/search (registry search by identifier or name).
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import type { AppServices } from '../../../services.ts';

export function associationSearchRoutes(app: FastifyInstance, { associationSearch }: AppServices) {
  registerRoute(app, api.associationSearch.search, ({ query }) => associationSearch.search(query));
}
