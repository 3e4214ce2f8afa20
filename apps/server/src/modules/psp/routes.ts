// psp-server routes (contract pass-sport/routes.ts): a few lines each, the rules are in service.ts.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../http/contract-routes.ts';
import { receiveFile } from '../../http/multipart.ts';
import type { PdfService } from '../demande/index.ts';
import type { PspService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface PspRouteServices {
  passSport: PspService;
  pdf: PdfService;
}

export function pspRoutes(app: FastifyInstance, { passSport, pdf }: PspRouteServices) {
  const r = api.passSport;
  registerRoute(app, r.createPspDossier, ({ auth, body }) => passSport.create(auth, body));
  registerRoute(app, r.listPspDossiers, ({ auth, scope, query }) => passSport.list(auth, scope, query.exerciceId));
  registerRoute(app, r.updatePspDossier, ({ auth, scope, body, query }) => passSport.update(auth, scope, body, query.forceNotificationType));
  registerRoute(app, r.pspStructure, ({ scope }) => passSport.structure(scope));
  registerRoute(app, r.listPspExercices, () => passSport.exercices());
  registerRoute(app, r.addPspInscription, ({ auth, scope, body }) => passSport.addInscription(auth, scope, body));
  registerRoute(app, r.updatePspInscription, ({ auth, scope, params, body }) => passSport.updateInscription(auth, scope, params.inscriptionId, body.federation_siren));
  registerRoute(app, r.removePspInscription, ({ auth, scope, params }) => passSport.removeInscription(auth, scope, params.inscriptionId));
  registerRoute(app, r.firePspDossierEvent, ({ auth, scope, body }) => passSport.fireEvent(auth, scope, body));
  registerRoute(app, r.uploadPspAffiliation, ({ auth, scope, query, request }) => passSport.uploadAffiliation(auth, scope, query, () => receiveFile(request)));
  registerRoute(app, r.listPspBeneficiaires, ({ query }) => passSport.beneficiaires(query));
  registerRoute(app, r.listPspAdminDossiers, ({ auth, query }) => passSport.adminDossiers(auth, query));
  registerRoute(app, r.createPspExercice, ({ body }) => passSport.createExercice(body));
  registerRoute(app, r.updatePspExercice, ({ params, body }) => passSport.updateExercice(params.id, body));
  registerRoute(app, r.listPspAffiliations, ({ query }) => passSport.affiliations(query));
  registerRoute(app, r.pspCertificateTicket, ({ auth, params }) => passSport.certificateTicket(auth, params.id));
  // Drawn off the event loop by the PDF workers (demande/pdf/pass-sport-form.ts), sent whole.
  registerRoute(app, r.pspDossierPdf, async ({ auth, scope, reply }) => {
    const data = await passSport.pdfData(auth, scope);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="pass-sport-${data.dossier.numero}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(await pdf.passSportPdf(data));
  });
}
