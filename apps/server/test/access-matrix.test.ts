// Who may call what: every route of the contract has an entry here (a new route without one fails),
// and each entry is exercised over HTTP: public routes work without a token, 'authenticated' routes
// need a valid unexpired token, role-restricted routes answer 403 to every other role. Then the
// per-resource rules of GET lca-server/users/:id and rds-server/users/:id. The entry checks of
// docs/domain.md « Parcours » too: every non-public route refuses an unvalidated account and one that must change its
// password, except the routes the contract exempts.
import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allRoutes,
  API_BASE,
  isAdminRole,
  MESSAGES,
  ROLES,
  routeUrl,
  SERVICE_ACCOUNT_MANAGER_ROLES,
  type Access,
  type Role,
  type RouteDefinition,
} from '@portail/contract';
import {
  createAssociation,
  createRib,
  linkUser,
  VALID_BIC,
  VALID_IBAN,
  type TestAssociation,
} from './support/association-factory.ts';
import { createAccount, signIn } from './support/factories.ts';
import { registerBody, TOKEN_HEADER, uniqueEmail } from './support/http-helpers.ts';
import { lastMailTo, latestResetToken, latestValidationToken, reportTokenIn } from './support/mailbox.ts';
import { loadConfig } from '../src/config.ts';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app.ts';
import { rdsEntries } from './access-matrix/rds.entries.ts';
import { projetEntries } from './access-matrix/projets.entries.ts';
import { demandeEntries } from './access-matrix/demande.entries.ts';
import { questionEntries } from './access-matrix/questions.entries.ts';
import { worklistEntries } from './access-matrix/worklist.entries.ts';
import { instructionEntries } from './access-matrix/instruction.entries.ts';
import { openDataEntries } from './access-matrix/open-data.entries.ts';
import { crfEntries } from './access-matrix/crf.entries.ts';
import { webhookEntries } from './access-matrix/webhooks.entries.ts';
import { externalLookupEntries } from './access-matrix/external-lookups.entries.ts';
import { rdaEntries } from './access-matrix/rda.entries.ts';
import { siretRequestEntries } from './access-matrix/siret-requests.entries.ts';
import { haaEntries } from './access-matrix/haa.entries.ts';
import { approvalDossierEntries } from './access-matrix/approval-dossiers.entries.ts';
import { cecEntries } from './access-matrix/cec.entries.ts';
import { passSportEntries } from './access-matrix/pass-sport.entries.ts';
import { dashboardEntries } from './access-matrix/dashboard.entries.ts';
import { lcaContentEntries } from './access-matrix/lca-content.entries.ts';
import { startExternalStandin, type ExternalStandin } from './support/external-standin.ts';
import { changedTables, databaseSnapshot, withFailingAnswer } from './support/unit-of-work.ts';
import type { LocalProvider } from './support/oidc-provider.ts';
import { proconnectAnswer, proconnectConfigFor, startTestProvider } from './support/proconnect-flow.ts';
import { callRoute, type Caller, type CallParts, type MatrixContext, type MatrixEntries, type MatrixEntry, type TokenFor } from './support/access-matrix.ts';

/** The entry files of the modules whose routes are stated outside this file (test/access-matrix/). */
const MODULE_ENTRIES: readonly MatrixEntries[] = [rdsEntries, projetEntries, demandeEntries, questionEntries, worklistEntries, instructionEntries, openDataEntries, crfEntries, webhookEntries, externalLookupEntries, rdaEntries, siretRequestEntries, haaEntries, approvalDossierEntries, cecEntries, passSportEntries, dashboardEntries, lcaContentEntries];

let t: TestApp;
/** Stands in for the national address API and INSEE's notices (the outside lookups' routes). */
let standin: ExternalStandin;
/** The local OpenID provider standing for ProConnect, switched on in the matrix's app. */
let provider: LocalProvider;
/** Called as each request reaches its handler (its input parsed, nothing written yet). */
let onArrival: ((request: FastifyRequest) => Promise<void>) | null = null;
/** A signed-in association user, and one signed-in user per role of ROLES. */
let member: Caller;
let service: Caller;
const byRole = new Map<Role, Caller>();

beforeAll(async () => {
  // The unit-of-work walk (end of file) notes the database as each call under test arrives.
  provider = await startTestProvider();
  standin = await startExternalStandin();
  const outside = { addressApiUrl: standin.addressApiUrl, sireneNoticeUrl: standin.sireneNoticeUrl };
  t = await startTestApp({ logLevel: 'fatal', proconnect: proconnectConfigFor(provider), externalLookups: { ...loadConfig({ NODE_ENV: 'test' }).externalLookups, ...outside } }, { extend: (app) => app.addHook('preHandler', async (request) => onArrival?.(request)) });
  member = await signIn(t, { roles: ['lca.association'] });
  service = await signIn(t, { roles: ['rds.user'], service: { nom: 'Service de la matrice' } });
  for (const role of ROLES) byRole.set(role, await signIn(t, { roles: [role] }));
});
afterAll(async () => {
  await t.close();
  await provider.close();
  await standin.close();
});

/** An association the matrix's association users (member and the lca.association caller) belong to (head office). */
let asso: TestAssociation;
beforeAll(async () => {
  asso = await createAssociation(t);
  await linkUser(t, member.account.id, asso);
  await linkUser(t, byRole.get('lca.association')!.account.id, asso);
});
const idAsso = () => ({ id_asso: asso.id });
const REPRESENTANT = {
  civilite: 'Mme',
  nom: 'Matrice',
  prenom: 'Anne',
  courriel: 'anne@example.org',
  fonction: 'Présidente',
  telephone: '0612345678',
};
const newRepresentant = () => t.db.representantLegal.create({ data: { associationId: asso.id, ...REPRESENTANT } });
/** A fresh RIB of the head office (the same IBAN twice on a SIRET is refused). */
async function freshRib() {
  await t.db.rib.deleteMany({ where: { idSiret: asso.siege } });
  return createRib(t, asso);
}
async function freshBudget(annee: number) {
  await t.db.associationBudget.deleteMany({ where: { associationId: asso.id, annee } });
  return t.db.associationBudget.create({ data: { associationId: asso.id, annee, comptes: {} } });
}

const THIS_YEAR = new Date().getUTCFullYear();
async function freshCompte(annee: number) {
  await t.db.associationCompte.deleteMany({ where: { associationId: asso.id, annee } });
  return t.db.associationCompte.create({ data: { associationId: asso.id, annee } });
}
async function freshRh(annee: number) {
  await t.db.associationRh.deleteMany({ where: { associationId: asso.id, annee, idSiret: asso.siege } });
  return t.db.associationRh.create({ data: { associationId: asso.id, annee, idSiret: asso.siege } });
}
const newReseau = () => t.db.reseauAffiliation.create({ data: { associationId: asso.id, nom: `Réseau ${randomUUID()}` } });

const call = (route: RouteDefinition, token: string | undefined, parts: CallParts = {}) => callRoute(t, route, token, parts);

/** Sends with the token chosen for `caller`. */
const as = (caller: Caller, tokenFor: TokenFor) => tokenFor(caller);

async function freshValidationToken() {
  const account = await createAccount(t, { enabled: false });
  await t.http().post('/api/auth-server/sendValidationMail').send({ email: account.email });
  return latestValidationToken(t, account.email);
}

