// lca-server /demande/dossiers routes (contract subsidies/dossier-routes.ts).
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../../services.ts';

export function dossierRoutes(_app: FastifyInstance, _services: AppServices) {}
