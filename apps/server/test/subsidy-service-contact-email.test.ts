// An instructing service's contact address over HTTP (docs/domain.md « Services instructeurs »): a
// manager's new contact address (rds PATCH, or given at creation) stays pending until the link
// mailed to it is used; dossier mails keep going to the current contact address (the login when
// none) meanwhile; the link switches it; giving the current one back cancels; requests, switches
// and changes are audited (addresses masked) in the service account's chain; no answer carries the
// link; only the managers who reach the service may ask.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, ROLES, ROLE_SETS, SERVICE_ACCOUNT_MESSAGES, type Role } from '@portail/contract';
import { maskEmail } from '../src/modules/auth/index.ts';
import { createAssociation, linkUser, type TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER, uniqueEmail } from './support/http-helpers.ts';
import { lastMailTo, latestValidationToken, mailsTo } from './support/mailbox.ts';
import { createService } from './support/rds-fixtures.ts';
import { createDossier, createScheme, signInService } from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let asso: TestAssociation;
let member: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t, { roles: ['rds.admin'] });
  asso = await createAssociation(t);
  member = await signIn(t, { roles: ['lca.association'] });
  await linkUser(t, member.account.id, asso);
});
afterAll(() => t.close());

const patchRecord = (id: string, token: string, body: object) => t.http().patch(`/api/rds-server/services/${id}`).set(TOKEN_HEADER, token).send(body);
const validate = (token: string) => t.http().post(`/api/auth-server/validate/${token}`);
const refusal = (key: keyof typeof ERRORS) => expect.objectContaining({ status: ERRORS[key].status, message: ERRORS[key].message });
/** The service account's chain; `entity` keeps one kind of entry (its record's own changes are there too). */
const trail = (authId: string, entity?: string) =>
  t.db.auditEntry.findMany({ where: { associationId: authId, ...(entity ? { entity } : {}) }, orderBy: { seq: 'asc' } });
const record = (id: string) => t.db.serviceAccount.findUniqueOrThrow({ where: { id } });

/** A transmitted dossier instructed by the service; the member's message about it mails the service. */
async function dossierOf(serviceId: string) {
  return createDossier(t, asso, await createScheme(t, { serviceIds: [serviceId] }), [serviceId], { etat: 'D' });
}
async function memberWrites(dossierId: string, text: string) {
  const sent = await t.http().post(`/api/lca-server/demande/dossiers/${dossierId}/message`).set(TOKEN_HEADER, member.token).send({ message: text });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
}
/** The dossier mails (not the validation links) an address got, by their text. */
const dossierMailsTo = async (to: string) => (await mailsTo(t, to)).filter((mail) => mail.subject.startsWith('Dossier de subvention'));

