// The demande module's routes: one line per aggregate (dossiers and their instruction, approval dossiers, financial reports, projects, PDF, work lists).
import type { FastifyInstance } from 'fastify';
import { approvalDossierRoutes, type ApprovalDossierRouteServices } from './agrements/routes.ts';
import { crfRoutes, type CrfRouteServices } from './crf/index.ts';
import { instructionRoutes, type InstructionRouteServices } from './dossiers/instruction.routes.ts';
import { dossierRoutes, type DossierRouteServices } from './dossiers/routes.ts';
import { pdfRoutes, type PdfRouteServices } from './pdf/index.ts';
import { projetRoutes, type ProjetRouteServices } from './projets/index.ts';
import { worklistRoutes, type WorklistRouteServices } from './worklist/index.ts';

/** The services the module's routes call, wired by services.ts (which this module never imports). */
export type DemandeRouteServices = DossierRouteServices & ApprovalDossierRouteServices & InstructionRouteServices & CrfRouteServices & ProjetRouteServices & PdfRouteServices & WorklistRouteServices;

export function demandeRoutes(app: FastifyInstance, services: DemandeRouteServices) {
  dossierRoutes(app, services);
  approvalDossierRoutes(app, services);
  instructionRoutes(app, services);
  crfRoutes(app, services);
  projetRoutes(app, services);
  pdfRoutes(app, services);
  worklistRoutes(app, services);
}
