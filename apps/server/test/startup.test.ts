// The real start command: embedded PostgreSQL in a data folder, migrations, demo data, clean stop
// on SIGTERM, data kept across a restart, no demo data in production.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { DEMO_PASSWORD } from '../src/db/demo-data.ts';
import { freePort } from './support/postgres-cluster.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'portail-start-'));
chmodSync(dataDir, 0o755);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Running {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

async function startPortal(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`portal exited early:\n${output}`);
    const healthy = await fetch(`${baseUrl}/health`).then((r) => r.ok, () => false);
    if (healthy) return { child, baseUrl, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`portal not healthy in time:\n${output}`);
}

async function stopPortal(running: Running): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => running.child.once('exit', (code) => resolve(code)));
  running.child.kill('SIGTERM');
  return exited;
}

const login = (baseUrl: string, email: string, password: string) =>
  fetch(`${baseUrl}/api/auth-server/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

describe('pnpm start on the embedded database', () => {
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

describe('production', () => {
  it('refuses to start without JWT_SECRET', async () => {
    await expect(startPortal({ NODE_ENV: 'production', DATA_DIR: join(dataDir, 'prod') })).rejects.toThrow(/JWT_SECRET/);
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
