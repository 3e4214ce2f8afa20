// `pnpm bench`: start-up times and login throughput of the real server (apps/server/src/main.ts in
// a child process, embedded PostgreSQL in a temporary data folder).
//   1. cold start: fresh data folder (initdb + migrations + demo data), spawn → first 200 on /health
//   2. warm start: restart on the same folder, spawn → first 200 on /health
//   3. logins: N requests with C in flight against the warm server (requests/s, latencies)
//   4. resident memory of the server process after the load
// Everything it starts is stopped (SIGTERM, waited for) and its temporary folder removed.
// Options (environment): BENCH_LOGINS (200), BENCH_CONCURRENCY (8).
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '../apps/server/src/db/demo-data.ts';
import { freePort } from '../apps/server/test/support/free-port.ts';
import { startPortalProcess, type PortalProcess } from '../apps/server/test/support/portal-process.ts';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const DEMO_EMAIL = 'association@demo.example.org';
const LOGINS = Number.parseInt(process.env.BENCH_LOGINS ?? '200', 10);
const CONCURRENCY = Number.parseInt(process.env.BENCH_CONCURRENCY ?? '8', 10);
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;

// Children not yet exited, including one still starting: the signal handlers below stop them.
const running = new Set<ChildProcess>();

function startServer(dataDir: string, port: number, pgPort: number, jwtSecret: string): Promise<PortalProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  Object.assign(env, {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    EMBEDDED_PG_PORT: String(pgPort),
    // Demo accounts are seeded outside production; request logs off, as they would skew the load.
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    JWT_SECRET: jwtSecret,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  return startPortalProcess({
    env,
    cwd: ROOT,
    timeoutMs: START_TIMEOUT_MS,
    onSpawn: (child) => {
      running.add(child);
      child.once('exit', () => running.delete(child));
    },
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

async function login(baseUrl: string): Promise<{ ms: number; status: number }> {
  const startedAt = performance.now();
  const response = await fetch(`${baseUrl}/api/auth-server/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  await response.arrayBuffer();
  return { ms: performance.now() - startedAt, status: response.status };
}

async function loginLoad(baseUrl: string, total: number, concurrency: number) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const { ms, status } = await login(baseUrl);
        latencies.push(ms);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const elapsedMs = performance.now() - startedAt;
  latencies.sort((a, b) => a - b);
  return { elapsedMs, latencies, statuses };
}

function memoryOf(pid: number): { rssKb: number; hwmKb: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) =>
      Number.parseInt(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 'NaN', 10);
    return { rssKb: field('VmRSS'), hwmKb: field('VmHWM') };
  } catch {
    return null;
  }
}

/** PSS of the embedded PostgreSQL (postmaster and its children): shared buffers counted once. */
function postgresPssKb(dataDir: string): { pssKb: number; processes: number } | null {
  try {
    const postmaster = Number.parseInt(
      readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0] ?? '',
      10,
    );
    const pids = [postmaster];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const ppid = /^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1];
        if (Number(ppid) === postmaster) pids.push(Number(entry));
      } catch {
        // process gone
      }
    }
    let pssKb = 0;
    for (const pid of pids) {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      pssKb += Number.parseInt(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? '0', 10);
    }
    return { pssKb, processes: pids.length };
  } catch {
    return null;
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;
const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MiB`;

async function main() {
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
    console.warn(
      'note: apps/web/dist is missing (the server starts without the client); `pnpm bench` builds it first.',
    );
  }
  console.log(`bench: node ${process.version}, ${cpus().length} cores, ${LOGINS} logins with ${CONCURRENCY} in flight`);

  const dataDir = mkdtempSync(join(tmpdir(), 'portail-bench-'));
  // As root, the embedded PostgreSQL runs as `postgres`, which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const jwtSecret = randomBytes(32).toString('base64url');
  const [port, pgPort] = [await freePort(), await freePort()];
  let server: PortalProcess | undefined;
  let failed = false;

  try {
    // 1. Cold start
    server = await startServer(dataDir, port, pgPort, jwtSecret);
    const cold = server.readyMs;
    const coldStop = await server.stop(STOP_TIMEOUT_MS);
    server = undefined;
    if (coldStop.forced || coldStop.code !== 0) {
      failed = true;
      console.error(
        `warning: the server stopped with code ${coldStop.code}${coldStop.forced ? ' (SIGKILL after SIGTERM timed out)' : ''}`,
      );
    }

    // 2. Warm start, same data folder
    server = await startServer(dataDir, port, pgPort, jwtSecret);
    const warm = server.readyMs;
    const selfReported = /Portail prêt en (\d+) ms/.exec(server.output())?.[1];

    // 3. Logins: a few to warm up (JIT, pool), then the measured load
    for (let i = 0; i < Math.min(CONCURRENCY, 8); i++) {
      const { status } = await login(server.baseUrl);
      if (status !== 200) throw new Error(`warm-up login answered ${status}`);
    }
    const memoryBefore = memoryOf(server.child.pid!);
    const load = await loginLoad(server.baseUrl, LOGINS, CONCURRENCY);
    const memoryAfter = memoryOf(server.child.pid!);
    const postgresMemory = postgresPssKb(dataDir);
    const warmStop = await server.stop(STOP_TIMEOUT_MS);
    server = undefined;

    const ok = load.statuses.get(200) ?? 0;
    if (ok !== LOGINS) failed = true;
    const lines = [
      '',
      'Start-up (spawn of main.ts → first 200 on /health)',
      `  cold, fresh data folder (initdb + migrations + demo data) : ${ms(cold)}`,
      `  warm, same data folder                                    : ${ms(warm)}${selfReported ? `  (server's own count from its start: ${selfReported} ms)` : ''}`,
      `  stop on SIGTERM (cold run / warm run)                     : ${ms(coldStop.ms)} / ${ms(warmStop.ms)}, exit codes ${coldStop.code} / ${warmStop.code}`,
      '',
      `Logins (POST /api/auth-server/login, ${DEMO_EMAIL}, argon2 verification)`,
      `  requests      : ${LOGINS} (${CONCURRENCY} in flight), answers ${[...load.statuses].map(([s, n]) => `${n}×${s}`).join(', ')}`,
      `  throughput    : ${(LOGINS / (load.elapsedMs / 1000)).toFixed(1)} requests/s over ${ms(load.elapsedMs)}`,
      `  latency       : p50 ${ms(percentile(load.latencies, 50))}, p95 ${ms(percentile(load.latencies, 95))}, p99 ${ms(percentile(load.latencies, 99))}, max ${ms(load.latencies.at(-1) ?? NaN)}`,
      '',
      'Memory (/proc)',
      `  server (node) RSS before the load : ${memoryBefore ? mb(memoryBefore.rssKb) : 'n/a'}`,
      `  server (node) RSS after the load  : ${memoryAfter ? mb(memoryAfter.rssKb) : 'n/a'} (peak since start ${memoryAfter ? mb(memoryAfter.hwmKb) : 'n/a'})`,
      `  embedded PostgreSQL after the load: ${postgresMemory ? `${mb(postgresMemory.pssKb)} PSS over ${postgresMemory.processes} processes` : 'n/a'}`,
    ];
    console.log(lines.join('\n'));
    if (failed) console.error('\nbench: some logins failed or the server did not stop cleanly (see above).');
  } finally {
    // A server that failed to start was already stopped by startPortalProcess.
    if (server) await server.stop(STOP_TIMEOUT_MS).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`bench: ${signal}, stopping the server…`);
    for (const child of running) child.kill('SIGTERM');
    setTimeout(() => process.exit(130), 5_000).unref();
  });
}

await main();
