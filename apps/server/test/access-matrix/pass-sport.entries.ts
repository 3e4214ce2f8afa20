// Access-matrix entries of Pass'Sport (contract pass-sport/routes.ts). A dossier is reached by its
// creator (or the members it is shared with) and lca.admin, read by the head office and the rds
// roles: the own calls act on a fresh club's dossier created by the caller when it is an association
// member (linked to the club), by a fresh member otherwise; foreign calls on a dossier another member
// created. A structure (establishment) and the affiliation upload act on the matrix association.
import { routeUrl, type Role, type RouteDefinition } from '@portail/contract';
import type { Response } from 'supertest';
import { createAssociation, linkUser } from '../support/association-factory.ts';
import type { Caller, MatrixContext, MatrixEntries, MatrixEntry } from '../support/access-matrix.ts';
import { createAccount } from '../support/factories.ts';
import { TOKEN_HEADER } from '../support/http-helpers.ts';
import { certify, createBeneficiaire, ensureExercices, FOOTBALL } from '../support/psp-fixtures.ts';

const MEMBERS: Role[] = ['lca.association', 'lca.admin'];
const READERS: Role[] = ['lca.association', 'lca.admin', 'rds.admin'];
const WITH_SERVICES: Role[] = ['lca.association', 'lca.admin', 'rds.user', 'rds.service', 'rds.admin', 'rds.appli_admin'];
const PLATFORM_ADMINS: Role[] = ['lca.admin', 'rds.admin', 'rds.appli_admin'];
/** Years of the exercises the matrix creates, each call its own (far from the fixtures' years). */
let nextYear = 2060;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

