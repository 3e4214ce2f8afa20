// Tokens: refresh-token rotation with reuse detection, logout, GET /me (docs/domain.md « Session et rôles », « Appels de l'API »).
import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  MESSAGES,
  sessionUserSchema,
  tokenPairSchema,
} from '@portail/contract';
import { createAccount, signIn } from './support/factories.ts';
import { jwtPayload, TOKEN_HEADER } from './support/http-helpers.ts';
import { latestResetToken } from './support/mailbox.ts';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const refresh = (refreshToken: string) => t.http().get(`/api/auth-server/refreshToken/${refreshToken}`);
const logout = (body?: object) =>
  t
    .http()
    .post('/api/auth-server/logout')
    .send(body ?? {});
const me = (token: string) => t.http().get('/api/auth-server/me').set(TOKEN_HEADER, token);
const login = (email: string) => t.http().post('/api/auth-server/login').send({ email, password: TEST_PASSWORD });

describe('GET /api/auth-server/refreshToken/:refreshToken', () => {
  it('rotates: a new pair, the old refresh token refused, and its reuse revokes the whole family', async () => {
    const { account, refreshToken: first } = await signIn(t);

    const rotated = await refresh(first);
    expect(rotated.status).toBe(200);
    const pair = tokenPairSchema.parse(rotated.body);
    expect(pair.refreshToken).not.toBe(first);
    expect(jwtPayload(pair.token)).toMatchObject({ sub: account.id, email: account.email, roles: ['lca.association'] });
    expect((await me(pair.token)).status).toBe(200);

    // Rotating again from the newest token works (the family goes on).
    const second = await refresh(pair.refreshToken);
    expect(second.status).toBe(200);
    const newest = second.body.refreshToken as string;

    // Replaying an old token: refused, and every token of the family is revoked, access tokens included.
    const replay = await refresh(first);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ message: MESSAGES.tokenExpired, status: 401, code: 'REFRESH_TOKEN_REUSED' });
    const afterReplay = await refresh(newest);
    expect(afterReplay.status).toBe(401);
    expect(afterReplay.body.message).toBe(MESSAGES.tokenExpired);

    const family = await t.db.refreshToken.findMany({ where: { userId: account.id } });
    expect(family).toHaveLength(3);
    expect(new Set(family.map((row) => row.familyId)).size).toBe(1);
    for (const row of family) expect(row.revokedAt).not.toBeNull();
    expect((await me(pair.token)).status).toBe(401);
  });

  it('revokes only the family of the replayed token, not the other sessions of the user', async () => {
    const account = await createAccount(t);
    const [a, b] = [await login(account.email), await login(account.email)];
    const rotatedA = await refresh(a.body.refreshToken);
    expect(rotatedA.status).toBe(200);
    expect((await refresh(a.body.refreshToken)).status).toBe(401);
    expect((await refresh(rotatedA.body.refreshToken)).status).toBe(401);
    // The other device keeps its session.
    expect((await refresh(b.body.refreshToken)).status).toBe(200);
  });

  it('lets only one of two simultaneous uses of a token succeed', async () => {
    const { refreshToken } = await signIn(t);
    const answers = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });

  it('refuses an expired refresh token with 401', async () => {
    const { account, refreshToken } = await signIn(t);
    await t.db.refreshToken.updateMany({
      where: { userId: account.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const response = await refresh(refreshToken);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ message: MESSAGES.tokenExpired, status: 401 });
    expect(response.body).not.toHaveProperty('token');
  });

  it('refuses an unknown refresh token with 401', async () => {
    const response = await refresh(randomBytes(32).toString('base64url'));
    expect(response.status).toBe(401);
    expect(response.body.message).toBe(MESSAGES.tokenExpired);
  });

  it('refuses the refresh token of a service locked after sign-in with 403', async () => {
    const { account, refreshToken } = await signIn(t, { roles: ['rds.service'] });
    await t.db.serviceAccount.update({ where: { authId: account.id }, data: { locked: true } });
    const response = await refresh(refreshToken);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: MESSAGES.userLocked, status: 403, code: 'USER_LOCKED' });
  });

  it('gives the current roles in the new access token', async () => {
    const { account, refreshToken } = await signIn(t);
    await t.db.userRole.create({ data: { userId: account.id, role: 'lca.admin' } });
    const response = await refresh(refreshToken);
    expect(response.status).toBe(200);
    expect([...jwtPayload(response.body.token).roles].sort()).toEqual(['lca.admin', 'lca.association']);
  });
});

