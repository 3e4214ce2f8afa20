// The proxy-asso module's public face: other modules, app.ts and services.ts import from here only.

// access/: who may see and change which association (lca uses LCA_ADMIN and findAssociationId).
export { LCA_ADMIN, linkSiret, type AssociationScope, type MemberLink } from './access/policy.ts';
export { createAccessRepository, findAssociationId } from './access/repository.ts';
export { createAccessService, type AccessService } from './access/service.ts';

// file/: the association file and the notices of its watched changes.
export { createFileChanges, type FileChange, type FileChanges } from './file/change-notices.ts';
export { createFileRepository } from './file/repository.ts';
export { createAssociationService, type AssociationService } from './file/service.ts';
export { associationRoutes } from './file/routes.ts';

// haa/: food aid's sites and addresses.
export { createHaaRepository } from './haa/repository.ts';
export { createHaaService, type HaaService } from './haa/service.ts';
export { haaRoutes } from './haa/routes.ts';

// documents/, light/, search/.
export { createDocumentRepository } from './documents/repository.ts';
export { createDocumentService, type DocumentService } from './documents/service.ts';
export { documentRoutes } from './documents/routes.ts';
export { createAssociationLightRepository } from './light/repository.ts';
export { createAssociationLightService } from './light/service.ts';
export { associationLightRoutes } from './light/routes.ts';
export { createSearchRepository, type SearchPlan } from './search/repository.ts';
export { createSearchService } from './search/service.ts';
export { associationSearchRoutes } from './search/routes.ts';
export { searchableName } from './search/text.ts';

// lookups/: the outside lookups (national address API with the offline commune list, INSEE notices).
export { createExternalLookupService, type ExternalLookupService, type LocatedAddress } from './lookups/service.ts';
export { externalLookupRoutes } from './lookups/routes.ts';
export {
  readDecoupageData,
  type DecoupageCommune,
  type DecoupageDepartement,
  type DecoupageRegion,
} from './lookups/decoupage-data.ts';
