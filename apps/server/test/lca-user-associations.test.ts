// lca-server: the user ↔ association links (docs/domain.md « Données », « Appels de l'API »):
// GET/PATCH/DELETE /users/:id, PATCH /users/:authId/exit, POST /users/joinAssociationNotification,
// and the session's `associations`.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSOCIATION_FILE_MESSAGES, associationUserSchema, MEMBERSHIP_MESSAGES, MESSAGES, sessionResponseSchema, sessionUserSchema } from '@portail/contract';
import { createAssociation, linkUser, newSiren, siretOf } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { mailsTo } from './support/mailbox.ts';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const NOT_FOUND = { message: MESSAGES.http404, status: 404, code: 'NOT_FOUND' };
const FORBIDDEN = { message: MESSAGES.forbidden, status: 403, code: 'FORBIDDEN' };

const getUser = (token: string, lcaId: string) => t.http().get(`/api/lca-server/users/${lcaId}`).set(TOKEN_HEADER, token);
const join = (token: string, lcaId: string, associations: object[]) =>
  t.http().patch(`/api/lca-server/users/${lcaId}`).set(TOKEN_HEADER, token).send({ associations });
const exit = (token: string, authId: string, idAsso: string) =>
  t.http().patch(`/api/lca-server/users/${authId}/exit`).query({ idAsso }).set(TOKEN_HEADER, token);
const leaveAll = (token: string, lcaId: string) => t.http().delete(`/api/lca-server/users/${lcaId}`).set(TOKEN_HEADER, token);
const notify = (token: string, body: object) =>
  t.http().post('/api/lca-server/users/joinAssociationNotification').set(TOKEN_HEADER, token).send(body);
const linkCount = (lcaId: string) => t.db.userAssociation.count({ where: { associationUserId: lcaId } });

describe('a new user', () => {
  it('has no association in the session nor in the lca record (the client sends them to choix-association)', async () => {
    const caller = await signIn(t);
    expect(caller.user.associations).toEqual([]);
    const record = await getUser(caller.token, caller.user.lcaId);
    expect(record.status).toBe(200);
    expect(record.body.associations).toEqual([]);
  });
});

