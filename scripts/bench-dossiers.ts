// `pnpm bench:dossiers`: latency of the subsidy dossier routes, over HTTP, at 10 000 and 1 000 000
// dossiers. An embedded PostgreSQL holds one database per size, loaded in SQL with generate_series:
// associations with a skewed number of dossiers (a few with thousands, most with a handful), 200
// instructing services, 4 schemes over 5 campaigns, instruction states spread as in a live year
// (closed, paid, granted, under instruction, in entry, refused, deleted), one or two projects per
// dossier with their financing and budget lines, a yearly budget for half the dossiers; every table
// written in the dossiers' creation order, so that an association's dossiers lie scattered over the
// table as in a live base (not side by side, which would spare the list most of its page reads).
// On each database the real portal runs on a free port: the built apps/server/dist/main.js (rebuilt
// first when its sources changed), NODE_ENV=production, DATABASE_URL on that database. Members of
// the busiest association and of associations drawn like the dossiers (the busier more often) are
// created through the auth repository, linked to their association's head office, and sign in with
// POST /api/auth-server/login; each one's access token then calls, with fetch (Node's undici):
//   liste          GET /api/lca-server/demande/dossiers?select_notifications=true&page=1&limit=20, what
//                  the client's « Mes dossiers » page asks (first page, default sort: updated_at desc)
//   liste peuplée  the same with populate=projets,instructeurs
//   dossier        GET /api/lca-server/demande/dossiers/:id?populate=projets on dossiers of the member's
//                  association holding two projects: the full view (instructions and their services,
//                  documents, the machine's options) with the full projects and their lines
// Both portals stay up together. Every call is checked once (200, the expected content) and warmed
// up; then, route by route, BENCH_REQUESTS timed calls per size one after the other, in BENCH_BLOCKS
// blocks the sizes take in turns (10 k, 1 M, 1 M, 10 k…: a change of the machine's load during the
// run weighs on both sizes alike, which the ratio needs), and as many again with BENCH_CONCURRENCY
// in flight (a side figure). Prints p50/p95/p99 per size, then both sizes beside the targets (p95 ≤
// 100 ms at the largest size, p95 ratio largest / smallest ≤ 2, on the sequential figures) and exits
// with 1 when one is missed. Options: BENCH_SIZES (10000,1000000), BENCH_REQUESTS (400), BENCH_WARMUP
// (100), BENCH_BLOCKS (8), BENCH_CONCURRENCY (4; 0 for none), BENCH_MEMBERS (20), BENCH_LOG_LEVEL
// (warn: no request logs), BENCH_DATA_DIR: a folder where the embedded PostgreSQL and its loaded
// databases are kept between runs (a database whose load completed for its size is reused, migrated
// first; the bench's members stay in it and are reused too).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createDatabase, type Database } from '../apps/server/src/db/prisma.ts';
import { createAuthRepository, hashPassword } from '../apps/server/src/modules/auth/index.ts';
import { startPortalProcess, type PortalProcess } from '../apps/server/test/support/portal-process.ts';
import {
  dropDatabase, prepareTemplate, withClient,
} from '../apps/server/test/support/postgres-cluster.ts';
import { busiestServiceAgent, loadedMark, loadStatements } from './bench/dossier-load.ts';
import { loadedDatabase, startBenchCluster } from './bench/kept-cluster.ts';
import { summarize, timedCalls, warmUp, type Latencies } from './bench/timing.ts';
import { machineLoad, verdict } from './bench/report.ts';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const SIZES = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? '400');
const WARMUP = Number(process.env.BENCH_WARMUP ?? '100');
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? '4');
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? '20');
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? '8');
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const DATA_DIR = process.env.BENCH_DATA_DIR ? resolve(process.env.BENCH_DATA_DIR) : undefined;
const TARGET_P95_MS = 100;
const TARGET_RATIO = 2;
const PASSWORD = 'Banc-Dossiers-2026!';
const TOKEN_HEADER = 'x-access-token';
const LIST = '/api/lca-server/demande/dossiers?select_notifications=true&page=1&limit=20';

interface Member {
  associationId: string;
  email: string;
  /** The association's dossiers. */
  dossiers: number;
  token?: string;
}

/**
 * The bench's members: one for the busiest association, the others for associations drawn from a
 * sample of the dossiers (an association comes up as often as it has dossiers). Each is an
 * lca.association account linked to its association's head office, made once and kept.
 */
