// Routes of the association file: parse (contract), call the service, return. The seven lists
// share one registration (./sub-resource.ts).
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import type { AssociationService } from './service.ts';
import { perAssociation, registerSubResource } from './sub-resource.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface AssociationRouteServices {
  association: AssociationService;
}

export function associationRoutes(app: FastifyInstance, { association }: AssociationRouteServices) {
  const r = api.association;
  registerRoute(app, r.getIdentite, ({ scope }) => association.getIdentite(scope));
  registerRoute(app, r.patchIdentite, ({ scope, body }) => association.patchIdentite(scope, body));
  registerRoute(app, r.getEtablissements, ({ scope }) => association.getEtablissements(scope));
  registerRoute(app, r.patchEtablissement, ({ scope, body }) => association.patchEtablissement(scope, body));
  // RIBs and representatives: each change mails the members and representatives (change-notices.ts), hence a limit.
  registerSubResource(app, ['Ribs', 'Rib'], association.ribs, perAssociation('associationFileMail'));
  registerSubResource(app, ['Representants', 'Representant'], association.representants, perAssociation('associationFileMail'));
  registerRoute(
    app,
    r.patchRepresentantFonctionSiret,
    ({ auth, scope, query, body }) => association.representants.patchFonctionSiret({ auth, scope }, query.id, body),
    perAssociation('associationFileMail'),
  );
  registerRoute(app, r.getAssociation, ({ auth, scope, query }) => association.getAssociation(auth, scope, query));
  registerSubResource(app, ['Comptes', 'Compte'], association.comptes);
  registerSubResource(app, ['Rhs', 'Rh'], association.rhs);
  registerSubResource(app, ['Agrements', 'Agrement'], association.agrements);
  registerSubResource(app, ['ReseauxAffiliation', 'ReseauAffiliation'], association.reseaux);
  registerRoute(app, r.postReseauxAffiliation, ({ scope, query }) => association.reseaux.affiliate(scope, query.id_asso_parent));
  registerSubResource(app, ['Budgets', 'Budget'], association.budgets);
}
