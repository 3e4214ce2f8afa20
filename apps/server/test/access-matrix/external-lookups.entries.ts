// Access-matrix entries of the outside lookups (contract external-lookups.ts): any signed-in user,
// no resource; the matrix's app relays them to a local stand-in (support/external-standin.ts).
import type { MatrixContext, MatrixEntries } from '../support/access-matrix.ts';

export const externalLookupEntries: MatrixEntries = (ctx: MatrixContext) => ({
  'GET /api/proxy-asso/adresse/search': {
    access: 'authenticated',
    scope: 'none',
    send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.member), { query: { q: 'Lyon', postcode: '69001' } }),
  },
  'GET /api/proxy-asso/sirene/avis-situation/:siren': {
    access: 'authenticated',
    scope: 'none',
    send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.member), { params: { siren: '120027016' } }),
  },
});
