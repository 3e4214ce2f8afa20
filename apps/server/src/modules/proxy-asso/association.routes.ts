// proxy-asso routes of the association file: parse (contract), call the service, return.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../http/contract-routes.ts';
import type { AppServices } from '../../services.ts';

export function associationRoutes(app: FastifyInstance, { association }: AppServices) {
  const r = api.association;
  registerRoute(app, r.getIdentite, ({ auth, query }) => association.getIdentite(auth, query.id_asso));
  registerRoute(app, r.patchIdentite, ({ auth, query, body }) => association.patchIdentite(auth, query.id_asso, body));
  registerRoute(app, r.getEtablissements, ({ auth, query }) => association.getEtablissements(auth, query.id_asso));
  registerRoute(app, r.patchEtablissement, ({ auth, query, body }) =>
    association.patchEtablissement(auth, query.id_asso, query.id_siret, body),
  );
  registerRoute(app, r.getRibs, ({ auth, query }) => association.getRibs(auth, query.id_asso, query.id_siret));
  registerRoute(app, r.postRib, ({ auth, query, body }) => association.postRib(auth, query.id_asso, query.id_siret, body));
  registerRoute(app, r.patchRib, ({ auth, query, body }) => association.patchRib(auth, query.id_asso, query.id, query.id_siret, body));
  registerRoute(app, r.deleteRib, ({ auth, query }) => association.deleteRib(auth, query.id_asso, query.id));
  registerRoute(app, r.getRepresentants, ({ auth, query }) => association.getRepresentants(auth, query.id_asso, query.id_siret));
  registerRoute(app, r.postRepresentant, ({ auth, query, body }) =>
    association.postRepresentant(auth, query.id_asso, query.id_siret, body),
  );
  registerRoute(app, r.patchRepresentant, ({ auth, query, body }) => association.patchRepresentant(auth, query.id_asso, query.id, body));
  registerRoute(app, r.deleteRepresentant, ({ auth, query }) => association.deleteRepresentant(auth, query.id_asso, query.id));
  registerRoute(app, r.patchRepresentantFonctionSiret, ({ auth, query, body }) =>
    association.patchRepresentantFonctionSiret(auth, query.id_asso, query.id, body),
  );
  registerRoute(app, r.getAssociation, ({ auth, query }) => association.getAssociation(auth, query));
  registerRoute(app, r.getComptes, ({ auth, query }) => association.getComptes(auth, query.id_asso));
  registerRoute(app, r.postCompte, ({ auth, query, body }) => association.postCompte(auth, query.id_asso, query.annee, body));
  registerRoute(app, r.patchCompte, ({ auth, query, body }) => association.patchCompte(auth, query.id_asso, query.id, body));
  registerRoute(app, r.deleteCompte, ({ auth, query }) => association.deleteCompte(auth, query.id_asso, query.id));
  registerRoute(app, r.getRhs, ({ auth, query }) => association.getRhs(auth, query.id_asso, query.id_siret));
  registerRoute(app, r.postRh, ({ auth, query, body }) => association.postRh(auth, query.id_asso, query.id_siret, query.annee, body));
  registerRoute(app, r.patchRh, ({ auth, query, body }) => association.patchRh(auth, query.id_asso, query.id, body));
  registerRoute(app, r.deleteRh, ({ auth, query }) => association.deleteRh(auth, query.id_asso, query.id));
  registerRoute(app, r.getAgrements, ({ auth, query }) => association.getAgrements(auth, query.id_asso));
  registerRoute(app, r.postAgrement, ({ auth, query, body }) => association.postAgrement(auth, query.id_asso, body));
  registerRoute(app, r.patchAgrement, ({ auth, query, body }) => association.patchAgrement(auth, query.id_asso, query.id, body));
  registerRoute(app, r.deleteAgrement, ({ auth, query }) => association.deleteAgrement(auth, query.id_asso, query.id));
  registerRoute(app, r.getReseauxAffiliation, ({ auth, query }) => association.getReseauxAffiliation(auth, query.id_asso));
  registerRoute(app, r.postReseauAffiliation, ({ auth, query, body }) => association.postReseauAffiliation(auth, query.id_asso, body));
  registerRoute(app, r.patchReseauAffiliation, ({ auth, query, body }) =>
    association.patchReseauAffiliation(auth, query.id_asso, query.id, body),
  );
  registerRoute(app, r.deleteReseauAffiliation, ({ auth, query }) => association.deleteReseauAffiliation(auth, query.id_asso, query.id));
  registerRoute(app, r.postReseauxAffiliation, ({ auth, query }) => association.affiliate(auth, query.id_asso_membre, query.id_asso_parent));
  registerRoute(app, r.getBudgets, ({ auth, query }) => association.getBudgets(auth, query.id_asso));
  registerRoute(app, r.postBudget, ({ auth, query, body }) => association.postBudget(auth, query.id_asso, query.annee, body));
  registerRoute(app, r.patchBudget, ({ auth, query, body }) => association.patchBudget(auth, query.id_asso, query.id, body));
  registerRoute(app, r.deleteBudget, ({ auth, query }) => association.deleteBudget(auth, query.id_asso, query.id));
}
