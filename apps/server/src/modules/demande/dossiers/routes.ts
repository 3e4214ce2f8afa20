// lca-server /demande/dossiers routes (contract subsidies/dossier-routes.ts): a few lines each,
// the rules are in service.ts.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import type { ApprovalDossierService } from '../agrements/service.ts';
import type { DossierService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface DossierRouteServices {
  dossiers: DossierService;
  approvalDossiers: ApprovalDossierService;
}

export function dossierRoutes(app: FastifyInstance, { dossiers, approvalDossiers }: DossierRouteServices) {
  const r = api.dossiers;
  registerRoute(app, r.listDossiers, ({ auth, query }) => dossiers.list(auth, query));
  registerRoute(app, r.dossierStates, async () => dossiers.states());
  registerRoute(app, r.dossierExists, ({ auth, query: { agrement, subvention, ...query } }) =>
    agrement !== undefined ? approvalDossiers.exists(auth, { agrement, ...query }, dossiers.seenAsMember) : dossiers.exists(auth, { subvention: subvention!, ...query }),
  );
  registerRoute(app, r.getDossier, ({ auth, scope, query }) => dossiers.get(auth, scope, query));
  registerRoute(app, api.projets.dossierDocumentTicket, ({ auth, scope, params }) => dossiers.documentTicket(auth, scope, params.uuid));
  registerRoute(app, r.unreadDossierMessages, ({ auth }) => dossiers.unreadMessages(auth));
  // Served here, under rds-server's path: it reads the campaign's dossiers, which this module owns.
  registerRoute(app, api.rdsSchemes.previewConditions, ({ auth, params, body }) => dossiers.previewConditions(auth, params.id, body));
  registerRoute(app, r.markDossierMessagesRead, ({ auth, scope }) => dossiers.markMessagesRead(auth, scope));
  // One creation route for both kinds (spec §7): an approval names its code, type and service.
  registerRoute(app, r.createDossier, ({ auth, scope, body: { description, demandeur } }) => {
    const { code_agrement, id_type_agrement, id_service_instructeur, code_subvention, id_sous_type_dispositif, exercice } = description;
    if (code_agrement !== undefined && id_type_agrement !== undefined && id_service_instructeur !== undefined) {
      return approvalDossiers.create(auth, scope, { description: { code_agrement, id_type_agrement, id_service_instructeur, exercice }, demandeur });
    }
    return dossiers.create(auth, scope, { description: { code_subvention: code_subvention!, id_sous_type_dispositif, exercice }, demandeur });
  });
  registerRoute(app, r.updateDossier, ({ auth, scope, body }) => dossiers.updateStep(auth, scope, body));
  registerRoute(app, r.deleteDossier, ({ auth, scope }) => dossiers.remove(auth, scope));
  registerRoute(app, r.transmitDossier, ({ auth, scope }) => dossiers.transmit(auth, scope));
  registerRoute(app, r.putDocuments, ({ auth, scope, body }) => dossiers.setDocuments(auth, scope, body.documents, true));
  registerRoute(app, r.patchDocuments, ({ auth, scope, body }) => dossiers.setDocuments(auth, scope, body.documents, false));
  registerRoute(app, r.putRib, ({ auth, scope, body }) => dossiers.setRib(auth, scope, body.id_rib));
  // Each mails the other side (or tells a member): limited per IP, per account and per dossier (config.rateLimits).
  const perDossier = ({ scope }: { scope: { dossierId: string } }) => `dossier:${scope.dossierId}`;
  registerRoute(app, r.notifyDossier, ({ auth, scope, query }) => dossiers.notify(auth, scope, query.type as 2 | 4 | 6), {
    rateLimit: { name: 'dossierNotify', target: perDossier },
  });
  registerRoute(app, r.messageDossier, ({ auth, scope, body }) => dossiers.message(auth, scope, body), {
    rateLimit: { name: 'dossierMessage', target: perDossier },
  });
  registerRoute(app, r.shareDossier, ({ auth, scope, body }) => dossiers.share(auth, scope, body.email), {
    rateLimit: { name: 'dossierShare', target: perDossier },
  });
}
