// The open-data module's public face: app.ts and services.ts import from here only.
export { createOpenDataRepository } from './repository.ts';
export { createOpenDataService, type OpenDataService } from './service.ts';
export { openDataRoutes } from './routes.ts';
