// The proxy-asso module's public face: other modules, app.ts and services.ts import from here only.
export { LCA_ADMIN, type AssociationScope } from './access/policy.ts';
export { findAssociationId } from './access/repository.ts';
export { associationScope } from './access.ts';
export { createFileChanges, type FileChange, type FileChanges } from './file-changes.ts';
export { searchableName } from './search/text.ts';
export { createAssociationService } from './association.service.ts';
export { associationRoutes } from './association.routes.ts';
export { createAssociationLightRepository } from './light/repository.ts';
export { createAssociationLightService } from './light/service.ts';
export { associationLightRoutes } from './light/routes.ts';
export { createDocumentRepository } from './documents/repository.ts';
export { createDocumentService } from './documents/service.ts';
export { documentRoutes } from './documents/routes.ts';
export { createSearchRepository, type SearchStep } from './search/repository.ts';
export { createSearchService } from './search/service.ts';
export { associationSearchRoutes } from './search/routes.ts';
export { createAccessRepository } from './access/repository.ts';
export { createAccessService, type AccessService } from './access/service.ts';