describe('a new contact address', () => {
  it('stays pending: dossier mails keep going to the old contact address until the link switches it', async () => {
    const agent = await signInService(t);
    const old = uniqueEmail('contact-ancien');
    await t.db.serviceAccount.update({ where: { id: agent.serviceId }, data: { email: old } });
    const dossier = await dossierOf(agent.serviceId);
    const next = uniqueEmail('contact-nouveau');

    const response = await patchRecord(agent.serviceId, admin.token, { email: next });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ id: agent.serviceId, email: old, pending_email: next });
    expect(response.body.message).toBe(SERVICE_ACCOUNT_MESSAGES.contactChangePending(next, old));
    expect(response.body.message).toMatch(/^Un lien de validation a été envoyé à /);
    expect(await record(agent.serviceId)).toMatchObject({ email: old, pendingEmail: next });

    // The link goes to the new address through the outbox; the answer never carries it.
    const linkMail = await lastMailTo(t, next);
    expect(linkMail.subject).toContain('adresse de contact');
    expect(linkMail.text).toContain(agent.account.serviceAccount!.nom);
    const token = await latestValidationToken(t, next);
    expect(JSON.stringify(response.body)).not.toContain(token);

    // Until the link is used, a member's message mails the old contact address only.
    await memberWrites(dossier.id, 'Avant la validation.');
    expect((await dossierMailsTo(old)).map((mail) => mail.text)).toEqual([expect.stringContaining('Avant la validation.')]);
    expect(await dossierMailsTo(next)).toHaveLength(0);
    expect(await dossierMailsTo(agent.account.email)).toHaveLength(0);

    const validated = await validate(token);
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    expect(validated.body).toEqual({ message: SERVICE_ACCOUNT_MESSAGES.contactValidated, adresse: 'contact' });
    expect(await record(agent.serviceId)).toMatchObject({ email: next, pendingEmail: null });
    // The login is untouched.
    expect(await t.db.user.findUniqueOrThrow({ where: { id: agent.account.id } })).toMatchObject({ email: agent.account.email, pendingEmail: null });
    expect((await validate(token)).body).toEqual(refusal('LINK_INVALID'));

    await memberWrites(dossier.id, 'Après la validation.');
    expect((await dossierMailsTo(next)).map((mail) => mail.text)).toEqual([expect.stringContaining('Après la validation.')]);
    expect(await dossierMailsTo(old)).toHaveLength(1);
    const read = await t.http().get(`/api/rds-server/services/${agent.serviceId}`).set(TOKEN_HEADER, admin.token);
    expect(read.body).toMatchObject({ email: next, pending_email: null });
  });

  it('with none yet, mails go to the login until the link; a later request voids the earlier link; giving the current one back cancels', async () => {
    const agent = await signInService(t);
    const login = agent.account.email;
    const dossier = await dossierOf(agent.serviceId);
    const first = uniqueEmail('contact-premier');
    const asked = await patchRecord(agent.serviceId, admin.token, { email: first });
    expect(asked.body).toMatchObject({ email: null, pending_email: first });
    expect(asked.body.message).toBe(SERVICE_ACCOUNT_MESSAGES.contactChangePending(first, login));
    const firstLink = await latestValidationToken(t, first);

    await memberWrites(dossier.id, 'Au service, à son adresse de connexion.');
    expect(await dossierMailsTo(login)).toHaveLength(1);
    expect(await dossierMailsTo(first)).toHaveLength(0);

    // The manager corrects the address: the first link is void.
    const second = uniqueEmail('contact-second');
    expect((await patchRecord(agent.serviceId, admin.token, { email: second })).body.pending_email).toBe(second);
    expect((await validate(firstLink)).body).toEqual(refusal('LINK_INVALID'));
    expect(await record(agent.serviceId)).toMatchObject({ email: null, pendingEmail: second });

    // Giving the current contact address (none) back cancels the request and its link.
    const secondLink = await latestValidationToken(t, second);
    const cancelled = await patchRecord(agent.serviceId, admin.token, { email: null });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ email: null, pending_email: null });
    expect(cancelled.body.message).toBeUndefined();
    expect((await validate(secondLink)).body).toEqual(refusal('LINK_INVALID'));
    expect(await record(agent.serviceId)).toMatchObject({ email: null, pendingEmail: null });
    // Nothing left to cancel: nothing to update.
    expect((await patchRecord(agent.serviceId, admin.token, { email: null })).body).toEqual(refusal('NOTHING_TO_UPDATE'));

    await memberWrites(dossier.id, 'Toujours à la connexion.');
    expect(await dossierMailsTo(login)).toHaveLength(2);
  });

  it('the login address, or none, takes effect at once (mails already go to the login); other fields change alongside', async () => {
    const service = await createService(t);
    const contact = uniqueEmail('contact');
    await patchRecord(service.id, admin.token, { email: contact });
    const atOnce = await patchRecord(service.id, admin.token, { email: service.email, telephone: '01 02 03 04 05' });
    expect(atOnce.status, JSON.stringify(atOnce.body)).toBe(200);
    expect(atOnce.body).toMatchObject({ email: service.email, pending_email: null, telephone: '01 02 03 04 05' });
    expect(atOnce.body.message).toBeUndefined();
    // The pending request it replaced is void.
    expect((await validate(await latestValidationToken(t, contact))).body).toEqual(refusal('LINK_INVALID'));
    const removed = await patchRecord(service.id, admin.token, { email: null });
    expect(removed.body).toMatchObject({ email: null, pending_email: null });
    expect((await trail(service.authId, 'adresse_contact_service')).map((entry) => entry.action)).toEqual(['demande', 'modification', 'modification']);
    // The telephone changed alongside is the record's own change, in the same chain.
    expect((await trail(service.authId, 'service_instructeur')).map((entry) => entry.action)).toContain('update');
  });

  it("a contact link and a login link of the same service do not void each other", async () => {
    const service = await createService(t);
    const newLogin = uniqueEmail('connexion');
    const newContact = uniqueEmail('contact');
    expect((await t.http().patch(`/api/auth-server/services/${service.authId}`).set(TOKEN_HEADER, admin.token).send({ email: newLogin })).status).toBe(200);
    expect((await patchRecord(service.id, admin.token, { email: newContact })).status).toBe(200);
    expect((await validate(await latestValidationToken(t, newLogin))).status).toBe(200);
    const contactLink = await validate(await latestValidationToken(t, newContact));
    expect(contactLink.status, JSON.stringify(contactLink.body)).toBe(200);
    expect(await t.db.user.findUniqueOrThrow({ where: { id: service.authId } })).toMatchObject({ email: newLogin, pendingEmail: null });
    expect(await record(service.id)).toMatchObject({ email: newContact, pendingEmail: null });
  });
});

