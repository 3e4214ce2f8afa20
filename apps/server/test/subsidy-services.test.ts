// Instructing services over HTTP (docs/domain.md « Services instructeurs »): creation of the account
// and its record in one transaction, the mailed link to choose a password, the hierarchy, the
// reach of a local or national administrator, changes ('Nothing to update.'), deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, MESSAGES } from '@portail/contract';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER, uniqueEmail } from './support/http-helpers.ts';
import { lastMailTo, latestResetToken } from './support/mailbox.ts';
import { createService, testDispositif } from './support/rds-fixtures.ts';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await signIn(t, { roles: ['rds.admin'] })).token;
  await testDispositif(t, 'CNDS');
});
afterAll(() => t.close());

const post = (path: string, token: string, body: object) => t.http().post(`/api/${path}`).set(TOKEN_HEADER, token).send(body);
const patch = (path: string, token: string, body: object) => t.http().patch(`/api/${path}`).set(TOKEN_HEADER, token).send(body);
const get = (path: string, token: string, query: Record<string, string> = {}) => t.http().get(`/api/${path}`).query(query).set(TOKEN_HEADER, token);
const del = (path: string, token: string) => t.http().delete(`/api/${path}`).set(TOKEN_HEADER, token);
const refusal = (key: keyof typeof ERRORS, text?: string) => expect.objectContaining({ status: ERRORS[key].status, message: text ?? ERRORS[key].message });

