// Calls that send a mail or try a reset token are limited per IP and per account (address, token or
// signed-in user), with a French 429 and Retry-After; the counters live in PostgreSQL, so the
// limits hold across instances on one database and across a restart. Real clients from several
// loopback IPs.
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portail/contract';
import { loadConfig, RATE_LIMITS, type AppConfig, type RouteLimit } from '../src/config.ts';
import { createAccount, signIn } from './support/factories.ts';
import { fromIp, type IpResponse } from './support/from-ip.ts';
import { ADDRESS_LIMITS } from './support/rate-limits.ts';
import { registerBody, TOKEN_HEADER, uniqueEmail } from './support/http-helpers.ts';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app.ts';

/** The same limit on every route: 2 calls per IP, 1 per account, per minute. */
const limits = (limit: RouteLimit) =>
  Object.fromEntries(Object.keys(RATE_LIMITS).map((name) => [name, limit])) as AppConfig['rateLimits'];
const TIGHT = limits({ perIp: 2, perAccount: 1, windowMs: 60_000 });

/** One call of a limited route, from an IP, for an account (an address, a token or a signed-in user). */
type Call = (t: TestApp, ip: string, account: string) => Promise<IpResponse>;

const calls: Record<(typeof ADDRESS_LIMITS)[number], { account: (t: TestApp) => Promise<string>; call: Call }> = {
  register: {
    account: async () => uniqueEmail('inscription'),
    call: (t, ip, email) => fromIp(t, ip, 'POST', '/auth-server/register', registerBody({ email })),
  },
  sendValidation: {
    account: async () => uniqueEmail('validation'),
    call: (t, ip, email) => fromIp(t, ip, 'POST', '/auth-server/sendValidationMail', { email }),
  },
  forgotPassword: {
    account: async () => uniqueEmail('oubli'),
    call: (t, ip, email) => fromIp(t, ip, 'POST', `/auth-server/forgotPassword/${encodeURIComponent(email)}`),
  },
  resetPassword: {
    account: async () => randomBytes(24).toString('base64url'),
    call: (t, ip, token) =>
      fromIp(t, ip, 'POST', `/auth-server/resetPassword/${token}`, { password: TEST_PASSWORD, confirm: TEST_PASSWORD }),
  },
  assistanceMail: {
    account: async () => uniqueEmail('visiteur'),
    call: (t, ip, replyTo) =>
      fromIp(t, ip, 'POST', '/mail-server/notification/sendEmail', { to: t.config.supportEmail, subject: 'Aide', body: 'Bonjour', replyTo }),
  },
  joinNotification: {
    account: async (t) => (await signIn(t)).token,
    call: (t, ip, token) =>
      fromIp(
        t,
        ip,
        'POST',
        '/lca-server/users/joinAssociationNotification',
        { id_correspondance: randomUUID(), email: uniqueEmail('membre') },
        { [TOKEN_HEADER]: token },
      ),
  },
};

const expectLimited = (response: IpResponse) => {
  expect(response.status).toBe(429);
  expect(response.body).toMatchObject({ message: MESSAGES.tooManyRequests, status: 429, code: 'TOO_MANY_REQUESTS' });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
};

describe('each limited route, per account across IPs and per IP across accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimits: TIGHT });
  });
  afterAll(() => t.close());

  it.each(ADDRESS_LIMITS)('%s', async (name) => {
    const { account, call } = calls[name];
    const [x, y, z, w] = await Promise.all([account(t), account(t), account(t), account(t)]);
    const base = `127.0.${Object.keys(calls).indexOf(name) + 1}`;

    expect((await call(t, `${base}.1`, x)).status).not.toBe(429);
    // The same account from another IP: over its limit of 1.
    expectLimited(await call(t, `${base}.2`, x));
    expect((await call(t, `${base}.1`, y)).status).not.toBe(429);
    // A third account from the first IP: over the IP's limit of 2.
    expectLimited(await call(t, `${base}.1`, z));
    // Anybody else is served.
    expect((await call(t, `${base}.3`, w)).status).not.toBe(429);
  });

  it('sends no mail for a refused call', async () => {
    const account = await createAccount(t);
    expect((await calls.forgotPassword.call(t, '127.0.9.1', account.email)).status).toBe(200);
    expectLimited(await calls.forgotPassword.call(t, '127.0.9.2', account.email));
    expect(await t.db.mailOutbox.count({ where: { to: account.email } })).toBe(1);
  });

  it('counts a signed-in caller of the assistance form by account, whatever address it declares', async () => {
    const { token } = await signIn(t);
    const send = (ip: string) =>
      fromIp(
        t,
        ip,
        'POST',
        '/mail-server/notification/sendEmail',
        { to: t.config.supportEmail, subject: 'Aide', body: 'Bonjour', replyTo: uniqueEmail('autre') },
        { [TOKEN_HEADER]: token },
      );
    expect((await send('127.0.10.1')).status).toBe(201);
    expectLimited(await send('127.0.10.2'));
  });

  it('does not limit sign-in through this mechanism (it has its own progressive wait)', async () => {
    for (let i = 0; i < 4; i++) {
      const response = await fromIp(t, '127.0.11.1', 'POST', '/auth-server/login', { email: 'x@test.example.org', password: 'y' });
      expect(response.status).toBe(401);
    }
  });
});

