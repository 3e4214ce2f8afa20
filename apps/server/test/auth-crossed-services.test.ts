// GET /api/auth-server/crossed-services?query: service accounts (auth user × rds record), searched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossedServiceSchema } from '@portail/contract';
import { createAccount, signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let adminToken: string;
let bretagne: Awaited<ReturnType<typeof createAccount>>;
let finistere: Awaited<ReturnType<typeof createAccount>>;
let locked: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  t = await startTestApp();
  [bretagne, finistere, locked] = await Promise.all([
    createAccount(t, {
      email: 'drajes.bzh@test.example.org',
      roles: ['rds.service'],
      service: { nom: 'DRAJES Bretagne', email: 'contact-drajes@test.example.org', type: 'region' },
    }),
    createAccount(t, {
      email: 'instructeur.29@test.example.org',
      roles: ['rds.user'],
      enabled: false,
      service: { nom: 'SDJES du Finistère', type: 'departement' },
    }),
    createAccount(t, {
      email: 'ancien@test.example.org',
      roles: ['rds.service'],
      service: { nom: 'Ancien service', locked: true },
    }),
    createAccount(t, { email: 'association@test.example.org', roles: ['lca.association'] }),
  ]);
  ({ token: adminToken } = await signIn(t, { roles: ['rds.admin'] }));
});
afterAll(() => t.close());

const search = (query?: string) =>
  t
    .http()
    .get('/api/auth-server/crossed-services')
    .query(query === undefined ? {} : { query })
    .set(TOKEN_HEADER, adminToken);

describe('GET /api/auth-server/crossed-services', () => {
  it('lists every service account with its auth and service parts, by name', async () => {
    const response = await search();
    expect(response.status).toBe(200);
    const items = crossedServiceSchema.array().parse(response.body);
    expect(items.map((item) => item.nom)).toEqual(['Ancien service', 'DRAJES Bretagne', 'SDJES du Finistère']);
    expect(items[1]).toEqual({
      authId: bretagne.id,
      serviceId: bretagne.serviceAccount!.id,
      email: 'drajes.bzh@test.example.org',
      nom: 'DRAJES Bretagne',
      roles: ['rds.service'],
      enabled: true,
      locked: false,
    });
    expect(items[0]).toMatchObject({ authId: locked.id, locked: true });
    expect(items[2]).toMatchObject({ authId: finistere.id, enabled: false, roles: ['rds.user'] });
  });

  it.each([
    ['bretagne', ['DRAJES Bretagne']],
    ['FINIST', ['SDJES du Finistère']],
    ['contact-drajes', ['DRAJES Bretagne']],
    ['instructeur.29@', ['SDJES du Finistère']],
    ['sdjes', ['SDJES du Finistère']],
    ['introuvable', []],
    ['association@', []],
  ])('searches the name, the service e-mail and the user e-mail without case: %s', async (query, names) => {
    const response = await search(query);
    expect(response.status).toBe(200);
    expect(response.body.map((item: { nom: string }) => item.nom)).toEqual(names);
  });

  it("reads '%' and '_' as plain characters, not wildcards", async () => {
    for (const query of ['%', '_', 'DRAJES%Bretagne', 'DRAJES_Bretagne']) {
      const response = await search(query);
      expect(response.status, query).toBe(200);
      expect(response.body, query).toEqual([]);
    }
  });

  it('refuses a query longer than 100 characters', async () => {
    const response = await search('x'.repeat(101));
    expect(response.status).toBe(400);
  });
});