describe('PATCH /api/lca-server/users/:id (joining)', () => {
  it('links the user to the head office as Siège, shown by GET /users/:id, login and /me', async () => {
    const asso = await createAssociation(t);
    const caller = await signIn(t);
    const response = await join(caller.token, caller.user.lcaId, [
      { id_correspondance: asso.id, id_siret: asso.siege, fonction: 'Présidente', notifications: [], isValideurCEC: true },
    ]);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const link = {
      id_correspondance: asso.id,
      id_siret: asso.siege,
      id_rna: asso.rna,
      id_siren: asso.siren,
      type: 'Siège',
      fonction: 'Présidente',
      nom: asso.association.nom,
      siegeSiret: asso.siege,
      // What the client claims is ignored: the server says whether the user validates CEC declarations.
      isValideurCEC: false,
    };
    expect(associationUserSchema.parse(response.body).associations).toEqual([link]);
    expect((await getUser(caller.token, caller.user.lcaId)).body.associations).toEqual([link]);

    const login = await t.http().post('/api/auth-server/login').send({ email: caller.account.email, password: TEST_PASSWORD });
    expect(sessionResponseSchema.parse(login.body).user.associations).toEqual([link]);
    const me = await t.http().get('/api/auth-server/me').set(TOKEN_HEADER, caller.token);
    expect(me.body.associations).toEqual([link]);
  });

  it("links with type 'Etablissement secondaire' for another SIRET, and updates an existing link instead of duplicating it", async () => {
    const asso = await createAssociation(t, { secondaires: 2 });
    const caller = await signIn(t);
    const first = await join(caller.token, caller.user.lcaId, [{ id_correspondance: asso.id, id_siret: asso.secondaires[0] }]);
    expect(first.body.associations[0]).toMatchObject({ type: 'Etablissement secondaire', id_siret: asso.secondaires[0], fonction: null });
    const second = await join(caller.token, caller.user.lcaId, [{ id_correspondance: asso.id, id_siret: asso.secondaires[1], fonction: 'Trésorier' }]);
    expect(second.body.associations).toHaveLength(1);
    expect(second.body.associations[0]).toMatchObject({ type: 'Etablissement secondaire', id_siret: asso.secondaires[1], fonction: 'Trésorier' });
  });

  it('refuses a SIRET of another association (400, nothing written)', async () => {
    const asso = await createAssociation(t);
    const other = await createAssociation(t);
    const caller = await signIn(t);
    const response = await join(caller.token, caller.user.lcaId, [{ id_correspondance: asso.id, id_siret: other.siege }]);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: ASSOCIATION_FILE_MESSAGES.siretNotInAssociation, fields: { id_siret: ASSOCIATION_FILE_MESSAGES.siretNotInAssociation } });
    expect(await linkCount(caller.user.lcaId)).toBe(0);
  });

  it('refuses a valid SIRET that exists nowhere, and a malformed one', async () => {
    const asso = await createAssociation(t);
    const caller = await signIn(t);
    const unknown = await join(caller.token, caller.user.lcaId, [{ id_correspondance: asso.id, id_siret: siretOf(newSiren(), '0001') }]);
    expect(unknown.status).toBe(400);
    const malformed = await join(caller.token, caller.user.lcaId, [{ id_correspondance: asso.id, id_siret: '12345678901234' }]);
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields['associations.0.id_siret']).toBe(MESSAGES.badFormat('SIRET'));
    expect(await linkCount(caller.user.lcaId)).toBe(0);
  });

  it('requires the establishment when the association has some', async () => {
    const asso = await createAssociation(t);
    const caller = await signIn(t);
    const response = await join(caller.token, caller.user.lcaId, [{ id_correspondance: asso.id }]);
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ id_siret: ASSOCIATION_FILE_MESSAGES.associationRequiresSiret });
  });

  it('answers 404 for an unknown or deleted association and writes nothing (all or nothing)', async () => {
    const asso = await createAssociation(t);
    const deleted = await createAssociation(t);
    await t.db.association.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });
    const caller = await signIn(t);
    for (const id of [randomUUID(), deleted.id]) {
      const response = await join(caller.token, caller.user.lcaId, [
        { id_correspondance: asso.id, id_siret: asso.siege },
        { id_correspondance: id, id_siret: deleted.siege },
      ]);
      expect(response.status).toBe(404);
      expect(response.body).toEqual(NOT_FOUND);
    }
    expect(await linkCount(caller.user.lcaId)).toBe(0);
  });

  it("refuses to change another user's links (403), except for lca.admin", async () => {
    const asso = await createAssociation(t);
    const victim = await signIn(t);
    for (const role of ['lca.association', 'rds.admin', 'rds.user'] as const) {
      const intruder = await signIn(t, { roles: [role] });
      const response = await join(intruder.token, victim.user.lcaId, [{ id_correspondance: asso.id, id_siret: asso.siege }]);
      expect(response.status).toBe(403);
      expect(response.body).toEqual(FORBIDDEN);
    }
    expect(await linkCount(victim.user.lcaId)).toBe(0);
    const admin = await signIn(t, { roles: ['lca.admin'] });
    expect((await join(admin.token, victim.user.lcaId, [{ id_correspondance: asso.id, id_siret: asso.siege }])).status).toBe(200);
    expect(await linkCount(victim.user.lcaId)).toBe(1);
  });

  it('refuses an empty list and a body without associations', async () => {
    const caller = await signIn(t);
    expect((await join(caller.token, caller.user.lcaId, [])).status).toBe(400);
    const response = await t.http().patch(`/api/lca-server/users/${caller.user.lcaId}`).set(TOKEN_HEADER, caller.token).send({});
    expect(response.status).toBe(400);
  });
});

