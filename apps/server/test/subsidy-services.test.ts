// Instructing services over HTTP (docs/domain.md « Services instructeurs »): creation of the account
// and its record in one transaction, the mailed link to choose a password, the hierarchy, the
// reach of a local or national administrator, changes ('Nothing to update.'), reparenting (never
// under itself or a service below it), deletion and what refuses it, the audit of each change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, MESSAGES, SERVICE_ADMIN_MESSAGES } from '@portail/contract';
import { createAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER, uniqueEmail } from './support/http-helpers.ts';
import { lastMailTo, latestResetToken } from './support/mailbox.ts';
import { createAgrement, createService, testDispositif } from './support/rds-fixtures.ts';
import { createDossier, createScheme } from './support/subsidy-fixtures.ts';
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

/** The service's administration entries in its account's chain, oldest first. */
const trailOf = (service: { authId: string; id: string }) =>
  t.db.auditEntry.findMany({ where: { associationId: service.authId, entity: 'service_instructeur', entityId: service.id }, orderBy: { seq: 'asc' } });

describe('reparenting', () => {
  it('moves a service under another parent of the level above, audited with the parent before and after', async () => {
    const [from, to] = [await createService(t, { niveau: 'national' }), await createService(t, { niveau: 'national' })];
    const regional = await createService(t, { niveau: 'regional', parent: from.id });
    const moved = await patch(`rds-server/services/${regional.id}`, admin, { parent: to.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.parent).toBe(to.id);
    expect((await get('rds-server/services', admin, { parent: to.id })).body.map((s: { id: string }) => s.id)).toEqual([regional.id]);
    const [entry] = await trailOf(regional);
    expect(entry).toMatchObject({ action: 'update', before: expect.objectContaining({ parent: from.id }), after: expect.objectContaining({ parent: to.id }) });
    expect(await t.app.services.audit.verifyChain(regional.authId)).toBeNull();
  });

  it('refuses a service under itself or under a service below it, naming it, and changes nothing', async () => {
    const national = await createService(t, { niveau: 'national', nom: 'Direction nationale' });
    const regional = await createService(t, { niveau: 'regional', parent: national.id, nom: 'Direction régionale' });
    const departemental = await createService(t, { niveau: 'departemental', parent: regional.id, nom: 'Service départemental' });
    const self = await patch(`rds-server/services/${regional.id}`, admin, { parent: regional.id });
    expect(self.status).toBe(400);
    expect(self.body).toEqual(refusal('SERVICE_PARENT_CYCLE', SERVICE_ADMIN_MESSAGES.parentCycle('Direction régionale')));
    expect(self.body.fields).toEqual({ parent: SERVICE_ADMIN_MESSAGES.parentCycle('Direction régionale') });
    // Under its grand-child, even with the level that would fit.
    const below = await patch(`rds-server/services/${national.id}`, admin, { parent: departemental.id, niveau_territorial: 'departemental' });
    expect(below.body).toEqual(refusal('SERVICE_PARENT_CYCLE', SERVICE_ADMIN_MESSAGES.parentCycle('Service départemental')));
    expect(below.body.message).toBe(
      'Un service ne peut pas être rattaché à lui-même ni à l’un des services qui dépendent de lui (« Service départemental ») : cela créerait une boucle dans la hiérarchie.',
    );
    expect(await t.db.serviceAccount.findUniqueOrThrow({ where: { id: national.id } })).toMatchObject({ parentId: null, niveauTerritorial: 'national' });
    expect(await trailOf(national)).toEqual([]);
  });
});

describe('what refuses a deletion', () => {
  it('is refused while it instructs dossiers', async () => {
    const service = await createService(t, { niveau: 'departemental', parent: null });
    const scheme = await createScheme(t, { serviceIds: [service.id] });
    await createDossier(t, await createAssociation(t), scheme, [service.id]);
    const refused = await del(`rds-server/services/${service.id}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(refusal('SERVICE_IN_USE'));
    expect(await t.db.serviceAccount.count({ where: { id: service.id } })).toBe(1);
  });

  it('is refused while schemes, campaigns or approvals name it, saying which; deleted once they no longer do', async () => {
    const dispositif = await testDispositif(t, 'CNDS');
    const service = await createService(t, { niveau: 'national' });
    await t.db.serviceDispositif.create({ data: { serviceId: service.id, dispositifId: dispositif.id } });
    const scheme = await createScheme(t, { serviceIds: [service.id] });
    const campaign = await t.db.subvention.findUniqueOrThrow({ where: { id: scheme.subventionId } });
    const agrement = await createAgrement(t, { serviceId: service.id });
    const refused = await del(`auth-server/services/${service.authId}`, admin);
    expect(refused.status).toBe(409);
    const links = { dispositifs: ['CNDS'], campagnes: [campaign.code], agrements: [agrement.code] };
    expect(refused.body).toEqual(refusal('SERVICE_HAS_SCHEMES', SERVICE_ADMIN_MESSAGES.hasSchemes(links)));
    expect(refused.body.message).toBe(
      `Ce service est encore rattaché au dispositif CNDS, à la campagne ${campaign.code} et à l’agrément ${agrement.code} : retirez-le de ces dispositifs, campagnes ou agréments avant de le supprimer.`,
    );

    await t.db.agrement.delete({ where: { id: agrement.id } });
    await t.db.subventionInstructeur.deleteMany({ where: { serviceId: service.id } });
    const stillScheme = await del(`rds-server/services/${service.id}`, admin);
    expect(stillScheme.body.message).toBe(
      'Ce service est encore rattaché au dispositif CNDS : retirez-le de ces dispositifs, campagnes ou agréments avant de le supprimer.',
    );
    expect((await patch(`rds-server/services/${service.id}`, admin, { dispositifs: [] })).status).toBe(200);
    const deleted = await del(`rds-server/services/${service.id}`, admin);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.message).toBe(SERVICE_ADMIN_MESSAGES.deleted(service.nom));
    expect(await t.db.user.count({ where: { id: service.authId } })).toBe(0);
    // The deletion is the last entry of the service's chain, which still verifies.
    const trail = await trailOf(service);
    expect(trail.at(-1)).toMatchObject({ action: 'delete', before: expect.objectContaining({ nom: service.nom }), after: null });
    expect(await t.app.services.audit.verifyChain(service.authId)).toBeNull();
  });

  it('audits a creation with the record as written', async () => {
    const national = await createService(t, { niveau: 'national' });
    const created = await post('auth-server/services', admin, {
      email: uniqueEmail('audit'), service: { nom: 'Service audité', niveau_territorial: 'regional', parent: national.id, code_territoire: '11' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [entry] = await trailOf({ authId: created.body.authId, id: created.body.service.id });
    expect(entry).toMatchObject({
      action: 'create', actorEmail: expect.any(String), before: null,
      after: expect.objectContaining({ nom: 'Service audité', niveau_territorial: 'regional', parent: national.id, code_territoire: '11' }),
    });
  });
});
