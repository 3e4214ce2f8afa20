// The lca module's public face: other modules, app.ts and services.ts import from here only.
export { createLcaRepository, type LcaRepository } from './repository.ts';
export { createLcaService, type JoinLink, type LcaService } from './service.ts';
export { linksInclude, toUserAssociationLink } from './users/repository.ts';
export { lcaRoutes } from './routes.ts';
export { listQuestions } from './questions/repository.ts';
export { DEFAULT_QUESTIONS, seedQuestions } from './questions/seed.ts';
export { createContentService, type ContentService } from './content/service.ts';
