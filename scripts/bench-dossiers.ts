// `pnpm bench:dossiers`: latency of the subsidy dossier reads at 10 000 and 1 000 000 dossiers, on
// an embedded PostgreSQL (one database per size), loaded in SQL with generate_series: associations
// with a skewed number of dossiers (a few with thousands, most with a handful), 200 instructing
// services, 4 schemes over 5 campaigns, instruction states spread as in a live year (closed, paid,
// granted, under instruction, in entry, refused, deleted), one or two projects per dossier with
// their financing and budget lines, a yearly budget for half the dossiers. Prints p50/p95 of an
// association's dossier list (first page of 20, newest first, with the instructions' states and
// the campaign) and of one dossier with everything populated (instructions and services, budgets,
// projects with their lines, the association), the ratio between the sizes, and the targets
// (p95 ≤ 100 ms at 1 M, ratio ≤ 2) beside them. The figures are
// those of the repository queries (list: the query below; get: the populate of the
// dossier PDF, pdf/repository.ts), said so in the output. Options: BENCH_SIZES (10000,1000000),
// BENCH_RUNS (5), BENCH_DATA_DIR: a folder where the embedded PostgreSQL and its loaded databases
// are kept between runs (a database whose load completed for its size is reused, migrated first).
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase } from '../apps/server/src/db/prisma.ts';
import { createPdfRepository } from '../apps/server/src/modules/demande/index.ts';
import { loadedDatabase, startBenchCluster } from './bench/kept-cluster.ts';
import { measure } from './bench/timing.ts';
import {
  dropDatabase, prepareTemplate, withClient,
} from '../apps/server/test/support/postgres-cluster.ts';

const SIZES = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? '5');
const DATA_DIR = process.env.BENCH_DATA_DIR ? resolve(process.env.BENCH_DATA_DIR) : undefined;
const TARGET_P95_MS = 100;
const TARGET_RATIO = 2;


