// Two app instances on one database at the same time, as behind a load balancer: what one does
// holds on the other. Sign-in throttle and route limits (PostgreSQL), documents (both on one real
// S3 server), mails (both running their queue workers against one real SMTP server, stopped then
// started: each mail is delivered exactly once).
import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { MESSAGES } from '@portail/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { createS3Client } from '../src/storage/s3-storage.ts';
import { createAssociation, linkUser } from './support/association-factory.ts';
import { createAccount, signIn } from './support/factories.ts';
import { freePort } from './support/postgres-cluster.ts';
import { startS3Server } from './support/s3-server.ts';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.ts';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app.ts';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'), randomBytes(50_000), Buffer.from('\n%%EOF\n')]);

let s3: Awaited<ReturnType<typeof startS3Server>>;
let smtpPort: number;
let smtp: TestSmtpServer | null = null;
let a: TestApp;
let b: TestApp;

const lifted = Object.fromEntries(
  Object.keys(loadConfig({ NODE_ENV: 'test' }).rateLimits).map((name) => [name, { perIp: 100_000, perAccount: 100_000, windowMs: 60_000 }]),
) as AppConfig['rateLimits'];

beforeAll(async () => {
  s3 = await startS3Server('portail-instances');
  smtpPort = await freePort();
  // What every instance of one deployment shares: the secret, the database, the S3 bucket, SMTP.
  const shared: Partial<AppConfig> = {
    jwtSecret: randomBytes(32).toString('base64url'),
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    mailRetryMs: 500,
    mailMaxAttempts: 50,
    storageDriver: 's3',
    s3: s3.config,
    loginThrottle: { freeAttempts: 2, ipFreeAttempts: 10_000, baseDelayMs: 30_000, maxDelayMs: 30_000, windowMs: 15 * 60_000 },
    rateLimits: { ...lifted, forgotPassword: { perIp: 100_000, perAccount: 1, windowMs: 15 * 60_000 } },
  };
  a = await startTestApp(shared);
  b = await startTestApp(shared, { databaseUrl: a.config.databaseUrl });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await smtp?.close();
  await s3?.close();
});

describe('two instances on one database', () => {
  it('both run: two queue workers listen on the database', async () => {
    const listeners = await a.db.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN "jobs:insert"%'`;
    expect(Number(listeners[0]!.n)).toBe(2);
  });

  it('a sign-in throttle earned on one holds on the other', async () => {
    const account = await createAccount(a);
    const login = (t: TestApp, password: string) => t.http().post('/api/auth-server/login').send({ email: account.email, password });
    expect((await login(a, 'Mauvais-Mot-2026!')).status).toBe(401);
    expect((await login(a, 'Mauvais-Mot-2026!')).status).toBe(401);
    // The right password, on the other instance: it must wait too.
    const waiting = await login(b, TEST_PASSWORD);
    expect(waiting.status).toBe(429);
    expect(waiting.body).toMatchObject({ code: 'LOGIN_THROTTLED', status: 429 });
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(25);
  });

  it('a route limit counted on one holds on the other', async () => {
    const account = await createAccount(a);
    expect((await a.http().post(`/api/auth-server/forgotPassword/${account.email}`)).status).toBe(200);
    const refused = await b.http().post(`/api/auth-server/forgotPassword/${account.email}`);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: MESSAGES.tooManyRequests, status: 429, code: 'TOO_MANY_REQUESTS' });
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('a document uploaded through one downloads through the other, from the shared S3 bucket; deleted through the other, it is gone for both', async () => {
    const asso = await createAssociation(a);
    const member = await signIn(a);
    await linkUser(a, member.account.id, asso);
    const created = await a
      .http()
      .post('/api/proxy-asso/association/documents')
      .query({ id_asso: asso.id, type: 'STC', annee_validite: '2025' })
      .set('x-access-token', member.token)
      .attach('file', PDF, { filename: 'Statuts.pdf', contentType: 'application/pdf' });
    expect(created.status).toBe(201);

    const asBytes = (t: TestApp) =>
      t
        .http()
        .get(created.body.url)
        .set('x-access-token', member.token)
        .buffer(true)
        .parse((res, callback) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => callback(null, Buffer.concat(chunks)));
        });
    const fromB = await asBytes(b);
    expect(fromB.status).toBe(200);
    expect(Buffer.compare(fromB.body as Buffer, PDF)).toBe(0);

    // The bytes are in the bucket, under the key the database recorded.
    const { storageKey } = await a.db.associationDocument.findUniqueOrThrow({ where: { id: created.body.uuid } });
    const client = createS3Client(s3.config);
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }));
    expect(listed.Contents?.map((object) => object.Key)).toContain(storageKey);

    const removed = await b.http().delete('/api/proxy-asso/association/documents').query({ id_asso: asso.id, id: created.body.uuid }).set('x-access-token', member.token);
    expect(removed.status).toBe(200);
    expect((await asBytes(a)).status).toBe(404);
    const after = await client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }));
    expect(after.Contents?.map((object) => object.Key) ?? []).not.toContain(storageKey);
    client.destroy();
  });

  it('mails queued while SMTP is down are delivered exactly once when it comes back, with both workers running', async () => {
    // One mail sent inline through instance A's route (its first attempt fails), one written in a
    // business transaction on B and left to the queue (nobody flushes it).
    const support = await a
      .http()
      .post('/api/mail-server/notification/sendEmail')
      .send({ to: a.config.supportEmail, subject: 'Pendant la panne (A)', body: 'Bonjour,\nune question.' });
    expect(support.status).toBe(201);
    const queued = await b.db.$transaction((tx) =>
      b.app.services.mail.enqueue(tx, { to: 'membre@test.example.org', subject: 'Pendant la panne (B)', text: 'Un changement.' }),
    );
    const ids = [support.body._id as string, queued.id];
    const rows = () => a.db.mailOutbox.findMany({ where: { id: { in: ids } }, orderBy: { subject: 'asc' } });

    // Both fail, more than once, while SMTP is down.
    await vi.waitFor(async () => expect((await rows()).map((r) => [r.status, r.attempts >= 2])).toEqual([['FAILED', true], ['FAILED', true]]), {
      timeout: 15_000,
      interval: 100,
    });

    smtp = await startSmtpServer(smtpPort);
    await vi.waitFor(async () => expect((await rows()).map((r) => r.status)).toEqual(['SENT', 'SENT']), { timeout: 20_000, interval: 100 });
    // Give every worker time for one more round: nothing is sent twice.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const subjects = smtp.received.map((m) => m.subject).filter((s) => s?.startsWith('Pendant la panne'));
    expect(subjects.sort()).toEqual(['Pendant la panne (A)', 'Pendant la panne (B)']);
    for (const row of await rows()) expect(row).toMatchObject({ status: 'SENT', lastError: null, nextAttemptAt: null });
    // Mails of the other tests (the reset link) went out once each as well.
    const recipients = smtp.received.flatMap((m) => m.to);
    expect(new Set(recipients).size).toBe(recipients.length);
  });
});
