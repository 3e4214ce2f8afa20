import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../src/http/health.ts';
import { inject } from 'vitest';
import { dropDatabase } from './support/postgres-cluster.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /health', () => {
  it('reports the process and the database up', async () => {
    const response = await t.http().get('/health');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', database: 'ok' });
  });
});

describe('GET /ready', () => {
  it('answers 200 while the database answers', async () => {
    const response = await t.http().get('/ready');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('answers 503 in French when the database is gone, while /health (liveness) stays 200', async () => {
    const lost = await startTestApp();
    try {
      // The app's own database, dropped under it: every connection is cut and none can be opened.
      await dropDatabase(inject('pgAdminUrl'), new URL(lost.config.databaseUrl!).pathname.slice(1));
      const ready = await lost.http().get('/ready');
      expect(ready.status).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.body).toMatchObject({ status: 'indisponible', database: 'injoignable', message: DATABASE_UNAVAILABLE_MESSAGE });
      expect(ready.body.message).toMatch(/base de données ne répond pas/);

      const health = await lost.http().get('/health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ status: 'ok', database: 'injoignable' });
    } finally {
      await lost.close();
    }
  });
});

describe('unknown routes', () => {
  it('answer 404 in French without internals', async () => {
    const response = await t.http().get('/api/auth-server/nope');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "La ressource demandé n'a pas été trouvée.", status: 404, code: 'NOT_FOUND' });
  });
});
