// mail-server without SMTP: POST /notification/sendEmail (the assistance address only, sent by the
// portal with the caller in Reply-To), field rules, and the outbox read by lca.admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANCE_EMAIL, MESSAGES, outboxMailSchema } from '@portail/contract';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER, uniqueEmail } from './support/http-helpers.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let adminToken: string;
let adminEmail: string;
let memberToken: string;
let memberEmail: string;
let instructorToken: string;

beforeAll(async () => {
  t = await startTestApp();
  const admin = await signIn(t, { roles: ['lca.admin'] });
  adminToken = admin.token;
  adminEmail = admin.account.email;
  const member = await signIn(t, { roles: ['lca.association'] });
  memberToken = member.token;
  memberEmail = member.account.email;
  ({ token: instructorToken } = await signIn(t, { roles: ['rds.user'] }));
});
afterAll(() => t.close());

const sendEmail = (body: object, token?: string) => {
  const request = t.http().post('/api/mail-server/notification/sendEmail');
  return (token ? request.set(TOKEN_HEADER, token) : request).send(body);
};
const outbox = (query: Record<string, string | number> = {}, token = adminToken) =>
  t.http().get('/api/mail-server/outbox').query(query).set(TOKEN_HEADER, token);

describe('POST /api/mail-server/notification/sendEmail', () => {
  it('sends to the assistance address without a token, stored with status STORED, one <p> per line', async () => {
    const response = await sendEmail({
      to: t.config.supportEmail,
      from: 'visiteur@test.example.org',
      subject: '  Besoin d’aide  ',
      body: 'Bonjour,\nJe ne trouve pas mon association <SIREN 123>.\n\nMerci & à bientôt',
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: MESSAGES.mailSent, _id: expect.any(String) });

    const mail = await t.db.mailOutbox.findUniqueOrThrow({ where: { id: response.body._id } });
    expect(mail).toMatchObject({
      to: t.config.supportEmail,
      // An anonymous sender cannot choose the From: its address becomes Reply-To.
      from: t.config.mailFrom,
      replyTo: 'visiteur@test.example.org',
      subject: 'Besoin d’aide',
      text: 'Bonjour,\nJe ne trouve pas mon association <SIREN 123>.\n\nMerci & à bientôt',
      status: 'STORED',
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
    expect(mail.html).toBe(
      '<p>Bonjour,</p>\n<p>Je ne trouve pas mon association &lt;SIREN 123&gt;.</p>\n<p>Merci &amp; à bientôt</p>',
    );
  });

  it('accepts the assistance address written in another case', async () => {
    const response = await sendEmail({ to: t.config.supportEmail.toUpperCase(), subject: 'Sujet', body: 'Texte' });
    expect(response.status).toBe(201);
    expect((await t.db.mailOutbox.findUniqueOrThrow({ where: { id: response.body._id } })).to).toBe(
      t.config.supportEmail,
    );
  });

  it("answers a signed-in user's message to its own address (Reply-To)", async () => {
    const response = await sendEmail({ to: t.config.supportEmail, subject: 'Sujet', body: 'Texte' }, memberToken);
    expect(response.status).toBe(201);
    expect((await t.db.mailOutbox.findUniqueOrThrow({ where: { id: response.body._id } })).replyTo).toBe(memberEmail);
  });

  it('delivers the assistance address of the client to the configured support mailbox (SUPPORT_EMAIL)', async () => {
    const other = await startTestApp({ supportEmail: 'support-local@test.example.org' });
    try {
      for (const to of [ASSISTANCE_EMAIL, 'support-local@test.example.org']) {
        const response = await other
          .http()
          .post('/api/mail-server/notification/sendEmail')
          .send({ to, subject: 'Aide', body: 'Texte' });
        expect(response.status).toBe(201);
        expect((await other.db.mailOutbox.findUniqueOrThrow({ where: { id: response.body._id } })).to).toBe(
          'support-local@test.example.org',
        );
      }
    } finally {
      await other.close();
    }
  });

  it('refuses any other recipient with 403, to admins too (the assistance mail is its only use)', async () => {
    const to = uniqueEmail('destinataire');
    for (const token of [undefined, memberToken, instructorToken, adminToken]) {
      const response = await sendEmail({ to, subject: 'Spam', body: 'Achetez' }, token);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        message: MESSAGES.mailRecipientNotAllowed,
        status: 403,
        code: 'MAIL_RECIPIENT_NOT_ALLOWED',
      });
    }
    expect(await t.db.mailOutbox.count({ where: { to } })).toBe(0);
  });

  it("never takes the caller's From, admin or not: the portal sends, the caller's address is Reply-To", async () => {
    for (const [token, replyTo] of [
      [adminToken, adminEmail],
      [memberToken, memberEmail],
    ] as const) {
      const response = await sendEmail(
        { to: t.config.supportEmail, from: 'ministre@test.example.org', replyTo: 'autre@test.example.org', subject: 'Information', body: 'Ligne 1\nLigne 2' },
        token,
      );
      expect(response.status).toBe(201);
      expect(await t.db.mailOutbox.findUniqueOrThrow({ where: { id: response.body._id } })).toMatchObject({
        to: t.config.supportEmail,
        from: t.config.mailFrom,
        replyTo,
        html: '<p>Ligne 1</p>\n<p>Ligne 2</p>',
      });
    }
  });

  it.each([
    ['subject', { body: 'Texte' }, MESSAGES.required('objet')],
    ['subject', { subject: '   ', body: 'Texte' }, MESSAGES.required('objet')],
    ['subject', { subject: 'x'.repeat(201), body: 'Texte' }, MESSAGES.maxLength('objet', 200)],
    ['body', { subject: 'Sujet' }, MESSAGES.required('message')],
    ['body', { subject: 'Sujet', body: 'x'.repeat(20_001) }, MESSAGES.maxLength('message', 20_000)],
    ['to', { to: 'pas-une-adresse', subject: 'Sujet', body: 'Texte' }, MESSAGES.badFormat('adresse e-mail')],
    ['to', { to: undefined, subject: 'Sujet', body: 'Texte' }, MESSAGES.required('adresse e-mail')],
    ['replyTo', { subject: 'Sujet', body: 'Texte', replyTo: 'faux@' }, MESSAGES.badFormat('adresse e-mail')],
    [
      'from',
      { subject: 'Sujet', body: 'Texte', from: 'a'.repeat(250) + '@x.fr' },
      MESSAGES.maxLength('adresse e-mail', 254),
    ],
  ])('refuses a bad %s with 400 and a French message', async (field, fields, message) => {
    const before = await t.db.mailOutbox.count();
    const response = await sendEmail({ to: t.config.supportEmail, ...fields });
    expect(response.status).toBe(400);
    expect(response.body.status).toBe(400);
    expect(response.body.fields[field]).toBe(message);
    expect(response.body.message.startsWith(MESSAGES.invalidForm)).toBe(true);
    expect(await t.db.mailOutbox.count()).toBe(before);
  });

  it('keeps a message of exactly 200 characters of subject and 20 000 of body', async () => {
    const response = await sendEmail({ to: t.config.supportEmail, subject: 's'.repeat(200), body: 'b'.repeat(20_000) });
    expect(response.status).toBe(201);
  });
});

