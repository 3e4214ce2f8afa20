// Repeated failed sign-ins, per address and per IP: a few free attempts, then a short wait doubling
// with each failure up to a small cap, never a long lock-out; counters in PostgreSQL, shared by
// instances and kept across restarts. Real HTTP, real clients from several loopback IPs.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portail/contract';
import { loadConfig, type LoginThrottleConfig } from '../src/config.ts';
import { createAccount } from './support/factories.ts';
import { fromIp } from './support/from-ip.ts';
import { uniqueEmail } from './support/http-helpers.ts';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app.ts';

const DEFAULTS = loadConfig({ NODE_ENV: 'test' }).loginThrottle;
const WRONG = 'Mauvais-Mot-2026!';

const login = (t: TestApp, email: string, password: string, ip = '127.0.0.1') =>
  fromIp(t, ip, 'POST', '/auth-server/login', { email, password });

describe('defaults', () => {
  it('never make anybody wait more than a minute, after a few free attempts', () => {
    expect(DEFAULTS.maxDelayMs).toBeLessThanOrEqual(60_000);
    expect(DEFAULTS.freeAttempts).toBeGreaterThanOrEqual(3);
    expect(DEFAULTS.ipFreeAttempts).toBeGreaterThan(DEFAULTS.freeAttempts);
  });

  it('refuse a bad LOGIN_MAX_DELAY_SECONDS at start with a French message', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', LOGIN_MAX_DELAY_SECONDS: '3600' })).toThrow(/LOGIN_MAX_DELAY_SECONDS/);
  });
});

