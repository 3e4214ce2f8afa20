// The real start command: embedded PostgreSQL in a data folder, migrations, demo data, clean stop
// on SIGTERM, data kept across a restart, no demo data in production.
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo-data.ts';
import { freePort } from './support/postgres-cluster.ts';
import { startPortalProcess, type PortalProcess } from './support/portal-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'portail-start-'));
chmodSync(dataDir, 0o755);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The developer's environment, minus DATABASE_URL: these tests are about the embedded database.
async function startPortal(env: Record<string, string>): Promise<PortalProcess> {
  return startPortalProcess({
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: '', // not the developer's: a free one, picked by startPortalProcess
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      ...env,
    },
    timeoutMs: 120_000,
  });
}

async function stopPortal(running: PortalProcess): Promise<number | null> {
  return (await running.stop()).code;
}

const login = (baseUrl: string, email: string, password: string) =>
  fetch(`${baseUrl}/api/auth-server/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

// Each test starts a whole portal (initdb on a fresh folder): minutes on a loaded machine, as in the other spawning tests.
describe('pnpm start on the embedded database', { timeout: 180_000 }, () => {
  const newUser = { email: 'persistante@test.example.org', password: 'Persistance-2026!' };

  it('starts on a fresh data folder, seeds demo accounts and lists them, stops cleanly on SIGTERM', async () => {
    const running = await startPortal({ NODE_ENV: 'development' });
    expect(running.output()).toContain('association@demo.example.org');
    expect(running.output()).toContain(DEMO_PASSWORD);
    expect((await login(running.baseUrl, 'instructeur@demo.example.org', DEMO_PASSWORD)).status).toBe(200);

    const registered = await fetch(`${running.baseUrl}/api/auth-server/register?origin=lca&sendValidation=false`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...newUser, confirm: newUser.password, civilite: 'M.', nom: 'Durand', prenom: 'Marc' }),
    });
    expect(registered.status).toBe(201);

    expect(await stopPortal(running)).toBe(0);
    expect(running.output()).toContain('Portail arrêté.');
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });

  it('keeps the data across a restart', async () => {
    const running = await startPortal({ NODE_ENV: 'development' });
    try {
      expect((await login(running.baseUrl, newUser.email, newUser.password)).status).toBe(200);
    } finally {
      expect(await stopPortal(running)).toBe(0);
    }
  });
});

describe('production', { timeout: 180_000 }, () => {
  it('refuses to start with a JWT_SECRET shorter than 32 bytes or copied from our examples, with a clear message', async () => {
    const prod = { NODE_ENV: 'production', DATA_DIR: join(dataDir, 'prod') };
    await expect(startPortal({ ...prod, JWT_SECRET: 'trop-court' })).rejects.toThrow(/JWT_SECRET doit faire au moins 32 octets/);
    await expect(startPortal({ ...prod, JWT_SECRET: 'change-me-local-only-0123456789abcdef0123456789' })).rejects.toThrow(
      /JWT_SECRET reprend un exemple de la documentation/,
    );
  });

  it('never seeds demo accounts', async () => {
    const prodDir = join(dataDir, 'prod');
    const running = await startPortal({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(48), DATA_DIR: prodDir });
    try {
      expect(running.output()).not.toContain('@demo.example.org');
      expect((await login(running.baseUrl, 'instructeur@demo.example.org', DEMO_PASSWORD)).status).toBe(401);
    } finally {
      expect(await stopPortal(running)).toBe(0);
    }
  });
});
