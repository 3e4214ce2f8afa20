// `pnpm bench:passsport`: Pass'Sport's beneficiaries over HTTP on the built portal, at 5 000 000
// beneficiaries (BENCH_BENEFICIAIRES; 200000 for a quick try), loaded in SQL with generate_series:
// their codes are those of the demo generator (seed/demo-pass-sport.ts `pspCodeOf`, a bijection of
// the index, computed in SQL), their names and communes drawn from the demo's lists (communes by
// population). BENCH_DATA_DIR keeps the loaded database for the next runs (as bench:instruction).
// The table's indexes are set aside during the load and built once after it (same definitions).
// Then the real portal (apps/server/dist/main.js, NODE_ENV=production) and an administrator
// (rds.appli_admin, one of passSportStaff):
//   recherche d'un code   GET /api/psp-server/beneficiaires?code=YY-XXXX-XXXX (a random existing code)
//   liste filtrée         GET …/beneficiaires?exerciceId&code_postal&nom=<3 letters>&limit=50
//   liste par nom         GET …/beneficiaires?exerciceId&nom=<3 letters>&limit=50 (no postcode)
// p95 one at a time (BENCH_REQUESTS after BENCH_WARMUP), printed beside the targets (lookup p95
// ≤ 5 ms, list p95 ≤ 100 ms; the original client allows 120 s), with the plans PostgreSQL chooses.
// Exit code 1 when a target is missed.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { PASS_SPORT_CODE_LETTERS, pspNameKey } from '../packages/contract/src/index.ts';
import { createDatabase } from '../apps/server/src/db/prisma.ts';
import { createAuthRepository, hashPassword } from '../apps/server/src/modules/auth/index.ts';
import { pspCodeOf } from '../apps/server/src/seed/demo-pass-sport.ts';
import { defaultCommunePicker } from '../apps/server/src/seed/registry/communes.ts';
import { FIRST_NAMES, LAST_NAMES } from '../apps/server/src/seed/registry/words.ts';
import { startPortalProcess } from '../apps/server/test/support/portal-process.ts';
import { dropDatabase, prepareTemplate, withClient } from '../apps/server/test/support/postgres-cluster.ts';
import { loadedDatabase, startBenchCluster } from './bench/kept-cluster.ts';
import { summarize, timedCalls, warmUp, type Latencies } from './bench/timing.ts';
import { machineLoad, verdict, reportEnd } from './bench/report.ts';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const SIZE = Number(process.env.BENCH_BENEFICIAIRES ?? '5000000');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? '500');
const WARMUP = Number(process.env.BENCH_WARMUP ?? '100');
const DATA_DIR = process.env.BENCH_DATA_DIR ? resolve(process.env.BENCH_DATA_DIR) : undefined;
const PASSWORD = 'Banc-PassSport-2026!';
const EMAIL = 'psp-banc@bench.example.gouv.fr';
const TARGETS = { lookup: 5, list: 100 };
/** The exercise of the loaded beneficiaries (YY = 26, as the codes begin). */
const EXERCICE = { id: 26, annee: 2026 };
/** Communes drawn by population: a big town comes back often, as its young people do. */
const COMMUNE_DRAWS = 4000;
const BASE = '/api/psp-server/beneficiaires';

if (!Number.isInteger(SIZE) || SIZE < 1 || SIZE > 24 ** 8) throw new Error('BENCH_BENEFICIAIRES : un entier entre 1 et 24^8');

const ms = (value: number) => value.toFixed(1).padStart(6);
const triple = (l: Latencies) => `p50 ${ms(l.p50)}  p95 ${ms(l.p95)}  p99 ${ms(l.p99)} ms`;
const sqlText = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;

/** What the load draws from: the demo's names and communes (by population), as SQL arrays. */
function drawLists() {
  const picker = defaultCommunePicker();
  const communes = Array.from({ length: COMMUNE_DRAWS }, (_, k) => picker.pick((k + 0.5) / COMMUNE_DRAWS));
  return {
    prenoms: FIRST_NAMES.map(([prenom]) => prenom),
    noms: [...LAST_NAMES],
    nomsRecherche: LAST_NAMES.map(pspNameKey),
    codesPostaux: communes.map((c) => c.codesPostaux[0]!),
    communes: communes.map((c) => c.nom),
  };
}

/**
 * The load: the exercise, then beneficiaries 0 … SIZE-1 in blocks of a million rows, each code the
 * demo generator's (index × STRIDE + OFFSET mod 24^8, written in base 24 with the code's letters).
 */