export const passSportEntries: MatrixEntries = (ctx: MatrixContext) => {
  const callerOf = (token: string | undefined): Caller | undefined => [ctx.service, ctx.member, ...ctx.byRole.values()].find((c) => c.token === token);
  const hasRole = (caller: Caller | undefined, role: string) => caller?.account.roles.some((r: { role: string }) => r.role === role) ?? false;

  /** An eligible club and its dossier in state 1 (football certified), created by the caller (own, when a member) or by a member of its own. */
  async function dossier(token: string | undefined, where: 'own' | 'foreign') {
    await ensureExercices(ctx.t);
    const asso = await createAssociation(ctx.t);
    await ctx.t.db.reseauAffiliation.create({ data: { associationId: asso.id, nom: FOOTBALL.nom } });
    const caller = callerOf(token);
    const creator = where === 'own' && hasRole(caller, 'lca.association') ? caller!.account : await createAccount(ctx.t, { roles: ['lca.association'] });
    await linkUser(ctx.t, creator.id, asso);
    await certify(ctx.t, asso, FOOTBALL);
    const row = await ctx.t.db.pspDossier.create({
      data: { associationId: asso.id, idSiret: asso.siege, liveIdSiret: asso.siege, nom: 'Club', sharedWith: [], federations: [FOOTBALL], createdById: creator.id },
    });
    return row.id;
  }
  async function inscription(dossierId: string) {
    const beneficiaire = await createBeneficiaire(ctx.t);
    const row = await ctx.t.db.pspInscription.create({
      data: { dossierId, beneficiaireId: beneficiaire.id, liveBeneficiaireId: beneficiaire.id, exerciceId: beneficiaire.exerciceId },
    });
    return row.id;
  }

  type Send = (route: RouteDefinition, token: string | undefined, where: 'own' | 'foreign') => Promise<Response>;
  const onDossier = (access: Role[], scope: string, reachedBy: Role[], send: Send): MatrixEntry => ({
    access,
    scope,
    send: (route, tokenFor) => send(route, tokenFor(ctx.member), 'own'),
    foreign: { reachedBy, send: (route, token) => send(route, token, 'foreign') },
  });
  const byId = (access: Role[], scope: string, reachedBy: Role[], body?: (token: string | undefined) => object) =>
    onDossier(access, scope, reachedBy, async (route, token, where) =>
      ctx.call(route, token, { params: { id: await dossier(token, where) }, ...(body ? { body: body(token) } : {}) }));
  const onInscription = (body?: object) =>
    onDossier(MEMBERS, 'passSportDossier:write', ['lca.admin'], async (route, token, where) => {
      const id = await dossier(token, where);
      return ctx.call(route, token, { params: { id, inscriptionId: await inscription(id) }, ...(body ? { body } : {}) });
    });

  return {
    'POST /api/psp-server/dossiers': {
      access: MEMBERS,
      scope: 'caller',
      send: async (route, tokenFor) => {
        await ensureExercices(ctx.t);
        const token = tokenFor(ctx.member);
        const asso = await createAssociation(ctx.t);
        await ctx.t.db.reseauAffiliation.create({ data: { associationId: asso.id, nom: FOOTBALL.nom } });
        const caller = callerOf(token);
        if (caller && hasRole(caller, 'lca.association')) await linkUser(ctx.t, caller.account.id, asso);
        return ctx.call(route, token, { body: { structure: { id_siret: asso.siege, nom: 'Club' } } });
      },
    },
    'GET /api/psp-server/dossiers': {
      access: READERS,
      scope: 'establishment:read',
      send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.member), { query: { idSiret: ctx.asso.siege } }),
    },
    'GET /api/psp-server/dossiers/:idSiret/association': {
      access: READERS,
      scope: 'establishment:read',
      send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.member), { params: { idSiret: ctx.asso.siege } }),
    },
    'GET /api/psp-server/exercices': {
      access: WITH_SERVICES,
      scope: 'none',
      send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.member)),
    },
    'GET /api/psp-server/beneficiaires': {
      access: ['lca.admin', 'rds.admin', 'rds.appli_admin', 'rds.user', 'rds.service'],
      scope: 'none',
      send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.service), { query: { code_postal: '75011', limit: '5' } }),
    },
    'GET /api/psp-server/admin/dossiers': {
      access: PLATFORM_ADMINS,
      scope: 'none',
      send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.member), { query: { etat: '1', limit: '5' } }),
    },
    'GET /api/psp-server/affiliations': {
      access: PLATFORM_ADMINS,
      scope: 'none',
      send: (route, tokenFor) => ctx.call(route, tokenFor(ctx.member), { query: { siren_federation: '775671357' } }),
    },
    'POST /api/psp-server/affiliations/:id/ticket': {
      access: PLATFORM_ADMINS,
      scope: 'none',
      send: async (route, tokenFor) => {
        // A club's certificate with its document (each call its own club).
        await ensureExercices(ctx.t);
        const asso = await createAssociation(ctx.t);
        const document = await ctx.t.db.associationDocument.create({
          data: { associationId: asso.id, type: 'AFFIL', nom: 'attestation.pdf', mimeType: 'application/pdf', taille: 10, sha256: 'x'.repeat(64), storageKey: `matrice/${asso.id}` },
        });
        const certificate = await certify(ctx.t, asso, FOOTBALL);
        await ctx.t.db.pspAffiliation.update({ where: { id: certificate.id }, data: { documentId: document.id } });
        return ctx.call(route, tokenFor(ctx.member), { params: { id: certificate.id } });
      },
    },
    'POST /api/psp-server/exercices': {
      access: PLATFORM_ADMINS,
      scope: 'none',
      send: (route, tokenFor) => {
        const annee = nextYear++;
        return ctx.call(route, tokenFor(ctx.member), { body: { annee, date_debut: `${annee}-01-01`, date_fin: `${annee}-12-31` } });
      },
    },
    'PATCH /api/psp-server/exercices/:id': {
      access: PLATFORM_ADMINS,
      scope: 'none',
      send: async (route, tokenFor) => {
        const annee = nextYear++;
        await ctx.t.db.pspExercice.create({ data: { id: annee % 100, annee, dateDebut: new Date(`${annee}-01-01`), dateFin: new Date(`${annee}-12-31`) } });
        return ctx.call(route, tokenFor(ctx.member), { params: { id: String(annee % 100) }, body: { active: true } });
      },
    },
    'PUT /api/psp-server/dossiers/:id': byId(MEMBERS, 'passSportDossier:write', ['lca.admin'], () => ({ structure: { nom: 'Club renommé' }, federations: [FOOTBALL] })),
    'GET /api/psp-server/dossiers/:id/pdf': byId(WITH_SERVICES, 'passSportDossier:read', ['lca.admin', 'rds.user', 'rds.service', 'rds.admin', 'rds.appli_admin']),
    'POST /api/psp-server/dossiers/:id/events': byId([...MEMBERS, 'rds.admin'], 'passSportDossier:read', ['lca.admin', 'rds.admin'], (token) => ({
      event: hasRole(callerOf(token), 'rds.admin') ? 'traiter' : 'supprimer',
    })),
    'POST /api/psp-server/dossiers/:id/inscriptions': onDossier(MEMBERS, 'passSportDossier:write', ['lca.admin'], async (route, token, where) =>
      ctx.call(route, token, { params: { id: await dossier(token, where) }, body: { code_psp: (await createBeneficiaire(ctx.t)).codePsp } })),
    'PATCH /api/psp-server/dossiers/:id/inscriptions/:inscriptionId': onInscription({ federation_siren: FOOTBALL.siren }),
    'DELETE /api/psp-server/dossiers/:id/inscriptions/:inscriptionId': onInscription(),
    'POST /api/psp-server/upload-affiliation': {
      access: MEMBERS,
      scope: 'association:write',
      send: async (route, tokenFor) => {
        await ensureExercices(ctx.t);
        let request = ctx.t.http().post(routeUrl(route)).query({ id_siren: ctx.asso.siren, siren_federation: FOOTBALL.siren, nom_federation: FOOTBALL.nom });
        const token = tokenFor(ctx.member);
        if (token !== undefined) request = request.set(TOKEN_HEADER, token);
        return request.attach('file', PDF, 'attestation.pdf');
      },
    },
  };
};
