// The two outside lookups over real HTTP (docs/domain.md « Recherches extérieures »), a local server
// standing in for the national address API and INSEE's notices: the relayed answer, its cache, the
// offline commune list when the API is down, too slow or in error, the French 400s and 401, INSEE's
// PDF relayed as it arrives and its French errors, the route limits, the INSEE code of a town.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS_SOURCE_HEADER, ERRORS, MESSAGES } from '@portail/contract';
import { loadConfig } from '../src/config.ts';
import { signIn } from './support/factories.ts';
import { closedPortUrl, STANDIN_PDF, startExternalStandin, type ExternalStandin } from './support/external-standin.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const SEARCH = '/api/proxy-asso/adresse/search';
const NOTICE = (siren: string) => `/api/proxy-asso/sirene/avis-situation/${siren}`;
/** A SIREN with its Luhn key (INSEE's own). */
const SIREN = '120027016';
/** Short in tests; the stand-in's slow answers take longer. */
const TIMEOUT_MS = 300;
const SLOW_MS = 1_500;

let standin: ExternalStandin;
/** The app relaying to the stand-in. */
let t: TestApp;
/** An app whose outside services are nowhere (nothing listens at their address). */
let down: TestApp;
let token: string;
let downToken: string;

beforeAll(async () => {
  standin = await startExternalStandin({ slowMs: SLOW_MS });
  const defaults = loadConfig({ NODE_ENV: 'test' }).externalLookups;
  t = await startTestApp({
    logLevel: 'fatal',
    externalLookups: { ...defaults, addressApiUrl: standin.addressApiUrl, sireneNoticeUrl: standin.sireneNoticeUrl, timeoutMs: TIMEOUT_MS },
  });
  const nowhere = await closedPortUrl();
  down = await startTestApp({
    logLevel: 'fatal',
    externalLookups: { ...defaults, addressApiUrl: nowhere, sireneNoticeUrl: `${nowhere}/pdf`, timeoutMs: TIMEOUT_MS },
  });
  token = (await signIn(t, { roles: ['lca.association'] })).token;
  downToken = (await signIn(down, { roles: ['lca.association'] })).token;
});
afterAll(async () => {
  await t?.close();
  await down?.close();
  await standin?.close();
});
beforeEach(() => standin.reset());

const search = (query: Record<string, string>, app: TestApp = t, as: string = app === t ? token : downToken) =>
  app.http().get(SEARCH).query(query).set(TOKEN_HEADER, as);

describe('GET /adresse/search relays the national address API', () => {
  it('answers its towns in its own shape, asked with q, type, postcode and limit', async () => {
    const response = await search({ q: 'lyon', postcode: '69001' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.headers[ADDRESS_SOURCE_HEADER]).toBe('api-adresse');
    expect(response.body).toEqual({
      type: 'FeatureCollection',
      query: 'lyon',
      source: 'api-adresse',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [4.835, 45.758] },
          properties: {
            label: 'Lyon',
            name: 'Lyon',
            postcode: '69001',
            citycode: '69123',
            context: '69, Rhône, Auvergne-Rhône-Alpes',
            type: 'municipality',
            score: 0.96,
          },
        },
      ],
    });
    expect(standin.state.searches).toHaveLength(1);
    expect(Object.fromEntries(standin.state.searches[0]!)).toEqual({ q: 'lyon', type: 'municipality', limit: '5', postcode: '69001' });
  });

  it('keeps an answer: the same search again does not reach the API, another one does', async () => {
    const first = await search({ q: 'Villeurbanne', limit: '3' });
    expect(first.body.features[0].properties.citycode).toBe('69266');
    const again = await search({ q: '  villeurbanne ', limit: '3' });
    expect(again.status).toBe(200);
    expect(again.body.features).toEqual(first.body.features);
    expect(again.body.source).toBe('api-adresse');
    expect(standin.state.searches).toHaveLength(1);
    await search({ q: 'Villeurbanne', limit: '4' });
    expect(standin.state.searches).toHaveLength(2);
  });
});