function loadStatements(lists: ReturnType<typeof drawLists>): string[] {
  const letters = PASS_SPORT_CODE_LETTERS;
  const digit = (k: number) => `substr('${letters}', ((n / ${24 ** (7 - k)}::bigint) % 24)::int + 1, 1)`;
  const block = 1_000_000;
  const statements = [
    `INSERT INTO psp_exercices (id, annee, active, date_debut, date_fin) VALUES (${EXERCICE.id}, ${EXERCICE.annee}, true, '${EXERCICE.annee}-01-01', '${EXERCICE.annee}-12-31') ON CONFLICT DO NOTHING`,
  ];
  for (let from = 0; from < SIZE; from += block) {
    const to = Math.min(SIZE, from + block) - 1;
    statements.push(`
      INSERT INTO psp_beneficiaires (id, code_psp, exercice_id, prenom, nom, nom_recherche, date_naissance, code_postal, commune)
      SELECT gen_random_uuid(),
             '${String(EXERCICE.id).padStart(2, '0')}-' || ${digit(0)} || ${digit(1)} || ${digit(2)} || ${digit(3)} || '-' || ${digit(4)} || ${digit(5)} || ${digit(6)} || ${digit(7)},
             ${EXERCICE.id},
             (${sqlText(lists.prenoms)})[(i * 40503 % ${lists.prenoms.length}) + 1],
             (${sqlText(lists.noms)})[(i * 2654435761 % ${lists.noms.length}) + 1],
             (${sqlText(lists.nomsRecherche)})[(i * 2654435761 % ${lists.noms.length}) + 1],
             DATE '${EXERCICE.annee - 17}-01-01' + (i * 7919 % 4380)::int,
             (${sqlText(lists.codesPostaux)})[(i * 97 % ${COMMUNE_DRAWS}) + 1],
             (${sqlText(lists.communes)})[(i * 97 % ${COMMUNE_DRAWS}) + 1]
        FROM (SELECT i, (i * 7777777777 + 1234567891) % ${24 ** 8}::bigint AS n FROM generate_series(${from}::bigint, ${to}::bigint) AS i) AS g`);
  }
  return statements;
}

async function staffAccount(url: string): Promise<void> {
  const db = createDatabase(url);
  try {
    const auth = createAuthRepository(db);
    if (!(await auth.findByEmail(EMAIL))) {
      await auth.createAccount({ email: EMAIL, passwordHash: await hashPassword(PASSWORD), civilite: 'Mme', nom: 'Banc', prenom: 'Pass', origin: 'lca', roles: ['rds.appli_admin'], enabled: true, mustChangePassword: false });
    }
  } finally {
    await db.$disconnect();
  }
}

