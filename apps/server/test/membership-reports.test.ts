// Joining an association is announced by the server itself: in the join's transaction
// every legal representative with an address and the association's own address get a mail with a
// single-use « Je ne connais pas cette personne » link that detaches the member; joins are limited
// per account and per association per day.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIP_MESSAGES, MESSAGES } from '@portail/contract';
import { hashOpaqueToken } from '../src/security/opaque-tokens.ts';
import { createAssociation, linkUser, type AssociationOptions } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { lastMailTo, mailsTo, reportTokenIn } from './support/mailbox.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const join = (app: TestApp, caller: { token: string; user: { lcaId: string } }, associations: object[]) =>
  app.http().patch(`/api/lca-server/users/${caller.user.lcaId}`).set(TOKEN_HEADER, caller.token).send({ associations });
const report = (app: TestApp, token: string) => app.http().post(`/api/lca-server/rattachements/signalement/${token}`);
const notify = (caller: { token: string }, body: object) =>
  t.http().post('/api/lca-server/users/joinAssociationNotification').set(TOKEN_HEADER, caller.token).send(body);
const INVALID = { message: MESSAGES.invalidToken, status: 400, code: 'INVALID_TOKEN' };

/** An association with two representatives (one deleted later) and its own address. */
async function associationWithAddresses(app: TestApp = t, options: AssociationOptions = {}) {
  const tag = randomUUID().slice(0, 8);
  const reps = [`pres-${tag}@asso.example.org`, `tres-${tag}@asso.example.org`];
  const asso = await createAssociation(app, { representants: reps.map((courriel) => ({ courriel })), ...options });
  const own = `contact-${tag}@asso.example.org`;
  await app.db.association.update({ where: { id: asso.id }, data: { courriel: own } });
  await app.db.representantLegal.create({ data: { associationId: asso.id, courriel: `ancien-${tag}@asso.example.org`, deleted: true } });
  return { asso, reps, own, removed: `ancien-${tag}@asso.example.org` };
}

