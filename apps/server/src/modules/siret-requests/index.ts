// The SIRET requests' public face: app.ts and services.ts import from here only.
export { createSiretRequestRepository, type SiretRequestRepository } from './repository.ts';
export { createSiretRequestService, siretRequestTarget, type SiretRequestService } from './service.ts';
export { siretRequestRoutes, type SiretRequestRouteServices } from './routes.ts';
