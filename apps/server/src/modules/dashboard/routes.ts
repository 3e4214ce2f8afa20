// lca-server /tableau-de-bord (contract dashboard.ts).
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../http/contract-routes.ts';
import type { DashboardService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface DashboardRouteServices {
  dashboard: DashboardService;
}

export function dashboardRoutes(app: FastifyInstance, { dashboard }: DashboardRouteServices) {
  registerRoute(app, api.dashboard.dashboardSummary, ({ auth }) => dashboard.summary(auth));
}
