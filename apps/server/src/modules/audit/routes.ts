// proxy-asso route of an association's audit trail (its journal of changes).
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../http/contract-routes.ts';
import type { AppServices } from '../../services.ts';

export function auditRoutes(app: FastifyInstance, { audit }: AppServices) {
  registerRoute(app, api.audit.getJournal, ({ scope, query }) => audit.journal(scope, query.limit));
}
