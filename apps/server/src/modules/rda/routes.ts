// rda-server routes: the approvals' catalogue and the expected fields and documents of approvals.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../http/contract-routes.ts';
import type { SubventionService } from '../rds/index.ts';
import type { AgrementService } from './catalogue/service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface RdaRouteServices {
  agrements: AgrementService;
  subventions: Pick<SubventionService, 'approvalDefinitions'>;
}

export function rdaRoutes(app: FastifyInstance, { agrements, subventions }: RdaRouteServices) {
  const r = api.approvals;
  registerRoute(app, r.listAgrements, ({ auth, query }) => agrements.list(auth, query));
  registerRoute(app, r.approvalCatalogueHistory, ({ query }) => agrements.history(query));
  registerRoute(app, r.listAgrementServices, ({ auth }) => agrements.services(auth));
  registerRoute(app, r.getAgrement, ({ auth, params }) => agrements.get(auth, params.id));
  registerRoute(app, r.createAgrement, ({ auth, body }) => agrements.create(auth, body));
  registerRoute(app, r.duplicateAgrement, ({ auth, params }) => agrements.duplicate(auth, params.id));
  registerRoute(app, r.updateAgrement, ({ auth, params, body }) => agrements.update(auth, params.id, body));
  registerRoute(app, r.deleteAgrement, ({ auth, params }) => agrements.remove(auth, params.id));
  // The approvals' own definitions: the subsidies' machinery on the catalogue `agrement`.
  const d = subventions.approvalDefinitions;
  registerRoute(app, r.listChampsAttendus, ({ query }) => d.listChamps(query.enabled));
  registerRoute(app, r.createChampAttendu, ({ auth, body }) => d.createChamp(auth, body));
  registerRoute(app, r.updateChampAttendu, ({ auth, params, body }) => d.updateChamp(auth, params.id, body));
  registerRoute(app, r.listDocumentsAttendus, ({ query }) => d.listDocuments(query.enabled));
  registerRoute(app, r.createDocumentAttendu, ({ auth, body }) => d.createDocument(auth, body));
  registerRoute(app, r.updateDocumentAttendu, ({ auth, params, body }) => d.updateDocument(auth, params.id, body));
}
