// The proxy-asso module's public face: other modules, app.ts and services.ts import from here only.
export { associationScope, findAssociationId, LCA_ADMIN, type AssociationScope } from './access.ts';
export { createFileChanges, type FileChange, type FileChanges } from './file-changes.ts';
export { searchableName } from './search-text.ts';
export { createAssociationService } from './association.service.ts';
export { associationRoutes } from './association.routes.ts';
export { createAssociationLightRepository } from './association-light.repository.ts';
export { createAssociationLightService } from './association-light.service.ts';
export { associationLightRoutes } from './association-light.routes.ts';
export { createDocumentRepository } from './documents.repository.ts';
export { createDocumentService } from './documents.service.ts';
export { documentRoutes } from './documents.routes.ts';
export { createSearchRepository, type SearchStep } from './search.repository.ts';
export { createSearchService } from './search.service.ts';
export { associationSearchRoutes } from './search.routes.ts';