async function freshResetToken() {
  const account = await createAccount(t);
  await t.http().post(`/api/auth-server/forgotPassword/${encodeURIComponent(account.email)}`);
  return latestResetToken(t, account.email);
}

const NEW_PASSWORD = 'Matrice-Acces-2026!';

const MATRIX_PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n');
/** A document of the target association, uploaded by lca.admin (who may write any association's file). */
async function newDocument(): Promise<{ uuid: string }> {
  const response = await t
    .http()
    .post('/api/proxy-asso/association/documents')
    .query({ ...idAsso(), type: 'PV' })
    .set(TOKEN_HEADER, byRole.get('lca.admin')!.token)
    .attach('file', MATRIX_PDF, { filename: 'pv.pdf', contentType: 'application/pdf' });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

const CORE_MATRIX: Record<string, MatrixEntry> = {
  'POST /api/auth-server/login': {
    access: 'public',
    send: (route, tokenFor) =>
      call(route, as(member, tokenFor), { body: { email: member.account.email, password: TEST_PASSWORD } }),
  },
  'POST /api/auth-server/register': {
    access: 'public',
    send: (route, tokenFor) =>
      call(route, as(member, tokenFor), { query: { origin: 'lca', sendValidation: 'false' }, body: registerBody() }),
  },
  'POST /api/auth-server/sendValidationMail': {
    access: 'public',
    send: (route, tokenFor) => call(route, as(member, tokenFor), { body: { email: uniqueEmail(), origin: 'lca' } }),
  },
  'POST /api/auth-server/validate/:token': {
    access: 'public',
    send: async (route, tokenFor) =>
      call(route, as(member, tokenFor), { params: { token: await freshValidationToken() } }),
  },
  'POST /api/auth-server/forgotPassword/:email': {
    access: 'public',
    send: (route, tokenFor) =>
      call(route, as(member, tokenFor), { params: { email: member.account.email }, query: { origin: 'lca' } }),
  },
  'POST /api/auth-server/resetPassword/:token': {
    access: 'public',
    send: async (route, tokenFor) =>
      call(route, as(member, tokenFor), {
        params: { token: await freshResetToken() },
        body: { password: NEW_PASSWORD, confirm: NEW_PASSWORD },
      }),
  },
  'PATCH /api/auth-server/users/:id/oauth': {
    access: 'authenticated',
    send: async (route, tokenFor) => {
      const caller = await signIn(t);
      return call(route, as(caller, tokenFor), {
        params: { id: caller.account.id },
        body: { old_password: TEST_PASSWORD, new_password: NEW_PASSWORD, new_confirm: NEW_PASSWORD },
      });
    },
  },
  'PATCH /api/auth-server/users/:id': {
    access: 'authenticated',
    send: async (route, tokenFor) => {
      const caller = await signIn(t);
      return call(route, as(caller, tokenFor), { params: { id: caller.account.id }, body: { nom: 'Nouveau-Nom' } });
    },
  },
  'POST /api/auth-server/users/:id/association-role': {
    access: 'authenticated',
    send: async (route, tokenFor) => {
      const caller = await signIn(t, { roles: ['dab.user'] });
      return call(route, as(caller, tokenFor), { params: { id: caller.account.id } });
    },
  },
  'GET /api/auth-server/refreshToken/:refreshToken': {
    access: 'public',
    send: async (route, tokenFor) => {
      const caller = await signIn(t);
      return call(route, as(caller, tokenFor), { params: { refreshToken: caller.refreshToken } });
    },
  },
  'POST /api/auth-server/logout': {
    access: 'public',
    send: async (route, tokenFor) => {
      const caller = await signIn(t);
      return call(route, as(caller, tokenFor), { body: { refreshToken: caller.refreshToken } });
    },
  },
  'GET /api/auth-server/proconnect': {
    access: 'public',
    send: (route, tokenFor) => call(route, as(member, tokenFor)),
  },
  'POST /api/auth-server/proconnect/authorize': {
    access: 'public',
    send: (route, tokenFor) => call(route, as(member, tokenFor)),
  },
  // The instructing agent signs in at the local provider; the return carries the start's flow cookie.
  'POST /api/auth-server/proconnect/callback': {
    access: 'public',
    send: async (route, tokenFor) => {
      const { answer, cookie } = await proconnectAnswer(t, provider, service.account.email);
      return call(route, as(member, tokenFor), { body: answer }).set('cookie', cookie);
    },
  },
  'GET /api/auth-server/me': {
    access: 'authenticated',
    send: (route, tokenFor) => call(route, as(member, tokenFor)),
  },
  'GET /api/auth-server/crossed-services': {
    access: SERVICE_ACCOUNT_MANAGER_ROLES,
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: { query: 'service' } }),
  },
  'POST /api/mail-server/notification/sendEmail': {
    access: 'public',
    send: (route, tokenFor) =>
      call(route, as(member, tokenFor), {
        body: { to: t.config.supportEmail, subject: 'Question', body: 'Bonjour,\nune question.' },
      }),
  },
  'GET /api/mail-server/outbox': {
    access: ['lca.admin'],
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: { limit: '5' } }),
  },
  'GET /api/lca-server/notesOnPage': {
    access: 'public',
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: { route: 'home' } }),
  },
  'GET /api/lca-server/users/:id': {
    access: 'authenticated',
    send: (route, tokenFor) =>
      call(route, as(member, tokenFor), { params: { id: member.account.associationUser!.id } }),
  },
  // lca-server: the user ↔ association links (each call on a fresh user of its own).
  'PATCH /api/lca-server/users/:id': {
    access: 'authenticated',
    send: async (route, tokenFor) => {
      const caller = await signIn(t);
      return call(route, as(caller, tokenFor), {
        params: { id: caller.user.lcaId },
        body: { associations: [{ id_correspondance: asso.id, id_siret: asso.siege }] },
      });
    },
  },
  'DELETE /api/lca-server/users/:id': {
    access: 'authenticated',
    send: async (route, tokenFor) => {
      const caller = await signIn(t);
      await linkUser(t, caller.account.id, asso);
      return call(route, as(caller, tokenFor), { params: { id: caller.user.lcaId } });
    },
  },
  'PATCH /api/lca-server/users/:authId/exit': {
    access: 'authenticated',
    send: async (route, tokenFor) => {
      const caller = await signIn(t);
      await linkUser(t, caller.account.id, asso);
      return call(route, as(caller, tokenFor), { params: { authId: caller.account.id }, query: { idAsso: asso.id } });
    },
  },
  'POST /api/lca-server/users/joinAssociationNotification': {
    access: 'authenticated',
    send: async (route, tokenFor) => {
      const caller = await signIn(t);
      await linkUser(t, caller.account.id, asso);
      return call(route, as(caller, tokenFor), {
        body: { id_correspondance: asso.id, id_rna: asso.rna, id_siren: asso.siren, email: caller.account.email },
      });
    },
  },
  'POST /api/lca-server/rattachements/signalement/:token': {
    access: 'public',
    send: async (route, tokenFor) => {
      // A fresh join: its mail to the representative carries a fresh single-use link.
      const joiner = await signIn(t);
      await t.http().patch(`/api/lca-server/users/${joiner.user.lcaId}`).set(TOKEN_HEADER, joiner.token)
        .send({ associations: [{ id_correspondance: asso.id, id_siret: asso.siege }] });
      const mail = await lastMailTo(t, `president-${asso.siren}@asso.example.org`);
      return call(route, as(member, tokenFor), { params: { token: reportTokenIn(mail.text) } });
    },
  },
  'GET /api/lca-server/notifications': {
    access: 'authenticated',
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: { unread: 'true' } }),
  },
  'GET /api/lca-server/notifications/unread-count': {
    access: 'authenticated',
    send: (route, tokenFor) => call(route, as(member, tokenFor)),
  },
  'PATCH /api/lca-server/notifications/:id/read': {
    access: 'authenticated',
    send: async (route, tokenFor) => {
      const caller = await signIn(t);
      // A member of the association: one who left it no longer reads its notifications.
      await linkUser(t, caller.account.id, asso);
      const notification = await t.db.notification.create({ data: { associationId: asso.id, userId: caller.account.id, type: 6 } });
      return call(route, as(caller, tokenFor), { params: { id: notification.id } });
    },
  },
  // proxy-asso: the association file (per-association rules: association-access.test.ts).
  'GET /api/proxy-asso/association/journal': {
    access: ['lca.association', 'lca.admin', 'rds.admin'],
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: idAsso() }),
  },
  'GET /api/proxy-asso/association/identite': {
    access: ['lca.association', 'lca.admin', 'rds.admin'],
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: idAsso() }),
  },
  'PATCH /api/proxy-asso/association/identite': {
    access: ['lca.association', 'lca.admin'],
    send: (route, tokenFor) =>
      call(route, as(member, tokenFor), {
        query: idAsso(),
        body: [{ key: 'commentaire', value: `Matrice ${randomUUID()}` }],
      }),
  },
  'GET /api/proxy-asso/association/etablissements': {
    access: ['lca.association', 'lca.admin', 'rds.admin'],
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: { id_asso: asso.siren } }),
  },
  'PATCH /api/proxy-asso/association/etablissements': {
    access: ['lca.association', 'lca.admin'],
    send: (route, tokenFor) =>
      call(route, as(member, tokenFor), {
        query: { ...idAsso(), id_siret: asso.siege },
        body: [{ key: 'note', value: 'Matrice' }],
      }),
  },
  'GET /api/proxy-asso/association/ribs': {
    access: ['lca.association', 'lca.admin', 'rds.admin'],
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: idAsso() }),
  },
  'POST /api/proxy-asso/association/ribs': {
    access: ['lca.association', 'lca.admin'],
    send: async (route, tokenFor) => {
      await t.db.rib.deleteMany({ where: { idSiret: asso.siege } });
      return call(route, as(member, tokenFor), {
        query: { ...idAsso(), id_siret: asso.siege },
        body: { titulaire: 'Matrice', iban: VALID_IBAN, bic: VALID_BIC },
      });
    },
  },
  'PATCH /api/proxy-asso/association/ribs': {
    access: ['lca.association', 'lca.admin'],
    send: async (route, tokenFor) => {
      const rib = await freshRib();
      return call(route, as(member, tokenFor), {
        query: { ...idAsso(), id: rib.id },
        body: [{ key: 'banque', value: 'Banque' }],
      });
    },
  },
  'DELETE /api/proxy-asso/association/ribs': {
    access: ['lca.association', 'lca.admin'],
    send: async (route, tokenFor) => {
      const rib = await freshRib();
      return call(route, as(member, tokenFor), { query: { ...idAsso(), id: rib.id } });
    },
  },
  'GET /api/proxy-asso/association/representants_legaux': {
    access: ['lca.association', 'lca.admin', 'rds.admin'],
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: idAsso() }),
  },
  'POST /api/proxy-asso/association/representants_legaux': {
    access: ['lca.association', 'lca.admin'],
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: idAsso(), body: REPRESENTANT }),
  },
  'PATCH /api/proxy-asso/association/representants_legaux': {
    access: ['lca.association', 'lca.admin'],
    send: async (route, tokenFor) => {
      const rep = await newRepresentant();
      return call(route, as(member, tokenFor), {
        query: { ...idAsso(), id: rep.id },
        body: [{ key: 'fonction', value: 'Trésorière' }],
      });
    },
  },
  'DELETE /api/proxy-asso/association/representants_legaux': {
    access: ['lca.association', 'lca.admin'],
    send: async (route, tokenFor) => {
      const rep = await newRepresentant();
      return call(route, as(member, tokenFor), { query: { ...idAsso(), id: rep.id } });
    },
  },
  'PATCH /api/proxy-asso/association/representantFonctionSiret': {
    access: ['lca.association', 'lca.admin'],
    send: async (route, tokenFor) => {
      const rep = await newRepresentant();
      return call(route, as(member, tokenFor), {
        query: { ...idAsso(), id: rep.id },
        body: [{ key: 'valideur_cec', value: true }],
      });
    },
  },
  'GET /api/proxy-asso/association': {
    access: ['lca.association', 'lca.admin', 'rds.admin'],
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: { q: asso.siren } }),
  },
  'GET /api/proxy-asso/association/comptes': {
    access: ['lca.association', 'lca.admin', 'rds.admin'],
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: idAsso() }),
  },
  'POST /api/proxy-asso/association/comptes': {
    access: ['lca.association', 'lca.admin'],
    send: async (route, tokenFor) => {
      await t.db.associationCompte.deleteMany({ where: { associationId: asso.id, annee: THIS_YEAR } });
      return call(route, as(member, tokenFor), { query: { ...idAsso(), annee: String(THIS_YEAR) }, body: { charges: 100, produits: 150 } });
    },
  },
  'PATCH /api/proxy-asso/association/comptes': {
    access: ['lca.association', 'lca.admin'],
    send: async (route, tokenFor) => {
      const compte = await freshCompte(THIS_YEAR - 1);
      return call(route, as(member, tokenFor), { query: { ...idAsso(), id: compte.id }, body: [{ key: 'dons', value: 5 }] });
    },
  },
  'DELETE /api/proxy-asso/association/comptes': {
    access: ['lca.association', 'lca.admin'],
    send: async (route, tokenFor) => {
      const compte = await freshCompte(THIS_YEAR - 2);
      return call(route, as(member, tokenFor), { query: { ...idAsso(), id: compte.id } });
    },
  },
  'POST /api/proxy-asso/association/rhs': {
    access: ['lca.association', 'lca.admin'],
    send: async (route, tokenFor) => {
      await t.db.associationRh.deleteMany({ where: { associationId: asso.id, annee: THIS_YEAR, idSiret: asso.siege } });
      return call(route, as(member, tokenFor), {
        query: { ...idAsso(), id_siret: asso.siege, annee: String(THIS_YEAR) },
        body: { nb_adherents: 10, nb_salaries_etpt: 1.25 },
      });
    },
  },
  'PATCH /api/proxy-asso/association/rhs': {
    access: ['lca.association', 'lca.admin'],
    send: async (route, tokenFor) => {
      const rh = await freshRh(THIS_YEAR - 1);
      return call(route, as(member, tokenFor), { query: { ...idAsso(), id: rh.id }, body: [{ key: 'nb_benevoles', value: 3 }] });
    },
  },
  'DELETE /api/proxy-asso/association/rhs': {
    access: ['lca.association', 'lca.admin'],
    send: async (route, tokenFor) => {
      const rh = await freshRh(THIS_YEAR - 2);
      return call(route, as(member, tokenFor), { query: { ...idAsso(), id: rh.id } });
    },
  },
  'POST /api/proxy-asso/association/agrements': {
    access: ['lca.association', 'lca.admin'],
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: idAsso(), body: { type: 'JEP', date_attribution: '2020-01-01' } }),
  },
  'PATCH /api/proxy-asso/association/agrements': {
    access: ['lca.association', 'lca.admin'],
    send: async (route, tokenFor) => {
      const agrement = await t.db.associationAgrement.create({ data: { associationId: asso.id, type: 'Sport' } });
      return call(route, as(member, tokenFor), { query: { ...idAsso(), id: agrement.id }, body: [{ key: 'numero', value: '75-1' }] });
    },
  },
  'DELETE /api/proxy-asso/association/agrements': {
    access: ['lca.association', 'lca.admin'],
    send: async (route, tokenFor) => {
      const agrement = await t.db.associationAgrement.create({ data: { associationId: asso.id, type: 'Sport' } });
      return call(route, as(member, tokenFor), { query: { ...idAsso(), id: agrement.id } });
    },
  },
  'POST /api/proxy-asso/association/reseaux_affiliation': {
    access: ['lca.association', 'lca.admin'],
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: idAsso(), body: { nom: `Réseau ${randomUUID()}` } }),
  },
  'PATCH /api/proxy-asso/association/reseaux_affiliation': {
    access: ['lca.association', 'lca.admin'],
    send: async (route, tokenFor) => {
      const reseau = await newReseau();
      return call(route, as(member, tokenFor), { query: { ...idAsso(), id: reseau.id }, body: [{ key: 'nb_licencies', value: 12 }] });
    },
  },
  'DELETE /api/proxy-asso/association/reseaux_affiliation': {
    access: ['lca.association', 'lca.admin'],
    send: async (route, tokenFor) => {
      const reseau = await newReseau();
      return call(route, as(member, tokenFor), { query: { ...idAsso(), id: reseau.id } });
    },
  },
  'POST /api/proxy-asso/association/reseauxAffiliation': {
    access: ['lca.association', 'lca.admin'],
    send: async (route, tokenFor) => {
      const parent = await createAssociation(t, { nom: `Fédération ${randomUUID()}` });
      return call(route, as(member, tokenFor), { query: { id_asso_membre: asso.id, id_asso_parent: parent.siren } });
    },
  },
  'GET /api/proxy-asso/association/rhs': {
    access: ['lca.association', 'lca.admin', 'rds.admin'],
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: idAsso() }),
  },
  'GET /api/proxy-asso/association/agrements': {
    access: ['lca.association', 'lca.admin', 'rds.admin'],
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: idAsso() }),
  },
  'GET /api/proxy-asso/association/reseaux_affiliation': {
    access: ['lca.association', 'lca.admin', 'rds.admin'],
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: idAsso() }),
  },
  'GET /api/proxy-asso/association/budgets': {
    access: ['lca.association', 'lca.admin', 'rds.admin'],
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: idAsso() }),
  },
  'POST /api/proxy-asso/association/budgets': {
    access: ['lca.association', 'lca.admin'],
    send: async (route, tokenFor) => {
      await t.db.associationBudget.deleteMany({ where: { associationId: asso.id, annee: 2027 } });
      return call(route, as(member, tokenFor), {
        query: { ...idAsso(), annee: '2027' },
        body: { comptes: { '60': 100 } },
      });
    },
  },
  'PATCH /api/proxy-asso/association/budgets': {
    access: ['lca.association', 'lca.admin'],
    send: async (route, tokenFor) => {
      const budget = await freshBudget(2028);
      return call(route, as(member, tokenFor), {
        query: { ...idAsso(), id: budget.id },
        body: [{ key: '70', value: 50 }],
      });
    },
  },
  'DELETE /api/proxy-asso/association/budgets': {
    access: ['lca.association', 'lca.admin'],
    send: async (route, tokenFor) => {
      const budget = await freshBudget(2029);
      return call(route, as(member, tokenFor), { query: { ...idAsso(), id: budget.id } });
    },
  },
  // proxy-asso: documents (per-association rules: association-documents.test.ts).
  'GET /api/proxy-asso/association/documents': {
    access: ['lca.association', 'lca.admin', 'rds.admin'],
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: idAsso() }),
  },
  'POST /api/proxy-asso/association/documents': {
    access: ['lca.association', 'lca.admin'],
    send: (route, tokenFor) => {
      const token = as(member, tokenFor);
      let request = t
        .http()
        .post(routeUrl(route))
        .query({ ...idAsso(), type: 'STC' });
      if (token !== undefined) request = request.set(TOKEN_HEADER, token);
      return request.attach('file', MATRIX_PDF, { filename: 'statuts.pdf', contentType: 'application/pdf' });
    },
  },
  'GET /api/proxy-asso/association/documents/download': {
    access: ['lca.association', 'lca.admin', 'rds.admin'],
    send: async (route, tokenFor) => {
      const document = await newDocument();
      return call(route, as(member, tokenFor), { query: { ...idAsso(), id: document.uuid } });
    },
  },
  'POST /api/proxy-asso/association/documents/ticket': {
    access: ['lca.association', 'lca.admin', 'rds.admin'],
    send: async (route, tokenFor) => {
      const document = await newDocument();
      return call(route, as(member, tokenFor), { query: { ...idAsso(), id: document.uuid } });
    },
  },
  'GET /api/proxy-asso/association/documents/download/:ticket': {
    access: 'public',
    send: async (route, tokenFor) => {
      // A ticket of the member's, used by whoever holds the link (a browser without token).
      const document = await newDocument();
      const issued = await t
        .http()
        .post('/api/proxy-asso/association/documents/ticket')
        .query({ ...idAsso(), id: document.uuid })
        .set(TOKEN_HEADER, member.token);
      if (issued.status !== 201) throw new Error(`ticket refused: ${issued.status} ${JSON.stringify(issued.body)}`);
      return call(route, as(member, tokenFor), { params: { ticket: String(issued.body.url).split('/').pop()! } });
    },
  },
  'DELETE /api/proxy-asso/association/documents': {
    access: ['lca.association', 'lca.admin'],
    send: async (route, tokenFor) => {
      const document = await newDocument();
      return call(route, as(member, tokenFor), { query: { ...idAsso(), id: document.uuid } });
    },
  },
  'GET /api/proxy-asso/association-light': {
    access: 'authenticated',
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: { q: asso.siren } }),
  },
  'GET /api/proxy-asso/association/search': {
    access: 'authenticated',
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: { q: 'association sportive' } }),
  },
  'GET /api/rds-server/users/:id': {
    access: 'authenticated',
    send: (route, tokenFor) => call(route, as(service, tokenFor), { params: { id: service.account.id } }),
  },
  'GET /api/api-declaration-server/referentiels': {
    access: 'public',
    send: (route, tokenFor) =>
      call(route, as(member, tokenFor), { query: { type: 'pays,regions', filterOptions: 'fr' } }),
  },
  'GET /api/api-declaration-server/referentiel': {
    access: 'public',
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: { type: 'departements' } }),
  },
  'PATCH /api/api-declaration-server/referentiels/:id': {
    access: ['lca.admin', 'rds.admin', 'rds.appli_admin', 'osiris.appli_admin'],
    send: async (route, tokenFor) => {
      const { id } = await t.db.referentiel.findUniqueOrThrow({ where: { type: 'domaines' } });
      // A new label each time: an unchanged one answers 400 (no change detected).
      return call(route, as(member, tokenFor), { params: { id }, body: { label: `Domaines ${randomUUID()}` } });
    },
  },
  // The referentials' history: their administrators, not the other administrators of the content's chain.
  'GET /api/api-declaration-server/referentiels/historique': {
    access: ['lca.admin', 'rds.admin', 'rds.appli_admin', 'osiris.appli_admin'],
    scope: 'none',
    send: (route, tokenFor) => call(route, as(member, tokenFor), { query: { limit: '5' } }),
  },
};

