// Access tokens verified once per instance (src/http/verified-tokens.ts, request-context.ts): a token
// sent again is not verified again, yet is refused once expired, and a token kept by one instance
// means nothing to an instance with another secret.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portail/contract';
import { VerifiedTokens } from '../src/http/verified-tokens.ts';
import { signIn } from './support/factories.ts';
import { jwtPayload, TOKEN_HEADER } from './support/http-helpers.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // Another deployment on the same database, with its own secret.
  other = await startTestApp({}, { databaseUrl: t.config.databaseUrl });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const me = (app: TestApp, token: string) => app.http().get('/api/auth-server/me').set(TOKEN_HEADER, token);

describe('verified access tokens', () => {
  it('verifies a token once, not on every call', async () => {
    const member = await signIn(t);
    const verify = vi.spyOn(t.app.jwt, 'verify');
    try {
      for (let i = 0; i < 4; i++) expect((await me(t, member.token)).status).toBe(200);
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      verify.mockRestore();
    }
  });

  it('refuses a kept token once it has expired, as any expired token', async () => {
    const member = await signIn(t);
    const claims = jwtPayload(member.token) as Record<string, unknown>;
    const shortLived = t.app.jwt.sign({ sub: claims.sub, email: claims.email, roles: claims.roles, sid: claims.sid, sv: claims.sv }, { expiresIn: 2 });
    expect((await me(t, shortLived)).status).toBe(200);
    expect((await me(t, shortLived)).status).toBe(200);
    const expiresAt = (jwtPayload(shortLived) as { exp: number }).exp * 1000;
    await new Promise((resolve) => setTimeout(resolve, expiresAt - Date.now() + 50));
    const refused = await me(t, shortLived);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'TOKEN_EXPIRED', message: MESSAGES.tokenExpired });
  });

  it('a token kept by one instance is refused by an instance with another secret', async () => {
    const member = await signIn(t);
    expect((await me(t, member.token)).status).toBe(200);
    expect((await me(other, member.token)).body).toMatchObject({ status: 401, code: 'INVALID_TOKEN' });
  });

  it('keeps at most its bound, the oldest going first, and nothing past its expiry', () => {
    const tokens = new VerifiedTokens<number>(2);
    const later = Date.now() + 60_000;
    tokens.keep('a', 1, later);
    tokens.keep('b', 2, later);
    tokens.keep('c', 3, later);
    expect([tokens.get('a'), tokens.get('b'), tokens.get('c')]).toEqual([undefined, 2, 3]);
    tokens.keep('d', 4, Date.now() - 1);
    expect(tokens.get('d')).toBeUndefined();
  });
});
