// proxy-asso: GET /association-light.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import type { AssociationLightService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface AssociationLightRouteServices {
  associationLight: AssociationLightService;
}

export function associationLightRoutes(app: FastifyInstance, { associationLight }: AssociationLightRouteServices) {
  registerRoute(app, api.associationLight.getLight, ({ auth, query }) => associationLight.get(auth, query));
}
