// Agents' sign-in with ProConnect, against a local OpenID provider (oidc-provider) started here:
// the whole code flow over HTTP gives the matching instructor the same session as a password
// sign-in; unknown and member-only addresses, a wrong state, a replayed code and a missing or
// altered flow cookie are refused with French messages; with the configuration off the routes
// answer 404 (docs/security.md « ProConnect »).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, proconnectSessionSchema } from '@portail/contract';
import { DEMO_ACCOUNTS } from '../src/seed/demo-data.ts';
import { createAccount } from './support/factories.ts';
import { jwtPayload, TOKEN_HEADER } from './support/http-helpers.ts';
import type { LocalProvider } from './support/oidc-provider.ts';
import { flowCookieOf, proconnectAnswer, proconnectConfigFor, proconnectReturn, startTestProvider, TEST_REDIRECT_URI } from './support/proconnect-flow.ts';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app.ts';

const DEMO_INSTRUCTOR = DEMO_ACCOUNTS.find((account) => account.role === 'rds.user')!;

let provider: LocalProvider;
let t: TestApp;
let instructor: Awaited<ReturnType<typeof createAccount>>;
beforeAll(async () => {
  provider = await startTestProvider();
  t = await startTestApp({ proconnect: proconnectConfigFor(provider) });
  instructor = await createAccount(t, { email: DEMO_INSTRUCTOR.email, roles: ['rds.user'], service: { nom: 'SDJES de Paris' } });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const NO_AGENT_ACCOUNT = { status: 403, code: 'PROCONNECT_NO_AGENT_ACCOUNT', message: MESSAGES.proconnectNoAgentAccount };
const FAILED = { status: 400, code: 'PROCONNECT_FAILED', message: MESSAGES.proconnectFailed };

describe('ProConnect on', () => {
  it('tells the sign-in page that ProConnect is offered', async () => {
    const response = await t.http().get('/api/auth-server/proconnect');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ active: true });
  });

  it('starts a code flow with PKCE, state, nonce and ProConnect scopes, its secrets in a short-lived signed cookie', async () => {
    const start = await t.http().post('/api/auth-server/proconnect/authorize');
    expect(start.status).toBe(200);
    const url = new URL(start.body.url);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: provider.clientId,
      response_type: 'code',
      redirect_uri: TEST_REDIRECT_URI,
      scope: 'openid email given_name usual_name',
      acr_values: 'eidas1',
      code_challenge_method: 'S256',
    });
    for (const parameter of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(parameter)?.length).toBeGreaterThanOrEqual(43);
    const cookie = [start.headers['set-cookie'] ?? []].flat().find((value) => value.startsWith('proconnect_flow='))!;
    expect(cookie).toMatch(/; Path=\/api\/auth-server\/proconnect; Max-Age=600; HttpOnly; SameSite=Lax/);
  });

  it('signs the matching instructor in (address in any case) with the same session as a password sign-in, audited', async () => {
    const before = await t.db.refreshToken.count({ where: { userId: instructor.id } });
    const { answer, cookie } = await proconnectAnswer(t, provider, DEMO_INSTRUCTOR.email.toUpperCase());
    expect(answer.code).toBeTruthy();
    expect(answer.iss).toBe(provider.issuer);
    const response = await proconnectReturn(t, answer, cookie);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const session = proconnectSessionSchema.parse(response.body);
    expect(session.user).toMatchObject({ _id: instructor.id, email: DEMO_INSTRUCTOR.email, role: 'rds.user', roles: ['rds.user'] });
    expect(jwtPayload(session.token)).toMatchObject({ sub: instructor.id, email: DEMO_INSTRUCTOR.email, roles: ['rds.user'] });
    // One flow, one return: the cookie is removed.
    expect([response.headers['set-cookie']].flat().join()).toMatch(/proconnect_flow=; Path=\/api\/auth-server\/proconnect; Max-Age=0/);
    // The session works and refreshes like a password one.
    expect((await t.http().get('/api/auth-server/me').set(TOKEN_HEADER, session.token)).body.email).toBe(DEMO_INSTRUCTOR.email);
    expect(await t.db.refreshToken.count({ where: { userId: instructor.id } })).toBe(before + 1);
    const refreshed = await t.http().get(`/api/auth-server/refreshToken/${session.refreshToken}`);
    expect(refreshed.status).toBe(200);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: instructor.id } })).lastLoginAt).not.toBeNull();
    // Audited in the account's own chain as a sign-in by ProConnect.
    const entries = await t.db.auditEntry.findMany({ where: { associationId: instructor.id, entity: 'connexion' } });
    expect(entries.at(-1)).toMatchObject({ action: 'connexion_proconnect', actorId: instructor.id, entityId: instructor.id });
    expect(entries.at(-1)!.after).toMatchObject({ fournisseur: 'ProConnect' });
    // The provider's session ends through its end_session_endpoint, with the ID token as hint.
    const logout = new URL(session.providerLogoutUrl!);
    expect(logout.origin).toBe(provider.issuer);
    expect(logout.searchParams.get('id_token_hint')).toBeTruthy();
    expect(logout.searchParams.get('post_logout_redirect_uri')).toBe('http://portail.test/client/login');
  });

  it('keeps password sign-in working beside it', async () => {
    const response = await t.http().post('/api/auth-server/login').send({ email: DEMO_INSTRUCTOR.email, password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body.user._id).toBe(instructor.id);
  });

  it('refuses an address no account has, with the French message, and creates no account', async () => {
    const users = await t.db.user.count();
    const { answer, cookie } = await proconnectAnswer(t, provider, 'inconnu@agents.gouv.fr');
    const response = await proconnectReturn(t, answer, cookie);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject(NO_AGENT_ACCOUNT);
    expect(await t.db.user.count()).toBe(users);
  });

  it('refuses a member account without an agent role the same way, and opens no session for it', async () => {
    const member = await createAccount(t, { roles: ['lca.association'] });
    const { answer, cookie } = await proconnectAnswer(t, provider, member.email);
    const response = await proconnectReturn(t, answer, cookie);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject(NO_AGENT_ACCOUNT);
    expect(await t.db.refreshToken.count({ where: { userId: member.id } })).toBe(0);
  });

  it('signs an administrator in, and refuses a locked service', async () => {
    const admin = await createAccount(t, { roles: ['rds.admin'] });
    const signed = await proconnectAnswer(t, provider, admin.email);
    const response = await proconnectReturn(t, signed.answer, signed.cookie);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.user._id).toBe(admin.id);

    const locked = await createAccount(t, { roles: ['rds.service'], service: { nom: 'Service verrouillé', locked: true } });
    const refused = await proconnectAnswer(t, provider, locked.email);
    const answer = await proconnectReturn(t, refused.answer, refused.cookie);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('USER_LOCKED');
  });

  it('refuses a wrong state', async () => {
    const { answer, cookie } = await proconnectAnswer(t, provider, DEMO_INSTRUCTOR.email);
    const response = await proconnectReturn(t, { ...answer, state: `${answer.state!.slice(0, -2)}xx` }, cookie);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(FAILED);
  });

  it('refuses the answer of another browser: no flow cookie, or one altered', async () => {
    const { answer, cookie } = await proconnectAnswer(t, provider, DEMO_INSTRUCTOR.email);
    expect((await proconnectReturn(t, answer)).body).toMatchObject(FAILED);
    const [payload, signature] = cookie.slice('proconnect_flow='.length).split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    forged.state = answer.state;
    const altered = `proconnect_flow=${Buffer.from(JSON.stringify({ ...forged, exp: forged.exp + 3600 })).toString('base64url')}.${signature}`;
    expect((await proconnectReturn(t, answer, altered)).body).toMatchObject(FAILED);
  });

  it('refuses a replayed code, even with the same cookie', async () => {
    const { answer, cookie } = await proconnectAnswer(t, provider, DEMO_INSTRUCTOR.email);
    expect((await proconnectReturn(t, answer, cookie)).status).toBe(200);
    const replayed = await proconnectReturn(t, answer, cookie);
    expect(replayed.status).toBe(400);
    expect(replayed.body).toMatchObject(FAILED);
  });

  it("refuses the provider's own refusal", async () => {
    const start = await t.http().post('/api/auth-server/proconnect/authorize');
    const state = new URL(start.body.url).searchParams.get('state')!;
    const cookie = flowCookieOf(start.headers['set-cookie']);
    const response = await proconnectReturn(t, { error: 'access_denied', state, iss: provider.issuer }, cookie);
    expect(response.body).toMatchObject(FAILED);
  });
});

