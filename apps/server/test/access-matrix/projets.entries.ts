// Access-matrix entries of the projects of a subsidy dossier and of its PDF (contract
// subsidies/projet-routes.ts). Each call works on a fresh dossier of the matrix association:
// transmitted (state D) for the reads, so that its instructing agents see it too, in entry (A) for
// the writes, which only the association side makes. The foreign calls act on a dossier of another
// association instructed by another service: only lca.admin (and rds.admin for the reads) reach it.
import type { Response } from 'supertest';
import type { Role, RouteDefinition } from '@portail/contract';
import type { MatrixContext, MatrixEntries, MatrixEntry } from '../support/access-matrix.ts';
import { createAssociation, type TestAssociation } from '../support/association-factory.ts';
import { createDossier, createScheme, signInService, validProjet, type SubsidyScheme } from '../support/subsidy-fixtures.ts';

const READERS: Role[] = ['lca.association', 'lca.admin', 'rds.user', 'rds.service', 'rds.admin'];
const WRITERS: Role[] = ['lca.association', 'lca.admin'];

export const projetEntries: MatrixEntries = (ctx: MatrixContext) => {
  let own: { scheme: SubsidyScheme; serviceIds: string[] } | null = null;
  let foreign: { scheme: SubsidyScheme; serviceIds: string[]; asso: TestAssociation } | null = null;

  /** The matrix's scheme, instructed by the services of the matrix's agents (rds.user, rds.service and the matrix service). */
  async function ownScheme() {
    if (!own) {
      const agents = [ctx.service, ctx.byRole.get('rds.user')!, ctx.byRole.get('rds.service')!];
      const serviceIds = agents.map((caller) => caller.account.serviceAccount!.id);
      own = { scheme: await createScheme(ctx.t, { serviceIds }), serviceIds };
    }
    return own;
  }
  async function foreignScheme() {
    if (!foreign) {
      const other = await signInService(ctx.t, 'Service étranger à la matrice');
      foreign = { scheme: await createScheme(ctx.t, { serviceIds: [other.serviceId] }), serviceIds: [other.serviceId], asso: await createAssociation(ctx.t) };
    }
    return foreign;
  }
  /** A fresh dossier (with one project) of the matrix association, or of the foreign one. */
  async function dossier(etat: 'A' | 'D', where: 'own' | 'foreign' = 'own') {
    const { scheme, serviceIds, asso } = where === 'own' ? { ...(await ownScheme()), asso: ctx.asso } : await foreignScheme();
    const row = await createDossier(ctx.t, asso, scheme, serviceIds, { etat });
    const projet = await ctx.t.db.projet.create({
      data: { dossierId: row.id, rangDossier: 1, intitule: 'Projet de la matrice', exercice: 2026, exerciceFin: 2026, evaluation: { commentaire: 'Bilan' } },
    });
    return { id: row.id, idProjet: projet.id };
  }

  type Send = (route: RouteDefinition, token: string | undefined, where: 'own' | 'foreign') => Promise<Response>;
  const entry = (access: Role[], mode: 'read' | 'write', send: Send): MatrixEntry => ({
    access,
    scope: `dossier:${mode}`,
    send: (route, tokenFor) => send(route, tokenFor(ctx.member), 'own'),
    foreign: { reachedBy: mode === 'read' ? ['lca.admin', 'rds.admin'] : ['lca.admin'], send: (route, token) => send(route, token, 'foreign') },
  });

  return {
    'GET /api/lca-server/demande/dossiers/:id/projets': entry(READERS, 'read', async (route, token, where) => {
      const { id } = await dossier('D', where);
      return ctx.call(route, token, { params: { id }, query: { fields: 'description,budgets' } });
    }),
    'GET /api/lca-server/demande/dossiers/:id/projets/:idProjet': entry(READERS, 'read', async (route, token, where) => ctx.call(route, token, { params: await dossier('D', where) })),
    'POST /api/lca-server/demande/dossiers/:id/projets': entry(WRITERS, 'write', async (route, token, where) => {
      const { id } = await dossier('A', where);
      return ctx.call(route, token, { params: { id }, body: validProjet('Nouveau projet') });
    }),
    'PUT /api/lca-server/demande/dossiers/:id/projets/:idProjet': entry(WRITERS, 'write', async (route, token, where) =>
      ctx.call(route, token, { params: await dossier('A', where), body: { description: { intitule: 'Projet renommé' } } })),
    'DELETE /api/lca-server/demande/dossiers/:id/projets/:idProjet': entry(WRITERS, 'write', async (route, token, where) =>
      ctx.call(route, token, { params: await dossier('A', where) })),
    'POST /api/lca-server/demande/dossiers/:id/projets/:idProjet/duplicate': entry(WRITERS, 'write', async (route, token, where) =>
      ctx.call(route, token, { params: await dossier('A', where) })),
    'POST /api/lca-server/demande/dossiers/:id/projets/:idProjet/transfer': entry(WRITERS, 'write', async (route, token, where) => {
      const target = await dossier('A', where);
      return ctx.call(route, token, { params: await dossier('A', where), body: { idDossierTo: target.id } });
    }),
    'GET /api/lca-server/demande/dossiers/:id/pdf': entry(READERS, 'read', async (route, token, where) => {
      const { id } = await dossier('D', where);
      return ctx.call(route, token, { params: { id } });
    }),
    'POST /api/lca-server/demande/dossiers/:id/documents/:uuid/ticket': entry(READERS, 'read', async (route, token, where) => {
      const { id } = await dossier('D', where);
      const row = await ctx.t.db.dossier.findUniqueOrThrow({ where: { id }, select: { association: { select: { id: true } } } });
      const document = await ctx.t.db.associationDocument.create({
        data: { associationId: row.association.id, type: 'STC', nom: 'statuts.pdf', mimeType: 'application/pdf', taille: 10, sha256: 'x'.repeat(64), storageKey: `matrice/${id}` },
      });
      await ctx.t.db.dossierDocument.create({ data: { dossierId: id, documentId: document.id, code: 'STATUTS' } });
      return ctx.call(route, token, { params: { id, uuid: document.id } });
    }),
  };
};