const matrixContext: MatrixContext = {
  get t() {
    return t;
  },
  get member() {
    return member;
  },
  get service() {
    return service;
  },
  byRole,
  get asso() {
    return asso;
  },
  call,
};
/** Every entry: this file's, then each module's (a route stated twice is an error). */
const MATRIX: Record<string, MatrixEntry> = { ...CORE_MATRIX };
for (const entries of MODULE_ENTRIES) {
  for (const [key, entry] of Object.entries(entries(matrixContext))) {
    if (MATRIX[key]) throw new Error(`${key} is stated twice in the access matrix`);
    MATRIX[key] = entry;
  }
}

const keyOf = (route: RouteDefinition) => `${route.method} ${API_BASE}/${route.gateway}${route.path}`;
const successOf = (route: RouteDefinition) => route.successStatus ?? 200;
const entryOf = (route: RouteDefinition) => {
  const entry = MATRIX[keyOf(route)];
  if (!entry) throw new Error(`No access-matrix entry for ${keyOf(route)}: add one to access-matrix.test.ts`);
  return entry;
};

/** An access token that expired 10 seconds ago, for the caller. */
const expiredToken: TokenFor = (caller) =>
  t.app.jwt.sign({ sub: caller.account.id, email: caller.account.email, roles: caller.user.roles }, { expiresIn: -10 });

