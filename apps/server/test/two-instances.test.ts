// Two app instances on one database at the same time, as behind a load balancer: what one does
// holds on the other. Sign-in throttle and route limits (PostgreSQL), documents (both on one real
// S3 server), mails (both running their queue workers against one real SMTP server, stopped then
// started: each mail is delivered exactly once), account states kept by each instance (a session
// ended or an account changed on one is refused by the other within 100 ms, also across a lost
// listening connection).
import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { MESSAGES } from '@portail/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { ACCOUNT_STATE_LISTENER_NAME } from '../src/db/account-state-changes.ts';
import { poolOf } from '../src/db/prisma.ts';
import { createS3Client } from '../src/storage/s3-storage.ts';
import { createAssociation, linkUser } from './support/association-factory.ts';
import { createAccount, signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
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
    // A lost listening connection is reopened after 4 s here: long enough to act meanwhile, even on a
    // busy machine (at 1.5 s, a loaded CI run heard again before the test had acted).
    accountStateCache: { ...loadConfig({ NODE_ENV: 'test' }).accountStateCache, reconnectMs: 4_000 },
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

describe('account states kept by each instance', () => {
  const me = (t: TestApp, token: string) => t.http().get('/api/auth-server/me').set(TOKEN_HEADER, token);

  /** Account-state reads instance `t` sends to PostgreSQL during `work`. */
  async function accountReads(t: TestApp, work: () => Promise<unknown>): Promise<number> {
    const spy = vi.spyOn(poolOf(t.db)!, 'query');
    try {
      await work();
      return spy.mock.calls.filter(([text]) => typeof text === 'string' && text.includes('FROM users u LEFT JOIN service_accounts')).length;
    } finally {
      spy.mockRestore();
    }
  }

  /** The call passes on B, which then keeps the state: a next call reads nothing. */
  async function keptOnB(call: () => Promise<{ status: number }>) {
    expect((await call()).status).toBe(200);
    // The account's own last change (the sign-in on A) may be heard after the first call on a busy
    // machine, and rightly drops what B had just kept: B keeps it again, and a call then reads nothing.
    await vi.waitFor(async () => expect(await accountReads(b, async () => expect((await call()).status).toBe(200))).toBe(0), { timeout: 2_000, interval: 50 });
  }

  /**
   * `act` on A, then `call` on B again and again until it is refused: B kept the state before (no
   * read), and refuses within 100 ms of A's answer. Returns the refusal.
   */
  async function refusedOnBWithin100ms(call: () => Promise<{ status: number; body: unknown }>, act: () => Promise<unknown>) {
    await keptOnB(call);
    await act();
    const actedAt = performance.now();
    let response = await call();
    while (response.status === 200 && performance.now() - actedAt < 2_000) response = await call();
    const elapsed = performance.now() - actedAt;
    expect(response.status).not.toBe(200);
    expect(elapsed, `refused after ${elapsed.toFixed(1)} ms`).toBeLessThanOrEqual(100);
    return response;
  }

  it('a logout on one refuses the session on the other within 100 ms', async () => {
    const member = await signIn(a);
    const refused = await refusedOnBWithin100ms(
      () => me(b, member.token),
      async () => expect((await a.http().post('/api/auth-server/logout').send({ refreshToken: member.refreshToken })).status).toBe(200),
    );
    expect(refused.body).toMatchObject({ status: 401, code: 'SESSION_REVOKED' });
  });

  it('a lock on one refuses the service on the other within 100 ms', async () => {
    const admin = await signIn(a, { roles: ['rds.admin'] });
    const service = await signIn(a, { roles: ['rds.user'] });
    const refused = await refusedOnBWithin100ms(
      () => me(b, service.token),
      async () => {
        const locked = await a.http().patch(`/api/auth-server/services/${service.account.id}`).set(TOKEN_HEADER, admin.token).send({ locked: true });
        expect(locked.status, JSON.stringify(locked.body)).toBe(200);
      },
    );
    // Locking ends the service's sessions as well: its token is refused as such.
    expect(refused.body).toMatchObject({ status: 401, code: 'SESSION_REVOKED' });
    expect((await b.http().post('/api/auth-server/login').send({ email: service.account.email, password: TEST_PASSWORD })).body).toMatchObject({
      code: 'USER_LOCKED',
    });
  });

  it('a password changed, a role taken away, a service deleted or a rotated token replayed on one: refused on the other within 100 ms', async () => {
    const member = await signIn(a);
    const changed = await refusedOnBWithin100ms(
      () => me(b, member.token),
      async () => {
        const body = { old_password: TEST_PASSWORD, new_password: 'Changement-Mdp-2026;', new_confirm: 'Changement-Mdp-2026;' };
        expect((await a.http().patch(`/api/auth-server/users/${member.account.id}/oauth`).set(TOKEN_HEADER, member.token).send(body)).status).toBe(200);
      },
    );
    expect(changed.body).toMatchObject({ status: 401, code: 'SESSION_REVOKED' });

    // A role taken away outside any route (straight in the database, through A's connections).
    const admin = await signIn(a, { roles: ['rds.admin'] });
    const withoutRole = await refusedOnBWithin100ms(
      () => b.http().get('/api/auth-server/crossed-services').set(TOKEN_HEADER, admin.token),
      () => a.db.userRole.deleteMany({ where: { userId: admin.account.id, role: 'rds.admin' } }),
    );
    expect(withoutRole.body).toMatchObject({ status: 403, code: 'FORBIDDEN' });

    const manager = await signIn(a, { roles: ['rds.admin'] });
    const service = await signIn(a, { roles: ['rds.user'] });
    const deleted = await refusedOnBWithin100ms(
      () => me(b, service.token),
      async () => expect((await a.http().delete(`/api/auth-server/services/${service.account.id}`).set(TOKEN_HEADER, manager.token)).status).toBe(200),
    );
    expect(deleted.body).toMatchObject({ status: 401 });

    // Replaying a rotated refresh token on A ends its whole family, access tokens included.
    const replayed = await signIn(a);
    const replay = await refusedOnBWithin100ms(
      () => me(b, replayed.token),
      async () => {
        expect((await a.http().get(`/api/auth-server/refreshToken/${replayed.refreshToken}`)).status).toBe(200);
        expect((await a.http().get(`/api/auth-server/refreshToken/${replayed.refreshToken}`)).status).toBe(401);
      },
    );
    expect(replay.body).toMatchObject({ status: 401, code: 'SESSION_REVOKED' });
  });

  it('an instance that loses its listening connection serves nothing it kept until it hears again, then starts empty', async () => {
    const first = await signIn(a);
    const second = await signIn(a);
    await keptOnB(() => me(b, first.token));
    await keptOnB(() => me(b, second.token));
    // Both instances' listening connections are cut (a restart of PostgreSQL, a network failure).
    await a.db.$queryRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                         WHERE application_name = ${ACCOUNT_STATE_LISTENER_NAME} AND datname = current_database()`;
    await vi.waitFor(() => expect(b.app.accountStates.stats().listening).toBe(false), { timeout: 2_000, interval: 5 });

    // Sessions ended while nobody hears: B reads the database on each call meanwhile.
    const endSessions = (userId: string) => a.db.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
    await endSessions(first.account.id);
    expect(b.app.accountStates.stats().listening).toBe(false);
    expect((await me(b, first.token)).body).toMatchObject({ status: 401, code: 'SESSION_REVOKED' });
    await endSessions(second.account.id);

    // Heard again: what was kept before is gone (its change was never announced to B).
    await vi.waitFor(() => expect(b.app.accountStates.stats().listening).toBe(true), { timeout: 10_000, interval: 20 });
    expect((await me(b, second.token)).body).toMatchObject({ status: 401, code: 'SESSION_REVOKED' });
    const listeners = await a.db.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = ${ACCOUNT_STATE_LISTENER_NAME} AND datname = current_database()`;
    expect(Number(listeners[0]!.n)).toBe(2);

    // And B keeps states again, refused within 100 ms of a logout on A.
    const third = await signIn(a);
    await refusedOnBWithin100ms(
      () => me(b, third.token),
      async () => expect((await a.http().post('/api/auth-server/logout').send({ refreshToken: third.refreshToken })).status).toBe(200),
    );
  });
});