describe('POST auth-server/services', () => {
  it('creates the account and its record, and mails a link to choose the password (none in the answer)', async () => {
    const email = uniqueEmail('service');
    const response = await post('auth-server/services', admin, {
      email,
      roles: ['rds.service'],
      service: { nom: 'DS – Direction des sports', niveau_territorial: 'national', profil: 'Administrateur national', dispositifs: ['CNDS'] },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ email, roles: ['rds.service'], locked: false, service: { nom: 'DS – Direction des sports', dispositifs: ['CNDS'], parent: null } });
    expect(JSON.stringify(response.body)).not.toMatch(/password/i);
    const mail = await lastMailTo(t, email);
    expect(mail.subject).toContain('service instructeur');
    // The link sets the password and opens a session of the new service.
    const token = await latestResetToken(t, email);
    const reset = await t.http().post(`/api/auth-server/resetPassword/${token}`).send({ password: TEST_PASSWORD, confirm: TEST_PASSWORD });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.user.rds).toMatchObject({ nom: 'DS – Direction des sports', locked: false });
  });

  it('writes nothing when the record is refused: the account is rolled back with it', async () => {
    const email = uniqueEmail('service');
    const unknown = await post('auth-server/services', admin, { email, service: { nom: 'X', niveau_territorial: 'national', dispositifs: ['INCONNU'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(refusal('DISPOSITIF_UNKNOWN', "Le dispositif « INCONNU » n'existe pas."));
    const orphan = await post('auth-server/services', admin, { email, service: { nom: 'X', niveau_territorial: 'regional', parent: null } });
    expect(orphan.body).toEqual(refusal('SERVICE_PARENT_INVALID'));
    expect(await t.db.user.count({ where: { email } })).toBe(0);
    expect(await t.db.mailOutbox.count({ where: { to: email } })).toBe(0);
  });

  it('refuses an address already used (409) and bad input (400, French)', async () => {
    const taken = await post('auth-server/services', admin, { email: (await createService(t)).email, service: { nom: 'X', niveau_territorial: 'national' } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(MESSAGES.emailAlreadyLinked);
    const bad = await post('auth-server/services', admin, { email: 'pas-une-adresse', roles: ['rds.admin'], service: { nom: '', niveau_territorial: 'canton' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
  });
});

describe('the hierarchy national → regional → departmental', () => {
  it('takes a parent exactly one level above, and refuses any other', async () => {
    const national = await createService(t, { niveau: 'national' });
    const regional = await createService(t, { niveau: 'regional', parent: national.id });
    const ok = await post('auth-server/services', admin, { email: uniqueEmail(), service: { nom: 'SDJES', niveau_territorial: 'departemental', parent: regional.id } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const skip = await post('auth-server/services', admin, { email: uniqueEmail(), service: { nom: 'SDJES', niveau_territorial: 'departemental', parent: national.id } });
    expect(skip.body).toEqual(refusal('SERVICE_PARENT_INVALID'));
    const missing = await post('auth-server/services', admin, { email: uniqueEmail(), service: { nom: 'X', niveau_territorial: 'regional', parent: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.body).toEqual(refusal('SERVICE_PARENT_NOT_FOUND'));
    // A national service cannot become regional while regional services hang below it.
    const demote = await patch(`rds-server/services/${national.id}`, admin, { niveau_territorial: 'regional' });
    expect(demote.body).toEqual(refusal('SERVICE_PARENT_INVALID'));
  });

  it('lists with filters, children and bo by default', async () => {
    const national = await createService(t, { niveau: 'national', nom: 'Liste nationale' });
    const regional = await createService(t, { niveau: 'regional', parent: national.id, nom: 'Liste régionale' });
    const list = await get('rds-server/services', admin, { parent: national.id });
    expect(list.status).toBe(200);
    expect(list.body.map((s: { id: string }) => s.id)).toEqual([regional.id]);
    const parent = await get('rds-server/services', admin, { query: 'Liste nationale' });
    expect(parent.body[0]).toMatchObject({ id: national.id, bo: {}, children: [{ id: regional.id, nom: 'Liste régionale', niveau_territorial: 'regional' }] });
    const bare = await get('rds-server/services', admin, { query: 'Liste nationale', include_children: 'false', populate: '' });
    expect(bare.body[0].children).toBeUndefined();
    expect(bare.body[0].bo).toBeUndefined();
  });
});

describe('who reaches which service', () => {
  it('a local administrator manages its subtree only; a national one everywhere', async () => {
    const national = await createService(t, { niveau: 'national' });
    const region = await createService(t, { niveau: 'regional', parent: national.id });
    const departement = await createService(t, { niveau: 'departemental', parent: region.id });
    const otherRegion = await createService(t, { niveau: 'regional', parent: national.id });
    const local = await signIn(t, { roles: ['rds.admin', 'rds.service'], service: { nom: 'Administrateur régional' } });
    await t.db.serviceAccount.update({ where: { authId: local.account.id }, data: { niveauTerritorial: 'regional', parentId: national.id, profil: 'Administrateur local' } });
    const localRecord = await t.db.serviceAccount.findUniqueOrThrow({ where: { authId: local.account.id } });
    await t.db.serviceAccount.update({ where: { id: departement.id }, data: { parentId: localRecord.id } });

    expect((await patch(`rds-server/services/${departement.id}`, local.token, { telephone: '0102030405' })).status).toBe(200);
    const foreign = await patch(`rds-server/services/${otherRegion.id}`, local.token, { telephone: '0102030405' });
    expect(foreign.status).toBe(404);
    expect((await get(`rds-server/services/${otherRegion.id}`, local.token)).status).toBe(404);
    // It may create below its own service, not beside it.
    const below = await post('auth-server/services', local.token, { email: uniqueEmail(), service: { nom: 'SDJES', niveau_territorial: 'departemental', parent: localRecord.id } });
    expect(below.status, JSON.stringify(below.body)).toBe(201);
    const beside = await post('auth-server/services', local.token, { email: uniqueEmail(), service: { nom: 'SDJES', niveau_territorial: 'departemental', parent: otherRegion.id } });
    expect(beside.status).toBe(403);
    const listed = (await get('rds-server/services', local.token)).body.map((s: { id: string }) => s.id);
    expect(listed).toContain(departement.id);
    expect(listed).not.toContain(otherRegion.id);
    void region;
  });

  it('an instructor reads its own service, not another one, and changes nothing', async () => {
    const instructor = await signIn(t, { roles: ['rds.user'], service: { nom: 'Service lu' } });
    const own = await t.db.serviceAccount.findUniqueOrThrow({ where: { authId: instructor.account.id } });
    expect((await get(`rds-server/services/${own.id}`, instructor.token)).body).toMatchObject({ id: own.id, nom: 'Service lu' });
    expect((await get(`rds-server/services/${(await createService(t)).id}`, instructor.token)).status).toBe(404);
    expect((await patch(`rds-server/services/${own.id}`, instructor.token, { nom: 'Autre' })).status).toBe(403);
    expect((await get('rds-server/services', instructor.token)).body.map((s: { id: string }) => s.id)).toEqual([own.id]);
  });
});

describe('changes', () => {
  it("answers 'Nothing to update.' when nothing changes, on both parts", async () => {
    const service = await createService(t, { niveau: 'national' });
    const rds = await patch(`rds-server/services/${service.id}`, admin, { niveau_territorial: 'national' });
    expect(rds.status).toBe(400);
    expect(rds.body).toEqual(refusal('NOTHING_TO_UPDATE', MESSAGES.nothingToUpdate));
    const auth = await patch(`auth-server/services/${service.authId}`, admin, { email: service.email, roles: ['rds.service'], locked: false });
    expect(auth.body).toEqual(refusal('NOTHING_TO_UPDATE', MESSAGES.nothingToUpdate));
    expect(MESSAGES.nothingToUpdate).toBe('Nothing to update.');
  });

  it('locks a service: its sessions end and it can no longer sign in', async () => {
    const service = await createService(t, { niveau: 'national' });
    const login = await t.http().post('/api/auth-server/login').send({ email: service.email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    const locked = await patch(`auth-server/services/${service.authId}`, admin, { locked: true, roles: ['rds.user'] });
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    expect(locked.body).toMatchObject({ locked: true, roles: ['rds.user'] });
    expect((await get('auth-server/me', login.body.token)).status).toBe(401);
    const again = await t.http().post('/api/auth-server/login').send({ email: service.email, password: TEST_PASSWORD });
    expect(again.body).toEqual(refusal('USER_LOCKED'));
  });

  it('changes the record field by field (schemes by code)', async () => {
    const service = await createService(t, { niveau: 'national' });
    const changed = await patch(`rds-server/services/${service.id}`, admin, { dispositifs: ['CNDS'], bo: { code: 'DS' }, site_internet: 'https://sports.gouv.fr' });
    expect(changed.body).toMatchObject({ dispositifs: ['CNDS'], bo: { code: 'DS' }, site_internet: 'https://sports.gouv.fr' });
    const unknown = await patch(`rds-server/services/${service.id}`, admin, { dispositifs: ['NOPE'] });
    expect(unknown.body).toEqual(refusal('DISPOSITIF_UNKNOWN', "Le dispositif « NOPE » n'existe pas."));
  });
});

describe('rds POST /services with authId', () => {
  it('adds the record of a service account that has none, once', async () => {
    const service = await createService(t);
    await t.db.serviceAccount.delete({ where: { id: service.id } });
    const created = await post('rds-server/services', admin, { authId: service.authId, nom: 'Fiche', niveau_territorial: 'national' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const twice = await post('rds-server/services', admin, { authId: service.authId, nom: 'Fiche', niveau_territorial: 'national' });
    expect(twice.body).toEqual(refusal('SERVICE_EXISTS'));
    const member = await signIn(t);
    const notService = await post('rds-server/services', admin, { authId: member.account.id, nom: 'Fiche', niveau_territorial: 'national' });
    expect(notService.status).toBe(404);
  });
});

describe('deletion', () => {
  it('removes the account and its record together', async () => {
    const service = await createService(t);
    expect((await del(`rds-server/services/${service.id}`, admin)).status).toBe(200);
    expect(await t.db.user.count({ where: { id: service.authId } })).toBe(0);
    const again = await del(`auth-server/services/${service.authId}`, admin);
    expect(again.status).toBe(404);
  });

  it('is refused while services hang below it', async () => {
    const national = await createService(t, { niveau: 'national' });
    await createService(t, { niveau: 'regional', parent: national.id });
    const refused = await del(`auth-server/services/${national.authId}`, admin);
    expect(refused.body).toEqual(refusal('SERVICE_HAS_CHILDREN'));
    expect(await t.db.serviceAccount.count({ where: { id: national.id } })).toBe(1);
  });
});
