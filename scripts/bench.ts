// `pnpm bench`: start-up, stop and client-weight figures of the real portal, each beside its target,
// then login throughput. Server runs are what `pnpm start` runs, the built apps/server/dist/main.js
// with plain node (`pnpm bench` builds it first when its sources changed; BENCH_SERVER=tsx runs
// apps/server/src/main.ts through tsx instead), in a child process on the embedded PostgreSQL of a
// temporary data folder.
//   1. fresh start: empty data folder (initdb, migrations, referentials, demo data), spawn → first 200 on /health
//   2. warm restart: same folder again, spawn → first 200 on /health
//   3. SIGTERM → exit, after each run
//   4. logins: N requests with C in flight against the warm server (requests/s, latencies)
//   5. memory: the server's resident set at rest (a few seconds after each start) and its peak while
//      U members work at once (scripts/bench/member-load.ts)
//   6. initial client JS: apps/web/dist's entry chunk and its static imports, gzip
//   7. the README's command from a fresh clone: `git clone` of this repository into a temporary
//      folder, `pnpm install`, `npm start` (the README's start) until /health answers (once; BENCH_CLONE=0 skips it).
//      It clones the last commit: uncommitted changes are not measured there.
// Everything it starts is stopped (SIGTERM, waited for) and its temporary folders removed.
// Options (environment): BENCH_LOGINS (200), BENCH_CONCURRENCY (8), BENCH_USERS (40), BENCH_USERS_SECONDS (20),
// BENCH_CLONE (1), BENCH_SERVER (built|tsx).
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DEMO_DOSSIERS_MEMBER, DEMO_PASSWORD } from '../apps/server/src/seed/demo-data.ts';
import { freePort } from '../apps/server/test/support/free-port.ts';
import { startPortalProcess, type PortalProcess } from '../apps/server/test/support/portal-process.ts';
import { initialClientJs, type ClientWeight } from './bench/client-weight.ts';
import { freshCloneStart, type CloneFigures } from './bench/fresh-clone.ts';
import { memberLoad, rssKb } from './bench/member-load.ts';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const DEMO_EMAIL = 'association@demo.example.org';
const LOGINS = Number.parseInt(process.env.BENCH_LOGINS ?? '200', 10);
const CONCURRENCY = Number.parseInt(process.env.BENCH_CONCURRENCY ?? '8', 10);
const USERS = Number.parseInt(process.env.BENCH_USERS ?? '40', 10);
const USERS_SECONDS = Number.parseInt(process.env.BENCH_USERS_SECONDS ?? '20', 10);
// "At rest": this long after /health first answers, with no request meanwhile.
const REST_MS = 5_000;
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;
const CLONE = process.env.BENCH_CLONE !== '0';
const BUILT_ENTRY = process.env.BENCH_SERVER === 'tsx' ? undefined : join(ROOT, 'apps/server/dist/main.js');
const SERVER_RUN = BUILT_ENTRY ? 'apps/server/bin/portail (node apps/server/dist/main.js with its memory settings)' : 'tsx apps/server/src/main.ts';

/** The targets the figures are printed against. */
const TARGETS = {
  freshStartMs: 5_000,
  cloneToHealthMs: 60_000,
  warmStartMs: 2_000,
  stopMs: 1_000,
  // The same budget as apps/web/test/bundle-size.test.ts (180 kB = 180 000 bytes).
  initialJsGzipBytes: 180_000,
  restRssKb: 200 * 1024,
  loadRssKb: 300 * 1024,
};

// Children not yet exited, including one still starting: the signal handlers below stop them.
const running = new Set<ChildProcess>();
const sleep = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

