import { api, MESSAGES } from '@portail/contract';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient } from '../src/lib/api/api-client.ts';
import { ApiError, SESSION_EXPIRED_CODE } from '../src/lib/api/api-error.ts';
import { toApiError } from '../src/lib/api/error-mapping.ts';
import { isTokenExpired, tokenExpiry } from '../src/lib/api/jwt.ts';
import { createSessionStore } from '../src/lib/session/session-store.ts';
import { createFakeFetch, json } from './support/fake-fetch.ts';
import { makeJwt, makeLcaUser, makeSession, makeUser, memoryStorage } from './support/factories.ts';

const NOW_MS = 1_800_000_000_000;
const NOW_S = NOW_MS / 1000;
const VALID = makeJwt(NOW_S + 600);
const EXPIRED = makeJwt(NOW_S - 1);
const USER = makeUser();
const GET_USER = `GET /api/lca-server/users/${USER.lcaId}`;
const REFRESH = 'GET /api/auth-server/refreshToken/refresh-token-0123456789';
const lcaUser = makeLcaUser(USER, { associations: [] });

function setup(routes: Parameters<typeof createFakeFetch>[0], token: string | null = VALID) {
  const session = createSessionStore(memoryStorage());
  if (token) session.signIn(makeSession(USER, token));
  const fake = createFakeFetch(routes);
  const onSessionExpired = vi.fn();
  const client = createApiClient({ fetch: fake.fetch, session, onSessionExpired, now: () => NOW_MS });
  return { ...fake, session, onSessionExpired, client };
}

describe('access token expiry', () => {
  it('reads exp from the JWT payload', () => {
    expect(tokenExpiry(makeJwt(1234))).toBe(1234);
    expect(tokenExpiry('not-a-jwt')).toBeNull();
  });

  it('counts a token expiring within 10 s as expired', () => {
    expect(isTokenExpired(makeJwt(NOW_S + 60), NOW_MS)).toBe(false);
    expect(isTokenExpired(makeJwt(NOW_S + 9), NOW_MS)).toBe(true);
    expect(isTokenExpired(makeJwt(NOW_S - 1), NOW_MS)).toBe(true);
    expect(isTokenExpired('opaque', NOW_MS)).toBe(false);
  });
});