describe('PATCH /api/lca-server/users/:authId/exit (leaving one association)', () => {
  it('leaves the association named by id_correspondance, RNA or SIREN and returns the remaining ones', async () => {
    const [a, b, c] = [await createAssociation(t), await createAssociation(t), await createAssociation(t)];
    const caller = await signIn(t);
    for (const asso of [a, b, c]) await linkUser(t, caller.account.id, asso);
    const first = await exit(caller.token, caller.account.id, a.id);
    expect(first.status).toBe(200);
    expect(first.body.associations.map((l: { id_correspondance: string }) => l.id_correspondance)).toEqual([b.id, c.id]);
    expect((await exit(caller.token, caller.account.id, b.rna)).body.associations).toHaveLength(1);
    expect((await exit(caller.token, caller.account.id, c.siren)).body.associations).toEqual([]);
  });

  it('answers 404 when not linked or unknown, 403 for another user (lca.admin allowed)', async () => {
    const asso = await createAssociation(t);
    const caller = await signIn(t);
    await linkUser(t, caller.account.id, asso);
    const notLinked = await exit(caller.token, caller.account.id, (await createAssociation(t)).id);
    expect(notLinked.status).toBe(404);
    expect(notLinked.body.message).toBe(MEMBERSHIP_MESSAGES.notLinkedToAssociation);
    expect((await exit(caller.token, caller.account.id, 'W000000000')).status).toBe(404);
    const intruder = await signIn(t);
    expect((await exit(intruder.token, caller.account.id, asso.id)).status).toBe(403);
    expect(await linkCount(caller.user.lcaId)).toBe(1);
    const admin = await signIn(t, { roles: ['lca.admin'] });
    expect((await exit(admin.token, caller.account.id, asso.id)).status).toBe(200);
    expect(await linkCount(caller.user.lcaId)).toBe(0);
  });
});

describe('leaving is written to each association\'s audit trail', () => {
  const departures = (associationId: string) =>
    t.db.auditEntry.findMany({ where: { associationId, entity: 'membre', action: 'delete' } });

  it('one association (exit) or all of them (delete), with who left and who did it', async () => {
    const [a, b, c] = [await createAssociation(t), await createAssociation(t), await createAssociation(t)];
    const caller = await signIn(t);
    for (const asso of [a, b, c]) await linkUser(t, caller.account.id, asso);
    expect((await exit(caller.token, caller.account.id, a.id)).status).toBe(200);
    const [left] = await departures(a.id);
    expect(left).toMatchObject({ actorId: caller.account.id, actorEmail: caller.account.email });
    expect(left!.before).toMatchObject({ email: caller.account.email, id_siret: a.siege });
    expect((await leaveAll(caller.token, caller.user.lcaId)).status).toBe(200);
    expect(await departures(b.id)).toHaveLength(1);
    expect(await departures(c.id)).toHaveLength(1);
    expect(await departures(a.id)).toHaveLength(1);
  });
});

describe('DELETE /api/lca-server/users/:id (leaving every association)', () => {
  it('removes every link of the user, keeps the record, and refuses another user (403)', async () => {
    const caller = await signIn(t);
    await linkUser(t, caller.account.id, await createAssociation(t));
    await linkUser(t, caller.account.id, await createAssociation(t));
    const intruder = await signIn(t);
    expect((await leaveAll(intruder.token, caller.user.lcaId)).status).toBe(403);
    expect(await linkCount(caller.user.lcaId)).toBe(2);
    const response = await leaveAll(caller.token, caller.user.lcaId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: MEMBERSHIP_MESSAGES.associationLeft });
    expect(await linkCount(caller.user.lcaId)).toBe(0);
    expect((await getUser(caller.token, caller.user.lcaId)).body.associations).toEqual([]);
  });

  it("answers 404 'Cet utilisateur n'existe pas' for an unknown record", async () => {
    const caller = await signIn(t);
    const response = await leaveAll(caller.token, randomUUID());
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(MESSAGES.userNotFound);
  });
});

