// `pnpm bench:floor`: how close the portal's read path is to its floor. On a throw-away embedded
// PostgreSQL holding the demo accounts and registry, with association@demo.example.org linked to
// the head office of the « Association sportive de démonstration », two servers answer
// GET /api/proxy-asso/association/identite?id_asso=<SIREN> for that member:
//   (a) the portal itself as `pnpm start` runs it (the built apps/server/dist/main.js, which
//       `pnpm bench:floor` builds first when its sources changed; BENCH_SERVER=tsx: the sources
//       through tsx), NODE_ENV=production by default;
//   (b) the floor, scripts/bench/floor-server.ts: bare Fastify + @fastify/jwt + pg doing the same
//       work (token, account state, association lookup, links, association read, JSON out);
//   (c) the same floor without the account read (FLOOR_ACCOUNT_READ=0: roles from the token).
// All are loaded in turns (a, b, c, a, b, c…) in the same run by autocannon, after a warm-up each,
// and the figures printed are the median turn of each: requests/s, p50, p99, CPU per request, and
// the portal's share of each floor's throughput; the target (≥ 70 %) is on the floor without the
// account read.
// Options (environment): BENCH_SERVER (built|tsx), BENCH_TURNS (3), BENCH_SECONDS (10 per turn), BENCH_WARMUP_SECONDS (3),
// BENCH_CONNECTIONS (10), BENCH_NODE_ENV (production), BENCH_LOG_LEVEL (warn: request logs off, as
// in `pnpm bench`; `info` to include them), BENCH_PROFILE=<folder> (the portal runs with
// --cpu-prof and writes its profile there when stopped).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { DEMO_PASSWORD, seedDemoData } from '../apps/server/src/seed/demo-data.ts';
import { DEMO_ASSOCIATIONS, seedDemoRegistry } from '../apps/server/src/seed/demo-registry.ts';
import { createDatabase } from '../apps/server/src/db/prisma.ts';
import { freePort } from '../apps/server/test/support/free-port.ts';
import { startPortalProcess, type PortalProcess } from '../apps/server/test/support/portal-process.ts';
import { databaseUrl, prepareTemplate, startTestCluster } from '../apps/server/test/support/postgres-cluster.ts';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const MEMBER_EMAIL = 'association@demo.example.org';
const ASSOCIATION = DEMO_ASSOCIATIONS.sportive;
const PATH = `/api/proxy-asso/association/identite?id_asso=${ASSOCIATION.siren}`;
const TURNS = Number(process.env.BENCH_TURNS ?? '3');
const SECONDS = Number(process.env.BENCH_SECONDS ?? '10');
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? '3');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? '10');
const NODE_ENV = process.env.BENCH_NODE_ENV ?? 'production';
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const PROFILE_DIR = process.env.BENCH_PROFILE ? resolve(process.env.BENCH_PROFILE) : undefined;
const BUILT_ENTRY = process.env.BENCH_SERVER === 'tsx' ? undefined : join(ROOT, 'apps/server/dist/main.js');
/** The portal's throughput as a share of the floor's. */
const TARGET_RATIO = 0.7;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** CPU time of the server process (user + system) per answered request, in microseconds. */
  cpuUs: number;
  errors: number;
}

/** User + system CPU time of a process so far, in microseconds (Linux: /proc/<pid>/stat). */
function cpuTimeUs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
  } catch {
    return NaN;
  }
}

const running = new Set<ChildProcess>();
const stopAll = () => running.forEach((child) => child.kill('SIGKILL'));
process.once('SIGINT', () => {
  stopAll();
  process.exit(130);
});

async function seed(url: string): Promise<void> {
  const db = createDatabase(url);
  try {
    await seedDemoData(db);
    await seedDemoRegistry(db);
    const user = await db.user.findUniqueOrThrow({ where: { email: MEMBER_EMAIL }, select: { id: true } });
    const member = await db.associationUser.upsert({ where: { authId: user.id }, create: { authId: user.id }, update: {} });
    await db.userAssociation.create({
      data: { associationUserId: member.id, associationId: ASSOCIATION.id, idSiret: ASSOCIATION.siretSiege, type: 'Siège', fonction: 'Trésorier' },
    });
  } finally {
    await db.$disconnect();
  }
}

