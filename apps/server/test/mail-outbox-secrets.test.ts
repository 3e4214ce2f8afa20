// The outbox never shows a live secret link: validation and reset links are stored
// masked (« [lien masqué] »), the mail as sent is sealed aside (AES-256-GCM, bound to its row) and
// the token is nowhere in the database in clear; only the demo mode, never in production, keeps
// them readable. Delivery with the real link, including after a failed first attempt, is in
// mail-smtp.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { REDACTED_LINK } from '../src/modules/mail/index.ts';
import { createAccount, signIn } from './support/factories.ts';
import { registerBody, TOKEN_HEADER } from './support/http-helpers.ts';
import { lastMailTo, RESET_LINK_PREFIX, resetTokenIn, VALIDATION_LINK_PREFIX, validationTokenIn } from './support/mailbox.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** Every row of every table of the app's database, as text, that contains `needle`. */
async function rowsContaining(t: TestApp, needle: string): Promise<string[]> {
  const tables = await t.db.$queryRaw<{ name: string }[]>`
    SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`;
  const hits: string[] = [];
  for (const { name } of tables) {
    const [row] = await t.db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "${name.replace(/"/g, '""')}" AS r WHERE r::text LIKE '%' || $1 || '%'`,
      needle,
    );
    if (row!.n > 0) hits.push(name);
  }
  return hits;
}

describe('outbox with secret links masked (default)', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await startTestApp();
    expect(t.config.mailOutboxShowLinks).toBe(false);
    ({ token: adminToken } = await signIn(t, { roles: ['lca.admin'] }));
  });
  afterAll(() => t.close());

  const outboxFor = (to: string) => t.http().get('/api/mail-server/outbox').query({ to }).set(TOKEN_HEADER, adminToken);

  it.each([
    [
      'validation',
      async () => {
        const body = registerBody();
        expect((await t.http().post('/api/auth-server/register?origin=lca&sendValidation=true').send(body)).status).toBe(201);
        return body.email;
      },
      VALIDATION_LINK_PREFIX,
      validationTokenIn,
    ],
    [
      'password reset',
      async () => {
        const account = await createAccount(t);
        expect((await t.http().post(`/api/auth-server/forgotPassword/${account.email}`)).status).toBe(200);
        return account.email;
      },
      RESET_LINK_PREFIX,
      resetTokenIn,
    ],
  ] as const)('the %s link: masked in the outbox API and rows, sealed aside, nowhere in clear', async (_kind, ask, prefix, tokenIn) => {
    const email = await ask();
    const delivered = await lastMailTo(t, email);
    const token = tokenIn(delivered.text);
    expect(delivered.html).toContain(`${prefix}${token}`);

    const listed = await outboxFor(email);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toHaveLength(1);
    expect(listed.body.items[0].text).toContain(REDACTED_LINK);
    expect(JSON.stringify(listed.body)).not.toContain(token);
    expect(JSON.stringify(listed.body)).not.toContain(prefix);
    expect(listed.body.items[0]).not.toHaveProperty('sealed');

    const row = await t.db.mailOutbox.findUniqueOrThrow({ where: { id: delivered.id } });
    expect(row.text).toContain(REDACTED_LINK);
    expect(row.html).toContain(REDACTED_LINK);
    expect(`${row.text}${row.html}`).not.toContain(token);
    expect(row.sealed).toMatch(/^v1\./);
    // Neither the outbox nor any other table (one_time_tokens keeps a hash) holds the token.
    expect(await rowsContaining(t, token)).toEqual([]);
  });

  it('the real link still works for its recipient', async () => {
    const body = registerBody();
    await t.http().post('/api/auth-server/register?origin=lca&sendValidation=true').send(body);
    const token = validationTokenIn((await lastMailTo(t, body.email)).text);
    expect((await t.http().post(`/api/auth-server/validate/${token}`)).status).toBe(200);
  });

  it('a sealed copy opens only on its own row: moved onto a mail to someone else, it is refused', async () => {
    const account = await createAccount(t);
    await t.http().post(`/api/auth-server/forgotPassword/${account.email}`);
    const victim = await t.db.mailOutbox.findFirstOrThrow({ where: { to: account.email } });
    const thief = await t.db.mailOutbox.create({
      data: { to: 'voleur@test.example.org', from: t.config.mailFrom, subject: victim.subject, text: victim.text, sealed: victim.sealed },
    });
    await expect(t.app.services.mail.contentOf(thief)).rejects.toThrow();
    await expect(t.app.services.mail.contentOf({ ...victim, to: 'voleur@test.example.org' })).rejects.toThrow();
  });

  it('mails without a secret link are stored as they are, with nothing sealed', async () => {
    const response = await t
      .http()
      .post('/api/mail-server/notification/sendEmail')
      .send({ to: t.config.supportEmail, subject: 'Question', body: 'Voir http://portail.test/client/faq' });
    const row = await t.db.mailOutbox.findUniqueOrThrow({ where: { id: response.body._id } });
    expect(row).toMatchObject({ text: 'Voir http://portail.test/client/faq', sealed: null });
  });
});

describe('demo mode (MAIL_OUTBOX_SHOW_LINKS)', () => {
  it('keeps the links readable in the outbox, for a developer clicking them locally', async () => {
    const t = await startTestApp({ mailOutboxShowLinks: true });
    try {
      const { token: adminToken } = await signIn(t, { roles: ['lca.admin'] });
      const body = registerBody();
      await t.http().post('/api/auth-server/register?origin=lca&sendValidation=true').send(body);
      const listed = await t.http().get('/api/mail-server/outbox').query({ to: body.email }).set(TOKEN_HEADER, adminToken);
      expect(listed.body.items[0].text).toContain(VALIDATION_LINK_PREFIX);
      expect(listed.body.items[0].text).not.toContain(REDACTED_LINK);
      expect((await t.db.mailOutbox.findFirstOrThrow({ where: { to: body.email } })).sealed).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('is on by default only for the local embedded start without SMTP, and never allowed in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).mailOutboxShowLinks).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgresql://x/y' }).mailOutboxShowLinks).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', SMTP_URL: 'smtp://localhost:1025' }).mailOutboxShowLinks).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', MAIL_OUTBOX_SHOW_LINKS: '0' }).mailOutboxShowLinks).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).mailOutboxShowLinks).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', MAIL_OUTBOX_SHOW_LINKS: '1' }).mailOutboxShowLinks).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', MAIL_OUTBOX_SHOW_LINKS: '1', JWT_SECRET: 'x'.repeat(40) })).toThrow(
      /MAIL_OUTBOX_SHOW_LINKS est interdit en production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production' }, { mailOutboxShowLinks: true })).toThrow(/interdit en production/);
  });
});
