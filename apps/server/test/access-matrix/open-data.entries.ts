// Access-matrix entries of the public open data (contract open-data.ts): anybody, signed in or not.
import type { MatrixContext, MatrixEntries } from '../support/access-matrix.ts';

export const openDataEntries: MatrixEntries = (ctx: MatrixContext) => ({
  'GET /api/open-data/subventions.csv': {
    access: 'public',
    send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.member), { query: { exercice: '2026' } }),
  },
});
