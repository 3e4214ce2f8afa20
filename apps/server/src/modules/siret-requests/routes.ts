// lca-server and proxy-asso routes of the SIRET requests (contract siret-requests/routes.ts): a
// few lines each, the rules are in service.ts.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../http/contract-routes.ts';
import type { PdfService } from '../demande/index.ts';
import type { SiretRequestService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface SiretRequestRouteServices {
  siretRequests: SiretRequestService;
  pdf: PdfService;
}

export function siretRequestRoutes(app: FastifyInstance, { siretRequests, pdf }: SiretRequestRouteServices) {
  const r = api.siretRequests;
  registerRoute(app, r.listSiretRequests, ({ auth, query }) => siretRequests.list(auth, query));
  registerRoute(app, r.createSiretRequest, ({ auth, scope, body }) => siretRequests.create(auth, scope, body));
  registerRoute(app, r.createAssociationSiretRequest, async ({ auth, scope, body }) => [await siretRequests.create(auth, scope, body[0]!)]);
  registerRoute(app, r.getSiretRequest, ({ auth, scope }) => siretRequests.get(auth, scope));
  registerRoute(app, r.updateSiretRequest, ({ auth, scope, body }) => siretRequests.update(auth, scope, body));
  registerRoute(app, r.deleteSiretRequest, ({ auth, scope }) => siretRequests.remove(auth, scope));
  registerRoute(app, r.transmitSiretRequest, ({ auth, scope }) => siretRequests.transmit(auth, scope));
  registerRoute(app, r.fireSiretRequestEvent, ({ auth, scope, body }) => siretRequests.fireEvent(auth, scope, body));
  registerRoute(app, r.siretRequestDocuments, ({ scope }) => siretRequests.documents(scope));
  // Drawn off the event loop by the PDF workers (demande/pdf/siret-form.ts), sent whole.
  registerRoute(app, r.siretRequestPdf, async ({ auth, scope, reply }) => {
    const data = await siretRequests.pdfData(auth, scope);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="demande-siret-${data.demande.identifiant.id_fo_fonctionnel}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(await pdf.siretRequestPdf(data));
  });
}
