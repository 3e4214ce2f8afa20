// lca-server routes of the instruction by the services (contract subsidies/instruction-routes.ts):
// a few lines each, the rules are in instruction.ts.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import type { InstructionService } from './instruction.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface InstructionRouteServices {
  instruction: InstructionService;
}

export function instructionRoutes(app: FastifyInstance, { instruction }: InstructionRouteServices) {
  const r = api.instructions;
  registerRoute(app, r.fireInstructionEvent, ({ auth, scope, body }) => instruction.fireEvent(auth, scope, body));
  registerRoute(app, r.setInstructionStatut, ({ auth, scope, body }) => instruction.setStatut(auth, scope, body));
  registerRoute(app, r.completeDossier, ({ auth, scope, body }) => instruction.complete(auth, scope, body));
  registerRoute(app, r.dossierHistory, ({ auth, scope }) => instruction.history(auth, scope));
  registerRoute(app, r.createServiceDossier, ({ auth, body }) => instruction.createForAssociation(auth, body));
}
