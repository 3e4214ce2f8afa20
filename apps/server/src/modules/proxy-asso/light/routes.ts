// proxy-asso: GET /association-light.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import type { AppServices } from '../../../services.ts';

export function associationLightRoutes(app: FastifyInstance, { associationLight }: AppServices) {
  registerRoute(app, api.associationLight.getLight, ({ auth, query }) => associationLight.get(auth, query));
}