/** A well-formed HS256 token with the caller's claims, signed with another secret. */
const forgedToken: TokenFor = (caller) => {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: caller.account.id, email: caller.account.email, roles: [...ROLES], iat: now, exp: now + 600 })}`;
  return `${unsigned}.${createHmac('sha256', 'not-the-secret').update(unsigned).digest('base64url')}`;
};

/**
 * Accounts in a given state (unvalidated, must change password), one per set of roles, signed in
 * before the tests: `twinToken(state)` sends, for a caller, the token of the account in that state
 * holding the caller's roles, so that the state alone can explain a refusal.
 */
type AccountState = 'unvalidated' | 'mustChangePassword';
const twins = new Map<string, string>();
const rolesKey = (state: AccountState, roles: readonly string[]) => `${state}:${[...roles].sort().join(',')}`;
beforeAll(async () => {
  const roleSets = [
    ...new Set([
      ...[member, service, ...byRole.values()].map((caller) => JSON.stringify(caller.user.roles)),
      // The caller of POST users/:id/association-role: an account of another ministry site.
      JSON.stringify(['dab.user']),
    ]),
  ];
  for (const state of ['unvalidated', 'mustChangePassword'] as const) {
    for (const roles of roleSets.map((json) => JSON.parse(json) as string[])) {
      const twin = await signIn(t, { roles, ...(state === 'unvalidated' ? { enabled: false } : { mustChangePassword: true }) });
      twins.set(rolesKey(state, roles), twin.token);
    }
  }
});
const twinToken =
  (state: AccountState): TokenFor =>
  (caller) => {
    const token = twins.get(rolesKey(state, caller.user.roles));
    if (!token) throw new Error(`no ${state} account with roles ${caller.user.roles.join(',')}`);
    return token;
  };

const UNAUTHENTICATED = { message: MESSAGES.unauthenticated, status: 401, code: 'UNAUTHENTICATED' };
const INVALID_TOKEN = { message: MESSAGES.unauthenticated, status: 401, code: 'INVALID_TOKEN' };
const EXPIRED_TOKEN = { message: MESSAGES.tokenExpired, status: 401, code: 'TOKEN_EXPIRED' };
const FORBIDDEN = { message: MESSAGES.forbidden, status: 403, code: 'FORBIDDEN' };

describe('the access matrix covers the contract', () => {
  it('has exactly one entry per route of the contract', () => {
    const routeKeys = allRoutes().map(keyOf).sort();
    expect(new Set(routeKeys).size).toBe(routeKeys.length);
    expect(Object.keys(MATRIX).sort()).toEqual(routeKeys);
  });

  it.each(allRoutes().map((route) => [keyOf(route), route] as const))(
    '%s declares the access stated here',
    (_key, route) => {
      const declared = Array.isArray(route.access) ? [...route.access].sort() : route.access;
      const expected = entryOf(route).access;
      expect(declared).toEqual(Array.isArray(expected) ? [...expected].sort() : expected);
    },
  );
});

const routesOf = (kind: 'public' | 'authenticated' | 'roles') =>
  allRoutes()
    .filter((route) => (kind === 'roles' ? Array.isArray(route.access) : route.access === kind))
    .map((route) => [keyOf(route), route] as const);

describe.each(routesOf('public'))('public route %s', (_key, route) => {
  it('succeeds without a token', async () => {
    const response = await entryOf(route).send(route, () => undefined);
    expect(response.status, JSON.stringify(response.body)).toBe(successOf(route));
  });

  it('ignores an invalid or expired token', async () => {
    for (const tokenFor of [() => 'garbage.not.ajwt', expiredToken, forgedToken]) {
      const response = await entryOf(route).send(route, tokenFor);
      expect(response.status, JSON.stringify(response.body)).toBe(successOf(route));
    }
  });

  it('stays open to an unvalidated account and to one that must change its password', async () => {
    for (const tokenFor of [twinToken('unvalidated'), twinToken('mustChangePassword')]) {
      const response = await entryOf(route).send(route, tokenFor);
      expect(response.status, JSON.stringify(response.body)).toBe(successOf(route));
    }
  });
});

describe.each(routesOf('authenticated'))('authenticated route %s', (_key, route) => {
  it('answers 401 without a token', async () => {
    const response = await entryOf(route).send(route, () => undefined);
    expect(response.status).toBe(401);
    expect(response.body).toEqual(UNAUTHENTICATED);
  });

  it('answers 401 to a garbage token and to a token signed with another secret', async () => {
    for (const tokenFor of [() => 'garbage', () => 'a.b.c', forgedToken]) {
      const response = await entryOf(route).send(route, tokenFor);
      expect(response.status).toBe(401);
      expect(response.body).toEqual(INVALID_TOKEN);
    }
  });

  it("answers 401 'Le token est expiré' to an expired token", async () => {
    const response = await entryOf(route).send(route, expiredToken);
    expect(response.status).toBe(401);
    expect(response.body).toEqual(EXPIRED_TOKEN);
  });

  it('succeeds for the signed-in owner of the resource', async () => {
    const response = await entryOf(route).send(route, (caller) => caller.token);
    expect(response.status, JSON.stringify(response.body)).toBe(successOf(route));
  });
});

describe.each(routesOf('roles'))('role-restricted route %s', (_key, route) => {
  const allowed = route.access as readonly Role[];

  it('answers 401 without a token, with a garbage token and with an expired one', async () => {
    expect((await entryOf(route).send(route, () => undefined)).body).toEqual(UNAUTHENTICATED);
    expect((await entryOf(route).send(route, () => 'garbage')).body).toEqual(INVALID_TOKEN);
    expect((await entryOf(route).send(route, expiredToken)).body).toEqual(EXPIRED_TOKEN);
  });

  it.each(ROLES.map((role) => [role, allowed.includes(role)] as const))(
    'role %s allowed: %s',
    async (role, isAllowed) => {
      const caller = byRole.get(role)!;
      const response = await entryOf(route).send(route, () => caller.token);
      if (isAllowed) {
        expect(response.status, JSON.stringify(response.body)).toBe(successOf(route));
      } else {
        expect(response.status).toBe(403);
        expect(response.body).toEqual(FORBIDDEN);
      }
    },
  );

  it('answers 403 to a role of another site and to a token without roles', async () => {
    const foreign = (await signIn(t, { roles: ['dab.association'] })).token;
    const none = (await signIn(t, { roles: [] })).token;
    for (const token of [foreign, none]) {
      const response = await entryOf(route).send(route, () => token);
      expect(response.status).toBe(403);
      expect(response.body).toEqual(FORBIDDEN);
    }
  });
});

const NOT_VALIDATED = { message: MESSAGES.emailNotValidated, status: 403, code: 'EMAIL_NOT_VALIDATED' };
const MUST_CHANGE_PASSWORD = { message: MESSAGES.passwordChangeRequired, status: 403, code: 'PASSWORD_CHANGE_REQUIRED' };

describe.each(allRoutes().filter((route) => route.access !== 'public').map((route) => [keyOf(route), route] as const))(
  'entry checks on %s',
  (_key, route) => {
    it(route.allowUnvalidated ? 'lets an unvalidated account through (exempt)' : 'answers 403 to an unvalidated account', async () => {
      const response = await entryOf(route).send(route, twinToken('unvalidated'));
      if (route.allowUnvalidated) {
        expect(response.body.code, JSON.stringify(response.body)).not.toBe(NOT_VALIDATED.code);
      } else {
        expect(response.status).toBe(403);
        expect(response.body).toEqual(NOT_VALIDATED);
      }
    });

    it(
      route.allowPasswordChange
        ? 'lets an account that must change its password through (exempt)'
        : 'answers 403 to an account that must change its password',
      async () => {
        const response = await entryOf(route).send(route, twinToken('mustChangePassword'));
        if (route.allowPasswordChange) {
          expect(response.body.code, JSON.stringify(response.body)).not.toBe(MUST_CHANGE_PASSWORD.code);
        } else {
          expect(response.status).toBe(403);
          expect(response.body).toEqual(MUST_CHANGE_PASSWORD);
        }
      },
    );
  },
);

describe('the exemptions from the entry checks are exactly the ones of docs/domain.md « Parcours »', () => {
  it('unvalidated: only me; must change password: me and the password change', () => {
    const exempt = (flag: 'allowUnvalidated' | 'allowPasswordChange') =>
      allRoutes()
        .filter((route) => route.access !== 'public' && route[flag])
        .map(keyOf)
        .sort();
    expect(exempt('allowUnvalidated')).toEqual(['GET /api/auth-server/me']);
    expect(exempt('allowPasswordChange')).toEqual(['GET /api/auth-server/me', 'PATCH /api/auth-server/users/:id/oauth']);
  });
});

describe('GET /api/auth-server/me for every role', () => {
  it.each(ROLES)('%s gets its own session', async (role) => {
    const caller = byRole.get(role)!;
    const response = await t.http().get('/api/auth-server/me').set(TOKEN_HEADER, caller.token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ _id: caller.account.id, role, roles: [role] });
  });
});

describe('GET /api/lca-server/users/:id (association-user record)', () => {
  const getUser = (token: string, id: string) => t.http().get(`/api/lca-server/users/${id}`).set(TOKEN_HEADER, token);

  it('gives users their own record (by lcaId)', async () => {
    const response = await getUser(member.token, member.user.lcaId);
    // The CEC routes' entries make the matrix member a validator of its association.
    const validator = (await t.db.representantLegal.count({ where: { associationId: asso.id, courriel: member.account.email, valideurCec: true, deleted: false } })) > 0;
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      _id: member.account.associationUser!.id,
      authId: member.account.id,
      email: member.account.email,
      civilite: member.account.civilite,
      nom: member.account.nom,
      prenom: member.account.prenom,
      // member belongs to the matrix association (head office).
      associations: [
        {
          id_correspondance: asso.id,
          id_siret: asso.siege,
          id_rna: asso.rna,
          id_siren: asso.siren,
          type: 'Siège',
          fonction: 'Trésorier',
          nom: asso.association.nom,
          siegeSiret: asso.siege,
          isValideurCEC: validator,
        },
      ],
    });
  });

  it.each(ROLES.map((role) => [role, isAdminRole(role)] as const))(
    "answers another user's record to role %s only if admin (%s)",
    async (role, admin) => {
      const response = await getUser(byRole.get(role)!.token, member.user.lcaId);
      if (admin) {
        expect(response.status).toBe(200);
        expect(response.body.authId).toBe(member.account.id);
      } else {
        expect(response.status).toBe(403);
        expect(response.body).toEqual(FORBIDDEN);
      }
    },
  );

  it("answers 404 'Cet utilisateur n'existe pas' for an unknown id", async () => {
    for (const caller of [member, byRole.get('lca.admin')!]) {
      const response = await getUser(caller.token, randomUUID());
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: "Cet utilisateur n'existe pas", status: 404, code: 'USER_NOT_FOUND' });
    }
  });

  it('answers 400 for an id that is not a UUID', async () => {
    const response = await getUser(member.token, 'pas-un-id');
    expect(response.status).toBe(400);
  });
});

describe('GET /api/rds-server/users/:id (service record of a service user)', () => {
  const getService = (token: string, authId: string) =>
    t.http().get(`/api/rds-server/users/${authId}`).set(TOKEN_HEADER, token);
  const managesServices = (role: Role) => isAdminRole(role) || SERVICE_ACCOUNT_MANAGER_ROLES.includes(role);

  it('gives a service user its own service record', async () => {
    const response = await getService(service.token, service.account.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      _id: service.account.serviceAccount!.id,
      nom: 'Service de la matrice',
      email: null,
      type: null,
      locked: false,
    });
  });

  it('refuses its own record to a service user whose service is locked (403 userLocked)', async () => {
    const caller = await signIn(t, { roles: ['rds.service'] });
    await t.db.serviceAccount.update({ where: { authId: caller.account.id }, data: { locked: true } });
    const response = await getService(caller.token, caller.account.id);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: MESSAGES.userLocked, status: 403, code: 'USER_LOCKED' });

    // A manager still sees the locked record.
    const managed = await getService(byRole.get('rds.admin')!.token, caller.account.id);
    expect(managed.status).toBe(200);
    expect(managed.body.locked).toBe(true);
  });

  it.each(ROLES.map((role) => [role, managesServices(role)] as const))(
    "answers another user's service record to role %s only if it manages services (%s)",
    async (role, manager) => {
      const response = await getService(byRole.get(role)!.token, service.account.id);
      if (manager) {
        expect(response.status).toBe(200);
        expect(response.body._id).toBe(service.account.serviceAccount!.id);
      } else {
        expect(response.status).toBe(403);
        expect(response.body).toEqual(FORBIDDEN);
      }
    },
  );

  it("answers 404 'Cet utilisateur n'existe pas' for an unknown user or a user without service", async () => {
    const manager = byRole.get('lca.admin')!;
    for (const [token, id] of [
      [manager.token, randomUUID()],
      [manager.token, member.account.id],
      [member.token, member.account.id],
    ] as const) {
      const response = await getService(token, id);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: "Cet utilisateur n'existe pas", status: 404, code: 'USER_NOT_FOUND' });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The resource scope each route declares (contract scope.ts), stated here independently, then
// every scoped route called on a resource of the caller's own and on a foreign one.

const ACCOUNT_ROUTES: Record<string, { idKind: 'auth' | 'association-user'; others: readonly Role[] }> = {
  'PATCH /api/auth-server/users/:id/oauth': { idKind: 'auth', others: [] },
  'PATCH /api/auth-server/users/:id': { idKind: 'auth', others: [] },
  'POST /api/auth-server/users/:id/association-role': { idKind: 'auth', others: [] },
  'GET /api/lca-server/users/:id': { idKind: 'association-user', others: ['lca.admin', 'rds.admin'] },
  'PATCH /api/lca-server/users/:id': { idKind: 'association-user', others: ['lca.admin'] },
  'DELETE /api/lca-server/users/:id': { idKind: 'association-user', others: ['lca.admin'] },
  'PATCH /api/lca-server/users/:authId/exit': { idKind: 'auth', others: ['lca.admin'] },
  'GET /api/rds-server/users/:id': { idKind: 'auth', others: ['lca.admin', 'rds.admin', 'rds.appli_admin', 'osiris.appli_admin'] },
};
const CALLER_ROUTES = [
  'GET /api/auth-server/me',
  'POST /api/lca-server/users/joinAssociationNotification',
  'GET /api/lca-server/notifications',
  'GET /api/lca-server/notifications/unread-count',
  'PATCH /api/lca-server/notifications/:id/read',
];
const NO_RESOURCE_ROUTES = [
  'GET /api/auth-server/crossed-services',
  'GET /api/mail-server/outbox',
  'GET /api/proxy-asso/association/search',
  'GET /api/proxy-asso/association-light',
  'PATCH /api/api-declaration-server/referentiels/:id',
];
const ESTABLISHMENT_ROUTES = ['PATCH /api/proxy-asso/association/etablissements'];
/** Association-wide writes: the head office only (a secondary establishment's member gets 403). */
const WRITE_ALL_ROUTES = [
  'PATCH /api/proxy-asso/association/identite',
  ...['comptes', 'agrements', 'reseaux_affiliation', 'budgets'].flatMap((list) =>
    ['POST', 'PATCH', 'DELETE'].map((method) => `${method} /api/proxy-asso/association/${list}`),
  ),
  'POST /api/proxy-asso/association/reseauxAffiliation',
  // A SIRET request is the whole association's (its head office members').
  'POST /api/lca-server/demande/numero-siret',
  'POST /api/proxy-asso/associations/demandeSiret',
  // Food aid: sites and addresses are the association's (its HAA approval), written by the head office.
  ...['sites', 'adresse'].flatMap((list) => ['POST', 'PATCH', 'DELETE'].map((method) => `${method} /api/proxy-asso/association/haa/${list}`)),
  'POST /api/proxy-asso/association/haa/sites_adresses',
];

/** The kind of resource of a route: every other non-public route acts on one association's file. */
function expectedScope(route: RouteDefinition): string {
  const key = keyOf(route);
  const stated = entryOf(route).scope;
  if (stated) return stated;
  if (ACCOUNT_ROUTES[key]) return `account:${ACCOUNT_ROUTES[key].idKind}:${[...ACCOUNT_ROUTES[key].others].sort().join(',')}`;
  if (CALLER_ROUTES.includes(key)) return 'caller';
  if (NO_RESOURCE_ROUTES.includes(key)) return 'none';
  const mode = route.method === 'GET' || key.endsWith('/documents/ticket') ? 'read' : WRITE_ALL_ROUTES.includes(key) ? 'write-all' : 'write';
  return `${ESTABLISHMENT_ROUTES.includes(key) ? 'establishment' : 'association'}:${mode}`;
}
function declaredScope(route: RouteDefinition): string | undefined {
  const declared = route.scope;
  if (!declared) return undefined;
  if (declared.resource === 'account') return `account:${declared.idKind}:${[...declared.others].sort().join(',')}`;
  if ('mode' in declared) return `${declared.resource}:${declared.mode}`;
  return declared.resource;
}
const scopedRoutes = (...kinds: string[]) =>
  allRoutes()
    .filter((route) => route.scope && kinds.includes(route.scope.resource))
    .map((route) => [keyOf(route), route] as const);

describe('every non-public route declares the resource stated here', () => {
  it.each(allRoutes().filter((route) => route.access !== 'public').map((route) => [keyOf(route), route] as const))('%s', (_key, route) => {
    expect(declaredScope(route)).toBe(expectedScope(route));
  });
});

describe('association-scoped routes on a foreign association', () => {
  /** An association none of the matrix's callers is linked to. */
  let foreign: TestAssociation;
  beforeAll(async () => {
    foreign = await createAssociation(t);
  });
  /** Runs one call of the entry with the foreign association as its target. */
  async function onForeign<T>(work: () => Promise<T>): Promise<T> {
    const own = asso;
    asso = foreign;
    try {
      return await work();
    } finally {
      asso = own;
    }
  }

  describe.each(scopedRoutes('association', 'establishment'))('%s', (_key, route) => {
    const readOnly = declaredScope(route)?.endsWith(':read');
    it("answers 404 'not found' to an association member who is not one of its members", async () => {
      const response = await onForeign(() => entryOf(route).send(route, () => byRole.get('lca.association')!.token));
      expect(response.status, JSON.stringify(response.body)).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    });

    it('works for lca.admin on any association', async () => {
      const response = await onForeign(() => entryOf(route).send(route, () => byRole.get('lca.admin')!.token));
      expect(response.status, JSON.stringify(response.body)).toBe(successOf(route));
    });

    it(readOnly ? 'is read by rds.admin (supervision)' : 'is refused to rds.admin by role', async () => {
      const response = await onForeign(() => entryOf(route).send(route, () => byRole.get('rds.admin')!.token));
      expect(response.status, JSON.stringify(response.body)).toBe(readOnly ? successOf(route) : 403);
    });
  });
});

describe('association-wide writes by a member of a secondary establishment', () => {
  let secondaryMember: Caller;
  beforeAll(async () => {
    secondaryMember = await signIn(t, { roles: ['lca.association'] });
    // The matrix association's first secondary establishment (created with it).
    await linkUser(t, secondaryMember.account.id, asso, asso.secondaires[0]);
  });

  it.each(allRoutes().filter((route) => WRITE_ALL_ROUTES.includes(keyOf(route))).map((route) => [keyOf(route), route] as const))(
    '%s answers 403: the head office only',
    async (_key, route) => {
      const response = await entryOf(route).send(route, () => secondaryMember.token);
      expect(response.status, JSON.stringify(response.body)).toBe(403);
      expect(response.body).toEqual(FORBIDDEN);
    },
  );
});

describe.each(
  allRoutes()
    .filter((route) => MATRIX[keyOf(route)]?.foreign)
    .map((route) => [keyOf(route), route] as const),
)('%s on a foreign resource', (_key, route) => {
  const foreign = MATRIX[keyOf(route)]!.foreign!;
  const allowed = (route.access === 'authenticated' ? ROLES : (route.access as readonly Role[])).filter((role) => ROLES.includes(role));
  it.each(allowed.map((role) => [role, foreign.reachedBy.includes(role)] as const))('role %s reaches it: %s', async (role, reaches) => {
    const response = await foreign.send(route, byRole.get(role)!.token);
    if (reaches) expect(response.status, JSON.stringify(response.body)).toBe(successOf(route));
    else expect([403, 404], JSON.stringify(response.body)).toContain(response.status);
  });
});

describe("account-scoped routes on another person's account", () => {
  /** A fresh association user with a service account and a link to the matrix association, for each call. */
  async function otherAccount() {
    const other = await signIn(t, { roles: ['lca.association', 'rds.service'], service: { nom: `Service ${randomUUID()}` } });
    await linkUser(t, other.account.id, asso);
    return other;
  }
  const SEND_ON: Record<string, (route: RouteDefinition, token: string, target: Caller) => Promise<Response>> = {
    'PATCH /api/auth-server/users/:id/oauth': (route, token, target) =>
      call(route, token, {
        params: { id: target.account.id },
        body: { old_password: TEST_PASSWORD, new_password: NEW_PASSWORD, new_confirm: NEW_PASSWORD },
      }),
    'PATCH /api/auth-server/users/:id': (route, token, target) => call(route, token, { params: { id: target.account.id }, body: { nom: 'Autre-Nom' } }),
    'POST /api/auth-server/users/:id/association-role': (route, token, target) => call(route, token, { params: { id: target.account.id } }),
    'GET /api/lca-server/users/:id': (route, token, target) => call(route, token, { params: { id: target.user.lcaId } }),
    'PATCH /api/lca-server/users/:id': (route, token, target) =>
      call(route, token, { params: { id: target.user.lcaId }, body: { associations: [{ id_correspondance: asso.id, id_siret: asso.siege }] } }),
    'DELETE /api/lca-server/users/:id': (route, token, target) => call(route, token, { params: { id: target.user.lcaId } }),
    'PATCH /api/lca-server/users/:authId/exit': (route, token, target) =>
      call(route, token, { params: { authId: target.account.id }, query: { idAsso: asso.id } }),
    'GET /api/rds-server/users/:id': (route, token, target) => call(route, token, { params: { id: target.account.id } }),
  };

  describe.each(scopedRoutes('account'))('%s', (key, route) => {
    const allowed = route.access as Access;
    it.each(ROLES.map((role) => [role, ACCOUNT_ROUTES[key]!.others.includes(role)] as const))(
      'role %s on another account: allowed %s',
      async (role, mayReachOthers) => {
        const send = SEND_ON[key];
        if (!send) throw new Error(`No foreign-account call for ${key}`);
        const response = await send(route, byRole.get(role)!.token, await otherAccount());
        if (mayReachOthers && (allowed === 'authenticated' || (allowed as readonly string[]).includes(role))) {
          expect(response.status, JSON.stringify(response.body)).toBe(successOf(route));
        } else {
          expect(response.status, JSON.stringify(response.body)).toBe(403);
          expect(response.body).toEqual(FORBIDDEN);
        }
      },
    );
  });
});

/**
 * Nothing half-written (docs/architecture.md « Une requête qui écrit : une seule transaction »): each
 * write route's well-formed call, made to fail after its handler (its answer refused by its response
 * schema), leaves the database as it was when the call arrived; the same call, left to succeed,
 * commits its writes (so the walk watches calls that do write).
 */
describe('every write route leaves nothing behind when it fails after its handler', () => {
  const writeRoutes = allRoutes().filter((route) => route.method !== 'GET');
  const committed = new Map<string, string[]>();
  const tokenFor = (route: RouteDefinition): TokenFor =>
    route.access === 'public' ? () => undefined : Array.isArray(route.access) ? () => byRole.get(route.access[0] as Role)!.token : (caller) => caller.token;

  /** Sends the route's call; the tables its last request to the route changed, from its arrival to its answer. */
  async function changesOf(route: RouteDefinition, send: () => Promise<Response>) {
    let arrival: Promise<Record<string, string>> | null = null;
    onArrival = async (request) => {
      if ((request.routeOptions.config as { contractRoute?: RouteDefinition }).contractRoute === route) {
        arrival = databaseSnapshot(t);
        await arrival;
      }
    };
    try {
      const response = await send();
      if (!arrival) throw new Error(`${keyOf(route)}: the call never reached its handler (${response.status} ${JSON.stringify(response.body)})`);
      return { response, changed: changedTables(await arrival, await databaseSnapshot(t)) };
    } finally {
      onArrival = null;
    }
  }

  it.each(writeRoutes.map((route) => [keyOf(route), route] as const))('%s', async (key, route) => {
    const entry = entryOf(route);
    const failed = await withFailingAnswer(route, () => changesOf(route, () => entry.send(route, tokenFor(route))));
    if (!route.rawResponse) expect(failed.response.status, JSON.stringify(failed.response.body)).toBe(500);
    // A bulk commits each item on its own: what stays is the items' own writes, nothing of the request's.
    if (!route.commitsEachItem) expect(failed.changed, `${key} committed after failing`).toEqual([]);
    const succeeded = await changesOf(route, () => entry.send(route, tokenFor(route)));
    expect(succeeded.response.status, JSON.stringify(succeeded.response.body)).toBe(successOf(route));
    if (route.commitsEachItem) expect(succeeded.changed).toEqual(expect.arrayContaining(failed.changed));
    committed.set(key, succeeded.changed);
  });

  it('watched calls that write: all but the few that change nothing in PostgreSQL', () => {
    const writing = [...committed].filter(([, tables]) => tables.length > 0).map(([key]) => key);
    const silent = [...committed].filter(([, tables]) => tables.length === 0).map(([key]) => key);
    expect(committed.size).toBe(writeRoutes.length);
    expect(silent, `write routes whose call wrote nothing: ${silent.join(', ')}`).toEqual(SILENT_WRITE_ROUTES);
    expect(writing.length).toBeGreaterThan(0);
  });
});

/**
 * Write routes whose well-formed call changes nothing in PostgreSQL: a validation mail asked for an
 * unknown address answers as for a known one, and writes nothing (no account to tell of); the start
 * of a ProConnect sign-in.
 */
const SILENT_WRITE_ROUTES: string[] = [
  'POST /api/auth-server/sendValidationMail',
  // The start of a ProConnect sign-in keeps its secrets in the browser's signed cookie, nothing in PostgreSQL.
  'POST /api/auth-server/proconnect/authorize',
  // A preview of conditions on a campaign's dossiers: a POST for its body of conditions, it reads only.
  'POST /api/rds-server/subventions/:id/conditions/apercu',
];
