// Access-matrix entries of the SIRET requests (contract siret-requests/routes.ts). A request is
// reached by its creator while a member of its association, or by lca.admin: the own calls act on a
// fresh request of a fresh association without SIRET, created by the caller when they are an
// association member (linked to it), by a fresh member otherwise; foreign calls on a request
// another member created, which only lca.admin reaches. A creation acts on the matrix association
// (association scope, head office), freed of its live request first.
import type { Role, RouteDefinition } from '@portail/contract';
import type { Response } from 'supertest';
import type { Caller, MatrixContext, MatrixEntries, MatrixEntry } from '../support/access-matrix.ts';
import { createAccount } from '../support/factories.ts';
import { createSiretlessAssociation, linkToSiretless, siretDocuments, VALID_ADDRESS } from '../support/siret-fixtures.ts';

const MEMBERS: Role[] = ['lca.association', 'lca.admin'];

export const siretRequestEntries: MatrixEntries = (ctx: MatrixContext) => {
  const callerOf = (token: string | undefined): Caller | undefined => [ctx.service, ctx.member, ...ctx.byRole.values()].find((c) => c.token === token);
  const isMember = (caller: Caller | undefined) => caller?.account.roles.some((r: { role: string }) => r.role === 'lca.association') ?? false;

  /** A complete request in `etat` (ready to transmit in ECS), created by the caller (own) or by a member of its own (foreign). */
  async function request(token: string | undefined, where: 'own' | 'foreign', etat: string): Promise<string> {
    const asso = await createSiretlessAssociation(ctx.t);
    const caller = callerOf(token);
    // Not the matrix member: its links are stated elsewhere in the matrix.
    const creator = where === 'own' && isMember(caller) ? caller!.account : await createAccount(ctx.t, { roles: ['lca.association'] });
    await linkToSiretless(ctx.t, creator.id, asso);
    const row = await ctx.t.db.demandeSiret.create({
      data: {
        annee: 2026, associationId: asso.id, liveAssociationId: asso.id, createdById: creator.id, etat, attestation: true,
        identite: { id_rna: asso.rna, id_correspondance: asso.id, nom: asso.nom }, coordonnees: { adresse_siege: VALID_ADDRESS }, documents: await siretDocuments(ctx.t, asso),
      },
    });
    return row.id;
  }

  type Send = (route: RouteDefinition, token: string | undefined, where: 'own' | 'foreign') => Promise<Response>;
  const onRequest = (access: Role[], scope: string, send: Send): MatrixEntry => ({
    access,
    scope,
    send: (route, tokenFor) => send(route, tokenFor(ctx.member), 'own'),
    foreign: { reachedBy: ['lca.admin'], send: (route, token) => send(route, token, 'foreign') },
  });
  const byId = (access: Role[], scope: string, etat: string, body?: object) =>
    onRequest(access, scope, async (route, token, where) => ctx.call(route, token, { params: { id: await request(token, where, etat) }, ...(body ? { body } : {}) }));
  /** A creation on the matrix association (its head office members and lca.admin), its live request set aside first. */
  const creation = (body: object): MatrixEntry => ({
    access: MEMBERS,
    scope: 'association:write-all',
    send: async (route, tokenFor) => {
      await ctx.t.db.demandeSiret.deleteMany({ where: { associationId: ctx.asso.id } });
      return ctx.call(route, tokenFor(ctx.member), { query: { id_asso: ctx.asso.id }, body });
    },
  });

  return {
    'GET /api/lca-server/demande/numero-siret': {
      access: MEMBERS,
      scope: 'caller',
      send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.member), { query: { etats: 'ECS,AEM', limit: '10' } }),
    },
    'POST /api/lca-server/demande/numero-siret': creation({ attestation: false }),
    'POST /api/proxy-asso/associations/demandeSiret': creation([{ attestation: false }]),
    'GET /api/lca-server/demande/numero-siret/:id': byId(MEMBERS, 'siretRequest:read', 'ECS'),
    'PUT /api/lca-server/demande/numero-siret/:id': byId(MEMBERS, 'siretRequest:write', 'INV', { identifiant: { step: 2 } }),
    'DELETE /api/lca-server/demande/numero-siret/:id': byId(MEMBERS, 'siretRequest:write', 'ECS'),
    'GET /api/lca-server/demande/numero-siret/:id/pdf': byId(MEMBERS, 'siretRequest:read', 'AEM'),
    'POST /api/lca-server/demande/numero-siret/:id/transmit': byId(MEMBERS, 'siretRequest:write', 'ECS'),
    'POST /api/lca-server/demande/numero-siret/:id/events': byId(['lca.admin'], 'siretRequest:write', 'AEM', { event: 'traiter' }),
    'GET /api/proxy-asso/demande/documents': onRequest(MEMBERS, 'siretRequest:read', async (route, token, where) =>
      ctx.call(route, token, { query: { id_demande: await request(token, where, 'ACC') } })),
  };
};
