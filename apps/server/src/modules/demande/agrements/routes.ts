// lca-server approval dossier routes (contract approvals/dossier-routes.ts): a few lines each, the
// rules in service.ts. Their creation goes through POST /demande/dossiers (dossiers/routes.ts).
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import type { ApprovalDossierService } from './service.ts';

export interface ApprovalDossierRouteServices {
  approvalDossiers: ApprovalDossierService;
}

export function approvalDossierRoutes(app: FastifyInstance, { approvalDossiers }: ApprovalDossierRouteServices) {
  const r = api.approvalDossiers;
  registerRoute(app, r.listApprovalDossiers, ({ auth, query }) => approvalDossiers.list(auth, query));
  registerRoute(app, r.getApprovalDossier, ({ auth, scope }) => approvalDossiers.get(auth, scope));
  registerRoute(app, r.getApprovalDossierFile, ({ auth, scope }) => approvalDossiers.file(auth, scope));
  registerRoute(app, r.updateApprovalDossier, ({ auth, scope, body }) => approvalDossiers.update(auth, scope, body));
  registerRoute(app, r.transmitApprovalDossier, ({ auth, scope, body }) => approvalDossiers.transmit(auth, scope, body.cerfa));
  registerRoute(app, r.decideApprovalDossier, ({ auth, scope, body }) => approvalDossiers.decide(auth, scope, body));
  registerRoute(app, r.getApprovalDossierHaaSites, ({ scope }) => approvalDossiers.foodAidSites(scope));
  registerRoute(app, r.createServiceApprovalDossier, ({ auth, body }) => approvalDossiers.createForAssociation(auth, body));
  registerRoute(app, r.deleteApprovalDossier, ({ auth, scope }) => approvalDossiers.remove(auth, scope));
}
