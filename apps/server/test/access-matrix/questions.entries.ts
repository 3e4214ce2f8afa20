// Access-matrix entries of the questions asked of subsidy dossiers (contract
// subsidies/questions-routes.ts): reference content, no one's resource, read by both sides.
import { ROLE_SETS, type Role } from '@portail/contract';
import type { MatrixContext, MatrixEntries } from '../support/access-matrix.ts';

const READERS: readonly Role[] = ROLE_SETS.associationsAndServices;

export const questionEntries: MatrixEntries = (ctx: MatrixContext) => ({
  'GET /api/lca-server/questions': {
    access: READERS,
    scope: 'none',
    send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.member), { query: { enabled: 'true' } }),
  },
});
