// Access-matrix entries of the instruction routes (contract subsidies/instruction-routes.ts). The
// own calls act on a fresh dossier of the matrix association transmitted (D) to the matrix's
// services (one instruction each): an agent fires on its own service's instruction, rds.admin on
// the first. Foreign calls act on a dossier of another association instructed by another service:
// only rds.admin reaches its instruction (lca.admin, for the association side's calls).
import type { Response } from 'supertest';
import type { Role, RouteDefinition } from '@portail/contract';
import type { Caller, MatrixContext, MatrixEntries, MatrixEntry } from '../support/access-matrix.ts';
import { createAssociation, type TestAssociation } from '../support/association-factory.ts';
import { createCompleteDossier, createScheme, signInService, subventionCode } from '../support/subsidy-fixtures.ts';

const INSTRUCTORS: Role[] = ['rds.user', 'rds.service', 'rds.admin'];
const READERS: Role[] = ['lca.association', 'lca.admin', 'rds.user', 'rds.service', 'rds.admin'];
const MEMBERS: Role[] = ['lca.association', 'lca.admin'];

export const instructionEntries: MatrixEntries = (ctx: MatrixContext) => {
  let foreign: { serviceIds: string[]; asso: TestAssociation } | null = null;
  const ownServiceIds = () => [ctx.service, ctx.byRole.get('rds.user')!, ctx.byRole.get('rds.service')!].map((c) => c.account.serviceAccount!.id);
  async function side(where: 'own' | 'foreign') {
    if (where === 'own') return { asso: ctx.asso, serviceIds: ownServiceIds() };
    foreign ??= { serviceIds: [(await signInService(ctx.t, 'Service étranger aux instructions de la matrice')).serviceId], asso: await createAssociation(ctx.t) };
    return foreign;
  }
  /** The caller a token belongs to (the matrix's callers), to name its own service's instruction. */
  const callerOf = (token: string | undefined): Caller | undefined => [ctx.service, ctx.member, ...ctx.byRole.values()].find((c) => c.token === token);
  /** A transmitted dossier of the side, statut as given, and the instruction the caller acts on. */
  async function dossier(where: 'own' | 'foreign', token: string | undefined, statut: 'complet' | 'incomplet' = 'complet') {
    const s = await side(where);
    const row = await createCompleteDossier(ctx.t, s.asso, await createScheme(ctx.t, { serviceIds: s.serviceIds }), s.serviceIds, { etat: 'D' });
    if (statut === 'incomplet') await ctx.t.db.dossier.update({ where: { id: row.id }, data: { statut, incompletAt: new Date(), incompletCommentaire: 'Pièce manquante', incompletServiceId: s.serviceIds[0]! } });
    const own = callerOf(token)?.account.serviceAccount?.id;
    return { id: row.id, serviceId: own && s.serviceIds.includes(own) ? own : s.serviceIds[0]! };
  }

  type Send = (route: RouteDefinition, token: string | undefined, where: 'own' | 'foreign') => Promise<Response>;
  const entry = (access: Role[], scope: string, reachedBy: Role[], send: Send): MatrixEntry => ({
    access,
    scope,
    send: (route, tokenFor) => send(route, tokenFor(ctx.member), 'own'),
    foreign: { reachedBy, send: (route, token) => send(route, token, 'foreign') },
  });
  const onInstruction = (body: object) =>
    entry(INSTRUCTORS, 'instruction:write', ['rds.admin'], async (route, token, where) => {
      const d = await dossier(where, token);
      return ctx.call(route, token, { params: { id: d.id, serviceId: d.serviceId }, body });
    });

  return {
    'POST /api/lca-server/demande/dossiers/:id/instructions/:serviceId/events': onInstruction({ event: 'ouvrir_instruction' }),
    'PUT /api/lca-server/demande/dossiers/:id/instructions/:serviceId/statut': onInstruction({ statut: 'incomplet', comment: 'Il manque les statuts signés.' }),
    'POST /api/lca-server/demande/dossiers/:id/complete': entry(MEMBERS, 'dossier:write', ['lca.admin'], async (route, token, where) => {
      const d = await dossier(where, token, 'incomplet');
      return ctx.call(route, token, { params: { id: d.id }, body: { comment: 'Statuts joints.' } });
    }),
    'GET /api/lca-server/demande/dossiers/:id/history': entry(READERS, 'dossier:read', ['lca.admin', 'rds.admin'], async (route, token, where) => {
      const d = await dossier(where, token);
      return ctx.call(route, token, { params: { id: d.id } });
    }),
    'POST /api/lca-server/demande/service/dossiers': {
      access: ['rds.user', 'rds.service'],
      scope: 'caller',
      send: async (route, tokenFor) => {
        const code = await subventionCode(ctx.t, await createScheme(ctx.t, { serviceIds: ownServiceIds() }));
        return ctx.call(route, tokenFor(ctx.member), { body: { id_asso: ctx.asso.id, description: { code_subvention: code, exercice: 2026 }, demandeur: { id_siret: ctx.asso.siege } } });
      },
    },
  };
};
