// The rda module's public face: app.ts and services.ts import from here only.
export { createAgrementRepository } from './catalogue/repository.ts';
export { createAgrementService, type AgrementService } from './catalogue/service.ts';
export { rdaRoutes } from './routes.ts';