async function ensureMembers(url: string, db: Database): Promise<Member[]> {
  const rows = await withClient(url, async (client) => (await client.query<{ id: string; n: number }>(
    `WITH busiest AS (SELECT association_id AS id FROM dossiers GROUP BY association_id ORDER BY count(*) DESC, association_id LIMIT 1),
          drawn AS (SELECT DISTINCT association_id AS id FROM (SELECT association_id FROM dossiers TABLESAMPLE SYSTEM (5) REPEATABLE (7) LIMIT 2000) s),
          chosen AS (SELECT id FROM busiest UNION (SELECT id FROM drawn WHERE id NOT IN (SELECT id FROM busiest) ORDER BY id LIMIT $1))
     SELECT c.id, (SELECT count(*) FROM dossiers d WHERE d.association_id = c.id)::int AS n FROM chosen c ORDER BY n DESC`,
    [Math.max(0, MEMBERS - 1)])).rows);
  const auth = createAuthRepository(db);
  const passwordHash = await hashPassword(PASSWORD);
  const members: Member[] = [];
  for (const row of rows) {
    const email = `membre-banc-${row.id}@bench.example.org`;
    const user = (await auth.findByEmail(email)) ?? (await auth.createAccount({
      email, passwordHash, civilite: 'Mme', nom: 'Banc', prenom: 'Membre', origin: 'lca', roles: ['lca.association'], enabled: true, mustChangePassword: false,
    }));
    const associationUser = await db.associationUser.upsert({ where: { authId: user.id }, create: { authId: user.id }, update: {} });
    await db.userAssociation.upsert({
      where: { associationUserId_associationId: { associationUserId: associationUser.id, associationId: row.id } },
      create: { associationUserId: associationUser.id, associationId: row.id, idSiret: null, type: 'Siège', fonction: 'Trésorier' },
      update: {},
    });
    members.push({ associationId: row.id, email, dossiers: row.n });
  }
  return members;
}

/** Up to two dossiers with two projects per member's association, each with that member. */
async function dossiersWithProjects(url: string, members: Member[]): Promise<{ id: string; member: Member }[]> {
  const rows = await withClient(url, async (client) => (await client.query<{ association_id: string; id: string }>(
    `SELECT a.id AS association_id, d.id FROM unnest($1::uuid[]) a(id)
     CROSS JOIN LATERAL (SELECT d.id FROM dossiers d WHERE d.association_id = a.id AND d.deleted_at IS NULL
                           AND (SELECT count(*) FROM projets p WHERE p.dossier_id = d.id) >= 2 ORDER BY d.id_fo LIMIT 2) d`,
    [members.map((m) => m.associationId)])).rows);
  const byAssociation = new Map(members.map((m) => [m.associationId, m]));
  return rows.map((row) => ({ id: row.id, member: byAssociation.get(row.association_id)! }));
}

async function signIn(baseUrl: string, member: Member): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth-server/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: member.email, password: PASSWORD }),
  });
  const body = (await response.json()) as { token?: string };
  if (response.status !== 200 || !body.token) throw new Error(`connexion de ${member.email} : ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}

/** GET as the member; the answer read to its end; anything but 200 fails the bench. */
async function call(baseUrl: string, path: string, token: string): Promise<string> {
  const response = await fetch(baseUrl + path, { headers: { [TOKEN_HEADER]: token } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path} : ${response.status} ${text.slice(0, 500)}`);
  return text;
}

interface Case<T> {
  name: string;
  route: string;
  /** Per size: the calls' arguments and the call. */
  sizes: Map<number, { args: T[]; run: (arg: T) => Promise<string> }>;
  /** Why the answer to `arg` is not the expected one, or null. */
  wrong: (answer: unknown, arg: T) => string | null;
}
type Figures = { sequential: Latencies; concurrent?: Latencies };

const ms = (value: number) => value.toFixed(1).padStart(6);
const triple = (l: Latencies) => `p50 ${ms(l.p50)}  p95 ${ms(l.p95)}  p99 ${ms(l.p99)} ms`;

/**
 * One route on every size: each call checked once, the warm-up, then the timed calls in BLOCKS
 * blocks taken in turns by the sizes (ABBA…), so that a change of the machine's load during the
 * run weighs on every size alike; the same with CONCURRENCY calls in flight.
 */
