// The projects aggregate's face inside the demande module (re-exported by ../index.ts).
export { createProjetRepository, listProjetRows, listProjetRowsOf } from './repository.ts';
export { createProjetService, type ProjetService } from './service.ts';
export { projetRoutes, type ProjetRouteServices } from './routes.ts';
export { followDossierRenewal, realignProjects } from './realign.ts';
export { budgetLines, budgetView, pickFields, projetView, totalsOver } from './view.ts';
