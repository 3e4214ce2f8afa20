// The dashboard's public face: app.ts and services.ts import from here only.
export { createDashboardRepository } from './repository.ts';
export { createDashboardService, type DashboardService } from './service.ts';
export { dashboardRoutes } from './routes.ts';