describe('per address, over HTTP', () => {
  let t: TestApp;
  // 3 free failures, then waits of 0.5 s, 1 s, 1 s (capped).
  const throttle: LoginThrottleConfig = { freeAttempts: 3, ipFreeAttempts: 1000, baseDelayMs: 500, maxDelayMs: 1000, windowMs: 60_000 };
  beforeAll(async () => {
    t = await startTestApp({ loginThrottle: throttle });
  });
  afterAll(() => t.close());

  it('makes the next attempt wait after the free failures: 429, French message, Retry-After, even with the right password', async () => {
    const account = await createAccount(t);
    for (let i = 0; i < 3; i++) expect((await login(t, account.email, WRONG)).status).toBe(401);

    const waiting = await login(t, account.email, TEST_PASSWORD);
    expect(waiting.status).toBe(429);
    expect(waiting.body).toEqual({ message: MESSAGES.tooManyLoginAttempts(1), status: 429, code: 'LOGIN_THROTTLED' });
    expect(waiting.body.message).toBe('Trop de tentatives de connexion infructueuses. Veuillez réessayer dans 1 seconde.');
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.body).not.toHaveProperty('token');
    // The address as typed differently is the same address.
    expect((await login(t, `  ${account.email.toUpperCase()}`, TEST_PASSWORD)).status).toBe(429);
  });

  it('lets the right password in once the short wait is over', async () => {
    const account = await createAccount(t);
    for (let i = 0; i < 3; i++) await login(t, account.email, WRONG);
    expect((await login(t, account.email, TEST_PASSWORD)).status).toBe(429);
    await sleep(600);
    const response = await login(t, account.email, TEST_PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body).toHaveProperty('token');
  });

  it('doubles the wait with each further failure, up to maxDelayMs and no more', async () => {
    const account = await createAccount(t);
    for (let i = 0; i < 3; i++) await login(t, account.email, WRONG);
    await sleep(600);
    // Fourth failure: the next attempt waits 1 s (twice the first wait).
    expect((await login(t, account.email, WRONG)).status).toBe(401);
    await sleep(600);
    expect((await login(t, account.email, TEST_PASSWORD)).status).toBe(429);
    await sleep(500);
    // Fifth failure: 2 s uncapped, 1 s with the cap.
    expect((await login(t, account.email, WRONG)).status).toBe(401);
    await sleep(1100);
    expect((await login(t, account.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('a stranger hammering an address makes its owner wait at most maxDelayMs, then the owner signs in', async () => {
    const account = await createAccount(t);
    for (let i = 0; i < 20; i++) {
      const response = await login(t, account.email, WRONG, `127.0.0.${10 + (i % 5)}`);
      expect([401, 429]).toContain(response.status);
    }
    const owner = await login(t, account.email, TEST_PASSWORD, '127.0.0.99');
    expect(owner.status).toBe(429);
    expect(Number(owner.headers['retry-after'])).toBeLessThanOrEqual(throttle.maxDelayMs / 1000);
    await sleep(throttle.maxDelayMs + 100);
    expect((await login(t, account.email, TEST_PASSWORD, '127.0.0.99')).status).toBe(200);
  });

  it('counts an address across IPs', async () => {
    const account = await createAccount(t);
    for (const ip of ['127.0.0.2', '127.0.0.3', '127.0.0.4']) expect((await login(t, account.email, WRONG, ip)).status).toBe(401);
    expect((await login(t, account.email, TEST_PASSWORD, '127.0.0.5')).status).toBe(429);
  });

  it('leaves other addresses unaffected', async () => {
    const waiting = await createAccount(t);
    for (let i = 0; i < 3; i++) await login(t, waiting.email, WRONG);
    expect((await login(t, waiting.email, TEST_PASSWORD)).status).toBe(429);

    const other = await createAccount(t);
    expect((await login(t, other.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('counts unknown addresses too', async () => {
    const unknown = uniqueEmail('inconnu');
    for (let i = 0; i < 3; i++) expect((await login(t, unknown, WRONG)).status).toBe(401);
    expect((await login(t, unknown, WRONG)).status).toBe(429);
  });

  it('forgets the failures of an address after a successful login', async () => {
    const account = await createAccount(t);
    for (let i = 0; i < 2; i++) await login(t, account.email, WRONG);
    expect((await login(t, account.email, TEST_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await login(t, account.email, WRONG)).status).toBe(401);
    expect((await login(t, account.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('lets no burst of parallel guesses through: each attempt is counted before the password is checked', async () => {
    const account = await createAccount(t);
    const statuses = (await Promise.all(Array.from({ length: 12 }, () => login(t, account.email, WRONG)))).map((r) => r.status);
    // The free attempts plus the one that starts the wait, never more.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(throttle.freeAttempts);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(12 - throttle.freeAttempts);
  });
  it('counts only failures: parallel sign-ins with the right password all get in', async () => {
    const account = await createAccount(t);
    const responses = await Promise.all(Array.from({ length: 10 }, () => login(t, account.email, TEST_PASSWORD)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    // Nothing was counted against the address: its free failures are all still there.
    for (let i = 0; i < throttle.freeAttempts; i++) expect((await login(t, account.email, WRONG)).status).toBe(401);
    expect((await login(t, account.email, TEST_PASSWORD)).status).toBe(429);
  });
});

describe('per IP, over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      loginThrottle: { freeAttempts: 100, ipFreeAttempts: 4, baseDelayMs: 30_000, maxDelayMs: 60_000, windowMs: 60_000 },
    });
  });
  afterAll(() => t.close());

  it('makes every address from an IP wait after ipFreeAttempts failures from it; other IPs are not affected', async () => {
    const account = await createAccount(t);
    for (let i = 0; i < 4; i++) expect((await login(t, uniqueEmail(`essai${i}`), WRONG, '127.0.0.20')).status).toBe(401);
    const response = await login(t, account.email, TEST_PASSWORD, '127.0.0.20');
    expect(response.status).toBe(429);
    expect(response.body.message).toBe(MESSAGES.tooManyLoginAttempts(30));
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(25);
    expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect((await login(t, account.email, TEST_PASSWORD, '127.0.0.21')).status).toBe(200);
  });

  it('does not count parallel successful sign-ins against the IP either', async () => {
    const accounts = await Promise.all(Array.from({ length: 8 }, () => createAccount(t)));
    const responses = await Promise.all(accounts.map((account) => login(t, account.email, TEST_PASSWORD, '127.0.0.23')));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
  });

  it('does not count successful sign-ins against the IP (an office behind one address)', async () => {
    const account = await createAccount(t);
    for (let i = 0; i < 8; i++) expect((await login(t, account.email, TEST_PASSWORD, '127.0.0.22')).status).toBe(200);
  });
});

describe('shared by instances and kept across restarts', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    // The first app owns the database: close it last.
    for (const app of apps.splice(0).reverse()) await app.close();
  });

  it('a wait started on one instance holds on another and after a restart', async () => {
    const settings = {
      jwtSecret: randomBytes(32).toString('base64url'),
      loginThrottle: { freeAttempts: 3, ipFreeAttempts: 1000, baseDelayMs: 30_000, maxDelayMs: 60_000, windowMs: 60_000 },
    };
    const first = await startTestApp(settings);
    apps.push(first);
    const second = await startTestApp(settings, { databaseUrl: first.config.databaseUrl });
    apps.push(second);
    const account = await createAccount(first);

    for (let i = 0; i < 3; i++) expect((await login(first, account.email, WRONG)).status).toBe(401);
    expect((await login(second, account.email, TEST_PASSWORD)).status).toBe(429);

    await apps.pop()!.close();
    const restarted = await startTestApp(settings, { databaseUrl: first.config.databaseUrl });
    apps.push(restarted);
    const response = await login(restarted, account.email, TEST_PASSWORD);
    expect(response.status).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(20);
  });
});
