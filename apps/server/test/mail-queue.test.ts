// Mail delivery through the PostgreSQL job queue (graphile-worker): the job is written in the
// business transaction with its outbox row; the worker delivers without any flush or retry call;
// an SMTP outage is retried with a growing delay until SMTP is back, then the mail goes out once,
// real links unsealed; a job finding the row leased waits for the lease; app.close() stops the
// worker at once. Real PostgreSQL, real SMTP server.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccount } from './support/factories.ts';
import { freePort } from './support/postgres-cluster.ts';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const apps: TestApp[] = [];
const servers: TestSmtpServer[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function appWithSmtp(port: number, overrides: Parameters<typeof startTestApp>[0] = {}) {
  const t = await startTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, ...overrides });
  apps.push(t);
  return t;
}

interface JobRow {
  key: string | null;
  task_identifier: string;
  run_at: Date;
  locked_at: Date | null;
}
const jobsOf = (t: TestApp, id: string) =>
  t.db.$queryRaw<JobRow[]>`SELECT key, task_identifier, run_at, locked_at FROM graphile_worker.jobs WHERE key = ${`mail:${id}`}`;
const row = (t: TestApp, id: string) => t.db.mailOutbox.findUniqueOrThrow({ where: { id } });
const mail = (subject: string) => ({ to: 'file@test.example.org', subject, text: `Texte : ${subject}` });

