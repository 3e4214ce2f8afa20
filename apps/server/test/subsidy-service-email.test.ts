// An instructing service's login address over HTTP (docs/security.md « Comptes et sessions »): a
// manager's change stays pending until the link mailed to the new address is used, the old address
// stays the login and is told, the request and the switch are audited (addresses masked), no route
// hands the link out, and only the managers who reach the service may ask.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, MESSAGES, ROLES, ROLE_SETS, SERVICE_ACCOUNT_MESSAGES, type Role } from '@portail/contract';
import { maskEmail } from '../src/modules/auth/index.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER, uniqueEmail } from './support/http-helpers.ts';
import { lastMailTo, latestValidationToken, mailsTo } from './support/mailbox.ts';
import { createService } from './support/rds-fixtures.ts';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t, { roles: ['rds.admin'] });
});
afterAll(() => t.close());

const patchAccount = (authId: string, token: string, body: object) =>
  t.http().patch(`/api/auth-server/services/${authId}`).set(TOKEN_HEADER, token).send(body);
const login = (email: string) => t.http().post('/api/auth-server/login').send({ email, password: TEST_PASSWORD });
const validate = (token: string) => t.http().post(`/api/auth-server/validate/${token}`);
const refusal = (key: keyof typeof ERRORS) => expect.objectContaining({ status: ERRORS[key].status, message: ERRORS[key].message });
const trail = (authId: string) => t.db.auditEntry.findMany({ where: { associationId: authId }, orderBy: { seq: 'asc' } });

describe('a new login address for a service', () => {
  it('stays pending until its link is used: the old address stays the login, the new one works only after the link', async () => {
    const service = await createService(t);
    const newEmail = uniqueEmail('nouveau-service');
    const response = await patchAccount(service.authId, admin.token, { email: newEmail });

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ authId: service.authId, email: service.email, pendingEmail: newEmail });
    expect(response.body.message).toBe(SERVICE_ACCOUNT_MESSAGES.emailChangePending(newEmail, service.email));
    expect(response.body.message).toMatch(/^Un lien de validation a été envoyé à /);
    expect(await t.db.user.findUniqueOrThrow({ where: { id: service.authId } })).toMatchObject({ email: service.email, pendingEmail: newEmail });
    expect((await login(service.email)).status).toBe(200);
    expect((await login(newEmail)).status).toBe(401);

    // The link goes to the new address, in the outbox; the old address hears of it (new address masked).
    const mail = await lastMailTo(t, newEmail);
    expect(mail.subject).toContain('nouvelle adresse de connexion');
    expect(mail.text).toContain(service.nom);
    const [notice] = await mailsTo(t, service.email);
    expect(notice!.text).toContain(maskEmail(newEmail));
    expect(notice!.text).not.toContain(newEmail);
    const token = await latestValidationToken(t, newEmail);
    expect(JSON.stringify(response.body)).not.toContain(token);

    const validated = await validate(token);
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    expect(validated.body.message).toBe(MESSAGES.accountValidated);
    expect(await t.db.user.findUniqueOrThrow({ where: { id: service.authId } })).toMatchObject({ email: newEmail, pendingEmail: null });
    expect((await login(newEmail)).status).toBe(200);
    expect((await login(service.email)).status).toBe(401);
    // A link works once.
    expect((await validate(token)).body).toEqual(refusal('LINK_INVALID'));
    const read = await t.http().get(`/api/rds-server/services/${service.id}`).set(TOKEN_HEADER, admin.token);
    expect(read.body.authId).toBe(service.authId);
  });

  it('never makes an attacker-chosen address the login without the link, and a later change voids the earlier link', async () => {
    const service = await createService(t);
    const attacker = uniqueEmail('attaquant');
    expect((await patchAccount(service.authId, admin.token, { email: attacker })).status).toBe(200);
    const attackerLink = await latestValidationToken(t, attacker);

    // Neither signing in, nor asking a reset or a validation mail for that address gets anything.
    expect((await login(attacker)).status).toBe(401);
    expect((await t.http().post(`/api/auth-server/forgotPassword/${encodeURIComponent(attacker)}`)).status).toBe(200);
    expect((await t.http().post('/api/auth-server/sendValidationMail').send({ email: attacker })).status).toBe(200);
    expect(await mailsTo(t, attacker)).toHaveLength(1);

    // The manager corrects the address: the first link is void.
    const right = uniqueEmail('bonne-adresse');
    expect((await patchAccount(service.authId, admin.token, { email: right })).body.pendingEmail).toBe(right);
    expect((await validate(attackerLink)).body).toEqual(refusal('LINK_INVALID'));
    expect(await t.db.user.findUniqueOrThrow({ where: { id: service.authId } })).toMatchObject({ email: service.email, pendingEmail: right });

    // Giving the current address back cancels the pending change and its link.
    const rightLink = await latestValidationToken(t, right);
    const cancelled = await patchAccount(service.authId, admin.token, { email: service.email });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ email: service.email, pendingEmail: null });
    expect(cancelled.body.message).toBeUndefined();
    expect((await validate(rightLink)).body).toEqual(refusal('LINK_INVALID'));
    expect(await t.db.user.findUniqueOrThrow({ where: { id: service.authId } })).toMatchObject({ email: service.email, pendingEmail: null });
    expect((await login(service.email)).status).toBe(200);
  });

  it("refuses an address another account uses (409): nothing pending, no mail, no audit entry", async () => {
    const service = await createService(t);
    const other = await createService(t);
    const taken = await patchAccount(service.authId, admin.token, { email: other.email });
    expect(taken.status).toBe(409);
    expect(await t.db.user.findUniqueOrThrow({ where: { id: service.authId } })).toMatchObject({ email: service.email, pendingEmail: null });
    expect(await mailsTo(t, service.email)).toHaveLength(0);
    expect(await trail(service.authId)).toHaveLength(0);
  });
});