describe('requests', () => {
  it('sends the token in x-access-token, JSON in and out, parsed by the route schema', async () => {
    const { client, requests } = setup({ [GET_USER]: () => json(200, { ...lcaUser, extra: 'dropped' }) });
    const result = await client.callApi(api.lca.getUser, { params: { id: USER.lcaId! } });
    expect(result).toEqual(lcaUser);
    expect(requests[0]).toMatchObject({ url: `/api/lca-server/users/${USER.lcaId}`, method: 'GET' });
    expect(requests[0]!.headers['x-access-token']).toBe(VALID);
  });

  it('sends an upload as multipart: the FormData as is, no content type, the token kept, resent after a 401', async () => {
    const uploaded = {
      uuid: 'd0000000-0000-4000-8000-000000000001',
      id_siret: null,
      type: 'STC',
      etat: 'courant',
      origine: 'LCA',
      annee_validite: null,
      date_chargement: '2026-03-05T12:00:00.000Z',
      nom: 'statuts.pdf',
      commentaire: null,
      mime_type: 'application/pdf',
      taille: 8,
      url: '/api/proxy-asso/association/documents/download?id_asso=A&id=d',
    };
    let calls = 0;
    const { client, requests } = setup({
      'POST /api/proxy-asso/association/documents': () => (calls++ === 0 ? json(401, undefined) : json(201, uploaded)),
      [REFRESH]: () => json(200, { token: VALID, refreshToken: 'refresh-token-0123456789' }),
    });
    const formData = new FormData();
    formData.append('file', new File(['%PDF-1.4'], 'statuts.pdf', { type: 'application/pdf' }));
    const result = await client.callApi(api.associationDocuments.uploadDocument, {
      query: { id_asso: 'W751234567', type: 'STC' },
      formData,
    });
    expect(result).toEqual(uploaded);
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    for (const post of posts) {
      expect(post.url).toBe('/api/proxy-asso/association/documents?id_asso=W751234567&type=STC');
      expect(post.formData).toBe(formData);
      expect(post.headers['x-access-token']).toBe(VALID);
      expect(Object.keys(post.headers).map((h) => h.toLowerCase())).not.toContain('content-type');
    }
  });

  it('builds the query string and sends the body', async () => {
    const { client, requests } = setup({
      'POST /api/auth-server/register': () => json(201, { ...makeSession(USER), roles: ['lca.association'] }),
    });
    await client.callApi(api.auth.register, {
      query: { origin: 'lca', sendValidation: true },
      body: { email: 'a@b.fr', password: 'x', confirm: 'x', civilite: 'M.', nom: 'A', prenom: 'B' },
    });
    expect(requests[0]!.url).toBe('/api/auth-server/register?origin=lca&sendValidation=true');
    expect(requests[0]!.headers['Content-Type']).toBe('application/json');
    expect(requests[0]!.body).toMatchObject({ email: 'a@b.fr', nom: 'A' });
  });

  it.each([
    ['refreshToken', REFRESH, () => ({ token: VALID, refreshToken: 'refresh-token-0123456789' })],
    ['logout', 'POST /api/auth-server/logout', () => ({ message: 'ok' })],
    ['forgotPassword', 'POST /api/auth-server/forgotPassword/a%40b.fr', () => ({ message: 'ok' })],
  ])('omits the token on %s calls', async (_name, key, body) => {
    const { client, requests } = setup({ [key]: () => json(200, body()) });
    if (key === REFRESH)
      await client.callApi(api.auth.refreshToken, { params: { refreshToken: 'refresh-token-0123456789' } });
    if (key.includes('logout')) await client.callApi(api.auth.logout, { body: {} });
    if (key.includes('forgot'))
      await client.callApi(api.auth.forgotPassword, { params: { email: 'a@b.fr' }, query: { origin: 'lca' } });
    expect(requests[0]!.headers['x-access-token']).toBeUndefined();
  });

  it('reads the rule from the route, not from its URL: a tokenless route elsewhere, a URL holding the words', async () => {
    const { client, requests } = setup({
      'GET /api/lca-server/users/logout-store': () => json(200, lcaUser),
      'POST /api/auth-server/elsewhere': () => json(200, { message: 'ok' }),
    });
    await client.callApi({ ...api.lca.getUser, params: z.object({ id: z.string() }) }, { params: { id: 'logout-store' } });
    await client.callApi({ ...api.auth.logout, path: '/elsewhere' }, { body: {} });
    expect(requests.map((r) => r.headers['x-access-token'])).toEqual([VALID, undefined]);
  });

  it('sends no token when signed out', async () => {
    const { client, requests } = setup({ 'GET /api/lca-server/notesOnPage': () => json(200, []) }, null);
    await client.callApi(api.lca.notesOnPage, { query: {} });
    expect(requests[0]!.headers['x-access-token']).toBeUndefined();
  });
});