describe('ProConnect off (the default)', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await startTestApp();
  });
  afterAll(() => off.close());

  it('says so to the sign-in page, and its routes answer 404', async () => {
    expect(off.config.proconnect).toBeUndefined();
    expect((await off.http().get('/api/auth-server/proconnect')).body).toEqual({ active: false });
    const start = await off.http().post('/api/auth-server/proconnect/authorize');
    expect(start.status).toBe(404);
    expect(start.body).toMatchObject({ code: 'PROCONNECT_OFF', message: MESSAGES.proconnectOff });
    const back = await off.http().post('/api/auth-server/proconnect/callback').send({ code: 'x', state: 'y' });
    expect(back.status).toBe(404);
    expect(back.body.code).toBe('PROCONNECT_OFF');
  });
});

describe('ProConnect calls are rate limited per IP', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({
      proconnect: proconnectConfigFor(provider),
      rateLimits: { ...t.config.rateLimits, proconnect: { perIp: 2, perAccount: 2, windowMs: 60_000 } },
    });
  });
  afterAll(() => limited.close());

  it('answers 429 in French beyond the limit', async () => {
    expect((await limited.http().post('/api/auth-server/proconnect/authorize')).status).toBe(200);
    expect((await limited.http().post('/api/auth-server/proconnect/callback').send({})).status).toBe(400);
    const third = await limited.http().post('/api/auth-server/proconnect/authorize');
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyRequests });
  });
});
