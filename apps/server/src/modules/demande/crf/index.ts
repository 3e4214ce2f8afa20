// The financial reports' public face within the demande module.
export { createCrfRepository, type CrfRepository } from './repository.ts';
export { createCrfService, crfTarget, type CrfService } from './service.ts';
export { crfRoutes, type CrfRouteServices } from './routes.ts';
