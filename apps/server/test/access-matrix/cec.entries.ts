// Access-matrix entries of the CEC declarations (api-declaration-server) and the missions
// (api-dab-server). Sessions and missions are read by any signed-in user. Declarations and their log
// are the caller's as CEC validator: the matrix association's association users are made its
// validators (flagged legal representatives with their e-mails); a foreign call targets a fresh
// association, whose declarations reach no one of the matrix.
import { ROLE_SETS, type RouteDefinition } from '@portail/contract';
import type { MatrixContext, MatrixEntries, MatrixEntry } from '../support/access-matrix.ts';
import { createAssociation } from '../support/association-factory.ts';
import { cecDeclaration, cecSessions } from '../support/cec-fixtures.ts';

export const cecEntries: MatrixEntries = (ctx: MatrixContext) => {
  /** The matrix association's members (head office) as its CEC validators. */
  async function validators() {
    for (const caller of [ctx.member, ctx.byRole.get('lca.association')!]) {
      const courriel = caller.account.email;
      if ((await ctx.t.db.representantLegal.count({ where: { associationId: ctx.asso.id, courriel, valideurCec: true } })) > 0) continue;
      await ctx.t.db.representantLegal.create({
        data: { associationId: ctx.asso.id, civilite: 'Mme', nom: 'Matrice', prenom: 'Valideuse', fonction: 'Présidente', courriel, valideurCec: true },
      });
    }
  }
  const read = (): MatrixEntry => ({
    access: ROLE_SETS.cecValidators,
    scope: 'caller',
    send: async (route, tokenFor) => {
      await validators();
      await cecDeclaration(ctx.t, ctx.asso);
      return ctx.call(route, tokenFor(ctx.member), { query: { idAsso: ctx.asso.id } });
    },
    foreign: {
      reachedBy: [],
      send: async (route: RouteDefinition, token) => ctx.call(route, token, { query: { idAsso: (await createAssociation(ctx.t)).id } }),
    },
  });
  return {
    'GET /api/api-declaration-server/sessions/current': {
      access: 'authenticated',
      scope: 'none',
      send: async (route, tokenFor) => {
        await cecSessions(ctx.t);
        return ctx.call(route, tokenFor(ctx.member));
      },
    },
    'GET /api/api-declaration-server/sessions': { access: 'authenticated', scope: 'none', send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.member)) },
    'GET /api/api-declaration-server/declarations': read(),
    'GET /api/api-declaration-server/logs': read(),
    'PUT /api/api-declaration-server/declarations/status/:id': {
      access: ROLE_SETS.cecValidators,
      scope: 'caller',
      send: async (route, tokenFor) => {
        await validators();
        const declaration = await cecDeclaration(ctx.t, ctx.asso);
        return ctx.call(route, tokenFor(ctx.member), { params: { id: declaration.id }, body: { status: 'Refusée', motif_refus_id: 1 } });
      },
      foreign: {
        reachedBy: [],
        send: async (route, token) => {
          const declaration = await cecDeclaration(ctx.t, await createAssociation(ctx.t));
          return ctx.call(route, token, { params: { id: declaration.id }, body: { status: 'Validée' } });
        },
      },
    },
    'GET /api/api-dab-server/missions': { access: 'authenticated', scope: 'none', send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.member)) },
  };
};