/** The statements that load `size` dossiers (and what they need) into a migrated, empty database. */
function loadStatements(size: number): string[] {
  const associations = Math.max(50, Math.round(size / 20));
  return [
    `SELECT setseed(0.42)`,
    `INSERT INTO users (id, email, password_hash, nom, origin, created_at, updated_at)
       SELECT gen_random_uuid(), 'bench-service-' || g || '@service.example.gouv.fr', 'x', 'Service ' || g, 'lca', now(), now() FROM generate_series(1, 200) g`,
    `CREATE TABLE bench_services AS
       SELECT row_number() OVER (ORDER BY u.email) - 1 AS idx, gen_random_uuid() AS id, u.id AS auth_id, u.nom FROM users u WHERE u.email LIKE 'bench-service-%'`,
    `INSERT INTO service_accounts (id, auth_id, nom, created_at, updated_at) SELECT id, auth_id, nom, now(), now() FROM bench_services`,
    `INSERT INTO dispositifs (id, code, label, duree_pluriannuelle, updated_at)
       SELECT gen_random_uuid(), c, 'Dispositif ' || c, CASE WHEN c = 'FDVA' THEN 2 ELSE NULL END, now() FROM unnest(ARRAY['CNDS', 'FDVA', 'FEDE', '2h-sport-college']) c`,
    `CREATE TABLE bench_subventions AS
       SELECT (e - 2022) * 4 + d.n - 1 AS idx, gen_random_uuid() AS id, d.id AS dispositif_id, e AS exercice, d.code
       FROM generate_series(2022, 2026) e, (SELECT id, code, row_number() OVER (ORDER BY code) AS n FROM dispositifs) d`,
    `INSERT INTO subventions (id, code, label, active, dispositif_id, campagne_exercice, updated_at)
       SELECT id, code || '-' || exercice, 'Campagne ' || code || ' ' || exercice, exercice = 2026, dispositif_id, exercice, now() FROM bench_subventions`,
    `CREATE TABLE bench_associations AS SELECT g - 1 AS idx, gen_random_uuid() AS id FROM generate_series(1, ${associations}) g`,
    `INSERT INTO associations (id, nom, nom_recherche, id_siren, updated_at)
       SELECT id, 'Association du banc ' || idx, 'association du banc ' || idx, lpad((100000000 + idx)::text, 9, '0'), now() FROM bench_associations`,
    // Dossier g: exercise 2022 + g % 5, campaign by scheme, association skewed toward the first ones (random()²).
    `CREATE TABLE bench_dossiers AS
       SELECT g, gen_random_uuid() AS id, 2022 + g % 5 AS exercice, floor(${associations} * power(random(), 2))::int AS asso_idx,
              (g % 5) * 4 + (g / 5) % 4 AS sub_idx, ((g::bigint * 7919) % 100)::int AS draw
       FROM generate_series(0, ${size - 1}) g`,
    `INSERT INTO dossiers (id, id_fo, step, statut, exercice, exercice_fin, subvention_id, dispositif_id, association_id, pluriannuel, renouvellement,
                          created_by_type, created_at, updated_at)
       SELECT d.id, d.exercice || '-' || lpad((d.g / 5)::text, 6, '0'), CASE WHEN d.draw < 15 THEN d.draw % 4 ELSE 4 END,
              CASE WHEN d.draw < 15 THEN 'incomplet' ELSE 'complet' END, d.exercice, d.exercice + CASE WHEN s.code = 'FDVA' AND d.g % 4 = 0 THEN 2 ELSE 0 END,
              s.id, s.dispositif_id, a.id, s.code = 'FDVA' AND d.g % 4 = 0, d.g % 2 = 0, 'association',
              make_timestamptz(d.exercice, 1 + d.g % 12, 1 + d.g % 28, 10, 0, 0), now()
       FROM bench_dossiers d JOIN bench_subventions s ON s.idx = d.sub_idx JOIN bench_associations a ON a.idx = d.asso_idx`,
    `INSERT INTO dossier_instructions (id, dossier_id, service_id, association_id, etat, is_referent, created_by_type, complet, updated_at)
       SELECT gen_random_uuid(), d.id, sv.id, a.id,
              CASE WHEN d.draw < 15 THEN 'A' WHEN d.draw < 20 THEN 'B' WHEN d.draw < 28 THEN 'D' WHEN d.draw < 36 THEN '2' WHEN d.draw < 46 THEN '6'
                   WHEN d.draw < 50 THEN '8' WHEN d.draw < 62 THEN '9' WHEN d.draw < 92 THEN '10' WHEN d.draw < 97 THEN '11' ELSE '12' END,
              true, 'association', d.draw >= 15, now()
       FROM bench_dossiers d JOIN bench_associations a ON a.idx = d.asso_idx JOIN bench_services sv ON sv.idx = d.asso_idx % 200`,
    `CREATE TABLE bench_projets AS
       SELECT gen_random_uuid() AS id, d.id AS dossier_id, r AS rang, d.exercice, d.asso_idx % 200 AS service_idx
       FROM bench_dossiers d, generate_series(1, 2) r WHERE r = 1 OR d.g % 3 = 0`,
    `INSERT INTO projets (id, dossier_id, rang_dossier, intitule, periode, exercice, exercice_fin, evaluation, updated_at)
       SELECT id, dossier_id, rang, 'Projet ' || rang, 'Annuel', exercice, exercice, '{"commentaire": "Bilan"}', now() FROM bench_projets`,
    `INSERT INTO projet_financements (id, projet_id, annee, service_id, montant_demande, updated_at)
       SELECT gen_random_uuid(), p.id, p.exercice, sv.id, 5000, now() FROM bench_projets p JOIN bench_services sv ON sv.idx = p.service_idx`,
    `INSERT INTO projet_budgets (id, projet_id, annee, charges, produits, updated_at)
       SELECT gen_random_uuid(), id, exercice, '{"comptes": {"60": 1000, "64": 4000}}', '{"comptes": {"74": 5000}}', now() FROM bench_projets`,
    `INSERT INTO dossier_budgets (id, dossier_id, annee, charges, produits, updated_at)
       SELECT gen_random_uuid(), id, exercice, '{"comptes": {"64": 30000}}', '{"comptes": {"74": 30000}}', now() FROM bench_dossiers WHERE g % 2 = 0`,
    `DROP TABLE bench_dossiers, bench_projets, bench_subventions, bench_services, bench_associations`,
    `ANALYZE`,
  ];
}

