// Access-matrix entries of the instructing services' work lists (contract subsidies/worklist-routes.ts):
// every rds and osiris role reads the list, its counts, its filters' choices and its exports (which rows each reaches is
// proved role by role in worklist.test.ts), rds roles fire bulk events; association roles are refused.
import { OSIRIS_ROLES, RDS_ROLES, type Role } from '@portail/contract';
import type { MatrixContext, MatrixEntries } from '../support/access-matrix.ts';
import { createDossier, createScheme } from '../support/subsidy-fixtures.ts';

const READERS: Role[] = [...RDS_ROLES, ...OSIRIS_ROLES];

export const worklistEntries: MatrixEntries = (ctx: MatrixContext) => ({
  'GET /api/lca-server/demande/instructeur/dossiers': {
    access: READERS, scope: 'caller',
    send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.service), { query: { etats: 'D,2', limit: '5' } }),
  },
  'GET /api/lca-server/demande/instructeur/dossiers/counts': {
    access: READERS, scope: 'caller',
    send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.service), { query: { exercices: '2026' } }),
  },
  'GET /api/lca-server/demande/instructeur/dossiers/facets': {
    access: READERS, scope: 'caller',
    send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.service)),
  },
  'GET /api/lca-server/demande/instructeur/dossiers/export.csv': {
    access: READERS, scope: 'caller',
    send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.service), { query: { etats: 'D' } }),
  },
  'GET /api/lca-server/demande/instructeur/dossiers/export.xlsx': {
    access: READERS, scope: 'caller',
    send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.service), { query: { etats: 'D' } }),
  },
  // A transmitted dossier of the matrix's services, opened: the caller's own instruction moves (the others are refused in the answer).
  'POST /api/lca-server/demande/instructeur/dossiers/bulk': {
    access: [...RDS_ROLES], scope: 'caller',
    send: async (route, tokenFor) => {
      const serviceIds = [ctx.service, ctx.byRole.get('rds.user')!, ctx.byRole.get('rds.service')!].map((c) => c.account.serviceAccount!.id);
      const dossier = await createDossier(ctx.t, ctx.asso, await createScheme(ctx.t, { serviceIds }), serviceIds, { etat: 'D' });
      const instructions = await ctx.t.db.dossierInstruction.findMany({ where: { dossierId: dossier.id }, select: { id: true } });
      return ctx.call(route, tokenFor(ctx.service), { body: { ids: instructions.map((i) => i.id), event: 'ouvrir_instruction' } });
    },
  },
});