describe('POST /api/auth-server/logout', () => {
  it('revokes the family of the refresh token: refreshing afterwards gives 401', async () => {
    const { account, refreshToken } = await signIn(t);
    const rotated = await refresh(refreshToken);
    const current = rotated.body.refreshToken as string;

    const response = await logout({ refreshToken: current });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: MESSAGES.loggedOut });
    expect((await refresh(current)).status).toBe(401);
    expect(await t.db.refreshToken.count({ where: { userId: account.id, revokedAt: null } })).toBe(0);
  });

  it('answers 200 without a token, with an unknown token, and without an access token', async () => {
    for (const body of [{}, { refreshToken: randomBytes(32).toString('base64url') }]) {
      const response = await logout(body);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: MESSAGES.loggedOut });
    }
    const noBody = await t.http().post('/api/auth-server/logout');
    expect(noBody.status).toBe(200);
  });

  it("ends the session's access tokens at once, not at their expiry; the other sessions keep theirs", async () => {
    const account = await createAccount(t);
    const [a, b] = [await login(account.email), await login(account.email)];
    expect((await me(a.body.token)).status).toBe(200);
    expect((await logout({ refreshToken: a.body.refreshToken })).status).toBe(200);
    const after = await me(a.body.token);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 'SESSION_REVOKED', message: MESSAGES.sessionExpired });
    expect((await me(b.body.token)).status).toBe(200);
  });

  it('leaves the other sessions of the user open', async () => {
    const account = await createAccount(t);
    const [a, b] = [await login(account.email), await login(account.email)];
    expect((await logout({ refreshToken: a.body.refreshToken })).status).toBe(200);
    expect((await refresh(b.body.refreshToken)).status).toBe(200);
  });
});

describe('GET /api/auth-server/me', () => {
  it('returns the session user of the token', async () => {
    const { account, token } = await signIn(t, {
      roles: ['lca.association', 'rds.user'],
      service: { nom: 'SDJES test', type: 'departement' },
    });
    const response = await me(token);
    expect(response.status).toBe(200);
    const user = sessionUserSchema.parse(response.body);
    expect(user).toMatchObject({
      _id: account.id,
      email: account.email,
      role: 'rds.user',
      lcaId: account.associationUser!.id,
      rds: { _id: account.serviceAccount!.id, nom: 'SDJES test', type: 'departement', locked: false, email: null },
    });
  });

  it('refuses a user whose service was locked with 403', async () => {
    const { account, token } = await signIn(t, { roles: ['rds.user'] });
    await t.db.serviceAccount.update({ where: { authId: account.id }, data: { locked: true } });
    const response = await me(token);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(MESSAGES.userLocked);
  });

  it('answers 401 for a token of a deleted user: the account is read on each call, the token no longer authenticates', async () => {
    const { account, token } = await signIn(t);
    await t.db.user.delete({ where: { id: account.id } });
    const response = await me(token);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: MESSAGES.unauthenticated, status: 401, code: 'INVALID_TOKEN' });
  });

  it('answers 401 without a token', async () => {
    const response = await t.http().get('/api/auth-server/me');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: MESSAGES.unauthenticated, status: 401, code: 'UNAUTHENTICATED' });
  });
});

