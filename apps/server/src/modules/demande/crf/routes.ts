// lca-server routes of the financial reports (contract subsidies/crf-routes.ts): a few lines each,
// the rules are in service.ts.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import type { CrfService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface CrfRouteServices {
  crf: CrfService;
}

export function crfRoutes(app: FastifyInstance, { crf }: CrfRouteServices) {
  const r = api.crf;
  registerRoute(app, r.openCrf, ({ auth, scope, body }) => crf.open(auth, scope, body.exercice));
  registerRoute(app, r.getCrf, ({ auth, scope, params }) => crf.get(auth, scope, params.idCrf));
  registerRoute(app, r.updateCrf, ({ auth, scope, params, body }) => crf.update(auth, scope, params.idCrf, body));
  registerRoute(app, r.updateCrfProjet, ({ auth, scope, params, body }) => crf.updateProjet(auth, scope, params.idCrf, params.idProjet, body));
  registerRoute(app, r.transmitCrf, ({ auth, scope, params }) => crf.transmit(auth, scope, params.idCrf));
  registerRoute(app, r.fireCrfEvent, ({ auth, scope, params, body }) => crf.fireEvent(auth, scope, params.idCrf, body));
  registerRoute(app, r.missingCrf, ({ auth }) => crf.missing(auth));
}
