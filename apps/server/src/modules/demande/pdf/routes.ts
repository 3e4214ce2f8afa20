// lca-server GET /demande/dossiers/:id/pdf (contract subsidies/projet-routes.ts): the dossier as the
// Cerfa 12156 form, drawn by a worker thread (pool.ts) and sent whole.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import type { PdfService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface PdfRouteServices {
  pdf: PdfService;
}

export function pdfRoutes(app: FastifyInstance, { pdf }: PdfRouteServices) {
  registerRoute(app, api.projets.dossierPdf, async ({ scope, reply }) => {
    const { idFo, bytes } = await pdf.dossierPdf(scope.dossierId);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="dossier-${idFo}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });
}
