// api-dab-server: the missions (contract cec/routes.ts).
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../http/contract-routes.ts';
import type { MissionService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface DabRouteServices {
  missions: MissionService;
}

export function dabRoutes(app: FastifyInstance, { missions }: DabRouteServices) {
  registerRoute(app, api.cec.missions, () => missions.list());
}
