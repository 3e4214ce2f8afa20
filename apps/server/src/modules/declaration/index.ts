// The declaration module's public face: app.ts, services.ts and main.ts import from here only.
export { createReferentielRepository } from './referentiels/repository.ts';
export { createReferentielService, type ReferentielService } from './referentiels/service.ts';
export { seedReferentiels, type ReferentielSource, type SeedOption, type SeedResult } from './referentiels/seed.ts';
export { referentielRoutes } from './routes.ts';
export { CEC_VALIDATORS, createCecRepository, type CecRepository } from './cec/repository.ts';
export { isCecValidator } from './cec/policy.ts';
export { createCecService, type CecService } from './cec/service.ts';
export { cecRoutes, type CecRouteServices } from './cec/routes.ts';
