import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('unknown routes', () => {
  it('answer 404 in French without internals', async () => {
    const response = await t.http().get('/api/auth-server/nope');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "La ressource demandé n'a pas été trouvée.", status: 404, code: 'NOT_FOUND' });
  });
});
