// Safe defaults for the network and the data: loopback unless HOST says otherwise, proxies trusted
// only when named, API docs off in production, demo data only where it cannot reach real users.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo-data.ts';
import { loadConfig, loadsDemoData, REPO_ROOT, trustProxyFrom } from '../src/config.ts';
import { freePort } from './support/postgres-cluster.ts';
import { startPortalProcess } from './support/portal-process.ts';
import { createTestDatabase, startTestApp, type TestApp } from './support/test-app.ts';

describe('listening address', () => {
  it('is 127.0.0.1 unless HOST is set (compose and the image set 0.0.0.0)', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(trustProxyFrom(undefined)).toBe(false);
    expect(trustProxyFrom('')).toBe(false);
    expect(trustProxyFrom('false')).toBe(false);
  });

  it('takes a list of addresses, CIDR ranges and named ranges', () => {
    expect(trustProxyFrom('10.0.0.0/8, 127.0.0.1,::1')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(trustProxyFrom('uniquelocal,loopback')).toEqual(['uniquelocal', 'loopback']);
  });

  it("refuses 'true' (any client could choose its IP), a hop count and anything unreadable, in French", () => {
    for (const value of ['true', '1', 'proxy.example.org']) {
      expect(() => trustProxyFrom(value), value).toThrow(/TRUST_PROXY vaut la liste des adresses/);
    }
  });

  describe('on a real server', () => {
    let direct: TestApp;
    let behindProxy: TestApp;
    beforeAll(async () => {
      const extend = (app: FastifyInstance) => void app.get('/__ip', async (request) => ({ ip: request.ip }));
      [direct, behindProxy] = await Promise.all([startTestApp({}, { extend }), startTestApp({ trustProxy: ['loopback'] }, { extend })]);
    });
    afterAll(async () => {
      await Promise.all([direct?.close(), behindProxy?.close()]);
    });

    it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
      const spoofed = await direct.http().get('/__ip').set('x-forwarded-for', '203.0.113.7');
      expect(spoofed.body.ip).not.toBe('203.0.113.7');
      const forwarded = await behindProxy.http().get('/__ip').set('x-forwarded-for', '203.0.113.7');
      expect(forwarded.body.ip).toBe('203.0.113.7');
    });
  });
});

describe('docker-compose.yml', () => {
  const compose = readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8');
  const mailpit = compose.slice(compose.indexOf('  mailpit:'), compose.indexOf('  portail:'));

  it('publishes Mailpit (its mails hold live links) on 127.0.0.1 only', () => {
    const ports = [...mailpit.matchAll(/^\s+- '([^']+)'/gm)].map((m) => m[1]!);
    expect(ports.length).toBeGreaterThan(0);
    for (const port of ports) expect(port).toMatch(/^127\.0\.0\.1:/);
  });

  it('makes the portal listen on every interface of its container', () => {
    expect(compose).toMatch(/^\s+HOST: 0\.0\.0\.0$/m);
  });
});

describe('API documentation', () => {
  it('is served outside production, off in production unless API_DOCS=1', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: '1' }).apiDocs).toBe(true);
  });

  it('answers 404 on /api/docs when switched off', async () => {
    const t = await startTestApp({ apiDocs: false });
    try {
      expect((await t.http().get('/api/docs/json')).status).toBe(404);
      expect((await t.http().get('/api/docs')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('demo data', () => {
  it('loads on the embedded default only, or when DEMO_DATA=1; never in production', () => {
    const auto = loadConfig({ NODE_ENV: 'development' });
    expect(loadsDemoData(auto, { embedded: true })).toBe(true);
    expect(loadsDemoData(auto, { embedded: false })).toBe(false);
    expect(loadsDemoData(loadConfig({ DEMO_DATA: '1' }), { embedded: false })).toBe(true);
    expect(loadsDemoData(loadConfig({ DEMO_DATA: '0' }), { embedded: true })).toBe(false);
    expect(loadsDemoData(loadConfig({ NODE_ENV: 'production' }), { embedded: true })).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_DATA: '1' })).toThrow(/DEMO_DATA=1 est refusé/);
  });

  const login = (baseUrl: string) =>
    fetch(`${baseUrl}/api/auth-server/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'instructeur@demo.example.org', password: DEMO_PASSWORD }),
    });

  it('is not loaded on a given DATABASE_URL without DEMO_DATA=1, and is with it', { timeout: 120_000 }, async () => {
    const database = await createTestDatabase();
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
      EMBEDDED_PG_PORT: String(await freePort()),
    };
    try {
      const plain = await startPortalProcess({ env });
      try {
        expect((await login(plain.baseUrl)).status).toBe(401);
      } finally {
        await plain.stop();
      }
      const demo = await startPortalProcess({ env: { ...env, DEMO_DATA: '1' } });
      try {
        expect((await login(demo.baseUrl)).status).toBe(200);
      } finally {
        await demo.stop();
      }
    } finally {
      await database.drop();
    }
  });

  it('refuses to start in production with DEMO_DATA=1, saying why', { timeout: 60_000 }, async () => {
    await expect(
      startPortalProcess({
        env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', DEMO_DATA: '1', DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none' },
      }),
    ).rejects.toThrow(/DEMO_DATA=1 est refusé/);
  });
});
