// Access-matrix entries of the instructing services' work lists (contract subsidies/worklist-routes.ts):
// every rds and osiris role reads the list, its counts and its exports (which rows each reaches is
// proved role by role in worklist.test.ts); association roles are refused.
import { OSIRIS_ROLES, RDS_ROLES, type Role } from '@portail/contract';
import type { MatrixContext, MatrixEntries } from '../support/access-matrix.ts';

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
  'GET /api/lca-server/demande/instructeur/dossiers/export.csv': {
    access: READERS, scope: 'caller',
    send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.service), { query: { etats: 'D' } }),
  },
  'GET /api/lca-server/demande/instructeur/dossiers/export.xlsx': {
    access: READERS, scope: 'caller',
    send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.service), { query: { etats: 'D' } }),
  },
});
