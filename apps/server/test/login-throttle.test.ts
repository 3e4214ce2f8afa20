// Repeated failed logins: slowed down, then refused for a while (per address and per IP). Unit tests
// of createLoginThrottle with an injected clock, then the HTTP behaviour on small limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portail/contract';
import { loadConfig, type LoginThrottleConfig } from '../src/config.ts';
import { createLoginThrottle } from '../src/modules/auth/login-throttle.ts';
import { createAccount } from './support/factories.ts';
import { uniqueEmail } from './support/http-helpers.ts';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app.ts';

const DEFAULTS = loadConfig({ NODE_ENV: 'test' }).loginThrottle;
const WRONG = 'Mauvais-Mot-2026!';

describe('createLoginThrottle (injected clock)', () => {
  const config: LoginThrottleConfig = {
    windowMs: 60_000,
    slowAfter: 2,
    blockAfter: 6,
    ipBlockAfter: 10,
    blockMs: 120_000,
    delayStepMs: 100,
    maxDelayMs: 250,
  };
  const make = () => {
    const clock = { now: 1_000_000 };
    return { clock, throttle: createLoginThrottle(config, () => clock.now) };
  };

  it('slows down after slowAfter failures, by delayStepMs per failure, capped at maxDelayMs', () => {
    const { throttle } = make();
    const delays = [];
    for (let failures = 0; failures < 6; failures++) {
      delays.push(throttle.delayMs('a@x.org'));
      throttle.recordFailure('a@x.org', '10.0.0.1');
    }
    expect(delays).toEqual([0, 0, 100, 200, 250, 250]);
    expect(throttle.delayMs('b@x.org')).toBe(0);
  });

  it('blocks an address for blockMs after blockAfter failures, then lets it try again', () => {
    const { clock, throttle } = make();
    for (let i = 0; i < config.blockAfter - 1; i++) throttle.recordFailure('a@x.org', '10.0.0.1');
    expect(throttle.blockedFor('a@x.org', '10.0.0.1')).toBe(0);
    throttle.recordFailure('a@x.org', '10.0.0.1');

    expect(throttle.blockedFor('a@x.org', '10.0.0.1')).toBe(120);
    expect(throttle.blockedFor('a@x.org', '10.9.9.9')).toBe(120);
    expect(throttle.blockedFor('b@x.org', '10.0.0.1')).toBe(0);

    clock.now += 60_500;
    expect(throttle.blockedFor('a@x.org', '10.0.0.1')).toBe(60);
    clock.now += 59_499;
    expect(throttle.blockedFor('a@x.org', '10.0.0.1')).toBe(1);
    clock.now += 1;
    expect(throttle.blockedFor('a@x.org', '10.0.0.1')).toBe(0);
    // The block started the count again.
    expect(throttle.delayMs('a@x.org')).toBe(0);
  });

  it('forgets failures older than the window', () => {
    const { clock, throttle } = make();
    for (let i = 0; i < config.blockAfter - 1; i++) throttle.recordFailure('a@x.org', '10.0.0.1');
    expect(throttle.delayMs('a@x.org')).toBe(250);
    clock.now += config.windowMs + 1;
    expect(throttle.delayMs('a@x.org')).toBe(0);
    throttle.recordFailure('a@x.org', '10.0.0.1');
    expect(throttle.blockedFor('a@x.org', '10.0.0.1')).toBe(0);
  });

  it('resets an address after a successful login', () => {
    const { throttle } = make();
    for (let i = 0; i < config.blockAfter - 1; i++) throttle.recordFailure('a@x.org', '10.0.0.1');
    throttle.recordSuccess('a@x.org');
    expect(throttle.delayMs('a@x.org')).toBe(0);
    throttle.recordFailure('a@x.org', '10.0.0.1');
    expect(throttle.blockedFor('a@x.org', '10.0.0.1')).toBe(0);
  });

  it('blocks an IP after ipBlockAfter failures on any addresses, until blockMs has passed', () => {
    const { clock, throttle } = make();
    for (let i = 0; i < config.ipBlockAfter; i++) throttle.recordFailure(`user${i}@x.org`, '10.0.0.1');
    expect(throttle.blockedFor('new@x.org', '10.0.0.1')).toBe(120);
    expect(throttle.blockedFor('new@x.org', '10.0.0.2')).toBe(0);
    clock.now += config.blockMs;
    expect(throttle.blockedFor('new@x.org', '10.0.0.1')).toBe(0);
  });
});