describe('joining an association', () => {
  it('mails every representative with an address and the association, each with its own report link, without the client asking', async () => {
    const { asso, reps, own, removed } = await associationWithAddresses();
    const member = await signIn(t);
    const response = await join(t, member, [{ id_correspondance: asso.id, id_siret: asso.siege }]);
    expect(response.status, JSON.stringify(response.body)).toBe(200);

    const tokens = [];
    for (const to of [...reps, own]) {
      const mails = await mailsTo(t, to);
      expect(mails, to).toHaveLength(1);
      expect(mails[0]!.subject).toContain(asso.association.nom);
      expect(mails[0]!.text).toContain(member.account.email);
      expect(mails[0]!.text).toContain('Je ne connais pas cette personne');
      tokens.push(reportTokenIn(mails[0]!.text));
    }
    expect(new Set(tokens).size).toBe(3);
    expect(await mailsTo(t, removed)).toHaveLength(0);
    // Stored hashed only.
    const stored = await t.db.membershipReportToken.findMany({ where: { associationId: asso.id } });
    expect(stored.map((s) => s.tokenHash).sort()).toEqual(tokens.map(hashOpaqueToken).sort());
    expect(JSON.stringify(stored)).not.toContain(tokens[0]);
    const days = (stored[0]!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    // The client's own announcement no longer sends a second mail for the same join.
    const again = await notify(member, { id_correspondance: asso.id, email: member.account.email });
    expect(again.body).toEqual({ message: MEMBERSHIP_MESSAGES.joinNotificationSent, sent: 3 });
    expect(await mailsTo(t, reps[0]!)).toHaveLength(1);

    // Updating the link (another establishment) is not a new join: no mail.
    await join(t, member, [{ id_correspondance: asso.id, id_siret: asso.secondaires[0] }]);
    expect(await mailsTo(t, reps[0]!)).toHaveLength(1);

    // The join is in the association's audit trail.
    const trail = await t.db.auditEntry.findMany({ where: { associationId: asso.id } });
    expect(trail).toMatchObject([{ entity: 'membre', action: 'create', actorEmail: member.account.email, seq: 1 }]);
  });

  it('writes the mails in the join transaction: a join that fails leaves neither link nor mail', async () => {
    const { asso, reps, own } = await associationWithAddresses();
    const member = await signIn(t);
    const response = await join(t, member, [
      { id_correspondance: asso.id, id_siret: asso.siege },
      { id_correspondance: randomUUID() },
    ]);
    expect(response.status).toBe(404);
    expect(await t.db.userAssociation.count({ where: { associationId: asso.id } })).toBe(0);
    for (const to of [...reps, own]) expect(await mailsTo(t, to), to).toHaveLength(0);
    expect(await t.db.membershipReportToken.count({ where: { associationId: asso.id } })).toBe(0);
    expect(await t.db.auditEntry.count({ where: { associationId: asso.id } })).toBe(0);
  });
});

describe('POST /api/lca-server/rattachements/signalement/:token', () => {
  it('detaches the member once, tells them, writes the trail; the link then fails, as do the other links of that join', async () => {
    const { asso, reps, own } = await associationWithAddresses();
    const member = await signIn(t);
    await join(t, member, [{ id_correspondance: asso.id, id_siret: asso.siege }]);
    const token = reportTokenIn((await lastMailTo(t, reps[1]!)).text);

    const first = await report(t, token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ message: MEMBERSHIP_MESSAGES.memberReported });
    expect(await t.db.userAssociation.count({ where: { associationId: asso.id } })).toBe(0);
    const notice = await lastMailTo(t, member.account.email);
    expect(notice.subject).toContain('a été retiré');
    expect(notice.text).toContain(asso.association.nom);
    const trail = await t.db.auditEntry.findMany({ where: { associationId: asso.id }, orderBy: { seq: 'asc' } });
    expect(trail.map((e) => [e.entity, e.action, e.actorEmail])).toEqual([
      ['membre', 'create', member.account.email],
      ['membre', 'detach', reps[1]],
    ]);
    expect(trail[1]!.before).toMatchObject({ email: member.account.email, id_siret: asso.siege });

    expect((await report(t, token)).body).toEqual(INVALID);
    // The association's own link is bound to that join, gone now.
    expect((await report(t, reportTokenIn((await lastMailTo(t, own)).text))).body).toEqual(INVALID);
  });

  it('does not act on GET: the mail link opens the client page, only its POST detaches', async () => {
    const { asso, reps } = await associationWithAddresses();
    const member = await signIn(t);
    await join(t, member, [{ id_correspondance: asso.id, id_siret: asso.siege }]);
    const mail = await lastMailTo(t, reps[0]!);
    expect(mail.text).toContain(`http://portail.test/client/rattachement/signalement/${reportTokenIn(mail.text)}`);
    const get = await t.http().get(`/api/lca-server/rattachements/signalement/${reportTokenIn(mail.text)}`);
    expect(get.status).toBe(404);
    expect(await t.db.userAssociation.count({ where: { associationId: asso.id } })).toBe(1);
  });

  it('refuses an expired link, a tampered one and an unknown one, and keeps the member', async () => {
    const { asso, reps } = await associationWithAddresses();
    const member = await signIn(t);
    await join(t, member, [{ id_correspondance: asso.id, id_siret: asso.siege }]);
    const [first, second] = [reportTokenIn((await lastMailTo(t, reps[0]!)).text), reportTokenIn((await lastMailTo(t, reps[1]!)).text)];
    const tampered = `${first.slice(0, -1)}${first.endsWith('A') ? 'B' : 'A'}`;
    expect((await report(t, tampered)).body).toEqual(INVALID);
    expect((await report(t, 'x'.repeat(43))).body).toEqual(INVALID);

    await t.db.membershipReportToken.update({ where: { tokenHash: hashOpaqueToken(second) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await report(t, second)).body).toEqual(INVALID);
    expect(await t.db.userAssociation.count({ where: { associationId: asso.id } })).toBe(1);
    // The untouched link still works.
    expect((await report(t, first)).status).toBe(200);
  });

  it('lets only one of two simultaneous uses of a link act', async () => {
    const { asso, reps } = await associationWithAddresses();
    const member = await signIn(t);
    await join(t, member, [{ id_correspondance: asso.id, id_siret: asso.siege }]);
    const token = reportTokenIn((await lastMailTo(t, reps[0]!)).text);
    const statuses = (await Promise.all([report(t, token), report(t, token)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400]);
    expect(await t.db.auditEntry.count({ where: { associationId: asso.id, action: 'detach' } })).toBe(1);
  });
});

describe('join limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({
      membershipLimits: { joinsPerAccountPerDay: 2, joinNotificationsPerAssociationPerDay: 2, representantsPerAssociation: 20, reportLinkTtlDays: 30 },
    });
  });
  afterAll(() => limited.close());

  it('refuses a third join of one account within 24 hours (429, French), lca.admin excepted', async () => {
    const member = await signIn(limited);
    const [a, b, c] = [await createAssociation(limited), await createAssociation(limited), await createAssociation(limited)];
    expect((await join(limited, member, [{ id_correspondance: a.id, id_siret: a.siege }])).status).toBe(200);
    expect((await join(limited, member, [{ id_correspondance: b.id, id_siret: b.siege }])).status).toBe(200);
    const third = await join(limited, member, [{ id_correspondance: c.id, id_siret: c.siege }]);
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ message: MEMBERSHIP_MESSAGES.joinsPerDayReached(2), status: 429, code: 'JOINS_LIMIT' });
    expect(third.headers['retry-after']).toBeDefined();
    expect(await limited.db.userAssociation.count({ where: { associationId: c.id } })).toBe(0);

    const admin = await signIn(limited, { roles: ['lca.admin'] });
    for (const asso of [a, b, c]) expect((await join(limited, admin, [{ id_correspondance: asso.id, id_siret: asso.siege }])).status).toBe(200);
  });

  it('holds the daily limit under parallel joins of one account: exactly the allowed number pass', async () => {
    const member = await signIn(limited);
    const associations = await Promise.all([1, 2, 3, 4].map(() => createAssociation(limited)));
    const statuses = await Promise.all(
      associations.map((a) => join(limited, member, [{ id_correspondance: a.id, id_siret: a.siege }]).then((r) => r.status)),
    );
    expect(statuses.sort()).toEqual([200, 200, 429, 429]);
    const links = await limited.db.userAssociation.count({ where: { associationUser: { authId: member.account.id } } });
    expect(links).toBe(2);
  });

  it('refuses a join once the association got its daily join mails (429), counting the legacy announcement too', async () => {
    const { asso, reps } = await associationWithAddresses(limited);
    const [one, two, three] = [await signIn(limited), await signIn(limited), await signIn(limited)];
    expect((await join(limited, one, [{ id_correspondance: asso.id, id_siret: asso.siege }])).status).toBe(200);
    // A link made by other means, announced by the client's call: the second join mail of the day.
    await linkUser(limited, two.account.id, asso);
    const legacy = await limited.http().post('/api/lca-server/users/joinAssociationNotification').set(TOKEN_HEADER, two.token)
      .send({ id_correspondance: asso.id, email: two.account.email });
    expect(legacy.body.sent).toBe(3);
    const refused = await join(limited, three, [{ id_correspondance: asso.id, id_siret: asso.siege }]);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: MEMBERSHIP_MESSAGES.joinNotificationsPerDayReached, status: 429, code: 'JOIN_NOTIFICATIONS_LIMIT' });
    expect(await mailsTo(limited, reps[0]!)).toHaveLength(2);
  });
});