describe('a contact address given at creation', () => {
  it('by the auth route: pending, its own link, mails to the login meanwhile; the login itself is taken at once', async () => {
    const login = uniqueEmail('service-cree');
    const contact = uniqueEmail('contact-cree');
    const created = await t.http().post('/api/auth-server/services').set(TOKEN_HEADER, admin.token)
      .send({ email: login, service: { nom: 'SDJES créé', niveau_territorial: 'national', email: contact } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ email: login, service: { email: null, pending_email: contact } });
    expect(created.body.message).toBe(SERVICE_ACCOUNT_MESSAGES.contactChangePending(contact, login));
    expect((await lastMailTo(t, contact)).subject).toContain('adresse de contact');
    expect(await mailsTo(t, login)).toHaveLength(1);
    const [asked] = await trail(created.body.authId, 'adresse_contact_service');
    expect(asked).toMatchObject({ entity: 'adresse_contact_service', action: 'demande', actorId: admin.account.id, after: { email: null, email_en_attente: maskEmail(contact) } });

    const validated = await validate(await latestValidationToken(t, contact));
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    expect(await record(created.body.service.id)).toMatchObject({ email: contact, pendingEmail: null });
    // The contact link proves the contact address, not the login: the account still waits for its own link.
    expect(await t.db.user.findUniqueOrThrow({ where: { id: created.body.authId } })).toMatchObject({ enabled: false });

    const same = uniqueEmail('service-meme');
    const atOnce = await t.http().post('/api/auth-server/services').set(TOKEN_HEADER, admin.token)
      .send({ email: same, service: { nom: 'SDJES même adresse', niveau_territorial: 'national', email: same } });
    expect(atOnce.status, JSON.stringify(atOnce.body)).toBe(201);
    expect(atOnce.body).toMatchObject({ service: { email: same, pending_email: null } });
    expect(atOnce.body.message).toBeUndefined();
    expect(await mailsTo(t, same)).toHaveLength(1);
  });

  it('by the rds route (record of an existing account): pending until its link', async () => {
    const service = await createService(t);
    await t.db.serviceAccount.delete({ where: { id: service.id } });
    const contact = uniqueEmail('contact-fiche');
    const created = await t.http().post('/api/rds-server/services').set(TOKEN_HEADER, admin.token)
      .send({ authId: service.authId, nom: 'Fiche', niveau_territorial: 'national', email: contact });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ email: null, pending_email: contact });
    expect(created.body.message).toBe(SERVICE_ACCOUNT_MESSAGES.contactChangePending(contact, service.email));
    expect((await validate(await latestValidationToken(t, contact))).status).toBe(200);
    expect(await record(created.body.id)).toMatchObject({ email: contact, pendingEmail: null });
  });
});

