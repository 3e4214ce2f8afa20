// Access-matrix entries of the subsidy dossiers (contract subsidies/dossier-routes.ts). Each call
// works on a fresh dossier of the matrix association: transmitted (D) for the reads, so that its
// instructing agents see it, in entry (A) for the writes, which only the association side makes.
// Foreign calls act on a dossier of another association instructed by another service: only
// lca.admin (and rds.admin for the reads) reach it.
import type { Response } from 'supertest';
import type { Role, RouteDefinition } from '@portail/contract';
import type { MatrixContext, MatrixEntries, MatrixEntry } from '../support/access-matrix.ts';
import { createAssociation, linkUser, type TestAssociation } from '../support/association-factory.ts';
import { createAccount } from '../support/factories.ts';
import { createCompleteDossier, createDossier, createRib, createScheme, signInService, subventionCode, type SubsidyScheme } from '../support/subsidy-fixtures.ts';

const READERS: Role[] = ['lca.association', 'lca.admin', 'rds.user', 'rds.service', 'rds.admin'];
const WRITERS: Role[] = ['lca.association', 'lca.admin'];

export const demandeEntries: MatrixEntries = (ctx: MatrixContext) => {
  let own: { serviceIds: string[] } | null = null;
  let foreign: { serviceIds: string[]; asso: TestAssociation; memberEmail: string } | null = null;

  const ownServices = () =>
    (own ??= { serviceIds: [ctx.service, ctx.byRole.get('rds.user')!, ctx.byRole.get('rds.service')!].map((c) => c.account.serviceAccount!.id) });
  async function foreignSide() {
    if (!foreign) {
      const other = await signInService(ctx.t, 'Service étranger aux dossiers de la matrice');
      const asso = await createAssociation(ctx.t);
      const member = await createAccount(ctx.t, { roles: ['lca.association'] });
      await linkUser(ctx.t, member.id, asso);
      foreign = { serviceIds: [other.serviceId], asso, memberEmail: member.email };
    }
    return foreign;
  }
  async function side(where: 'own' | 'foreign') {
    if (where === 'own') return { asso: ctx.asso, serviceIds: ownServices().serviceIds, memberEmail: ctx.member.account.email };
    return foreignSide();
  }
  /** A fresh scheme of the side (one dossier per scheme × exercise × SIRET). */
  const schemeOf = async (serviceIds: string[]): Promise<SubsidyScheme> => createScheme(ctx.t, { serviceIds });
  async function dossier(etat: 'A' | 'D', where: 'own' | 'foreign', complete = false) {
    const s = await side(where);
    const make = complete ? createCompleteDossier : createDossier;
    const row = await make(ctx.t, s.asso, await schemeOf(s.serviceIds), s.serviceIds, { etat });
    return { id: row.id, asso: s.asso, memberEmail: s.memberEmail };
  }

  type Send = (route: RouteDefinition, token: string | undefined, where: 'own' | 'foreign') => Promise<Response>;
  const entry = (access: Role[], mode: 'read' | 'write', send: Send): MatrixEntry => ({
    access,
    scope: `dossier:${mode}`,
    send: (route, tokenFor) => send(route, tokenFor(ctx.member), 'own'),
    foreign: { reachedBy: mode === 'read' ? ['lca.admin', 'rds.admin'] : ['lca.admin'], send: (route, token) => send(route, token, 'foreign') },
  });
  const onDossier = (access: Role[], mode: 'read' | 'write', parts: (d: Awaited<ReturnType<typeof dossier>>) => Promise<object> | object, complete = false) =>
    entry(access, mode, async (route, token, where) => {
      const d = await dossier(mode === 'read' ? 'D' : 'A', where, complete);
      return ctx.call(route, token, { params: { id: d.id }, ...(await parts(d)) });
    });

  return {
    'GET /api/lca-server/demande/dossiers': {
      access: READERS, scope: 'caller',
      send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.member), { query: { etats: 'A,D', limit: '5' } }),
    },
    'GET /api/lca-server/demande/dossiers/states': { access: READERS, scope: 'none', send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.member)) },
    'GET /api/lca-server/demande/dossiers/exists': {
      access: WRITERS, scope: 'caller',
      send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.member), { query: { subvention: 'INCONNUE', exercice: '2026', siret: ctx.asso.siege } }),
    },
    'POST /api/lca-server/demande/dossiers': {
      access: WRITERS, scope: 'association:write',
      send: async (route, tokenFor) => {
        const code = await subventionCode(ctx.t, await schemeOf(ownServices().serviceIds));
        return ctx.call(route, tokenFor(ctx.member), { query: { id_asso: ctx.asso.id }, body: { description: { code_subvention: code, exercice: 2026 }, demandeur: { id_siret: ctx.asso.siege } } });
      },
      foreign: {
        reachedBy: ['lca.admin'],
        send: async (route, token) => {
          const f = await foreignSide();
          const code = await subventionCode(ctx.t, await schemeOf(f.serviceIds));
          return ctx.call(route, token, { query: { id_asso: f.asso.id }, body: { description: { code_subvention: code, exercice: 2026 }, demandeur: { id_siret: f.asso.siege } } });
        },
      },
    },
    'GET /api/lca-server/demande/dossiers/:id': onDossier(READERS, 'read', () => ({ query: { populate: 'projets' } })),
    'PUT /api/lca-server/demande/dossiers/:id': onDossier(WRITERS, 'write', () => ({ body: { step: 0 } })),
    'DELETE /api/lca-server/demande/dossiers/:id': onDossier(WRITERS, 'write', () => ({})),
    'POST /api/lca-server/demande/dossiers/transmit/:id': onDossier(WRITERS, 'write', () => ({}), true),
    'PUT /api/lca-server/demande/dossiers/:id/documents': onDossier(WRITERS, 'write', () => ({ body: { documents: [] } })),
    'PATCH /api/lca-server/demande/dossiers/:id/documents': onDossier(WRITERS, 'write', () => ({ body: { documents: [] } })),
    // Granted (6): the RIB changes apart from the wizard once the dossier is in instruction or granted (spec §4).
    'PUT /api/lca-server/demande/dossiers/:id/rib': entry(WRITERS, 'write', async (route, token, where) => {
      const s = await side(where);
      const row = await createDossier(ctx.t, s.asso, await schemeOf(s.serviceIds), s.serviceIds, { etat: '6' });
      return ctx.call(route, token, { params: { id: row.id }, body: { id_rib: (await createRib(ctx.t, s.asso)).id } });
    }),
    'POST /api/lca-server/demande/dossiers/:id/notify': onDossier(READERS, 'read', () => ({ query: { type: '4' } })),
    'POST /api/lca-server/demande/dossiers/:id/message': onDossier(READERS, 'read', () => ({ body: { message: 'Bonjour, une question sur le dossier.' } })),
    'GET /api/lca-server/demande/dossiers/messages/non-lus': { access: READERS, scope: 'caller', send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.member)) },
    // An unread message of the dossier for every caller of the matrix: the call has something to mark read.
    'POST /api/lca-server/demande/dossiers/:id/messages/lus': onDossier(READERS, 'read', async (d) => {
      const callers = [ctx.member, ctx.service, ...ctx.byRole.values()];
      await ctx.t.db.notification.createMany({ data: callers.map((c) => ({ associationId: d.asso.id, userId: c.account.id, type: 5, payload: { dossier: d.id } })) });
      return {};
    }),
    'PATCH /api/lca-server/demande/dossiers/:id/share': onDossier(WRITERS, 'write', (d) => ({ body: { email: d.memberEmail } })),
  };
};