async function measureCase<T>(c: Case<T>): Promise<Map<number, Figures>> {
  for (const [, { args, run }] of c.sizes) {
    for (const arg of args) {
      const why = c.wrong(JSON.parse(await run(arg)), arg);
      if (why) throw new Error(`${c.route} : réponse inattendue (${why})`);
    }
    await warmUp(run, args, WARMUP);
  }
  const inTurns = async (concurrency: number) => {
    const samples = new Map([...c.sizes.keys()].map((size) => [size, [] as number[]]));
    const sizes = [...c.sizes.keys()];
    for (let block = 0; block < BLOCKS; block++) {
      const count = Math.ceil(REQUESTS / BLOCKS);
      for (const size of block % 2 === 0 ? sizes : [...sizes].reverse()) {
        const { args, run } = c.sizes.get(size)!;
        samples.get(size)!.push(...(await timedCalls(run, args, count, concurrency, block * count)));
      }
    }
    return samples;
  };
  const sequential = await inTurns(1);
  const concurrent = CONCURRENCY > 1 ? await inTurns(CONCURRENCY) : undefined;
  const figures = new Map<number, Figures>();
  for (const size of c.sizes.keys()) {
    const f: Figures = { sequential: summarize(sequential.get(size)!), ...(concurrent ? { concurrent: summarize(concurrent.get(size)!) } : {}) };
    figures.set(size, f);
    console.log(`${c.name.padEnd(14)} ${size.toLocaleString('fr-FR').padStart(9)}  ${triple(f.sequential)}` +
      (f.concurrent ? `   | ${CONCURRENCY} en parallèle : ${triple(f.concurrent)}` : '') + `   (${c.sizes.get(size)!.args.length} appels distincts)`);
  }
  return figures;
}

interface Prepared {
  size: number;
  portal: PortalProcess;
  members: Member[];
  dossiers: { id: string; member: Member }[];
  agent: Member;
}

// The built server, as `pnpm start` runs it (rebuilt only when its sources changed).
const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-server-if-changed.mjs')], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) throw new Error('construction du serveur en échec');

