// api-declaration-server: referential routes (thin: the contract validates, the service decides).
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../http/contract-routes.ts';
import type { AppServices } from '../../services.ts';

export function referentielRoutes(app: FastifyInstance, { referentiels }: AppServices) {
  registerRoute(app, api.referentiels.list, ({ query }) => referentiels.list(query));
  registerRoute(app, api.referentiels.get, ({ query }) => referentiels.getByType(query.type, query.filterOptions, query.limit));
  registerRoute(app, api.referentiels.update, ({ params, body }) => referentiels.update(params.id, body));
}
