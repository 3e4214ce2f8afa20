// Routes of the association file: parse (contract), call the service, return. The seven lists
// share one registration (./sub-resource.ts).
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import type { AppServices } from '../../../services.ts';
import { registerSubResource } from './sub-resource.ts';

export function associationRoutes(app: FastifyInstance, { association }: AppServices) {
  const r = api.association;
  registerRoute(app, r.getIdentite, ({ auth, query }) => association.getIdentite(auth, query.id_asso));
  registerRoute(app, r.patchIdentite, ({ auth, query, body }) => association.patchIdentite(auth, query.id_asso, body));
  registerRoute(app, r.getEtablissements, ({ auth, query }) => association.getEtablissements(auth, query.id_asso));
  registerRoute(app, r.patchEtablissement, ({ auth, query, body }) => association.patchEtablissement(auth, query.id_asso, query.id_siret, body));
  registerSubResource(app, ['Ribs', 'Rib'], association.ribs);
  registerSubResource(app, ['Representants', 'Representant'], association.representants);
  registerRoute(app, r.patchRepresentantFonctionSiret, ({ auth, query, body }) =>
    association.representants.patchFonctionSiret(auth, query.id_asso, query.id, body),
  );
  registerRoute(app, r.getAssociation, ({ auth, query }) => association.getAssociation(auth, query));
  registerSubResource(app, ['Comptes', 'Compte'], association.comptes);
  registerSubResource(app, ['Rhs', 'Rh'], association.rhs);
  registerSubResource(app, ['Agrements', 'Agrement'], association.agrements);
  registerSubResource(app, ['ReseauxAffiliation', 'ReseauAffiliation'], association.reseaux);
  registerRoute(app, r.postReseauxAffiliation, ({ auth, query }) => association.reseaux.affiliate(auth, query.id_asso_membre, query.id_asso_parent));
  registerSubResource(app, ['Budgets', 'Budget'], association.budgets);
}