async function startFloor(env: NodeJS.ProcessEnv, nodeArgs: string[]): Promise<{ baseUrl: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'scripts/bench/floor-server.ts'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  await new Promise<void>((ready, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('floor ready')) ready();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`floor server exited (${code}):\n${output}`)));
  });
  return { baseUrl: `http://127.0.0.1:${port}`, child };
}

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth-server/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: MEMBER_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** Both servers must give the same identity before anything is measured. */
async function checkSameAnswer(urls: string[], token: string) {
  const bodies = await Promise.all(
    urls.map(async (base) => {
      const response = await fetch(base + PATH, { headers: { 'x-access-token': token } });
      if (response.status !== 200) throw new Error(`${base}${PATH}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { identite: { id_correspondance: string; nom: string } };
    }),
  );
  for (const body of bodies) {
    if (body.identite.id_correspondance !== ASSOCIATION.id) throw new Error(`unexpected identity: ${JSON.stringify(body).slice(0, 200)}`);
  }
}

function load(baseUrl: string, token: string, seconds: number, pid: number): Promise<Figures> {
  const cpuBefore = cpuTimeUs(pid);
  return new Promise((done, fail) => {
    autocannon(
      { url: baseUrl + PATH, connections: CONNECTIONS, duration: seconds, headers: { 'x-access-token': token } },
      (error, result) => {
        if (error) return fail(error);
        done({
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          cpuUs: (cpuTimeUs(pid) - cpuBefore) / result.requests.total,
          errors: result.errors + result.non2xx + result.timeouts,
        });
      },
    );
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const medianTurn = (turns: Figures[]): Figures => ({
  rps: median(turns.map((t) => t.rps)),
  p50: median(turns.map((t) => t.p50)),
  p99: median(turns.map((t) => t.p99)),
  cpuUs: median(turns.map((t) => t.cpuUs)),
  errors: turns.reduce((sum, t) => sum + t.errors, 0),
});
const line = (name: string, f: Figures) =>
  `${name.padEnd(8)} ${f.rps.toFixed(0).padStart(6)} req/s   p50 ${f.p50.toFixed(1).padStart(5)} ms   p99 ${f.p99.toFixed(1).padStart(5)} ms   CPU ${f.cpuUs.toFixed(0).padStart(5)} µs/requête` +
  (f.errors ? `   (${f.errors} erreurs)` : '');

const work = mkdtempSync(join(tmpdir(), 'portail-bench-floor-'));
const cluster = await startTestCluster();
let portal: PortalProcess | undefined;
const floors: ChildProcess[] = [];
try {
  const name = `bench_floor_${process.pid}`;
  await prepareTemplate(cluster.adminUrl, name);
  const url = databaseUrl(cluster.adminUrl, name);
  await seed(url);
  const jwtSecret = randomBytes(32).toString('hex');
  const baseEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: url, JWT_SECRET: jwtSecret };
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  const profile = (name: string) => (PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${join(PROFILE_DIR, name)}`] : []);
  portal = await startPortalProcess({
    cwd: ROOT,
    env: {
      ...baseEnv,
      NODE_ENV,
      LOG_LEVEL,
      HOST: '127.0.0.1',
      DATA_DIR: join(work, 'data'),
      PUBLIC_URL: 'http://127.0.0.1',
    },
    nodeArgs: profile('portail'),
    builtEntry: BUILT_ENTRY,
    onSpawn: (child) => {
      running.add(child);
      child.once('exit', () => running.delete(child));
    },
  });
  const withRead = await startFloor(baseEnv, profile('plancher'));
  const withoutRead = await startFloor({ ...baseEnv, FLOOR_ACCOUNT_READ: '0' }, profile('plancher-sans-compte'));
  floors.push(withRead.child, withoutRead.child);
  // plancher: with the account read; nu: without it (the target's floor).
  const servers = { portail: portal.baseUrl, plancher: withRead.baseUrl, nu: withoutRead.baseUrl };
  const pids = { portail: portal.child.pid!, plancher: withRead.child.pid!, nu: withoutRead.child.pid! };
  const token = await signIn(portal.baseUrl);
  await checkSameAnswer(Object.values(servers), token);

  console.log(
    `GET ${PATH} comme ${MEMBER_EMAIL} (membre du siège), ${CONNECTIONS} connexions, ` +
      `${TURNS} tours de ${SECONDS} s chacun (échauffement ${WARMUP_SECONDS} s), portail ${BUILT_ENTRY ? 'construit (dist/main.js)' : 'par tsx'} NODE_ENV=${NODE_ENV} LOG_LEVEL=${LOG_LEVEL}`,
  );
  for (const [server, base] of Object.entries(servers) as [keyof typeof servers, string][]) await load(base, token, WARMUP_SECONDS, pids[server]);
  const turns: Record<keyof typeof servers, Figures[]> = { portail: [], plancher: [], nu: [] };
  for (let turn = 1; turn <= TURNS; turn++) {
    for (const [server, base] of Object.entries(servers) as [keyof typeof servers, string][]) {
      const figures = await load(base, token, SECONDS, pids[server]);
      turns[server].push(figures);
      console.log(`tour ${turn}  ${line(server, figures)}`);
    }
  }
  const app = medianTurn(turns.portail);
  const floorWithRead = medianTurn(turns.plancher);
  const floorWithoutRead = medianTurn(turns.nu);
  const ratio = app.rps / floorWithoutRead.rps;
  console.log('\n== médiane des tours');
  console.log(line('portail', app));
  console.log(`${line('plancher', floorWithRead)}   (avec la lecture du compte)`);
  console.log(`${line('nu', floorWithoutRead)}   (sans la lecture du compte)`);
  console.log(
    `rapport  ${((app.rps / floorWithRead.rps) * 100).toFixed(0).padStart(5)} % du plancher avec la lecture du compte` +
      `   (p99 ×${(app.p99 / floorWithRead.p99).toFixed(2)})`,
  );
  console.log(
    `rapport  ${(ratio * 100).toFixed(0).padStart(5)} % du plancher sans la lecture du compte   cible ≥ ${TARGET_RATIO * 100} %   ${ratio >= TARGET_RATIO ? 'tenu' : 'NON TENU'}` +
      `   (p99 ×${(app.p99 / floorWithoutRead.p99).toFixed(2)})`,
  );
} finally {
  for (const floor of floors) {
    if (floor.exitCode !== null) continue;
    const exited = new Promise((done) => floor.once('exit', done));
    floor.kill('SIGTERM');
    await exited;
  }
  await portal?.stop();
  if (PROFILE_DIR) console.log(`profil CPU du portail : ${PROFILE_DIR}`);
  await cluster.stop();
  rmSync(work, { recursive: true, force: true });
}