describe('GET /adresse/search answers from the offline commune list when the API does not', () => {
  it('when nothing answers at its address', async () => {
    const response = await search({ q: 'lyon' }, down);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.headers[ADDRESS_SOURCE_HEADER]).toBe('hors-ligne');
    expect(response.body.source).toBe('hors-ligne');
    expect(response.body.features[0]).toEqual({
      type: 'Feature',
      geometry: null,
      properties: {
        label: 'Lyon',
        name: 'Lyon',
        postcode: '69001',
        citycode: '69123',
        context: '69, Rhône, Auvergne-Rhône-Alpes',
        type: 'municipality',
        score: 1,
      },
    });
  });

  it('when it answers too late (beyond the configured wait)', async () => {
    standin.state.mode = 'slow';
    const started = Date.now();
    const response = await search({ q: 'Lyon' });
    expect(Date.now() - started).toBeLessThan(SLOW_MS);
    expect(response.status).toBe(200);
    expect(response.body.source).toBe('hors-ligne');
    expect(response.body.features[0].properties.citycode).toBe('69123');
  });

  it('when it answers an error or something else than its answer, and such an answer is not kept', async () => {
    for (const mode of ['error', 'html'] as const) {
      standin.state.mode = mode;
      const response = await search({ q: 'Lyon' });
      expect(response.status).toBe(200);
      expect(response.body.source).toBe('hors-ligne');
    }
    standin.state.mode = 'ok';
    const recovered = await search({ q: 'Lyon' });
    expect(recovered.body.source).toBe('api-adresse');
    expect(standin.state.searches).toHaveLength(3);
  });

  it.each([
    [{ q: 'saint etienne' }, '42218', 'Saint-Étienne'],
    [{ q: 'ST-ETIENNE' }, '42218', 'Saint-Étienne'],
    [{ q: 'Évry-Courcouronnes' }, '91228', 'Évry-Courcouronnes'],
    [{ q: 'evry courcouronnes' }, '91228', 'Évry-Courcouronnes'],
    [{ q: 'Saint-Denis', postcode: '93200' }, '93066', 'Saint-Denis'],
    [{ q: 'Saint-Denis', postcode: '97400' }, '97411', 'Saint-Denis'],
    [{ q: '69001' }, '69123', 'Lyon'],
  ])('%j finds %s (accents, case, hyphens, postcodes)', async (query, citycode, name) => {
    const response = await search(query, down);
    expect(response.status).toBe(200);
    expect(response.body.features[0].properties).toMatchObject({ citycode, name });
    if ('postcode' in query) expect(response.body.features.every((f: { properties: { postcode: string } }) => f.properties.postcode === query.postcode)).toBe(true);
  });

  it('gives the postcode asked for among a town’s several, and keeps to the limit', async () => {
    const paris = await search({ q: 'paris', postcode: '75011' }, down);
    expect(paris.body.features).toHaveLength(1);
    expect(paris.body.features[0].properties).toMatchObject({ name: 'Paris', citycode: '75056', postcode: '75011', context: '75, Paris, Île-de-France' });
    const many = await search({ q: 'saint', limit: '20' }, down);
    expect(many.body.features).toHaveLength(20);
    const none = await search({ q: 'zzzqqq' }, down);
    expect(none.body.features).toEqual([]);
  });
});

describe('GET /adresse/search refuses bad input in French', () => {
  it.each([
    [{}, 'q', MESSAGES.required('q')],
    [{ q: 'L' }, 'q', MESSAGES.minLength('q', 2)],
    [{ q: '  L  ' }, 'q', MESSAGES.minLength('q', 2)],
    [{ q: 'x'.repeat(101) }, 'q', MESSAGES.maxLength('q', 100)],
    [{ q: 'Lyon', type: 'street' }, 'type', MESSAGES.badFormat('type')],
    [{ q: 'Lyon', postcode: '6900' }, 'postcode', MESSAGES.badFormat('postcode')],
    [{ q: 'Lyon', postcode: '69OO1' }, 'postcode', MESSAGES.badFormat('postcode')],
    [{ q: 'Lyon', limit: '21' }, 'limit', MESSAGES.badFormat('limit')],
    [{ q: 'Lyon', limit: '0' }, 'limit', MESSAGES.badFormat('limit')],
    [{ q: 'Lyon', limit: 'dix' }, 'limit', MESSAGES.badFormat('limit')],
  ])('%j: 400 on %s', async (query, field, message) => {
    const response = await search(query as Record<string, string>);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', fields: { [field]: message } });
    expect(standin.state.searches).toHaveLength(0);
  });

  it('answers 401 without a session, and asks nothing of the API', async () => {
    const response = await t.http().get(SEARCH).query({ q: 'Lyon' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: MESSAGES.unauthenticated, status: 401, code: 'UNAUTHENTICATED' });
    expect(standin.state.searches).toHaveLength(0);
  });
});

describe('the INSEE code of a town and postcode (for SIRET requests)', () => {
  it('is found through the national API, and offline when it is down', async () => {
    expect(await t.app.services.externalLookups.inseeCodeOf('Saint-Étienne', '42000')).toBe('42218');
    expect(standin.state.searches).toHaveLength(1);
    expect(await down.app.services.externalLookups.inseeCodeOf('SAINT ETIENNE', '42100')).toBe('42218');
    expect(await down.app.services.externalLookups.inseeCodeOf('Saint-Denis', '93200')).toBe('93066');
  });

  it('is null when no town of that postcode bears that name', async () => {
    expect(await t.app.services.externalLookups.inseeCodeOf('Lyon', '42000')).toBeNull();
    expect(await down.app.services.externalLookups.inseeCodeOf('Lyon', '42000')).toBeNull();
    // Villeurbanne is found by « Villeur… », but a prefix is not the town's name.
    expect(await down.app.services.externalLookups.inseeCodeOf('Villeur', '69100')).toBeNull();
    expect(await down.app.services.externalLookups.inseeCodeOf('', '69100')).toBeNull();
    expect(await down.app.services.externalLookups.inseeCodeOf('Lyon', '690')).toBeNull();
  });
});