describe('mail delivery by the job queue', () => {
  it('writes the job in the business transaction: none for a rollback, and the worker delivers a commit without any flush', async () => {
    const smtp = await startSmtpServer();
    servers.push(smtp);
    const t = await appWithSmtp(smtp.port);
    const { mail: service } = t.app.services;

    let rolledBackId = '';
    await expect(
      t.db.$transaction(async (tx) => {
        rolledBackId = (await service.enqueue(tx, mail('Annulee'))).id;
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await jobsOf(t, rolledBackId)).toEqual([]);
    expect(await t.db.mailOutbox.count({ where: { id: rolledBackId } })).toBe(0);

    const committed = await t.db.$transaction((tx) => service.enqueue(tx, mail('Par la file')));
    const [job] = await jobsOf(t, committed.id);
    expect(job).toMatchObject({ key: `mail:${committed.id}`, task_identifier: 'mail_deliver' });

    // Nobody calls flush() or retryDue(): the worker delivers it.
    await vi.waitFor(async () => expect((await row(t, committed.id)).status).toBe('SENT'), { timeout: 10_000, interval: 200 });
    expect(smtp.received.map((m) => m.subject)).toEqual(['Par la file']);
    expect(await row(t, committed.id)).toMatchObject({ attempts: 1, lastError: null, nextAttemptAt: null });
    // The job is done and gone.
    await vi.waitFor(async () => expect(await jobsOf(t, committed.id)).toEqual([]), { timeout: 5_000, interval: 100 });
  });

  it('retries an SMTP outage with a growing delay, then delivers once with the real link; the outbox keeps it masked', async () => {
    const port = await freePort();
    const t = await appWithSmtp(port, { mailRetryMs: 500, mailMaxAttempts: 20 });
    const email = `file-oubli-${randomUUID().slice(0, 6)}@test.example.org`;
    await createAccount(t, { email });
    expect((await t.http().post(`/api/auth-server/forgotPassword/${email}`)).status).toBe(200);
    const { id } = await t.db.mailOutbox.findFirstOrThrow({ where: { to: email } });

    // SMTP down: the worker's jobs fail again and again, each one rescheduling the next later.
    const nextAttemptOf = new Map<number, number>();
    await vi.waitFor(
      async () => {
        const current = await row(t, id);
        // The first date seen after each failure (a claim later replaces it with its lease).
        if (current.nextAttemptAt && !nextAttemptOf.has(current.attempts)) nextAttemptOf.set(current.attempts, current.nextAttemptAt.getTime());
        expect(current.attempts).toBeGreaterThanOrEqual(3);
      },
      { timeout: 15_000, interval: 50 },
    );
    const failed = await row(t, id);
    expect(failed).toMatchObject({ status: 'FAILED', sentAt: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.text).toContain('[lien masqué]');
    expect(failed.sealed).not.toBeNull();
    // The job waits where the row says the next attempt is.
    const [job] = await jobsOf(t, id);
    expect(Math.abs(job!.run_at.getTime() - failed.nextAttemptAt!.getTime())).toBeLessThan(5);
    // Exponential back-off: failure n comes after the retry time n-1 and waits 500 ms × 2^(n-1), so two
    // retry times are at least that far apart (a constant delay would give ~500 ms plus a poll).
    expect(nextAttemptOf.get(3)! - nextAttemptOf.get(2)!).toBeGreaterThanOrEqual(500 * 2 ** 2);
    expect(nextAttemptOf.get(2)! - nextAttemptOf.get(1)!).toBeGreaterThanOrEqual(500 * 2);

    const smtp = await startSmtpServer(port);
    servers.push(smtp);
    await vi.waitFor(async () => expect((await row(t, id)).status).toBe('SENT'), { timeout: 20_000, interval: 200 });
    const sent = await row(t, id);
    expect(sent).toMatchObject({ sealed: null, lastError: null });
    expect(sent.attempts).toBeGreaterThan(failed.attempts);
    expect(sent.text).toContain('[lien masqué]');
    expect(smtp.received).toHaveLength(1);
    const raw = smtp.received[0]!.raw.replace(/=\r?\n/g, '');
    expect(raw).toMatch(/http:\/\/portail\.test\/client\/mot-de-passe-oublie\/[A-Za-z0-9_-]{20,}/);
    expect(raw).not.toContain('[lien masqu');
  });

  it('a job that finds the mail leased by another sender leaves it alone and waits for the lease to end', async () => {
    const smtp = await startSmtpServer();
    servers.push(smtp);
    const t = await appWithSmtp(smtp.port);
    const leaseUntil = new Date(Date.now() + 60_000);
    const leased = await t.db.mailOutbox.create({
      data: { to: 'bail@test.example.org', from: t.config.mailFrom, subject: 'En cours ailleurs', text: 'Texte', status: 'PENDING', nextAttemptAt: leaseUntil },
    });
    await t.db.$executeRaw`SELECT graphile_worker.add_job('mail_deliver', json_build_object('id', ${leased.id}::text), job_key := ${`mail:${leased.id}`}::text)`;

    await vi.waitFor(
      async () => {
        const [job] = await jobsOf(t, leased.id);
        expect(job?.locked_at ?? null).toBeNull();
        expect(job?.run_at.getTime()).toBe(leaseUntil.getTime());
      },
      { timeout: 10_000, interval: 100 },
    );
    expect((await row(t, leased.id)).status).toBe('PENDING');
    expect(smtp.received).toEqual([]);
  });

  it('the sweep task delivers a waiting mail that has no job (written before the queue), once a minute for the cluster', async () => {
    const smtp = await startSmtpServer();
    servers.push(smtp);
    const t = await appWithSmtp(smtp.port);
    const legacy = await t.db.mailOutbox.create({
      data: { to: 'ancien@test.example.org', from: t.config.mailFrom, subject: 'Sans travail', text: 'Texte', status: 'FAILED', attempts: 1, nextAttemptAt: new Date(Date.now() - 1000) },
    });
    expect(await jobsOf(t, legacy.id)).toEqual([]);
    // The cron is registered; run its task now rather than wait for the minute.
    const crons = await t.db.$queryRaw<{ identifier: string }[]>`SELECT identifier FROM graphile_worker._private_known_crontabs`;
    expect(crons.map((c) => c.identifier)).toContain('mail_sweep');
    await t.db.$executeRaw`SELECT graphile_worker.add_job('mail_sweep')`;
    await vi.waitFor(async () => expect((await row(t, legacy.id)).status).toBe('SENT'), { timeout: 10_000, interval: 200 });
    expect(smtp.received.map((m) => m.subject)).toEqual(['Sans travail']);
  });

  it('without SMTP no worker runs and no job is written (mails stay STORED)', async () => {
    const t = await startTestApp();
    apps.push(t);
    const stored = await t.db.$transaction((tx) => t.app.services.mail.enqueue(tx, mail('Sans SMTP')));
    expect(stored.status).toBe('STORED');
    const schema = await t.db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM information_schema.schemata WHERE schema_name = 'graphile_worker'`;
    expect(Number(schema[0]!.n)).toBe(0);
  });

  it('app.close() stops the worker at once (well within the 1 s a SIGTERM allows)', async () => {
    const smtp = await startSmtpServer();
    servers.push(smtp);
    const t = await startTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    await t.db.$transaction((tx) => t.app.services.mail.enqueue(tx, mail('Avant arret')));
    const started = performance.now();
    await t.app.close();
    expect(performance.now() - started).toBeLessThan(1_000);
    await t.close();
  });
});