describe('access tokens: HS256 only, our issuer and audience, our secret', () => {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  /** A token with the given header and claims, HMAC-signed with `secret` (unsigned for alg none). */
  function handMade(header: Record<string, unknown>, claims: Record<string, unknown>, secret: string) {
    const unsigned = `${encode(header)}.${encode(claims)}`;
    if (header.alg === 'none') return `${unsigned}.`;
    const hash = header.alg === 'HS512' ? 'sha512' : 'sha256';
    return `${unsigned}.${createHmac(hash, secret).update(unsigned).digest('base64url')}`;
  }

  it('accepts the token the server signs: HS256 with iss and aud set', async () => {
    const { token } = await signIn(t);
    const [header] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString('utf8'))).toMatchObject({ alg: 'HS256' });
    expect(jwtPayload(token)).toMatchObject({ iss: ACCESS_TOKEN_ISSUER, aud: ACCESS_TOKEN_AUDIENCE });
    expect((await me(token)).status).toBe(200);
  });

  it('answers 401 to HS512, alg none, a wrong or missing issuer or audience, and another secret', async () => {
    const { account, token } = await signIn(t);
    const claims = { ...jwtPayload(token) };
    const secret = t.config.jwtSecret!;
    const forged = {
      hs512: handMade({ alg: 'HS512', typ: 'JWT' }, claims, secret),
      none: handMade({ alg: 'none', typ: 'JWT' }, claims, secret),
      wrongIssuer: handMade({ alg: 'HS256', typ: 'JWT' }, { ...claims, iss: 'un-autre-site' }, secret),
      noIssuer: handMade({ alg: 'HS256', typ: 'JWT' }, { ...claims, iss: undefined }, secret),
      wrongAudience: handMade({ alg: 'HS256', typ: 'JWT' }, { ...claims, aud: 'une-autre-api' }, secret),
      noAudience: handMade({ alg: 'HS256', typ: 'JWT' }, { ...claims, aud: undefined }, secret),
      otherSecret: handMade({ alg: 'HS256', typ: 'JWT' }, claims, randomBytes(32).toString('base64url')),
    };
    // The same claims signed properly pass: only the forged part is refused.
    expect((await me(handMade({ alg: 'HS256', typ: 'JWT' }, claims, secret))).status).toBe(200);
    for (const [kind, forgedToken] of Object.entries(forged)) {
      const response = await me(forgedToken);
      expect(response.status, kind).toBe(401);
      expect(response.body, kind).toEqual({ message: MESSAGES.unauthenticated, status: 401, code: 'INVALID_TOKEN' });
    }
    expect(account.id).toBe(claims.sub);
  });
});

describe('a password reset ends every earlier session', () => {
  it('refuses the access and refresh tokens of every device signed in before, and opens one new session', async () => {
    const account = await createAccount(t);
    const [a, b] = [await login(account.email), await login(account.email)];
    expect((await me(a.body.token)).status).toBe(200);

    await t.http().post(`/api/auth-server/forgotPassword/${account.email}`);
    const reset = await t
      .http()
      .post(`/api/auth-server/resetPassword/${await latestResetToken(t, account.email)}`)
      .send({ password: 'Nouveau-Secret-2026!', confirm: 'Nouveau-Secret-2026!' });
    expect(reset.status).toBe(200);

    for (const device of [a, b]) {
      const response = await me(device.body.token);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: MESSAGES.sessionExpired, status: 401, code: 'SESSION_REVOKED' });
      expect((await refresh(device.body.refreshToken)).status).toBe(401);
    }
    expect((await me(reset.body.token)).status).toBe(200);
    const live = await t.db.refreshToken.findMany({ where: { userId: account.id, revokedAt: null } });
    expect(live).toHaveLength(1);
    expect(jwtPayload(reset.body.token).sid).toBe(live[0]!.familyId);
  });
});

describe('roles are read as they are now, not as the token says', () => {
  it('a role taken away stops working at once, with the same access token', async () => {
    const admin = await signIn(t, { roles: ['rds.admin'] });
    const services = () => t.http().get('/api/auth-server/crossed-services').set(TOKEN_HEADER, admin.token);
    expect((await services()).status).toBe(200);
    await t.db.userRole.deleteMany({ where: { userId: admin.account.id, role: 'rds.admin' } });
    await t.db.userRole.create({ data: { userId: admin.account.id, role: 'lca.association' } });
    expect((await services()).status).toBe(403);
  });

  it('a token claiming roles its account does not hold gets nothing more', async () => {
    const member = await signIn(t);
    const payload = jwtPayload(member.token) as Record<string, unknown>;
    const boosted = t.app.jwt.sign({ sub: payload.sub, email: payload.email, roles: ['rds.admin', 'lca.admin'], sid: payload.sid, sv: payload.sv });
    expect((await t.http().get('/api/auth-server/crossed-services').set(TOKEN_HEADER, boosted)).status).toBe(403);
  });
});
