// rds-server routes (the part the session needs).
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../http/contract-routes.ts';
import type { AppServices } from '../../services.ts';

export function rdsRoutes(app: FastifyInstance, { rds }: AppServices) {
  registerRoute(app, api.rds.getServiceUser, ({ scope }) => rds.getServiceUser(scope));
}
