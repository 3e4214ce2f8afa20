// The rds module's public face: app.ts and services.ts import from here only.
export { createRdsAudit } from './audit.ts';
export { createRdsRepository } from './repository.ts';
export { createRdsService, type RdsService } from './service.ts';
export { rdsRoutes } from './routes.ts';
export { createServiceRepository, subtreeOfAccountSql } from './services/repository.ts';
export { createServiceAdmin, type ServiceAdmin } from './services/service.ts';
export { createSubventionRepository } from './subventions/repository.ts';
export { CATALOGUE_AUDIT_CHAINS, createSubventionService, type SubventionService } from './subventions/service.ts';
