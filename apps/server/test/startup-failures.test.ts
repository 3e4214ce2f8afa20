// The real server process (apps/server/src/main.ts) when something is in its way: every failed
// start says what failed and what to do, never a bare `undefined`; a busy embedded PostgreSQL port
// is replaced by a free one kept in the data folder, so two checkouts side by side both start.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { DEFAULT_EMBEDDED_PG_PORT, PORT_FILE } from '../src/db/embedded-postgres.ts';
import { freePort } from './support/free-port.ts';
import { startPortalProcess, type PortalProcess } from './support/portal-process.ts';

const root = mkdtempSync(join(tmpdir(), 'portail-start-fail-'));
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));

function freshDir(name: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  return dir;
}

// The developer's environment minus what these tests set; no demo data, to keep each start short.
function baseEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, DATABASE_URL: '', NODE_ENV: 'development', DEMO_DATA: '0', LOG_LEVEL: 'warn', JWT_SECRET: '', ...env };
}

/** Runs main.ts until it exits by itself (a failed start), with its whole output. */
async function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: baseEnv({ PORT: String(await freePort()), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const timer = setTimeout(() => child.kill('SIGTERM'), 50_000);
  const code = await new Promise<number | null>((resolve) => child.once('close', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, output };
}

function expectExplainedFailure(run: { code: number | null; output: string }, step: string, ...advice: RegExp[]) {
  expect(run.code, run.output).toBe(1);
  expect(run.output).toContain(`Démarrage impossible (étape : ${step}).`);
  for (const pattern of advice) expect(run.output).toMatch(pattern);
  expect(run.output).not.toMatch(/\bundefined\b/);
  expect(run.output).not.toMatch(/^\s+at .+\(.+:\d+:\d+\)$/m); // no bare stack trace
}

/** Holds host:port (or finds it held already by someone else, which is as busy). */
async function occupy(port: number, host = '127.0.0.1'): Promise<Server | undefined> {
  const holder = createServer();
  return new Promise((resolve, reject) => {
    holder.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(undefined) : reject(error)));
    holder.listen({ port, host, exclusive: true }, () => resolve(holder));
  });
}

const release = (holder: Server | undefined) => new Promise<void>((resolve) => (holder ? holder.close(() => resolve()) : resolve()));

describe('a start that cannot succeed explains itself', () => {
  it('HTTP port already taken: names the port and the PORT variable, before touching the database', async () => {
    const port = await freePort();
    const holder = await occupy(port);
    try {
      const dataDir = freshDir('http-busy');
      const run = await runToExit({ PORT: String(port), DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) });
      expectExplainedFailure(run, 'port HTTP', new RegExp(`Le port HTTP ${port} \\(127\\.0\\.0\\.1\\) est déjà utilisé`), /PORT=\d+/);
      expect(existsSync(join(dataDir, 'postgres'))).toBe(false);
    } finally {
      await release(holder);
    }
  });

  it('data folder that cannot be written: names the folder and DATA_DIR', async () => {
    // Below a regular file: no folder can be made there, whatever the user (root included).
    const file = join(root, 'not-a-folder');
    writeFileSync(file, '');
    const run = await runToExit({ DATA_DIR: join(file, 'data'), EMBEDDED_PG_PORT: String(await freePort()) });
    expectExplainedFailure(run, 'dossier de données', /Le dossier de données .*not-a-folder\/data n'est pas utilisable en écriture/, /DATA_DIR=/);
  });

  it('embedded PostgreSQL that fails to start (damaged folder): its own words and what to do', async () => {
    const dataDir = freshDir('damaged');
    mkdirSync(join(dataDir, 'postgres'));
    chmodSync(join(dataDir, 'postgres'), 0o700);
    writeFileSync(join(dataDir, 'postgres', 'PG_VERSION'), '9\n');
    // As root, PostgreSQL runs as `postgres`, which must own the folder to read it.
    if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', join(dataDir, 'postgres')]);
    const run = await runToExit({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) });
    expectExplainedFailure(run, 'base de données', /Le PostgreSQL embarqué n'a pas démarré \(dossier .*damaged\/postgres, port \d+\)/, /could not access the server configuration file/);
  });

  it('DATABASE_URL that does not answer: the address without its password, the reason, the way out', async () => {
    const deadPort = await freePort();
    const run = await runToExit({ DATABASE_URL: `postgresql://portail:tres-secret@127.0.0.1:${deadPort}/portail` });
    expectExplainedFailure(run, 'base de données', /La base DATABASE_URL \(postgresql:\/\/portail:\*\*\*@127\.0\.0\.1:\d+\/portail\) ne répond pas : connexion refusée/, /retirez DATABASE_URL/);
    expect(run.output).not.toContain('tres-secret');
  });

  it('refused JWT_SECRET: the configuration step and the reason, no stack trace', async () => {
    const run = await runToExit({ JWT_SECRET: 'trop-court', DATA_DIR: freshDir('jwt') });
    expectExplainedFailure(run, 'configuration', /JWT_SECRET doit faire au moins 32 octets/);
  });
});

describe('the embedded PostgreSQL port', () => {
  const portals: PortalProcess[] = [];
  afterAll(async () => {
    await Promise.all(portals.map((portal) => portal.stop()));
  });

  const start = async (dataDir: string) => {
    // EMBEDDED_PG_PORT unset: the default port, as in a plain `pnpm start`.
    const portal = await startPortalProcess({ env: baseEnv({ PORT: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: '' }), timeoutMs: 90_000 });
    portals.push(portal);
    return portal;
  };

  it('default port busy: takes a free one, keeps it in the data folder and reuses it on the next start', { timeout: 180_000 }, async () => {
    const holder = await occupy(DEFAULT_EMBEDDED_PG_PORT);
    try {
      const dataDir = freshDir('second-checkout');
      const first = await start(dataDir);
      expect(first.output()).toContain(`Port ${DEFAULT_EMBEDDED_PG_PORT} déjà pris`);
      const chosen = Number(readFileSync(join(dataDir, 'postgres', PORT_FILE), 'utf8'));
      expect(chosen).not.toBe(DEFAULT_EMBEDDED_PG_PORT);
      expect((await fetch(`${first.baseUrl}/health`)).status).toBe(200);
      expect((await first.stop()).code).toBe(0);

      const again = await start(dataDir);
      expect(again.output()).not.toContain('déjà pris');
      expect(Number(readFileSync(join(dataDir, 'postgres', PORT_FILE), 'utf8'))).toBe(chosen);
      expect((await again.stop()).code).toBe(0);
    } finally {
      await release(holder);
    }
  });

  it('two checkouts side by side both start; a second portal on the same data folder is refused with a reason', { timeout: 180_000 }, async () => {
    const [left, right] = await Promise.all([start(freshDir('left')), start(freshDir('right'))]);
    const ports = [left, right].map((portal, index) =>
      Number(readFileSync(join(root, index === 0 ? 'left' : 'right', 'postgres', PORT_FILE), 'utf8')),
    );
    expect(ports[0]).not.toBe(ports[1]);
    for (const portal of [left, right]) expect((await fetch(`${portal.baseUrl}/health`)).status).toBe(200);

    const same = await runToExit({ DATA_DIR: join(root, 'left'), EMBEDDED_PG_PORT: '' });
    expectExplainedFailure(same, 'base de données', /tourne déjà \(processus \d+\)/, /DATA_DIR=/);
    expect((await fetch(`${left.baseUrl}/health`)).status).toBe(200);
  });
});