console.log(`début : ${machineLoad()}`);
const work = mkdtempSync(join(tmpdir(), 'portail-bench-dossiers-'));
const cluster = await startBenchCluster(DATA_DIR);
const prepared: Prepared[] = [];
try {
  const template = `bench_dossiers_tpl_${process.pid}`;
  await prepareTemplate(cluster.adminUrl, template);
  // Every size loaded, its portal started and its members signed in; the portals stay up together.
  for (const size of SIZES) {
    const name = `bench_dossiers_${size}`;
    console.log(`\n== ${size.toLocaleString('fr-FR')} dossiers`);
    const url = await loadedDatabase(cluster, DATA_DIR, {
      template, name, mark: loadedMark(size),
      load: async (fresh) => {
        const started = performance.now();
        await withClient(fresh, async (client) => {
          for (const statement of loadStatements(size)) await client.query(statement);
        });
        console.log(`chargement ${((performance.now() - started) / 1000).toFixed(1)} s`);
      },
    });
    const db = createDatabase(url);
    const members = await ensureMembers(url, db).finally(() => db.$disconnect());
    const dossiers = await dossiersWithProjects(url, members);
    const { email, dossiers: received } = await busiestServiceAgent(url, PASSWORD);
    const agent: Member = { associationId: '', email, dossiers: received };
    const counts = members.map((m) => m.dossiers).sort((a, b) => a - b);
    console.log(`${members.length} membres, associations de ${counts[0]} à ${counts[counts.length - 1]} dossiers (médiane ${counts[Math.floor(counts.length / 2)]}) ; ${dossiers.length} dossiers à deux projets ; un agent du service le plus chargé (${agent.dossiers} dossiers reçus)`);
    const portal = await startPortalProcess({
      cwd: ROOT,
      builtEntry: join(ROOT, 'apps/server/dist/main.js'),
      env: {
        PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', LOG_LEVEL, HOST: '127.0.0.1',
        DATABASE_URL: url, JWT_SECRET: randomBytes(32).toString('base64url'), DATA_DIR: join(work, `data-${size}`), PUBLIC_URL: 'http://127.0.0.1',
      },
    });
    prepared.push({ size, portal, members, dossiers, agent });
    console.log(`portail (node apps/server/dist/main.js, NODE_ENV=production) prêt en ${Math.round(portal.readyMs)} ms sur ${portal.baseUrl}`);
    for (const member of [...members, agent]) member.token = await signIn(portal.baseUrl, member);
  }

  console.log(`\n== mesures : ${WARMUP} appels d'échauffement, puis ${REQUESTS} à la suite` +
    `${CONCURRENCY > 1 ? ` et ${REQUESTS} à ${CONCURRENCY} en parallèle` : ''} par taille, en ${BLOCKS} blocs pris à tour de rôle par les tailles`);
  type ListItem = { projets?: unknown[]; instructeurs?: unknown[] };
  const listWrong = (populated: boolean) => (answer: unknown, member: Member) => {
    const list = answer as { total: number; items: ListItem[] };
    if (list.total !== member.dossiers) return `total ${list.total}, ${member.dossiers} attendus`;
    if (list.items.length !== Math.min(20, member.dossiers)) return `${list.items.length} dossiers sur la page`;
    if (populated && list.items.some((item) => !item.projets?.length || !item.instructeurs?.length)) return 'projets ou instructeurs absents';
    return null;
  };
  const bySize = <T>(pick: (p: Prepared) => { args: T[]; run: (arg: T) => Promise<string> }) => new Map(prepared.map((p) => [p.size, pick(p)]));
  const populated = `${LIST}&populate=projets,instructeurs`;
  const results = {
    liste: await measureCase<Member>({
      name: 'liste', route: `GET ${LIST}`, wrong: listWrong(false),
      sizes: bySize((p) => ({ args: p.members, run: (m) => call(p.portal.baseUrl, LIST, m.token!) })),
    }),
    'liste peuplée': await measureCase<Member>({
      name: 'liste peuplée', route: `GET ${populated}`, wrong: listWrong(true),
      sizes: bySize((p) => ({ args: p.members, run: (m) => call(p.portal.baseUrl, populated, m.token!) })),
    }),
    // The service's list grows with the base (its dossiers, not one association's): p95 judged, not the ratio.
    "liste d'un service": await measureCase<Member>({
      name: "liste d'un service", route: `GET ${LIST} (agent)`, wrong: listWrong(false),
      sizes: bySize((p) => ({ args: [p.agent], run: (m) => call(p.portal.baseUrl, LIST, m.token!) })),
    }),
    dossier: await measureCase<{ id: string; member: Member }>({
      name: 'dossier', route: 'GET /api/lca-server/demande/dossiers/:id?populate=projets',
      sizes: bySize((p) => ({ args: p.dossiers, run: (d) => call(p.portal.baseUrl, `/api/lca-server/demande/dossiers/${d.id}?populate=projets`, d.member.token!) })),
      wrong: (answer, d) => {
        const view = answer as { id: string; projets?: { financements?: unknown[] }[] };
        if (view.id !== d.id) return `dossier ${view.id}`;
        if ((view.projets?.length ?? 0) < 2 || view.projets!.some((p) => !p.financements?.length)) return 'projets complets absents';
        return null;
      },
    }),
  };
  console.log(`\nfin : ${machineLoad()}`);
  if (SIZES.length >= 2) {
    const [small, big] = [SIZES[0]!, SIZES[SIZES.length - 1]!];
        let missed = 0;
    console.log(`\n== cibles (à la suite ; ${big.toLocaleString('fr-FR')} comparé à ${small.toLocaleString('fr-FR')})`);
    for (const [kind, figures] of Object.entries(results)) {
      const a = figures.get(small)!.sequential;
      const b = figures.get(big)!.sequential;
      const ratio = b.p95 / a.p95;
      const ratioJudged = kind !== "liste d'un service";
      missed += Number(b.p95 > TARGET_P95_MS) + Number(ratioJudged && ratio > TARGET_RATIO);
      console.log(`${kind}`);
      console.log(`  ${small.toLocaleString('fr-FR').padStart(9)}  ${triple(a)}`);
      console.log(`  ${big.toLocaleString('fr-FR').padStart(9)}  ${triple(b)}   p95 cible ≤ ${TARGET_P95_MS} ms : ${verdict(b.p95 <= TARGET_P95_MS)}`);
      console.log(`  rapport des p95 ×${ratio.toFixed(2)}   ${ratioJudged ? `cible ≤ ×${TARGET_RATIO} : ${verdict(ratio <= TARGET_RATIO)}` : 'non jugé (le service reçoit plus de dossiers dans la grande base)'}`);
    }
    if (missed > 0) {
      console.log(`\n${missed} cible(s) manquée(s).`);
      process.exitCode = 1;
    }
  }
} finally {
  for (const p of prepared) await p.portal.stop();
  if (DATA_DIR !== undefined) await dropDatabase(cluster.adminUrl, `bench_dossiers_tpl_${process.pid}`).catch(() => {});
  await cluster.stop();
  rmSync(work, { recursive: true, force: true });
}
