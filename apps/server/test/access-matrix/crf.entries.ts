// Access-matrix entries of the financial reports (contract subsidies/crf-routes.ts). The own calls
// act on a fresh dossier of the matrix association, granted and paid (9) by the matrix's services,
// with a report ready for the call (its state, its projects' parts, what transmission needs); an
// agent's service is the one the report goes to. Foreign calls act on another association's
// dossier instructed by another service: lca.admin reaches it on the association side, rds.admin
// on the service side.
import type { Response } from 'supertest';
import type { Role, RouteDefinition } from '@portail/contract';
import type { Caller, MatrixContext, MatrixEntries, MatrixEntry } from '../support/access-matrix.ts';
import { createAssociation, type TestAssociation } from '../support/association-factory.ts';
import { createAssociationDocument, createCompleteDossier, createFinancingLines, createScheme, signInService } from '../support/subsidy-fixtures.ts';

const READERS: Role[] = ['lca.association', 'lca.admin', 'rds.user', 'rds.service', 'rds.admin'];
const MEMBERS: Role[] = ['lca.association', 'lca.admin'];
const INSTRUCTORS: Role[] = ['rds.user', 'rds.service', 'rds.admin'];

export const crfEntries: MatrixEntries = (ctx: MatrixContext) => {
  let foreign: { serviceIds: string[]; asso: TestAssociation } | null = null;
  const ownServiceIds = () => [ctx.service, ctx.byRole.get('rds.user')!, ctx.byRole.get('rds.service')!].map((c) => c.account.serviceAccount!.id);
  async function side(where: 'own' | 'foreign') {
    if (where === 'own') return { asso: ctx.asso, serviceIds: ownServiceIds() };
    foreign ??= { serviceIds: [(await signInService(ctx.t, 'Service étranger aux comptes rendus de la matrice')).serviceId], asso: await createAssociation(ctx.t) };
    return foreign;
  }
  const callerOf = (token: string | undefined): Caller | undefined => [ctx.service, ctx.member, ...ctx.byRole.values()].find((c) => c.token === token);

  /** A paid dossier of the side with its report of 2026 in `etat`, ready to transmit (documents, answers, amounts). */
  async function report(where: 'own' | 'foreign', token: string | undefined, etat: string | null) {
    const s = await side(where);
    const own = callerOf(token)?.account.serviceAccount?.id;
    const serviceId = own && s.serviceIds.includes(own) ? own : s.serviceIds[0]!;
    const row = await createCompleteDossier(ctx.t, s.asso, await createScheme(ctx.t, { serviceIds: s.serviceIds }), s.serviceIds, { etat: '9' });
    const [line] = await createFinancingLines(ctx.t, row.id, [serviceId]);
    await ctx.t.db.projetFinancement.updateMany({ where: { projetId: line!.projet }, data: { montantAccorde: 1000 } });
    const documents = [
      { code: 'comptes_annuels', uuid: (await createAssociationDocument(ctx.t, s.asso)).id, annee_validite: 2025 },
      { code: 'rapport_activite', uuid: (await createAssociationDocument(ctx.t, s.asso)).id, annee_validite: null },
    ];
    if (etat === null) return { id: row.id, crfId: null, projetId: line!.projet };
    const crf = await ctx.t.db.crf.create({
      data: {
        dossierId: row.id, associationId: s.asso.id, serviceId, exercice: 2026, etat, isRealised: true, attestation: { certifie: true },
        idRepresentantLegal: row.idRepresentantLegal, idSignataire: row.idSignataire ?? row.idRepresentantLegal, documents,
        projets: { create: [{ projetId: line!.projet, financements: [{ annee: 2026, id_service_instructeur: serviceId, montant_realise: 900 }] }] },
      },
    });
    return { id: row.id, crfId: crf.id, projetId: line!.projet };
  }

  type Send = (route: RouteDefinition, token: string | undefined, where: 'own' | 'foreign') => Promise<Response>;
  const entry = (access: Role[], scope: string, reachedBy: Role[], send: Send): MatrixEntry => ({
    access,
    scope,
    send: (route, tokenFor) => send(route, tokenFor(ctx.member), 'own'),
    foreign: { reachedBy, send: (route, token) => send(route, token, 'foreign') },
  });
  const onReport = (access: Role[], scope: string, reachedBy: Role[], etat: string, body?: object, projet = false) =>
    entry(access, scope, reachedBy, async (route, token, where) => {
      const r = await report(where, token, etat);
      return ctx.call(route, token, { params: { id: r.id, idCrf: r.crfId!, ...(projet ? { idProjet: r.projetId } : {}) }, ...(body ? { body } : {}) });
    });

  return {
    'POST /api/lca-server/demande/dossiers/:id/crf': entry(READERS, 'dossier:read', ['lca.admin', 'rds.admin'], async (route, token, where) => {
      // The association side creates the report (CLONED); the service side only fetches an existing one.
      const r = await report(where, token, callerOf(token)?.account.serviceAccount || callerOf(token)?.account.roles.some((r) => r.role.startsWith('rds.')) ? '2' : null);
      return ctx.call(route, token, { params: { id: r.id }, body: { exercice: 2026 } });
    }),
    'GET /api/lca-server/demande/dossiers/:id/crf/:idCrf': onReport(READERS, 'dossier:read', ['lca.admin', 'rds.admin'], '2'),
    'PUT /api/lca-server/demande/dossiers/:id/crf/:idCrf': onReport(MEMBERS, 'dossier:write', ['lca.admin'], '1', { isReported: false }),
    'PUT /api/lca-server/demande/dossiers/:id/crf/:idCrf/projects/:idProjet': onReport(MEMBERS, 'dossier:write', ['lca.admin'], '2', { isRealised: true }, true),
    'POST /api/lca-server/demande/dossiers/:id/crf/:idCrf/transmit': onReport(MEMBERS, 'dossier:write', ['lca.admin'], '2'),
    'POST /api/lca-server/demande/dossiers/:id/crf/:idCrf/events': onReport(INSTRUCTORS, 'dossier:read', ['rds.admin'], '4', { event: 'receptionner' }),
    'GET /api/lca-server/demande/dossiers/:id/crf/:idCrf/pdf': onReport(READERS, 'dossier:read', ['lca.admin', 'rds.admin'], '4'),
    'GET /api/lca-server/demande/missing-crf': {
      access: MEMBERS,
      scope: 'caller',
      send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.member)),
    },
  };
};
