// Pass'Sport's public face: app.ts and services.ts import from here only.
export { createPspRepository, type PspRepository } from './repository.ts';
export { createPspService, pspDossierTarget, type PspService } from './service.ts';
export { pspRoutes, type PspRouteServices } from './routes.ts';