describe('POST /api/lca-server/users/joinAssociationNotification', () => {
  it("mails every legal representative (distinct, not deleted) in French about the new member", async () => {
    const tag = randomUUID().slice(0, 8);
    const asso = await createAssociation(t, {
      representants: [{ courriel: `pres-${tag}@asso.example.org` }, { courriel: `TRES-${tag}@asso.example.org` }, { courriel: `pres-${tag}@asso.example.org` }],
    });
    await t.db.representantLegal.create({ data: { associationId: asso.id, courriel: `ancien-${tag}@asso.example.org`, deleted: true } });
    const caller = await signIn(t);
    await linkUser(t, caller.account.id, asso);
    const response = await notify(caller.token, { id_correspondance: asso.id, id_rna: asso.rna, id_siren: asso.siren, email: caller.account.email });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ message: MEMBERSHIP_MESSAGES.joinNotificationSent, sent: 2 });
    const mails = await mailsTo(t, `pres-${tag}@asso.example.org`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(asso.association.nom);
    expect(mails[0]!.text).toContain(caller.account.email);
    expect(mails[0]!.text).toContain("s'est rattachée à l'association");
    expect(await mailsTo(t, `tres-${tag}@asso.example.org`)).toHaveLength(1);
    expect(await mailsTo(t, `ancien-${tag}@asso.example.org`)).toHaveLength(0);
  });

  it('answers 404 to a user not linked to the association and for mismatching identifiers; 403 for another e-mail', async () => {
    const asso = await createAssociation(t);
    const caller = await signIn(t);
    const body = { id_correspondance: asso.id, id_rna: asso.rna, id_siren: asso.siren, email: caller.account.email };
    expect((await notify(caller.token, body)).body).toEqual(NOT_FOUND);
    await linkUser(t, caller.account.id, asso);
    expect((await notify(caller.token, { ...body, id_siren: newSiren() })).status).toBe(404);
    expect((await notify(caller.token, { ...body, id_correspondance: randomUUID() })).status).toBe(404);
    const other = await notify(caller.token, { ...body, email: 'quelquun@example.org' });
    expect(other.status).toBe(403);
    expect((await notify(caller.token, { ...body, email: 'pas-un-email' })).status).toBe(400);
  });
});

describe('isValideurCEC on the session’s links (spec §6)', () => {
  const linksOf = async (token: string, email: string) => {
    const me = await t.http().get('/api/auth-server/me').set(TOKEN_HEADER, token);
    const login = await t.http().post('/api/auth-server/login').send({ email, password: TEST_PASSWORD });
    const mine = (links: { id_correspondance: string; isValideurCEC: boolean }[]) => Object.fromEntries(links.map((l) => [l.id_correspondance, l.isValideurCEC]));
    const fromMe = mine(sessionUserSchema.parse(me.body).associations);
    expect(mine(sessionResponseSchema.parse(login.body).user.associations)).toEqual(fromMe);
    return fromMe;
  };
  const representative = (associationId: string, courriel: string, data: { valideurCec?: boolean; deleted?: boolean } = {}) =>
    t.db.representantLegal.create({ data: { associationId, civilite: 'Mme', nom: 'Valideuse', prenom: 'Anne', fonction: 'Présidente', courriel, valideurCec: true, ...data } });

  it('is true for the association whose flagged, not deleted legal representative has the user’s e-mail, and for no other', async () => {
    const [validated, other] = [await createAssociation(t), await createAssociation(t)];
    const user = await signIn(t, { roles: ['lca.association'] });
    await linkUser(t, user.account.id, validated);
    await linkUser(t, user.account.id, other);
    // Its e-mail in another case still names the user; the other association's flagged representative is someone else.
    await representative(validated.id, user.account.email.toUpperCase());
    await representative(other.id, 'quelqu.un@example.org');
    expect(await linksOf(user.token, user.account.email)).toEqual({ [validated.id]: true, [other.id]: false });

    // A member of the validated association who is not its validator.
    const member = await signIn(t, { roles: ['lca.association'] });
    await linkUser(t, member.account.id, validated);
    expect(await linksOf(member.token, member.account.email)).toEqual({ [validated.id]: false });
    // Not flagged, or deleted: no longer a validator.
    await representative(validated.id, member.account.email, { valideurCec: false });
    await representative(validated.id, member.account.email, { deleted: true });
    expect(await linksOf(member.token, member.account.email)).toEqual({ [validated.id]: false });
    // GET /users/:id says the same.
    expect((await getUser(user.token, user.user.lcaId)).body.associations.map((l: { isValideurCEC: boolean }) => l.isValideurCEC)).toEqual([true, false]);
  });
});
