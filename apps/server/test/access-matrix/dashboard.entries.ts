// Access-matrix entry of the dashboard's figures: association members and LCA administrators, each
// over what they reach (scope caller: nothing in the call names another's data).
import { ROLE_SETS } from '@portail/contract';
import type { MatrixContext, MatrixEntries } from '../support/access-matrix.ts';

export const dashboardEntries: MatrixEntries = (ctx: MatrixContext) => ({
  'GET /api/lca-server/tableau-de-bord': {
    access: ROLE_SETS.associationMembers,
    scope: 'caller',
    send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.member)),
  },
});