describe('GET /api/mail-server/outbox', () => {
  // Mails of the portal to any address (sendEmail writes to the support address only).
  const store = (to: string, subject: string, text: string) => t.app.services.mail.send({ to, subject, text });

  it('lists the mails, newest first, in the contract shape', async () => {
    const to = uniqueEmail('liste');
    const first = await store(to, 'Premier', 'Un');
    const second = await store(to, 'Second', 'Deux');

    const response = await outbox({ to });
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(2);
    const items = outboxMailSchema.array().parse(response.body.items);
    expect(items.map((item) => item._id)).toEqual([second.id, first.id]);
    expect(items[0]).toMatchObject({
      to,
      subject: 'Second',
      text: 'Deux',
      status: 'STORED',
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
    expect(Number.isNaN(Date.parse(items[0]!.createdAt))).toBe(false);
  });

  it('filters by recipient (case-insensitive), status and limit', async () => {
    const to = uniqueEmail('filtre');
    for (const subject of ['A', 'B', 'C']) await store(to, subject, subject);

    const byRecipient = await outbox({ to: to.toUpperCase() });
    expect(byRecipient.body.total).toBe(3);
    expect(byRecipient.body.items.every((item: { to: string }) => item.to === to)).toBe(true);

    const limited = await outbox({ to, limit: 2 });
    expect(limited.body.total).toBe(3);
    expect(limited.body.items.map((item: { subject: string }) => item.subject)).toEqual(['C', 'B']);

    const stored = await outbox({ status: 'STORED', limit: 200 });
    expect(stored.body.total).toBeGreaterThanOrEqual(3);
    expect(stored.body.items.every((item: { status: string }) => item.status === 'STORED')).toBe(true);
    const sent = await outbox({ status: 'SENT' });
    expect(sent.body).toEqual({ total: 0, items: [] });

    const all = await outbox({ limit: 200 });
    expect(all.body.total).toBe(await t.db.mailOutbox.count());
    const defaultLimit = await outbox();
    expect(defaultLimit.body.items.length).toBe(Math.min(50, all.body.total));
  });

  it('refuses bad filters with 400', async () => {
    for (const query of [{ status: 'PERDU' }, { limit: 0 }, { limit: 201 }, { limit: 'beaucoup' }] as Record<
      string,
      string | number
    >[]) {
      const response = await outbox(query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.message.startsWith(MESSAGES.invalidForm)).toBe(true);
    }
  });

  it('is refused to non-admin users (403) and to anonymous callers (401)', async () => {
    expect((await outbox({}, memberToken)).status).toBe(403);
    expect((await t.http().get('/api/mail-server/outbox')).status).toBe(401);
  });
});
