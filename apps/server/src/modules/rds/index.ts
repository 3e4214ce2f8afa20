// The rds module's public face: app.ts and services.ts import from here only.
export { createRdsRepository } from './repository.ts';
export { createRdsService, type RdsService } from './service.ts';
export { rdsRoutes } from './routes.ts';
