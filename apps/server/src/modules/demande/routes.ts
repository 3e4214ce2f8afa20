// The demande module's routes: one line per aggregate (dossiers, projects, PDF).
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.ts';
import { dossierRoutes } from './dossiers/routes.ts';
import { pdfRoutes } from './pdf/index.ts';
import { projetRoutes } from './projets/index.ts';

export function demandeRoutes(app: FastifyInstance, services: AppServices) {
  dossierRoutes(app, services);
  projetRoutes(app, services);
  pdfRoutes(app, services);
}