describe('GET /sirene/avis-situation/:siren relays INSEE’s PDF', () => {
  it('as it arrives: the beginning reaches the caller before INSEE has sent the rest', async () => {
    standin.state.hold = true;
    let headBeforeRest = false;
    const response = await t
      .http()
      .get(NOTICE(SIREN))
      .set(TOKEN_HEADER, token)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (chunks.length === 0) {
            headBeforeRest = true;
            standin.release();
          }
          chunks.push(chunk);
        });
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="avis-situation-${SIREN}.pdf"`);
    expect(headBeforeRest).toBe(true);
    expect(Buffer.compare(response.body as Buffer, STANDIN_PDF)).toBe(0);
    expect(standin.state.notices).toEqual([SIREN]);
  });

  it('accepts a SIREN written with spaces', async () => {
    const response = await t.http().get(NOTICE('120 027 016')).set(TOKEN_HEADER, token).buffer(true);
    expect(response.status).toBe(200);
    expect(standin.state.notices).toEqual([SIREN]);
  });

  it.each([
    ['not-found', 404, 'SIRENE_NOTICE_NOT_FOUND'],
    ['error', 502, 'SIRENE_NOTICE_FAILED'],
    ['html', 502, 'SIRENE_NOTICE_FAILED'],
    ['slow', 503, 'SIRENE_NOTICE_UNAVAILABLE'],
  ] as const)('INSEE %s: %i with its French message', async (mode, status, code) => {
    standin.state.mode = mode;
    const response = await t.http().get(NOTICE(SIREN)).set(TOKEN_HEADER, token);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ status, code, message: ERRORS[code].message });
  });

  it('INSEE unreachable: 503 with its French message', async () => {
    const response = await down.http().get(NOTICE(SIREN)).set(TOKEN_HEADER, downToken);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ status: 503, code: 'SIRENE_NOTICE_UNAVAILABLE', message: ERRORS.SIRENE_NOTICE_UNAVAILABLE.message });
    expect(response.body.message).toMatch(/INSEE.*ne répond pas/);
  });

  it.each(['120027017', '12002701', 'abcdefghi'])('refuses the SIREN %s (format and Luhn key) in French, asking INSEE nothing', async (siren) => {
    const response = await t.http().get(NOTICE(siren)).set(TOKEN_HEADER, token);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', fields: { siren: MESSAGES.badFormat('SIREN') } });
    expect(standin.state.notices).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const response = await t.http().get(NOTICE(SIREN));
    expect(response.status).toBe(401);
    expect(standin.state.notices).toEqual([]);
  });
});

describe('the route limits (RATE_LIMIT_ADDRESS_LOOKUP, RATE_LIMIT_SIRENE_NOTICE)', () => {
  it('answer the French 429 per account beyond their limit', async () => {
    const limited = await startTestApp({
      logLevel: 'fatal',
      rateLimits: {
        ...t.config.rateLimits,
        addressLookup: { perIp: 100, perAccount: 2, windowMs: 60_000 },
        sireneNotice: { perIp: 100, perAccount: 1, windowMs: 60_000 },
      },
      externalLookups: { ...t.config.externalLookups },
    });
    try {
      const [a, b] = [await signIn(limited), await signIn(limited)];
      const lookup = (who: string) => limited.http().get(SEARCH).query({ q: 'Lyon' }).set(TOKEN_HEADER, who);
      expect((await lookup(a.token)).status).toBe(200);
      expect((await lookup(a.token)).status).toBe(200);
      const refused = await lookup(a.token);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ status: 429, code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyRequests });
      expect((await lookup(b.token)).status).toBe(200);
      const notice = (who: string) => limited.http().get(NOTICE(SIREN)).set(TOKEN_HEADER, who).buffer(true);
      expect((await notice(a.token)).status).toBe(200);
      expect((await notice(a.token)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('configuration', () => {
  it('reads the base URLs, the wait and the cache bounds from the environment', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      ADDRESS_API_URL: 'http://adresse.local/',
      SIRENE_NOTICE_URL: 'http://sirene.local/pdf',
      EXTERNAL_LOOKUP_TIMEOUT_MS: '500',
      ADDRESS_CACHE_ENTRIES: '10',
      ADDRESS_CACHE_TTL_SECONDS: '60',
    }).externalLookups;
    expect(config).toEqual({ addressApiUrl: 'http://adresse.local', sireneNoticeUrl: 'http://sirene.local/pdf', timeoutMs: 500, addressCacheEntries: 10, addressCacheTtlMs: 60_000 });
    expect(loadConfig({ NODE_ENV: 'test' }).externalLookups).toMatchObject({ addressApiUrl: 'https://api-adresse.data.gouv.fr', timeoutMs: 2_000 });
  });

  it('refuses a base URL that is not http(s), in French', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', ADDRESS_API_URL: 'ftp://x' })).toThrow(/ADDRESS_API_URL est une adresse http/);
    expect(() => loadConfig({ NODE_ENV: 'test', EXTERNAL_LOOKUP_TIMEOUT_MS: '0' })).toThrow(/EXTERNAL_LOOKUP_TIMEOUT_MS/);
  });
});
