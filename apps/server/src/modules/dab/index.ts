// The dab module's public face: app.ts and services.ts import from here only.
export { createMissionRepository, type MissionRepository } from './repository.ts';
export { createMissionService, type MissionService } from './service.ts';
export { dabRoutes, type DabRouteServices } from './routes.ts';