describe('login throttling over HTTP, per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ loginThrottle: { ...DEFAULTS, blockAfter: 3, delayStepMs: 1, maxDelayMs: 5 } });
  });
  afterAll(() => t.close());
  const login = (email: string, password: string) => t.http().post('/api/auth-server/login').send({ email, password });

  it('refuses further attempts with 429, a French message and Retry-After, even with the right password', async () => {
    const account = await createAccount(t);
    for (let i = 0; i < 3; i++) expect((await login(account.email, WRONG)).status).toBe(401);

    const blocked = await login(account.email, WRONG);
    expect(blocked.status).toBe(429);
    const minutes = Math.ceil(DEFAULTS.blockMs / 60_000);
    expect(blocked.body).toEqual({
      message: MESSAGES.tooManyLoginAttempts(minutes),
      status: 429,
      code: 'LOGIN_THROTTLED',
    });
    expect(blocked.body.message).toBe(
      `Trop de tentatives de connexion infructueuses. Veuillez réessayer dans ${minutes} minutes.`,
    );
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(DEFAULTS.blockMs / 1000 - 5);
    expect(retryAfter).toBeLessThanOrEqual(DEFAULTS.blockMs / 1000);

    const rightPassword = await login(account.email, TEST_PASSWORD);
    expect(rightPassword.status).toBe(429);
    expect(rightPassword.body).not.toHaveProperty('token');
    // The address as typed differently is the same address.
    expect((await login(`  ${account.email.toUpperCase()}`, TEST_PASSWORD)).status).toBe(429);
  });

  it('leaves other addresses unaffected', async () => {
    const blockedAccount = await createAccount(t);
    for (let i = 0; i < 3; i++) await login(blockedAccount.email, WRONG);
    expect((await login(blockedAccount.email, TEST_PASSWORD)).status).toBe(429);

    const other = await createAccount(t);
    expect((await login(other.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('counts unknown addresses too', async () => {
    const unknown = uniqueEmail('inconnu');
    for (let i = 0; i < 3; i++) expect((await login(unknown, WRONG)).status).toBe(401);
    expect((await login(unknown, WRONG)).status).toBe(429);
  });

  it('forgets the failures of an address after a successful login', async () => {
    const account = await createAccount(t);
    for (let i = 0; i < 2; i++) await login(account.email, WRONG);
    expect((await login(account.email, TEST_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await login(account.email, WRONG)).status).toBe(401);
    expect((await login(account.email, TEST_PASSWORD)).status).toBe(200);
  });
});

describe('login throttling over HTTP, per IP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      loginThrottle: { ...DEFAULTS, blockAfter: 100, ipBlockAfter: 4, delayStepMs: 1, maxDelayMs: 5 },
    });
  });
  afterAll(() => t.close());

  it('refuses every address from an IP after ipBlockAfter failures from it', async () => {
    const account = await createAccount(t);
    for (let i = 0; i < 4; i++) {
      const response = await t
        .http()
        .post('/api/auth-server/login')
        .send({ email: uniqueEmail(`essai${i}`), password: WRONG });
      expect(response.status).toBe(401);
    }
    const response = await t
      .http()
      .post('/api/auth-server/login')
      .send({ email: account.email, password: TEST_PASSWORD });
    expect(response.status).toBe(429);
    expect(response.body.message).toBe(MESSAGES.tooManyLoginAttempts(Math.ceil(DEFAULTS.blockMs / 60_000)));
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });
});
