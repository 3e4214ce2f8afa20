// Delivery over real SMTP (a local smtp-server): mails arrive and the outbox says SENT; with the
// SMTP server down they are FAILED with a retry date, and retryDue() delivers them once it is back.
import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccount } from './support/factories.ts';
import { freePort } from './support/postgres-cluster.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

interface Received {
  from: string | false;
  to: string[];
  raw: string;
}

/** A local SMTP server that keeps what it receives. */
async function startSmtp(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom && session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const address = server.server.address() as { port: number };
  return { port: address.port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const apps: TestApp[] = [];
const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function appWithSmtp(port: number, overrides: Parameters<typeof startTestApp>[0] = {}) {
  const t = await startTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, ...overrides });
  apps.push(t);
  return t;
}

const supportMail = (t: TestApp, subject: string) =>
  t
    .http()
    .post('/api/mail-server/notification/sendEmail')
    .send({ to: t.config.supportEmail, subject, body: 'Bonjour,\nune question.' });

describe('mail delivery over SMTP', () => {
  it('delivers the mail and marks the outbox row SENT', async () => {
    const smtp = await startSmtp();
    servers.push(smtp);
    const t = await appWithSmtp(smtp.port);

    const response = await supportMail(t, 'Question par SMTP');
    expect(response.status).toBe(201);

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual([t.config.supportEmail]);
    expect(smtp.received[0]!.from).toBe('ne-pas-repondre@associations.gouv.fr');
    expect(smtp.received[0]!.raw).toMatch(/^Subject: Question par SMTP\r?$/m);
    expect(smtp.received[0]!.raw).toContain('<p>Bonjour,</p>');

    const row = await t.db.mailOutbox.findUniqueOrThrow({ where: { id: response.body._id } });
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, lastError: null, nextAttemptAt: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('delivers the validation mail of a registration', async () => {
    const smtp = await startSmtp();
    servers.push(smtp);
    const t = await appWithSmtp(smtp.port);
    const email = 'smtp-inscription@test.example.org';
    const password = 'Inscription-Smtp-2026!';
    const response = await t
      .http()
      .post('/api/auth-server/register?origin=lca&sendValidation=true')
      .send({ email, password, confirm: password, civilite: 'M.', nom: 'Smtp', prenom: 'Test' });
    expect(response.status).toBe(201);
    expect(smtp.received.map((mail) => mail.to)).toEqual([[email]]);
    expect(smtp.received[0]!.raw).toContain('http://portail.test/client/validate/');
    expect((await t.db.mailOutbox.findFirstOrThrow({ where: { to: email } })).status).toBe('SENT');
  });

  it('delivers the real reset link after a failed first attempt, while the outbox keeps it masked; the sealed copy is erased once sent', async () => {
    const port = await freePort();
    const t = await appWithSmtp(port);
    const email = 'smtp-oubli@test.example.org';
    await createAccount(t, { email });
    expect((await t.http().post(`/api/auth-server/forgotPassword/${email}`)).status).toBe(200);
    let row = await t.db.mailOutbox.findFirstOrThrow({ where: { to: email } });
    expect(row.status).toBe('FAILED');
    expect(row.text).toContain('[lien masqué]');
    expect(row.sealed).not.toBeNull();

    const smtp = await startSmtp(port);
    servers.push(smtp);
    await t.db.mailOutbox.update({ where: { id: row.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
    await t.app.services.mail.retryDue();
    expect(smtp.received).toHaveLength(1);
    const raw = smtp.received[0]!.raw.replace(/=\r?\n/g, '');
    expect(raw).toMatch(/http:\/\/portail\.test\/client\/mot-de-passe-oublie\/[A-Za-z0-9_-]{20,}/);
    expect(raw).not.toContain('[lien masqu');

    row = await t.db.mailOutbox.findUniqueOrThrow({ where: { id: row.id } });
    expect(row).toMatchObject({ status: 'SENT', sealed: null });
    expect(row.text).toContain('[lien masqué]');
  });

  it('marks the mail FAILED with a retry date when SMTP is down, then retryDue() delivers it', async () => {
    const port = await freePort();
    const t = await appWithSmtp(port);

    const before = Date.now();
    const response = await supportMail(t, 'Pendant la panne');
    // The outbox keeps the mail: the caller is not failed.
    expect(response.status).toBe(201);
    let row = await t.db.mailOutbox.findUniqueOrThrow({ where: { id: response.body._id } });
    expect(row.status).toBe('FAILED');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row.sentAt).toBeNull();
    expect(row.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(before + t.config.mailRetryMs - 1000);

    // Not due yet: retryDue() leaves it alone even with SMTP back.
    const smtp = await startSmtp(port);
    servers.push(smtp);
    await t.app.services.mail.retryDue();
    expect(smtp.received).toHaveLength(0);
    expect((await t.db.mailOutbox.findUniqueOrThrow({ where: { id: row.id } })).attempts).toBe(1);

    // Due: delivered.
    await t.db.mailOutbox.update({ where: { id: row.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
    await t.app.services.mail.retryDue();
    row = await t.db.mailOutbox.findUniqueOrThrow({ where: { id: row.id } });
    expect(row).toMatchObject({ status: 'SENT', attempts: 2, lastError: null, nextAttemptAt: null });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.raw).toMatch(/^Subject: Pendant la panne\r?$/m);
  });

  it('backs off exponentially and stops retrying after mailMaxAttempts', async () => {
    const port = await freePort();
    const t = await appWithSmtp(port, { mailMaxAttempts: 3, mailRetryMs: 60_000 });
    const response = await supportMail(t, 'Panne longue');
    const id = response.body._id as string;

    const due = () => t.db.mailOutbox.update({ where: { id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
    // Second failure: retry in 2 × retryMs.
    await due();
    let before = Date.now();
    await t.app.services.mail.retryDue();
    let row = await t.db.mailOutbox.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: 'FAILED', attempts: 2 });
    expect(row.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(before + 2 * 60_000 - 1000);
    expect(row.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now() + 2 * 60_000 + 1000);

    // Third failure: the last attempt, no retry date.
    await due();
    before = Date.now();
    await t.app.services.mail.retryDue();
    row = await t.db.mailOutbox.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: 'FAILED', attempts: 3, nextAttemptAt: null });

    // Even with SMTP back and an old retry date, an exhausted mail is not retried.
    const smtp = await startSmtp(port);
    servers.push(smtp);
    await due();
    await t.app.services.mail.retryDue();
    expect(smtp.received).toHaveLength(0);
    expect((await t.db.mailOutbox.findUniqueOrThrow({ where: { id } })).attempts).toBe(3);
  });

  it('retries on its own: the retry loop delivers a failed mail once SMTP is back', async () => {
    const port = await freePort();
    const t = await appWithSmtp(port, { mailRetryMs: 1000 });
    const response = await supportMail(t, 'Relance automatique');
    const id = response.body._id as string;
    expect((await t.db.mailOutbox.findUniqueOrThrow({ where: { id } })).status).toBe('FAILED');

    const smtp = await startSmtp(port);
    servers.push(smtp);
    await vi.waitFor(
      async () => expect((await t.db.mailOutbox.findUniqueOrThrow({ where: { id } })).status).toBe('SENT'),
      { timeout: 8000, interval: 200 },
    );
    expect(smtp.received).toHaveLength(1);
  });

  it('picks up a mail whose sender crashed once its lease expired, not one being delivered', async () => {
    const smtp = await startSmtp();
    servers.push(smtp);
    const t = await appWithSmtp(smtp.port);
    const mail = {
      to: 'destinataire@test.example.org',
      from: t.config.mailFrom,
      text: 'Texte',
      status: 'PENDING' as const,
    };
    // send() holds a lease (nextAttemptAt) on the row while it delivers inline.
    const stale = await t.db.mailOutbox.create({
      data: { ...mail, subject: 'Oubliee', nextAttemptAt: new Date(Date.now() - 1000) },
    });
    const recent = await t.db.mailOutbox.create({
      data: { ...mail, subject: 'En cours', nextAttemptAt: new Date(Date.now() + 60_000) },
    });

    await t.app.services.mail.retryDue();
    expect((await t.db.mailOutbox.findUniqueOrThrow({ where: { id: stale.id } })).status).toBe('SENT');
    expect((await t.db.mailOutbox.findUniqueOrThrow({ where: { id: recent.id } })).status).toBe('PENDING');
    expect(smtp.received.map((m) => m.to)).toEqual([['destinataire@test.example.org']]);
  });

  it('send() holds a lease while it delivers, so the loop of another instance does not send twice', async () => {
    const port = await freePort();
    const t = await appWithSmtp(port);
    const before = Date.now();
    const row = await t.app.services.mail.send({ to: 'bail@test.example.org', subject: 'Bail', text: 'Texte' });
    // Written with its lease before the (failed) delivery: never due without a date.
    expect(row.status).toBe('PENDING');
    expect(row.nextAttemptAt!.getTime()).toBeGreaterThan(before + 60_000);
  });
});

describe('mails enqueued in a transaction', () => {
  const mail = (subject: string) => ({ to: 'transaction@test.example.org', subject, text: 'Texte', replyTo: 'membre@test.example.org' });

  it('exist only if the transaction commits, and flush() delivers them after the commit', async () => {
    const smtp = await startSmtp();
    servers.push(smtp);
    const t = await appWithSmtp(smtp.port);
    const { mail: service } = t.app.services;

    await expect(
      t.db.$transaction(async (tx) => {
        await service.enqueue(tx, mail('Annulee'));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');

    const id = await t.db.$transaction(async (tx) => {
      const row = await service.enqueue(tx, mail('Validee'));
      // Nothing leaves before the commit.
      await service.flush();
      expect(smtp.received).toHaveLength(0);
      return row.id;
    });
    expect(await t.db.mailOutbox.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: 'PENDING',
      from: t.config.mailFrom,
      replyTo: 'membre@test.example.org',
    });

    await service.flush();
    expect(await t.db.mailOutbox.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'SENT', attempts: 1 });
    expect(smtp.received.map((m) => m.raw.match(/^Subject: (.*?)\r?$/m)?.[1])).toEqual(['Validee']);
    expect(await t.db.mailOutbox.count({ where: { subject: 'Annulee' } })).toBe(0);
  });

  it('are delivered once when several flushes and instances run at the same time', async () => {
    const smtp = await startSmtp();
    servers.push(smtp);
    const t = await appWithSmtp(smtp.port);
    const other = await startTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` }, { databaseUrl: t.config.databaseUrl });
    apps.push(other);
    await t.db.$transaction(async (tx) => {
      for (let i = 0; i < 25; i++) await t.app.services.mail.enqueue(tx, mail(`Lot ${i}`));
    });

    await Promise.all([t.app.services.mail.flush(), t.app.services.mail.flush(), other.app.services.mail.flush()]);
    expect(smtp.received).toHaveLength(25);
    expect(await t.db.mailOutbox.count({ where: { status: 'SENT' } })).toBe(25);
  });

  it('without SMTP are stored (STORED) and flush() has nothing to do', async () => {
    const t = await startTestApp();
    apps.push(t);
    const row = await t.db.$transaction((tx) => t.app.services.mail.enqueue(tx, mail('Sans SMTP')));
    await t.app.services.mail.flush();
    expect((await t.db.mailOutbox.findUniqueOrThrow({ where: { id: row.id } })).status).toBe('STORED');
  });
});
