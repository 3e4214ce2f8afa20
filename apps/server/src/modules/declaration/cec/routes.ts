// api-declaration-server: sessions, log and declarations of the CEC (contract cec/routes.ts), a few
// lines each; the rules are in service.ts.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import type { CecService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface CecRouteServices {
  cec: CecService;
}

export function cecRoutes(app: FastifyInstance, { cec }: CecRouteServices) {
  const r = api.cec;
  registerRoute(app, r.currentSession, () => cec.currentSession());
  registerRoute(app, r.sessions, () => cec.sessions());
  registerRoute(app, r.logs, ({ auth, query }) => cec.logs(auth, query));
  registerRoute(app, r.declarations, ({ auth, query }) => cec.declarations(auth, query));
  registerRoute(app, r.updateStatus, ({ auth, params, body }) => cec.decide(auth, params.id, body));
}
