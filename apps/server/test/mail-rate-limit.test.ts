// Calls that send a mail are limited per IP, with a French 429.
import { ASSISTANCE_EMAIL, MESSAGES } from '@portail/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ mailRouteLimit: { max: 2, windowMs: 60_000 } });
});
afterAll(() => t.close());

describe('per-IP limit on mail-sending calls', () => {
  it('refuses the third reset request in the window with a French 429 and sends no third mail', async () => {
    const ask = () => t.http().post('/api/auth-server/forgotPassword/quelqu-un%40test.example.org');
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: MESSAGES.tooManyRequests, status: 429 });
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('counts each call separately: the assistance form still works', async () => {
    const response = await t
      .http()
      .post('/api/mail-server/notification/sendEmail')
      .send({ to: ASSISTANCE_EMAIL, subject: 'Question', body: 'Bonjour' });
    expect(response.status).toBe(201);
  });

  it('does not limit sign-in through this mechanism', async () => {
    for (let i = 0; i < 4; i++) {
      const response = await t.http().post('/api/auth-server/login').send({ email: 'x@test.example.org', password: 'y' });
      expect(response.status).toBe(401);
    }
  });
});