function startServer(dataDir: string, port: number, pgPort: number): Promise<PortalProcess> {
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
    // One demo address signs in with 8 requests in flight: attempts are counted before the password
    // check, so the default 5 free attempts per address would make the throttle answer 429 (it is
    // measured by its own tests); here the sign-in itself is measured.
    LOGIN_FREE_ATTEMPTS: '100',
    // As the README's start: no JWT_SECRET, the server makes one and keeps it in the database.
    JWT_SECRET: '',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  return startPortalProcess({
    env,
    cwd: ROOT,
    timeoutMs: START_TIMEOUT_MS,
    builtEntry: BUILT_ENTRY,
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
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** One line of the targets table: what, measured, target, verdict. */
function row(label: string, measured: number | undefined, target: number, format: (value: number) => string, note = ''): string {
  const verdict = measured === undefined || Number.isNaN(measured) ? 'n/a ' : measured <= target ? 'ok  ' : 'OVER';
  const shown = measured === undefined || Number.isNaN(measured) ? 'n/a' : format(measured);
  return `  ${verdict} ${label.padEnd(52)} ${shown.padStart(10)}   target ≤ ${format(target)}${note ? `   ${note}` : ''}`;
}

async function main() {
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
    console.warn(
      'note: apps/web/dist is missing (the server starts without the client); `pnpm bench` builds it first.',
    );
  }
  if (BUILT_ENTRY && !existsSync(BUILT_ENTRY)) {
    throw new Error(`${BUILT_ENTRY} is missing: run node scripts/build-server-if-changed.mjs (pnpm bench does), or BENCH_SERVER=tsx.`);
  }
  console.log(`bench: node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}, ${LOGINS} logins with ${CONCURRENCY} in flight`);
  console.log(`bench: server runs are ${SERVER_RUN}`);

  const dataDir = mkdtempSync(join(tmpdir(), 'portail-bench-'));
  // As root, the embedded PostgreSQL runs as `postgres`, which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const [port, pgPort] = [await freePort(), await freePort()];
  let server: PortalProcess | undefined;
  let failed = false;

  try {
    // 1. Cold start
    server = await startServer(dataDir, port, pgPort);
    const cold = server.readyMs;
    const coldSelfReported = /Portail prêt en (\d+) ms/.exec(server.output())?.[1];
    await sleep(REST_MS);
    const restAfterSeeding = rssKb(server.child.pid!);
    const coldStop = await server.stop(STOP_TIMEOUT_MS);
    server = undefined;
    if (coldStop.forced || coldStop.code !== 0) {
      failed = true;
      console.error(
        `warning: the server stopped with code ${coldStop.code}${coldStop.forced ? ' (SIGKILL after SIGTERM timed out)' : ''}`,
      );
    }

    // 2. Warm start, same data folder
    server = await startServer(dataDir, port, pgPort);
    const warm = server.readyMs;
    const selfReported = /Portail prêt en (\d+) ms/.exec(server.output())?.[1];
    await sleep(REST_MS);
    const rest = rssKb(server.child.pid!);

    // 3. Logins: a few to warm up (JIT, pool), then the measured load
    for (let i = 0; i < Math.min(CONCURRENCY, 8); i++) {
      const { status } = await login(server.baseUrl);
      if (status !== 200) throw new Error(`warm-up login answered ${status}`);
    }
    const memoryBefore = memoryOf(server.child.pid!);
    const load = await loginLoad(server.baseUrl, LOGINS, CONCURRENCY);
    const memoryAfter = memoryOf(server.child.pid!);
    // 5. Members at work (the demo member of the subsidy dossiers; the sign-in throttle counts failures only)
    const members = await memberLoad({ baseUrl: server.baseUrl, pid: server.child.pid!, email: DEMO_DOSSIERS_MEMBER, password: DEMO_PASSWORD, users: USERS, seconds: USERS_SECONDS });
    const postgresMemory = postgresPssKb(dataDir);
    const warmStop = await server.stop(STOP_TIMEOUT_MS);
    server = undefined;

    const ok = load.statuses.get(200) ?? 0;
    if (ok !== LOGINS) failed = true;
    if ((members.statuses.get(200) ?? 0) !== members.requests) failed = true;
    if (warmStop.forced || warmStop.code !== 0) failed = true;
    const client = initialClientJs(join(ROOT, 'apps/web/dist'));
    const clone = CLONE ? await freshCloneStart(ROOT, (child) => running.add(child)) : undefined;
    console.log(report({ cold, coldSelfReported, warm, selfReported, coldStop: coldStop.ms, warmStop: warmStop.ms, client, clone }));
    const lines = [
      '',
      `Logins (POST /api/auth-server/login, ${DEMO_EMAIL}, argon2 verification)`,
      `  requests      : ${LOGINS} (${CONCURRENCY} in flight), answers ${[...load.statuses].map(([s, n]) => `${n}×${s}`).join(', ')}`,
      `  throughput    : ${(LOGINS / (load.elapsedMs / 1000)).toFixed(1)} requests/s over ${ms(load.elapsedMs)}`,
      `  latency       : p50 ${ms(percentile(load.latencies, 50))}, p95 ${ms(percentile(load.latencies, 95))}, p99 ${ms(percentile(load.latencies, 99))}, max ${ms(load.latencies.at(-1) ?? NaN)}`,
      '',
      `Members at work (${USERS} signed in at once for ${USERS_SECONDS} s: me, identity, dossiers, a dossier, notifications; a PDF one round in eight)`,
      `  requests      : ${members.requests}, answers ${[...members.statuses].map(([s, n]) => `${n}×${s}`).join(', ')}, ${(members.requests / (members.elapsedMs / 1000)).toFixed(1)} requests/s`,
      '',
      `Memory (/proc; server started by apps/server/bin/portail, as npm start and the image)`,
      row(`server RSS at rest, ${REST_MS / 1000} s after a restart`, rest, TARGETS.restRssKb, mb),
      row(`server RSS at rest, ${REST_MS / 1000} s after the first start (seeding)`, restAfterSeeding, TARGETS.restRssKb, mb),
      row(`server RSS peak, ${USERS} members at work`, members.peakRssKb, TARGETS.loadRssKb, mb),
      `  server (node) RSS before the load : ${memoryBefore ? mb(memoryBefore.rssKb) : 'n/a'}`,
      `  server (node) RSS after the load  : ${memoryAfter ? mb(memoryAfter.rssKb) : 'n/a'} (peak since start ${memoryAfter ? mb(memoryAfter.hwmKb) : 'n/a'})`,
      `  embedded PostgreSQL after the load: ${postgresMemory ? `${mb(postgresMemory.pssKb)} PSS over ${postgresMemory.processes} processes` : 'n/a'}`,
    ];
    console.log(lines.join('\n'));
    if (clone?.error) failed = true;
    if (failed) console.error('\nbench: some logins failed, a server did not stop cleanly or the clone run failed (see above).');
  } finally {
    // A server that failed to start was already stopped by startPortalProcess.
    if (server) await server.stop(STOP_TIMEOUT_MS).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}

function report(figures: {
  cold: number;
  coldSelfReported: string | undefined;
  warm: number;
  selfReported: string | undefined;
  coldStop: number;
  warmStop: number;
  client: ClientWeight | undefined;
  clone: CloneFigures | undefined;
}): string {
  const { cold, coldSelfReported, warm, selfReported, coldStop, warmStop, client, clone } = figures;
  const lines = [
    '',
    `Targets (measured on this machine, now: other work on it skews the times; load average ${loadavg().map((value) => value.toFixed(2)).join(' ')})`,
    row('fresh data folder → /health (spawn of main)', cold, TARGETS.freshStartMs, ms,
      `(initdb, migrations, referentials, demo data${coldSelfReported ? `; server's own count: ${coldSelfReported} ms` : ''})`),
  ];
  if (clone) {
    lines.push(
      row('fresh clone after install: npm start → /health', clone.startToHealthMs, TARGETS.freshStartMs, ms, '(README command, empty .data)'),
      row("README's whole command from a fresh clone", clone.totalMs, TARGETS.cloneToHealthMs, ms,
        `(clone ${ms(clone.cloneMs)}, install ${ms(clone.installMs)}, start ${ms(clone.startToHealthMs)})`),
    );
    if (clone.error) lines.push(`  the clone run failed: ${clone.error}`);
  } else {
    lines.push(`  n/a  fresh clone (BENCH_CLONE=0)`);
  }
  lines.push(
    row('warm restart → /health (same data folder)', warm, TARGETS.warmStartMs, ms, selfReported ? `(server's own count: ${selfReported} ms)` : ''),
    row('SIGTERM → exit (after the fresh start)', coldStop, TARGETS.stopMs, ms),
    row('SIGTERM → exit (after the login load)', warmStop, TARGETS.stopMs, ms),
    row('initial client JS, gzip (entry + static imports)', client?.gzipBytes, TARGETS.initialJsGzipBytes, kb,
      client ? `(${client.files.length} files, ${kb(client.rawBytes)} raw)` : '(apps/web/dist missing)'),
  );
  if (client) for (const file of client.files) lines.push(`         ${file.name.padEnd(44)} ${kb(file.gzipBytes).padStart(10)} gzip`);
  return lines.join('\n');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`bench: ${signal}, stopping the server…`);
    for (const child of running) child.kill('SIGTERM');
    setTimeout(() => process.exit(130), 5_000).unref();
  });
}

await main();
