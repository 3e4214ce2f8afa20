// rds-server routes: the session's service record, instructing services, schemes and campaigns.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../http/contract-routes.ts';
import type { RdsService } from './service.ts';
import type { ServiceAdmin } from './services/service.ts';
import type { SubventionService } from './subventions/service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface RdsRouteServices {
  rds: RdsService;
  rdsServices: ServiceAdmin;
  subventions: SubventionService;
}

export function rdsRoutes(app: FastifyInstance, { rds, rdsServices, subventions }: RdsRouteServices) {
  registerRoute(app, api.rds.getServiceUser, ({ scope }) => rds.getServiceUser(scope));

  const s = api.rdsServices;
  registerRoute(app, s.listServices, ({ auth, query }) =>
    rdsServices.list(auth, {
      niveau: query.niveau,
      parent: query.parent,
      dispositif: query.dispositif,
      query: query.query,
      includeChildren: query.include_children === 'true',
      populate: query.populate.split(',').map((item: string) => item.trim()),
    }),
  );
  registerRoute(app, s.getService, ({ params }) => rdsServices.get(params.id));
  // A contact address other than the login waits for a link mailed to it: limited per manager and per account.
  registerRoute(app, s.createService, ({ auth, body: { authId, ...fields } }) => rdsServices.createForAccount(auth, authId, fields), {
    rateLimit: { name: 'serviceAccountMail', target: ({ body }) => `account:${body.authId}` },
  });
  registerRoute(app, s.updateService, ({ auth, params, body }) => rdsServices.update(auth, params.id, body), {
    rateLimit: { name: 'serviceAccountMail', target: ({ params }) => `service:${params.id}` },
  });
  registerRoute(app, s.deleteService, ({ auth, params }) => rdsServices.remove(auth, params.id));

  const r = api.rdsSchemes;
  registerRoute(app, r.listSubventions, ({ auth, query: { populate, ...filter } }) => subventions.list(auth, filter, populate));
  registerRoute(app, r.getSubvention, ({ auth, params, query }) => subventions.get(auth, params.code, query.populate));
  registerRoute(app, r.createSubvention, ({ auth, body }) => subventions.create(auth, body));
  registerRoute(app, r.updateSubvention, ({ auth, params, body }) => subventions.replace(auth, params.id, body));
  registerRoute(app, r.deleteSubvention, ({ auth, params }) => subventions.remove(auth, params.id));
  registerRoute(app, r.duplicateSubvention, ({ auth, params }) => subventions.duplicate(auth, params.id));
  registerRoute(app, r.listDispositifs, ({ query }) => subventions.dispositifs(query.fields, query.populate));
  const d = subventions.definitions;
  registerRoute(app, r.listChampsAttendus, ({ query }) => d.listChamps(query.enabled));
  registerRoute(app, r.createChampAttendu, ({ auth, body }) => d.createChamp(auth, body));
  registerRoute(app, r.updateChampAttendu, ({ auth, params, body }) => d.updateChamp(auth, params.id, body));
  registerRoute(app, r.listDocumentsAttendus, ({ query }) => d.listDocuments(query.enabled));
  registerRoute(app, r.createDocumentAttendu, ({ auth, body }) => d.createDocument(auth, body));
  registerRoute(app, r.updateDocumentAttendu, ({ auth, params, body }) => d.updateDocument(auth, params.id, body));
}
