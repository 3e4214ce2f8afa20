// The demande module's public face (lca-server /demande…): app.ts and services.ts import from here only.
export { createDossierScopeRepository } from './dossiers/scope.repository.ts';
export { createDossierService, type DossierService } from './dossiers/service.ts';
export { demandeRoutes } from './routes.ts';
