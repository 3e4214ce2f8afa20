// lca-server routes of the financial reports (contract subsidies/crf-routes.ts): a few lines each,
// the rules are in service.ts.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import type { PdfService } from '../pdf/index.ts';
import type { CrfService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface CrfRouteServices {
  crf: CrfService;
  pdf: PdfService;
}

export function crfRoutes(app: FastifyInstance, { crf, pdf }: CrfRouteServices) {
  const r = api.crf;
  registerRoute(app, r.openCrf, ({ auth, scope, body }) => crf.open(auth, scope, body.exercice));
  registerRoute(app, r.getCrf, ({ auth, scope, params }) => crf.get(auth, scope, params.idCrf));
  registerRoute(app, r.updateCrf, ({ auth, scope, params, body }) => crf.update(auth, scope, params.idCrf, body));
  registerRoute(app, r.updateCrfProjet, ({ auth, scope, params, body }) => crf.updateProjet(auth, scope, params.idCrf, params.idProjet, body));
  registerRoute(app, r.transmitCrf, ({ auth, scope, params }) => crf.transmit(auth, scope, params.idCrf));
  registerRoute(app, r.fireCrfEvent, ({ auth, scope, params, body }) => crf.fireEvent(auth, scope, params.idCrf, body));
  registerRoute(app, r.missingCrf, ({ auth }) => crf.missing(auth));
  // Drawn off the event loop by the PDF workers (pdf/crf-cerfa.ts), sent whole.
  registerRoute(app, r.crfPdf, async ({ auth, scope, params, reply }) => {
    const data = await crf.pdfData(auth, scope, params.idCrf);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="crf-${data.crf.identifiant.id_fo}-${data.crf.exercice}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(await pdf.crfPdf(data));
  });
}