async function get(baseUrl: string, path: string, token: string): Promise<unknown[]> {
  const response = await fetch(baseUrl + path, { headers: { 'x-access-token': token } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path} : ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown[];
}

const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-server-if-changed.mjs')], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) throw new Error('construction du serveur en échec');

console.log(`début : ${machineLoad()}`);
const work = mkdtempSync(join(tmpdir(), 'portail-bench-passsport-'));
const cluster = await startBenchCluster(DATA_DIR);
const template = `bench_passsport_tpl_${process.pid}`;
const missed: string[] = [];
try {
  await prepareTemplate(cluster.adminUrl, template);
  console.log(`\n== ${SIZE.toLocaleString('fr-FR')} bénéficiaires`);
  const lists = drawLists();
  const url = await loadedDatabase(cluster, DATA_DIR, {
    template, name: `bench_passsport_${SIZE}`, mark: `psp-beneficiaires-${SIZE}-v1`,
    load: async (fresh) => {
      const started = performance.now();
      await withClient(fresh, async (client) => {
        // The table's indexes aside during the load, then built once (their definitions as the migration wrote them).
        const indexes = await client.query<{ name: string; def: string; constraint: string | null }>(
          `SELECT i.indexname AS name, i.indexdef AS def, c.conname AS constraint
             FROM pg_indexes i LEFT JOIN pg_constraint c ON c.conname = i.indexname
            WHERE i.tablename = 'psp_beneficiaires' AND c.contype IS DISTINCT FROM 'p'`,
        );
        for (const index of indexes.rows) await client.query(`DROP INDEX "${index.name}"`);
        for (const statement of loadStatements(lists)) {
          await client.query(statement);
          process.stdout.write('.');
        }
        console.log(` lignes écrites en ${((performance.now() - started) / 1000).toFixed(1)} s`);
        await client.query('SET maintenance_work_mem = \'256MB\'');
        for (const index of indexes.rows) await client.query(index.def);
        await client.query('VACUUM ANALYZE psp_beneficiaires');
      });
      console.log(`chargement et index ${((performance.now() - started) / 1000).toFixed(1)} s`);
    },
  });
  await staffAccount(url);
  const size = await withClient(url, (client) =>
    client.query<{ rows: string; table: string; indexes: string }>(
      `SELECT count(*)::text AS rows, pg_size_pretty(pg_table_size('psp_beneficiaires')) AS table, pg_size_pretty(pg_indexes_size('psp_beneficiaires')) AS indexes FROM psp_beneficiaires`,
    ));
  console.log(`psp_beneficiaires : ${Number(size.rows[0]!.rows).toLocaleString('fr-FR')} lignes, table ${size.rows[0]!.table}, index ${size.rows[0]!.indexes}`);

  const portal = await startPortalProcess({
    // The first start of a loaded database writes the referentials: minutes on a busy machine.
    timeoutMs: 600_000,
    cwd: ROOT,
    builtEntry: join(ROOT, 'apps/server/dist/main.js'),
    env: {
      PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1',
      DATABASE_URL: url, JWT_SECRET: randomBytes(32).toString('base64url'), DATA_DIR: join(work, 'data'), PUBLIC_URL: 'http://127.0.0.1',
    },
  });
  try {
    const login = await fetch(`${portal.baseUrl}/api/auth-server/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
    const token = ((await login.json()) as { token?: string }).token;
    if (!token) throw new Error(`connexion : ${login.status} ; le portail a écrit :\n${portal.output().slice(-3000)}`);
    console.log(`portail prêt en ${Math.round(portal.readyMs)} ms`);

    // Random existing codes, postcodes drawn as the load drew them, three-letter name prefixes.
    const draw = (k: number) => Math.floor(((k * 2654435761) % 1_000_003) / 1_000_003 * SIZE);
    const codes = Array.from({ length: 1000 }, (_, k) => pspCodeOf(EXERCICE.id, draw(k + 1)));
    const prefixes = [...new Set(lists.nomsRecherche.map((n) => n.slice(0, 3)))];
    const filtered = Array.from({ length: 200 }, (_, k) =>
      `exerciceId=${EXERCICE.id}&code_postal=${lists.codesPostaux[(k * 37) % COMMUNE_DRAWS]}&nom=${encodeURIComponent(prefixes[k % prefixes.length]!)}&limit=50`);
    const byName = prefixes.map((p) => `exerciceId=${EXERCICE.id}&nom=${encodeURIComponent(p)}&limit=50`);

    const found = await get(portal.baseUrl, `${BASE}?code=${codes[0]}`, token);
    if (found.length !== 1) throw new Error(`le code ${codes[0]} n'est pas trouvé`);
    const sample = await get(portal.baseUrl, `${BASE}?${filtered[0]}`, token);
    console.log(`un code : ${found.length} bénéficiaire ; une liste filtrée : ${sample.length} lignes`);

    const figure = async (queries: string[]) => {
      const run = (query: string) => get(portal.baseUrl, `${BASE}?${query}`, token);
      await warmUp(run, queries, WARMUP);
      return summarize(await timedCalls(run, queries, REQUESTS, 1));
    };
    const lookup = await figure(codes.map((c) => `code=${c}`));
    const list = await figure(filtered);
    const names = await figure(byName);

    console.log('');
    const line = (name: string, l: Latencies, target: number) => {
      const ok = l.p95 <= target;
      console.log(`${name.padEnd(20)} ${triple(l)}   p95 cible ≤ ${target} ms : ${verdict(ok)}`);
      if (!ok) missed.push(name);
    };
    line("recherche d'un code", lookup, TARGETS.lookup);
    line('liste filtrée', list, TARGETS.list);
    line('liste par nom', names, TARGETS.list);

    // The plans PostgreSQL chooses for the two shapes (the indexes of the migration).
    await withClient(url, async (client) => {
      const plan = async (label: string, sql: string, values: unknown[]) => {
        const rows = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${sql}`, values);
        console.log(`\nplan — ${label} :\n${rows.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
      };
      await plan("recherche d'un code", 'SELECT * FROM psp_beneficiaires WHERE code_psp = $1', [codes[1]]);
      await plan(
        'liste filtrée',
        'SELECT * FROM psp_beneficiaires WHERE exercice_id = $1 AND code_postal = $2 AND nom_recherche LIKE $3 ORDER BY nom_recherche, id LIMIT 50',
        [EXERCICE.id, lists.codesPostaux[0], `${prefixes[0]}%`],
      );
      await plan('liste par nom', 'SELECT * FROM psp_beneficiaires WHERE exercice_id = $1 AND nom_recherche LIKE $2 ORDER BY nom_recherche, id LIMIT 50', [EXERCICE.id, `${prefixes[0]}%`]);
    });
  } finally {
    await portal.stop();
  }
  reportEnd(missed);
} finally {
  await dropDatabase(cluster.adminUrl, template).catch(() => {});
  await cluster.stop();
  rmSync(work, { recursive: true, force: true });
}
