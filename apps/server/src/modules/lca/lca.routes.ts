// lca-server routes (the part the client shell needs).
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../http/contract-routes.ts';
import type { AppServices } from '../../services.ts';

export function lcaRoutes(app: FastifyInstance, { lca }: AppServices) {
  registerRoute(app, api.lca.notesOnPage, ({ query }) => lca.notesOnPage(query.route));
  registerRoute(app, api.lca.getUser, ({ auth, params }) => lca.getAssociationUser(auth, params.id));
}
