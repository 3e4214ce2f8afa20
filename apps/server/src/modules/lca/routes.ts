// lca-server routes: notes, questions, the association-user record and its links to associations.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../http/contract-routes.ts';
import type { LcaService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface LcaRouteServices {
  lca: LcaService;
}

export function lcaRoutes(app: FastifyInstance, { lca }: LcaRouteServices) {
  registerRoute(app, api.lca.notesOnPage, ({ query }) => lca.notesOnPage(query.route));
  registerRoute(app, api.questions.listQuestions, ({ query }) => lca.listQuestions(query.enabled));
  registerRoute(app, api.lca.getUser, ({ auth, params }) => lca.getAssociationUser(auth, params.id));
  registerRoute(app, api.lca.patchUser, ({ auth, params, body }) => lca.joinAssociations(auth, params.id, body.associations));
  registerRoute(app, api.lca.deleteUser, ({ auth, params }) => lca.leaveAllAssociations(auth, params.id));
  registerRoute(app, api.lca.exitAssociation, ({ auth, params, query }) => lca.exitAssociation(auth, params.authId, query.idAsso));
  // Per IP and per caller (config.rateLimits): it mails the association's representatives.
  registerRoute(app, api.lca.joinAssociationNotification, ({ auth, body }) => lca.joinAssociationNotification(auth, body), {
    rateLimit: { name: 'joinNotification' },
  });
  registerRoute(app, api.lca.reportMember, ({ params }) => lca.reportMember(params.token));
}
