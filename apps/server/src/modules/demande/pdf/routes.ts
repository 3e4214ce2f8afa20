// lca-server GET /demande/dossiers/:id/pdf (contract subsidies/projet-routes.ts): the dossier as the
// Cerfa 12156 form, or with from=rda an approval dossier (approval-form.ts), drawn by a worker
// thread (pool.ts) and sent whole.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import type { ApprovalDossierService } from '../agrements/service.ts';
import type { PdfService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface PdfRouteServices {
  pdf: PdfService;
  approvalDossiers: ApprovalDossierService;
}

export function pdfRoutes(app: FastifyInstance, { pdf, approvalDossiers }: PdfRouteServices) {
  registerRoute(app, api.projets.dossierPdf, async ({ auth, scope, query, reply }) => {
    // from=rda (spec §7): an approval dossier, read by the approvals' rules and drawn by approval-form.ts.
    const { idFo, bytes } =
      query.from === 'rda'
        ? await approvalDossiers.pdfData(auth, scope).then(async (data) => ({ idFo: data.dossier.id_fo, bytes: await pdf.approvalDossierPdf(data) }))
        : await pdf.dossierPdf(scope.dossierId);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="dossier-${idFo}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });
}
