// lca-server /demande/dossiers/:id/projets routes (contract subsidies/projet-routes.ts): a few
// lines each, the dossier already resolved by the route's `dossier` scope.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import type { ScopeResolvers } from '../../../http/resource-scope.ts';
import type { ProjetService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface ProjetRouteServices {
  projets: ProjetService;
  /** A copy checks the target dossier as its own route would (write access to it). */
  scopes: Pick<ScopeResolvers, 'dossier'>;
}

export function projetRoutes(app: FastifyInstance, { projets, scopes }: ProjetRouteServices) {
  const r = api.projets;
  registerRoute(app, r.listProjets, ({ scope, query }) => projets.list(scope.dossierId, query.fields));
  registerRoute(app, r.getProjet, ({ scope, params }) => projets.get(scope.dossierId, params.idProjet));
  registerRoute(app, r.createProjet, ({ scope, body }) => projets.create(scope, scope.dossierId, body));
  registerRoute(app, r.updateProjet, ({ scope, params, body }) => projets.update(scope, scope.dossierId, params.idProjet, body));
  registerRoute(app, r.deleteProjet, ({ scope, params }) => projets.remove(scope, scope.dossierId, params.idProjet));
  registerRoute(app, r.duplicateProjet, ({ scope, params }) => projets.duplicate(scope, scope.dossierId, params.idProjet));
  registerRoute(app, r.transferProjet, async ({ auth, scope, params, body }) => {
    // The destination goes through the same resolver, in write mode: unseen → 404, read only → 403.
    const target = await scopes.dossier!(auth, body.idDossierTo, { resource: 'dossier', id: { in: 'params', key: 'id' }, mode: 'write' });
    return projets.transfer(scope, scope.dossierId, params.idProjet, { dossierId: target.dossierId, caller: target });
  });
}