describe('window and purge', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimits: limits({ perIp: 1, perAccount: 1, windowMs: 500 }) });
  });
  afterAll(() => t.close());

  it('serves again once the window is over', async () => {
    const email = uniqueEmail('fenetre');
    expect((await calls.forgotPassword.call(t, '127.0.12.1', email)).status).toBe(200);
    expectLimited(await calls.forgotPassword.call(t, '127.0.12.1', email));
    await sleep(600);
    expect((await calls.forgotPassword.call(t, '127.0.12.1', email)).status).toBe(200);
  });

  it('purges expired counters, keeps live ones, and stores no address or IP in clear', async () => {
    const email = uniqueEmail('purge');
    await calls.forgotPassword.call(t, '127.0.13.1', email);
    const keys = (await t.db.rateLimitCounter.findMany()).map((row) => row.key).join(' ');
    expect(keys).not.toContain(email);
    expect(keys).not.toContain('127.0.13.1');

    await t.db.rateLimitCounter.create({
      data: { key: 'test:expired', windowStart: new Date(Date.now() - 120_000), count: 9, expiresAt: new Date(Date.now() - 60_000) },
    });
    await t.db.rateLimitCounter.create({
      data: { key: 'test:live', windowStart: new Date(), count: 1, expiresAt: new Date(Date.now() + 60_000) },
    });
    expect(await t.app.services.rateLimitStore.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await t.db.rateLimitCounter.findUnique({ where: { key: 'test:expired' } })).toBeNull();
    expect(await t.db.rateLimitCounter.findUnique({ where: { key: 'test:live' } })).not.toBeNull();
  });
});

describe('shared by instances and kept across restarts', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    // The first app owns the database: close it last.
    for (const app of apps.splice(0).reverse()) await app.close();
  });

  it('a count started on one instance holds on another and after a restart', async () => {
    const first = await startTestApp({ rateLimits: limits({ perIp: 3, perAccount: 2, windowMs: 60_000 }) });
    apps.push(first);
    const settings = { rateLimits: first.config.rateLimits };
    const second = await startTestApp(settings, { databaseUrl: first.config.databaseUrl });
    apps.push(second);
    const email = uniqueEmail('instances');

    expect((await calls.forgotPassword.call(first, '127.0.14.1', email)).status).toBe(200);
    expect((await calls.forgotPassword.call(second, '127.0.14.2', email)).status).toBe(200);
    expectLimited(await calls.forgotPassword.call(second, '127.0.14.3', email));
    // Per IP too: two calls on the first instance, the third on the second.
    expect((await calls.forgotPassword.call(first, '127.0.14.4', uniqueEmail('ip'))).status).toBe(200);
    expect((await calls.forgotPassword.call(first, '127.0.14.4', uniqueEmail('ip'))).status).toBe(200);
    expect((await calls.forgotPassword.call(second, '127.0.14.4', uniqueEmail('ip'))).status).toBe(200);
    expectLimited(await calls.forgotPassword.call(second, '127.0.14.4', uniqueEmail('ip')));

    await apps.pop()!.close();
    const restarted = await startTestApp(settings, { databaseUrl: first.config.databaseUrl });
    apps.push(restarted);
    expectLimited(await calls.forgotPassword.call(restarted, '127.0.14.5', email));
    expectLimited(await calls.forgotPassword.call(restarted, '127.0.14.4', uniqueEmail('ip')));
  });
});

describe('configuration', () => {
  it('reads RATE_LIMIT_<ROUTE>=perIp/perAccount/windowSeconds and refuses a malformed value in French', () => {
    const config = loadConfig({ NODE_ENV: 'test', RATE_LIMIT_FORGOT_PASSWORD: '7/2/120' });
    expect(config.rateLimits.forgotPassword).toEqual({ perIp: 7, perAccount: 2, windowMs: 120_000 });
    expect(config.rateLimits.register).toEqual(RATE_LIMITS.register.defaults);
    expect(() => loadConfig({ NODE_ENV: 'test', RATE_LIMIT_REGISTER: '10/0' })).toThrow(/RATE_LIMIT_REGISTER s'écrit/);
    // A limit per target takes a fourth part, and keeps its default without it; the others refuse one.
    expect(loadConfig({ NODE_ENV: 'test', RATE_LIMIT_DOSSIER_MESSAGE: '9/4/60/2' }).rateLimits.dossierMessage).toEqual({ perIp: 9, perAccount: 4, windowMs: 60_000, perTarget: 2 });
    expect(loadConfig({ NODE_ENV: 'test', RATE_LIMIT_DOSSIER_MESSAGE: '9/4/60' }).rateLimits.dossierMessage.perTarget).toBe(RATE_LIMITS.dossierMessage.defaults.perTarget);
    expect(() => loadConfig({ NODE_ENV: 'test', RATE_LIMIT_REGISTER: '10/3/900/2' })).toThrow(/RATE_LIMIT_REGISTER s'écrit/);
  });
});
