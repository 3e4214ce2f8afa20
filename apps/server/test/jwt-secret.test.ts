// The JWT secret and token lifetimes checked at start: a given secret must be long and not one of
// our examples; without one, the server generates it once and keeps it in the database, so that
// instances booting together on one empty database share it (and a restart keeps it).
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { EXAMPLE_JWT_SECRETS, loadConfig } from '../src/config.ts';
import { createAccount } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { createTestDatabase, TEST_PASSWORD, type TestApp } from './support/test-app.ts';

describe('JWT_SECRET and token lifetimes at start', () => {
  it('refuses a secret shorter than 32 bytes, from the environment or an override', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a'.repeat(31) })).toThrow(
      'JWT_SECRET doit faire au moins 32 octets',
    );
    expect(() => loadConfig({ NODE_ENV: 'test' }, { jwtSecret: 'court' })).toThrow('JWT_SECRET doit faire au moins 32 octets');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a'.repeat(32) }).jwtSecret).toBe('a'.repeat(32));
  });

  it.each(EXAMPLE_JWT_SECRETS)('refuses the example secret %s', (secret) => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret })).toThrow(/exemple de la documentation/);
  });

  it('leaves the secret to the database when none is given, in every environment', () => {
    for (const NODE_ENV of ['production', 'development', 'test']) {
      expect(loadConfig({ NODE_ENV }).jwtSecret).toBeUndefined();
    }
  });

  it.each([
    ['ACCESS_TOKEN_TTL_SECONDS', '59'],
    ['ACCESS_TOKEN_TTL_SECONDS', '3601'],
    ['ACCESS_TOKEN_TTL_SECONDS', 'quinze'],
    ['REFRESH_TOKEN_TTL_DAYS', '0'],
    ['REFRESH_TOKEN_TTL_DAYS', '91'],
    ['REFRESH_TOKEN_TTL_DAYS', '1.5'],
  ])('refuses %s=%s with a French message naming the setting and its bounds', (name, value) => {
    expect(() => loadConfig({ NODE_ENV: 'test', [name]: value })).toThrow(new RegExp(`^${name} doit être un nombre entier .* compris entre`));
  });

  it('accepts the bounds', () => {
    const config = loadConfig({ NODE_ENV: 'test', ACCESS_TOKEN_TTL_SECONDS: '60', REFRESH_TOKEN_TTL_DAYS: '90' });
    expect([config.accessTokenTtlSeconds, config.refreshTokenTtlDays]).toEqual([60, 90]);
  });
});

describe('a generated secret kept in the database', () => {
  const apps: FastifyInstance[] = [];
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database?.drop();
  });

  it('is generated once and shared by instances booting together on one empty database, and kept across a restart', async () => {
    database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test' }, { databaseUrl: database.url, webDistDir: '/nonexistent' });
    expect(config.jwtSecret).toBeUndefined();
    const boot = async () => {
      const app = await buildApp({ config, databaseUrl: database.url });
      await app.ready();
      apps.push(app);
      return app;
    };
    const [a, b, c] = await Promise.all([boot(), boot(), boot()]);
    const rows = await a!.services.db.appSecret.findMany();
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]!.value, 'base64url').length).toBeGreaterThanOrEqual(32);

    // Signed in through one instance, the session works on the others and after a restart.
    const account = await createAccount({ db: a!.services.db } as TestApp);
    const login = await request(a!.server).post('/api/auth-server/login').send({ email: account.email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    const restarted = await boot();
    for (const other of [b!, c!, restarted]) {
      expect((await request(other.server).get('/api/auth-server/me').set(TOKEN_HEADER, login.body.token)).status).toBe(200);
    }
    expect(await restarted.services.db.appSecret.count()).toBe(1);
  });
});