describe('the audit trail of a contact address', () => {
  it('records who asked, the cancellation and the validation in the service chain, addresses masked, in an unbroken chain', async () => {
    const service = await createService(t);
    const old = uniqueEmail('audit-ancien');
    await t.db.serviceAccount.update({ where: { id: service.id }, data: { email: old } });
    const dropped = uniqueEmail('audit-abandon');
    const next = uniqueEmail('audit-nouveau');
    await patchRecord(service.id, admin.token, { email: dropped });
    await patchRecord(service.id, admin.token, { email: old });
    await patchRecord(service.id, admin.token, { email: next });
    await validate(await latestValidationToken(t, next));

    const entries = await trail(service.authId);
    expect(entries).toEqual([
      expect.objectContaining({
        seq: 1, actorId: admin.account.id, actorEmail: admin.account.email, entity: 'adresse_contact_service', entityId: service.authId, action: 'demande',
        before: { email: maskEmail(old), email_en_attente: null }, after: { email: maskEmail(old), email_en_attente: maskEmail(dropped) },
      }),
      expect.objectContaining({
        seq: 2, actorId: admin.account.id, action: 'annulation',
        before: { email: maskEmail(old), email_en_attente: maskEmail(dropped) }, after: { email: maskEmail(old), email_en_attente: null },
      }),
      expect.objectContaining({ seq: 3, action: 'demande', after: { email: maskEmail(old), email_en_attente: maskEmail(next) } }),
      expect.objectContaining({
        seq: 4, actorId: service.authId, action: 'validation',
        before: { email: maskEmail(old), email_en_attente: maskEmail(next) }, after: { email: maskEmail(next), email_en_attente: null },
      }),
    ]);
    for (const address of [old, dropped, next]) expect(JSON.stringify(entries)).not.toContain(address);
    expect(await t.app.services.audit.verifyChain(service.authId)).toBeNull();
  });
});

describe('no answer hands out the link', () => {
  it('the outbox masks it; service reads and lists carry no token', async () => {
    const service = await createService(t);
    const next = uniqueEmail('masque');
    const asked = await patchRecord(service.id, admin.token, { email: next });
    const token = await latestValidationToken(t, next);
    const lcaAdmin = await signIn(t, { roles: ['lca.admin'] });
    const outbox = await t.http().get('/api/mail-server/outbox').query({ to: next }).set(TOKEN_HEADER, lcaAdmin.token);
    expect(outbox.status).toBe(200);
    expect(outbox.body.items[0].text).toContain('[lien masqué]');
    const reads = [
      asked,
      outbox,
      await t.http().get(`/api/rds-server/services/${service.id}`).set(TOKEN_HEADER, admin.token),
      await t.http().get('/api/rds-server/services').query({ query: service.nom }).set(TOKEN_HEADER, admin.token),
    ];
    for (const read of reads) expect(JSON.stringify(read.body)).not.toContain(token);
    expect(await t.db.oneTimeToken.count({ where: { tokenHash: token } })).toBe(0);
  });
});

describe('who may change a contact address', () => {
  const notManagers = ROLES.filter((role) => !(ROLE_SETS.referentielAdmins as readonly Role[]).includes(role));

  it.each(notManagers)('%s gets 403 and nothing is pending', async (role) => {
    const service = await createService(t);
    const caller = await signIn(t, { roles: [role] });
    const response = await patchRecord(service.id, caller.token, { email: uniqueEmail('refus') });
    expect(response.status).toBe(403);
    expect(await record(service.id)).toMatchObject({ email: null, pendingEmail: null });
    expect(await trail(service.authId)).toHaveLength(0);
  });

  it('the service itself gets 403; a local administrator 404 outside its subtree, and may within it', async () => {
    const agent = await signInService(t);
    expect((await patchRecord(agent.serviceId, agent.token, { email: uniqueEmail('soi') })).status).toBe(403);
    expect(await record(agent.serviceId)).toMatchObject({ pendingEmail: null });

    const national = await createService(t, { niveau: 'national' });
    const local = await signIn(t, { roles: ['rds.admin', 'rds.service'], service: { nom: 'Administrateur local' } });
    const localRecord = await t.db.serviceAccount.update({
      where: { authId: local.account.id },
      data: { niveauTerritorial: 'regional', parentId: national.id, profil: 'Administrateur local' },
    });
    const outside = await createService(t);
    const refused = await patchRecord(outside.id, local.token, { email: uniqueEmail('hors') });
    expect(refused.status).toBe(404);
    expect(await record(outside.id)).toMatchObject({ pendingEmail: null });
    expect(await trail(outside.authId)).toHaveLength(0);

    const below = await createService(t, { niveau: 'departemental', parent: localRecord.id });
    const inside = uniqueEmail('dessous');
    const allowed = await patchRecord(below.id, local.token, { email: inside });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body).toMatchObject({ email: null, pending_email: inside });
  });
});
