// Access-matrix entries of the SIRET requests (contract siret-requests/routes.ts). A request is
// reached by its creator while a member of its association, or by lca.admin: the own calls act on a
// fresh request of a fresh association without SIRET, created by the caller when they are an
// association member (linked to it), by a fresh member otherwise; foreign calls on a request
// another member created, which only lca.admin reaches. A creation acts on a twin of the matrix
// association without SIRET (association scope, head office), freed of its live request first.
import type { Role, RouteDefinition } from '@portail/contract';
import type { Response } from 'supertest';
import type { Caller, MatrixContext, MatrixEntries, MatrixEntry } from '../support/access-matrix.ts';
import { createAccount } from '../support/factories.ts';
import { newSiren, siretOf } from '../support/association-factory.ts';
import { createSiretlessAssociation, linkToSiretless, memberOfSiretless, siretDocuments, VALID_ADDRESS, type SiretlessAssociation } from '../support/siret-fixtures.ts';

const MEMBERS: Role[] = ['lca.association', 'lca.admin'];

/** The account id a token names (undefined for a token that is not a JWT). */
function subjectOf(token: string | undefined): string | undefined {
  try {
    return JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()).sub;
  } catch {
    return undefined;
  }
}

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
  /**
   * A creation needs an association without SIRET (one that has a SIRET asks for none): each
   * association the matrix aims a creation at (its own, or the foreign one) has a twin without
   * SIRET, and the caller is linked to the twin as to the original (head office, a secondary
   * establishment of the twin's, or not at all), so the association scope answers alike.
   */
  const twins = new Map<string, SiretlessAssociation>();
  /** The matrix member's links are stated elsewhere in the matrix: another head office member of the twin calls for it. */
  const standIns = new Map<string, string>();
  async function callerToken(twin: SiretlessAssociation, token: string | undefined) {
    // Only a live token of the matrix member (an expired or forged one is sent as it is).
    const live = token === ctx.member.token || [...ctx.byRole.values()].some((c) => c.token === token);
    if (!live || subjectOf(token) !== ctx.member.account.id) return token;
    let standIn = standIns.get(twin.id);
    if (!standIn) {
      standIn = (await memberOfSiretless(ctx.t, twin)).token;
      standIns.set(twin.id, standIn);
    }
    return standIn;
  }
  async function twinOf(associationId: string, token: string | undefined): Promise<SiretlessAssociation> {
    let twin = twins.get(associationId);
    if (!twin) {
      twin = await createSiretlessAssociation(ctx.t);
      twins.set(associationId, twin);
    }
    // The caller by its token's subject: the matrix's callers and the ones its tests sign in.
    const authId = subjectOf(token);
    if (!authId || authId === ctx.member.account.id) return twin;
    const links = await ctx.t.db.userAssociation.findMany({ where: { associationId: { in: [associationId, twin.id] }, associationUser: { authId } } });
    const original = links.find((l) => l.associationId === associationId);
    if (original && !links.some((l) => l.associationId === twin.id)) {
      if (original.idSiret && original.type !== 'Siège') {
        const siret = siretOf(newSiren(), '0002');
        await ctx.t.db.etablissement.create({ data: { siret, associationId: twin.id, nic: siret.slice(9), estSiege: false, actif: true } });
        const user = await ctx.t.db.associationUser.upsert({ where: { authId }, create: { authId }, update: {} });
        await ctx.t.db.userAssociation.create({ data: { associationUserId: user.id, associationId: twin.id, idSiret: siret, type: original.type, fonction: original.fonction } });
      } else await linkToSiretless(ctx.t, authId, twin);
    }
    return twin;
  }
  /** A creation on the twin of the matrix association (its head office members and lca.admin), freed of its live request first. */
  const creation = (body: object): MatrixEntry => ({
    access: MEMBERS,
    scope: 'association:write-all',
    send: async (route, tokenFor) => {
      const token = tokenFor(ctx.member);
      const twin = await twinOf(ctx.asso.id, token);
      await ctx.t.db.demandeSiret.deleteMany({ where: { associationId: twin.id } });
      return ctx.call(route, await callerToken(twin, token), { query: { id_asso: twin.id }, body });
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
