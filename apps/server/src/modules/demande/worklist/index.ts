// The work lists' face inside the demande module (re-exported by ../index.ts).
export { createWorklistRepository, pageStatement, type WorklistReach } from './repository.ts';
export { createWorklistService, type WorklistService } from './service.ts';
export { worklistRoutes, type WorklistRouteServices } from './routes.ts';