describe('the audit trail of a service address', () => {
  it('records who asked and the validation in the service chain, addresses masked, in an unbroken chain', async () => {
    const service = await createService(t);
    const newEmail = uniqueEmail('audit-service');
    await patchAccount(service.authId, admin.token, { email: newEmail });
    const [asked] = await trail(service.authId);
    expect(asked).toMatchObject({
      seq: 1,
      actorId: admin.account.id,
      actorEmail: admin.account.email,
      entity: 'adresse_connexion_service',
      entityId: service.authId,
      action: 'demande',
      before: { email: maskEmail(service.email), email_en_attente: null },
      after: { email: maskEmail(service.email), email_en_attente: maskEmail(newEmail) },
    });
    expect(JSON.stringify(asked)).not.toContain(newEmail);

    await validate(await latestValidationToken(t, newEmail));
    const entries = await trail(service.authId);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({
      seq: 2,
      actorId: service.authId,
      action: 'validation',
      before: { email: maskEmail(service.email), email_en_attente: maskEmail(newEmail) },
      after: { email: maskEmail(newEmail), email_en_attente: null },
    });
    expect(await t.app.services.audit.verifyChain(service.authId)).toBeNull();
    // No association journal reads a service's chain.
    const journal = await t.http().get(`/api/proxy-asso/association/journal`).query({ id_asso: service.authId }).set(TOKEN_HEADER, admin.token);
    expect(journal.status).toBe(404);
  });
});

describe('no route hands out the link', () => {
  it('the outbox shows the validation mail with its link masked; service reads carry no token', async () => {
    const service = await createService(t);
    const newEmail = uniqueEmail('masque');
    await patchAccount(service.authId, admin.token, { email: newEmail });
    const token = await latestValidationToken(t, newEmail);
    const lcaAdmin = await signIn(t, { roles: ['lca.admin'] });
    const outbox = await t.http().get('/api/mail-server/outbox').query({ to: newEmail }).set(TOKEN_HEADER, lcaAdmin.token);
    expect(outbox.status).toBe(200);
    expect(outbox.body.items).toHaveLength(1);
    expect(outbox.body.items[0].text).toContain('[lien masqué]');
    const reads = [
      outbox,
      await t.http().get(`/api/rds-server/services/${service.id}`).set(TOKEN_HEADER, admin.token),
      await t.http().get('/api/rds-server/services').query({ query: service.nom }).set(TOKEN_HEADER, admin.token),
      await t.http().get('/api/auth-server/crossed-services').query({ query: service.nom }).set(TOKEN_HEADER, admin.token),
    ];
    for (const read of reads) expect(JSON.stringify(read.body)).not.toContain(token);
    // Only the token's hash is kept.
    expect(await t.db.oneTimeToken.count({ where: { tokenHash: token } })).toBe(0);
  });
});

describe('who may change a service address', () => {
  const notManagers = ROLES.filter((role) => !(ROLE_SETS.referentielAdmins as readonly Role[]).includes(role));

  it.each(notManagers)('%s gets 403 and nothing is pending', async (role) => {
    const service = await createService(t);
    const caller = await signIn(t, { roles: [role] });
    const response = await patchAccount(service.authId, caller.token, { email: uniqueEmail('refus') });
    expect(response.status).toBe(403);
    expect(await t.db.user.findUniqueOrThrow({ where: { id: service.authId } })).toMatchObject({ pendingEmail: null });
    expect(await trail(service.authId)).toHaveLength(0);
  });

  it('the service itself gets 403; a local administrator 404 outside its subtree; every manager may', async () => {
    const service = await createService(t);
    const own = await login(service.email);
    expect((await patchAccount(service.authId, own.body.token, { email: uniqueEmail('soi') })).status).toBe(403);

    const national = await createService(t, { niveau: 'national' });
    const local = await signIn(t, { roles: ['rds.admin', 'rds.service'], service: { nom: 'Administrateur local' } });
    await t.db.serviceAccount.update({ where: { authId: local.account.id }, data: { niveauTerritorial: 'regional', parentId: national.id, profil: 'Administrateur local' } });
    const outside = await patchAccount(service.authId, local.token, { email: uniqueEmail('hors') });
    expect(outside.status).toBe(404);
    expect(await t.db.user.findUniqueOrThrow({ where: { id: service.authId } })).toMatchObject({ pendingEmail: null });

    for (const role of ROLE_SETS.referentielAdmins) {
      const manager = await signIn(t, { roles: [role] });
      const target = await createService(t);
      const asked = await patchAccount(target.authId, manager.token, { email: uniqueEmail('gestionnaire') });
      expect(asked.status, `${role}: ${JSON.stringify(asked.body)}`).toBe(200);
      expect(asked.body.email).toBe(target.email);
    }
  });

  it("the rds record's PATCH never touches the login address", async () => {
    const service = await createService(t);
    const contact = uniqueEmail('contact');
    const changed = await t.http().patch(`/api/rds-server/services/${service.id}`).set(TOKEN_HEADER, admin.token).send({ email: contact });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await t.db.user.findUniqueOrThrow({ where: { id: service.authId } })).toMatchObject({ email: service.email, pendingEmail: null });
    expect((await login(contact)).status).toBe(401);
  });
});
