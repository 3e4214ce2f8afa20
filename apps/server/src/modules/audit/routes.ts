// proxy-asso route of an association's audit trail (its journal of changes).
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../http/contract-routes.ts';
import type { AuditService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface AuditRouteServices {
  audit: AuditService;
}

export function auditRoutes(app: FastifyInstance, { audit }: AuditRouteServices) {
  registerRoute(app, api.audit.getJournal, ({ scope, query }) => audit.journal(scope, query.limit));
}