const loadedMark = (size: number) => `bench-dossiers: ${size} dossiers loaded`;

const cluster = await startBenchCluster(DATA_DIR);
const results: Record<number, Record<string, { p50: number; p95: number; n: number }>> = {};
try {
  const template = `bench_dossiers_tpl_${process.pid}`;
  await prepareTemplate(cluster.adminUrl, template);
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
    const pdf = createPdfRepository(db);
    // 40 associations drawn like the dossiers (the larger ones more often), 40 dossiers at random.
    const sample = await withClient(url, async (client) => ({
      associations: (await client.query<{ id: string }>(
        'SELECT association_id AS id FROM dossiers TABLESAMPLE SYSTEM (5) REPEATABLE (7) LIMIT 40')).rows.map((r) => r.id),
      dossiers: (await client.query<{ id: string }>('SELECT id FROM dossiers TABLESAMPLE SYSTEM (5) REPEATABLE (11) LIMIT 40')).rows.map((r) => r.id),
      largest: (await client.query<{ n: string }>('SELECT count(*) AS n FROM dossiers GROUP BY association_id ORDER BY 1 DESC LIMIT 1')).rows[0]?.n,
    }));
    console.log(`association la plus chargée : ${sample.largest} dossiers`);
    const list = (associationId: string) =>
      db.dossier.findMany({
        where: { associationId, deletedAt: null },
        orderBy: [{ exercice: 'desc' }, { createdAt: 'desc' }],
        take: 20,
        select: {
          id: true, idFo: true, exercice: true, statut: true, step: true,
          subvention: { select: { code: true, label: true } },
          instructions: { select: { etat: true, serviceId: true } },
        },
      });
    results[size] = {
      liste: await measure(list, sample.associations, RUNS),
      dossier: await measure((id: string) => pdf.dossierForPdf(id), sample.dossiers, RUNS),
    };
    for (const [kind, r] of Object.entries(results[size]!)) {
      console.log(`${kind.padEnd(8)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   (${r.n} requêtes)`);
    }
    await db.$disconnect();
  }
  console.log('\nMesuré sur les requêtes des dépôts (liste : ci-dessus ; dossier complet : pdf/repository.ts) ; les routes HTTP de liste et de lecture, elles, ne sont pas encore mesurées ici.');
  if (SIZES.length >= 2) {
    const [small, big] = [SIZES[0]!, SIZES[SIZES.length - 1]!];
    const verdict = (ok: boolean) => (ok ? 'tenu' : 'DÉPASSÉ');
    console.log(`\n== cibles (${big.toLocaleString('fr-FR')} / ${small.toLocaleString('fr-FR')})`);
    for (const kind of Object.keys(results[small]!)) {
      const a = results[small]![kind]!;
      const b = results[big]![kind]!;
      console.log(`${kind.padEnd(8)} p95 ${b.p95.toFixed(1).padStart(6)} ms   cible ≤ ${TARGET_P95_MS} ms   ${verdict(b.p95 <= TARGET_P95_MS)}` +
        `   rapport ×${(b.p95 / a.p95).toFixed(2)}   cible ≤ ×${TARGET_RATIO}   ${verdict(b.p95 / a.p95 <= TARGET_RATIO)}`);
    }
  }
} finally {
  if (DATA_DIR !== undefined) await dropDatabase(cluster.adminUrl, `bench_dossiers_tpl_${process.pid}`).catch(() => {});
  await cluster.stop();
}
