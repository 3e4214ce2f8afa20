// PostgreSQL unreachable while the portal runs (a relay in front of the test database is cut, then
// restored): every call answers 503 in French from the catalogue with Retry-After, as /ready does,
// never 500; and the portal serves again by itself once the database is back. Real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '@portail/contract';
import { signIn } from './support/factories.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';
import { createTestDatabase, startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app.ts';

let proxy: TcpProxy;
let t: TestApp;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let session: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  database = await createTestDatabase();
  const target = new URL(database.url);
  proxy = await startTcpProxy(target.hostname, Number(target.port));
  t = await startTestApp({}, { databaseUrl: proxy.url(database.url) });
  session = await signIn(t);
});
afterAll(async () => {
  await proxy.restore().catch(() => {});
  await t.close();
  await proxy.close();
  await database.drop();
});

const calls = () => {
  const id = session.account.id;
  return [
    ['public read', t.http().get('/api/api-declaration-server/referentiels')],
    ['sign-in', t.http().post('/api/auth-server/login').send({ email: session.account.email, password: TEST_PASSWORD })],
    ['authenticated read', t.http().get('/api/auth-server/me').set('x-access-token', session.token)],
    ['authenticated write', t.http().patch(`/api/auth-server/users/${id}`).set('x-access-token', session.token).send({ nom: 'Panne' })],
  ] as const;
};

describe('PostgreSQL unreachable', () => {
  it('every call answers 503 DATABASE_UNAVAILABLE in French with Retry-After, never 500', async () => {
    await proxy.cut();
    const expected = errorBody('DATABASE_UNAVAILABLE');
    expect(expected.status).toBe(503);
    expect(expected.message).toMatch(/indisponible|réessayer/i);
    for (const [name, call] of calls()) {
      const response = await call;
      expect({ name, status: response.status, body: response.body }).toEqual({ name, status: 503, body: expected });
      expect(Number(response.headers['retry-after']), name).toBeGreaterThan(0);
    }
    const ready = await t.http().get('/ready');
    expect(ready.status).toBe(503);
    const health = await t.http().get('/health');
    expect(health.body).toMatchObject({ database: 'injoignable' });
  });

  it('serves again by itself once the database is back', async () => {
    await proxy.restore();
    const deadline = Date.now() + 15_000;
    let statuses: number[] = [];
    while (Date.now() < deadline) {
      statuses = (await Promise.all(calls().map(([, call]) => call))).map((r) => r.status);
      if (statuses.every((status) => status === 200)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect((await t.http().get('/ready')).status).toBe(200);
  });
});