describe('refresh', () => {
  it('exchanges an expired token first, stores the new pair, then calls', async () => {
    const fresh = makeJwt(NOW_S + 900, 'fresh');
    const { client, requests, session } = setup(
      {
        [REFRESH]: () => json(200, { token: fresh, refreshToken: 'refresh-token-rotated-000' }),
        [GET_USER]: () => json(200, lcaUser),
      },
      EXPIRED,
    );
    await client.callApi(api.lca.getUser, { params: { id: USER.lcaId! } });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([REFRESH, GET_USER]);
    expect(requests[1]!.headers['x-access-token']).toBe(fresh);
    expect(session.getState()).toMatchObject({ token: fresh, refreshToken: 'refresh-token-rotated-000', user: USER });
  });

  it('shares one refresh between concurrent calls (single flight)', async () => {
    const fresh = makeJwt(NOW_S + 900, 'fresh');
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { client, requests } = setup(
      {
        [REFRESH]: async () => {
          await gate;
          return json(200, { token: fresh, refreshToken: 'refresh-token-rotated-000' });
        },
        [GET_USER]: () => json(200, lcaUser),
      },
      EXPIRED,
    );
    const calls = [1, 2, 3].map(() => client.callApi(api.lca.getUser, { params: { id: USER.lcaId! } }));
    release();
    await Promise.all(calls);
    expect(requests.filter((r) => r.url.includes('refreshToken'))).toHaveLength(1);
    expect(requests.filter((r) => r.url.includes('/users/')).every((r) => r.headers['x-access-token'] === fresh)).toBe(
      true,
    );
  });

  it('a failed refresh clears the session, signals "expired" once and rejects', async () => {
    const { client, session, onSessionExpired } = setup(
      { [REFRESH]: () => json(401, { message: MESSAGES.tokenExpired, status: 401 }) },
      EXPIRED,
    );
    const error = await client.callApi(api.lca.getUser, { params: { id: USER.lcaId! } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: MESSAGES.sessionExpired, status: 401, code: SESSION_EXPIRED_CODE });
    expect(session.getState()).toMatchObject({ token: null, refreshToken: null, user: null });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('no refresh token: cleared and signalled without calling the server', async () => {
    const { client, session, onSessionExpired, requests } = setup({}, EXPIRED);
    session.setTokens({ token: EXPIRED, refreshToken: '' });
    await expect(client.callApi(api.auth.me)).rejects.toMatchObject({ code: SESSION_EXPIRED_CODE });
    expect(requests).toHaveLength(0);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(session.getState().token).toBeNull();
  });

  it('a network failure of the refresh counts as a failed refresh', async () => {
    const { client, onSessionExpired } = setup({}, EXPIRED);
    await expect(client.callApi(api.auth.me)).rejects.toMatchObject({ code: SESSION_EXPIRED_CODE });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('a public call still goes through, anonymously, when the refresh fails', async () => {
    const { client, requests } = setup(
      {
        [REFRESH]: () => json(401, { message: 'x', status: 401 }),
        'GET /api/lca-server/notesOnPage': () => json(200, []),
      },
      EXPIRED,
    );
    await expect(client.callApi(api.lca.notesOnPage, { query: {} })).resolves.toEqual([]);
    expect(requests.at(-1)!.headers['x-access-token']).toBeUndefined();
  });

  it('refreshes and retries once when the server answers 401 to a token it judges expired', async () => {
    const fresh = makeJwt(NOW_S + 900, 'fresh');
    let first = true;
    const { client, requests } = setup({
      [REFRESH]: () => json(200, { token: fresh, refreshToken: 'refresh-token-rotated-000' }),
      [GET_USER]: () => {
        if (first) {
          first = false;
          return json(401, { message: MESSAGES.tokenExpired, status: 401 });
        }
        return json(200, lcaUser);
      },
    });
    await expect(client.callApi(api.lca.getUser, { params: { id: USER.lcaId! } })).resolves.toEqual(lcaUser);
    expect(requests.map((r) => r.headers['x-access-token'])).toEqual([VALID, undefined, fresh]);
  });
});

describe('error mapping (docs/domain.md « Erreurs et messages »)', () => {
  it('keeps the server message of a catalogue code, with status and field errors', () => {
    const error = toApiError(400, {
      message: MESSAGES.invalidForm,
      status: 400,
      code: 'VALIDATION_ERROR',
      fields: { email: MESSAGES.badFormat('adresse e-mail') },
    });
    expect(error).toMatchObject({ message: MESSAGES.invalidForm, status: 400, fields: { email: MESSAGES.badFormat('adresse e-mail') } });
  });

  it.each([
    [500, { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' }, MESSAGES.serverError],
    [400, { statusCode: 400, error: 'Bad Request', message: 'body must be object', fields: { body: 'must be object' } }, MESSAGES.http400],
    [404, { message: 'Route GET:/x not found' }, MESSAGES.http404],
    [502, { message: 'Bad gateway', code: 'UPSTREAM_SOMETHING' }, MESSAGES.http502],
    [403, { message: 'Forbidden' }, MESSAGES.forbidden],
    [429, { message: 'Rate limit exceeded' }, MESSAGES.tooManyRequests],
    [418, { message: "I'm a teapot" }, MESSAGES.httpEmpty],
  ])('never shows a message outside the catalogue: %s gives the French text of its status', (status, body, message) => {
    const error = toApiError(status, body);
    expect(error.message).toBe(message);
    expect(error.fields).toBeUndefined();
  });

  it.each([
    [502, MESSAGES.http502],
    [413, MESSAGES.http413],
    [400, MESSAGES.http400],
    [404, MESSAGES.http404],
    [500, MESSAGES.serverError],
    [null, MESSAGES.httpEmpty],
  ])('status %s without a message gives its French message', (status, message) => {
    const error = toApiError(status, undefined);
    expect(error.message).toBe(message);
    expect(error.status).toBe(status ?? 500);
  });

  it('maps a failed call through the client', async () => {
    const { client } = setup({
      'POST /api/auth-server/login': () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    await expect(client.callApi(api.auth.login, { body: { email: 'a@b.fr', password: 'x' } })).rejects.toMatchObject({
      message: MESSAGES.http502,
      status: 502,
    });
  });

  it('shows the server message of a throttled login (429)', async () => {
    const message = MESSAGES.tooManyLoginAttempts(15);
    const { client } = setup({ 'POST /api/auth-server/login': () => json(429, { message, status: 429, code: 'LOGIN_THROTTLED' }) }, null);
    await expect(client.callApi(api.auth.login, { body: { email: 'a@b.fr', password: 'x' } })).rejects.toMatchObject({
      message,
      status: 429,
    });
  });

  it('maps a network failure to the empty message', async () => {
    const { client } = setup({}, null);
    await expect(client.callApi(api.lca.notesOnPage, { query: {} })).rejects.toMatchObject({
      message: MESSAGES.httpEmpty,
      status: 500,
    });
  });

  it('rejects an answer that does not match the route schema', async () => {
    const { client } = setup({ 'GET /api/lca-server/notesOnPage': () => json(200, { not: 'a list' }) });
    await expect(client.callApi(api.lca.notesOnPage, { query: {} })).rejects.toBeInstanceOf(ApiError);
  });
});

describe('refusals by the server entry checks (docs/domain.md « Parcours »)', () => {
  const refusal = (code: string, message: string) => () => json(403, { message, status: 403, code });

  it.each([
    ['EMAIL_NOT_VALIDATED', MESSAGES.emailNotValidated],
    ['PASSWORD_CHANGE_REQUIRED', MESSAGES.passwordChangeRequired],
  ])('reports %s to the app once, then throws the French message', async (code, message) => {
    const session = createSessionStore(memoryStorage());
    session.signIn(makeSession(USER, VALID));
    const fake = createFakeFetch({ [GET_USER]: refusal(code, message) });
    const onEntryCheckRefused = vi.fn();
    const client = createApiClient({ fetch: fake.fetch, session, onSessionExpired: vi.fn(), onEntryCheckRefused, now: () => NOW_MS });

    const error = await client.callApi(api.lca.getUser, { params: { id: USER.lcaId! } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code, message });
    expect(onEntryCheckRefused).toHaveBeenCalledExactlyOnceWith(code);
    // The session is kept: the user is sent to fix the account, not signed out.
    expect(session.getState().token).toBe(VALID);
  });

  it('does not report other 403 answers (a missing right, a locked service)', async () => {
    const session = createSessionStore(memoryStorage());
    session.signIn(makeSession(USER, VALID));
    const fake = createFakeFetch({ [GET_USER]: refusal('FORBIDDEN', MESSAGES.forbidden) });
    const onEntryCheckRefused = vi.fn();
    const client = createApiClient({ fetch: fake.fetch, session, onSessionExpired: vi.fn(), onEntryCheckRefused, now: () => NOW_MS });
    await expect(client.callApi(api.lca.getUser, { params: { id: USER.lcaId! } })).rejects.toMatchObject({ status: 403 });
    expect(onEntryCheckRefused).not.toHaveBeenCalled();
  });
});
