// Security headers on every answer (src/http/security-headers.ts): an API answer, a refusal, an
// unknown path and the health probe all carry the same set, built once at start-up (the same set,
// byte for byte, as @fastify/helmet gave with these options before).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const EXPECTED = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data:;" +
    "object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it('are the same on an API answer, a refusal, an unknown path and /health', async () => {
    const member = await signIn(t);
    const answers = [
      await t.http().get('/api/auth-server/me').set(TOKEN_HEADER, member.token),
      await t.http().get('/api/auth-server/me'),
      await t.http().get('/api/nulle-part'),
      await t.http().get('/health'),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 404, 200]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject(EXPECTED);
      expect(answer.headers).not.toHaveProperty('x-powered-by');
      expect(answer.headers).not.toHaveProperty('cross-origin-embedder-policy');
    }
  });
});
