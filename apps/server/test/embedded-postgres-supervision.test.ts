// The real portal (main.ts) on its embedded PostgreSQL in a temporary data folder, when that
// PostgreSQL goes away under it: killed, it is started again (and /health says 503 meanwhile, never
// 200 while every call fails); restarted from outside with `pg_ctl restart`, it is adopted, and
// stopping the portal stops it too; a PostgreSQL left running alone on the folder is stopped at the
// next start instead of refusing it.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedBinary } from '../src/db/embedded-postgres.ts';
import { freePort } from './support/free-port.ts';
import { startPortalProcess, type PortalProcess } from './support/portal-process.ts';

const root = mkdtempSync(join(tmpdir(), 'portail-embedded-supervision-'));
chmodSync(root, 0o755);
const pgDir = join(root, 'postgres');
const portals: PortalProcess[] = [];
afterAll(async () => {
  await Promise.all(portals.map((portal) => portal.stop()));
  const pid = postmasterPid();
  if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
function postmasterPid(): number | undefined {
  if (!existsSync(join(pgDir, 'postmaster.pid'))) return undefined;
  return Number.parseInt(readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]!, 10);
}
/** pg_ctl of the embedded-postgres package, as the folder's owner (PostgreSQL runs as `postgres` under root). */
function pgCtl(...args: string[]) {
  const binary = embeddedBinary('pg_ctl');
  const owner = process.getuid?.() === 0 ? Number(execFileSync('id', ['-u', 'postgres']).toString()) : undefined;
  const group = owner !== undefined ? Number(execFileSync('id', ['-g', 'postgres']).toString()) : undefined;
  // The server it starts outlives it: its output goes to a file, never to pipes this call would wait on.
  execFileSync(binary, ['-D', pgDir, '-w', '-t', '30', '-l', join(pgDir, 'pg_ctl.log'), ...args], { uid: owner, gid: group, stdio: 'ignore', cwd: '/', timeout: 60_000 });
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function start(): Promise<PortalProcess> {
  const portal = await startPortalProcess({
    env: { ...process.env, DATABASE_URL: '', NODE_ENV: 'development', DEMO_DATA: '0', LOG_LEVEL: 'warn', JWT_SECRET: '', DATA_DIR: root, EMBEDDED_PG_PORT: String(await freePort()) },
    timeoutMs: 90_000,
  });
  portals.push(portal);
  return portal;
}
/** A call that reads the database: the referentials, public. */
const apiStatus = async (portal: PortalProcess) => (await fetch(`${portal.baseUrl}/api/api-declaration-server/referentiels`)).status;

/** Polls /health and an API call until both are 200; returns every /health status seen. */
async function untilServing(portal: PortalProcess, timeoutMs = 30_000) {
  const seen: { health: number; database: string; api: number }[] = [];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const health = await fetch(`${portal.baseUrl}/health`);
    const body = (await health.json()) as { database: string };
    const api = await apiStatus(portal);
    seen.push({ health: health.status, database: body.database, api });
    if (health.status === 200 && api === 200) return seen;
    await sleep(100);
  }
  throw new Error(`not serving again: ${JSON.stringify(seen.slice(-5))}\n${portal.output()}`);
}

describe('embedded PostgreSQL supervised by the portal', () => {
  it('killed: started again, /health 503 while it is down, never 200 while calls fail', { timeout: 120_000 }, async () => {
    const portal = await start();
    expect(await apiStatus(portal)).toBe(200);
    const first = postmasterPid()!;
    process.kill(first, 'SIGKILL');
    const seen = await untilServing(portal);
    // Whenever /health said 200 the calls worked: no « healthy » instance that fails every call.
    // /health said 503 while it was down; once it did, never 200 again until the calls worked (only
    // the first probe, before the supervisor's next look, may still see the dead server as running).
    const firstDown = seen.findIndex((probe) => probe.health === 503);
    expect(firstDown).toBeGreaterThanOrEqual(0);
    expect(firstDown).toBeLessThanOrEqual(1);
    expect(seen.slice(firstDown).filter((probe) => probe.health === 200 && probe.api !== 200)).toEqual([]);
    expect(seen[firstDown]).toMatchObject({ database: 'arrêtée' });
    const second = postmasterPid()!;
    expect(second).not.toBe(first);
    expect(alive(second)).toBe(true);
    expect(portal.output()).toMatch(/PostgreSQL embarqué .*redémarré/);
    expect((await portal.stop()).code).toBe(0);
    expect(alive(second)).toBe(false);
  });

  it('restarted from outside (pg_ctl restart): adopted; stopping the portal stops it; the next start works', { timeout: 180_000 }, async () => {
    const portal = await start();
    pgCtl('restart', '-m', 'fast');
    const outside = postmasterPid()!;
    expect(alive(outside)).toBe(true);
    await untilServing(portal);
    expect((await portal.stop()).code).toBe(0);
    expect(alive(outside)).toBe(false);

    const next = await start();
    expect(await apiStatus(next)).toBe(200);
    expect((await next.stop()).code).toBe(0);
  });

  it('left running alone on its folder (its portal gone): the next start stops it and starts, instead of refusing', { timeout: 180_000 }, async () => {
    // A postmaster with no portal behind it, as after a portal killed with SIGKILL following an outside restart.
    pgCtl('start');
    const orphan = postmasterPid()!;
    expect(alive(orphan)).toBe(true);
    const portal = await start();
    expect(await apiStatus(portal)).toBe(200);
    expect(portal.output()).not.toMatch(/tourne déjà/);
    expect(alive(orphan)).toBe(false);
    expect((await portal.stop()).code).toBe(0);
  });
});
