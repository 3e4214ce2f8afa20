// `pnpm bench:search`: latency of the registry search through the real service function, on a
// throw-away embedded PostgreSQL loaded with 15 000 then 1 500 000 generated associations (one
// database per size). Prints p50/p95 of identifier lookups (SIREN, SIRET, RNA) and of first-page
// name searches, and the ratio between sizes. Options: BENCH_SIZES (15000,1500000), BENCH_RUNS (5).
import { performance } from 'node:perf_hooks';
import { createDatabase } from '../apps/server/src/db/prisma.ts';
import { defaultCommunePicker } from '../apps/server/src/db/registry/communes.ts';
import { loadRegistry, sampleIdentifiers } from '../apps/server/src/db/registry/copy-loader.ts';
import { createRegistryGenerator } from '../apps/server/src/db/registry/generator.ts';
import { createSearchRepository } from '../apps/server/src/modules/proxy-asso/search.repository.ts';
import { createSearchService } from '../apps/server/src/modules/proxy-asso/search.service.ts';
import { createDatabaseFromTemplate, prepareTemplate, startTestCluster } from '../apps/server/test/support/postgres-cluster.ts';

const SIZES = (process.env.BENCH_SIZES ?? '15000,1500000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? '5');
/** Realistic terms: communes, activities, common names, accents and case, typos. */
const NAME_QUERIES = [
  'Villeurbanne', 'Paris', 'marseille', 'Saint-Étienne', 'Lille', 'rennes', 'Brest', 'Aurillac',
  'judo', 'amis', 'comite des fetes', 'Comité des fêtes de Grenoble', 'association sportive', 'club de judo de lyon',
  'harmonie municipale', 'pétanque', 'parents d eleves', 'amicale laique', 'les amis de la bibliotheque', 'foyer rural',
  'villeurbane', 'comite des fete', 'asociation sportive montpelier', 'petanque marseile', 'judo club tolouse',
];

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN;

async function measure(run: (q: string) => Promise<unknown>, terms: string[]) {
  for (const q of terms) await run(q); // warm-up: plans, caches
  const samples: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    for (const q of terms) {
      const started = performance.now();
      await run(q);
      samples.push(performance.now() - started);
    }
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), n: samples.length };
}

const cluster = await startTestCluster();
const results: Record<number, Record<string, { p50: number; p95: number; n: number }>> = {};
try {
  const template = `bench_search_tpl_${process.pid}`;
  await prepareTemplate(cluster.adminUrl, template);
  const communes = defaultCommunePicker();
  for (const size of SIZES) {
    const url = await createDatabaseFromTemplate(cluster.adminUrl, template, `bench_search_${size}`);
    console.log(`\n== ${size.toLocaleString('fr-FR')} associations`);
    const load = await loadRegistry({
      url, generator: createRegistryGenerator({ seed: 'bench', communes }), count: size,
      log: (m) => console.log(m),
    });
    console.log(
      `chargement ${load.loadSeconds.toFixed(1)} s (${Math.round(size / load.loadSeconds).toLocaleString('fr-FR')} associations/s), ` +
        `index et statistiques ${load.indexSeconds.toFixed(1)} s, total ${load.totalSeconds.toFixed(1)} s`,
    );
    const db = createDatabase(url);
    const service = createSearchService(createSearchRepository(db));
    const search = (q: string) => service.search({ q, page: 1, limit: 20 });
    const ids = await sampleIdentifiers(url, 40);
    const formatSiren = (s: string) => s.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
    results[size] = {
      siren: await measure(search, ids.map((i) => formatSiren(i.id_siren))),
      siret: await measure(search, ids.map((i) => i.id_siret_siege)),
      rna: await measure(search, ids.map((i) => i.id_rna.toLowerCase())),
      nom: await measure(search, NAME_QUERIES),
    };
    for (const [kind, r] of Object.entries(results[size]!)) {
      console.log(`${kind.padEnd(6)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   (${r.n} requêtes)`);
    }
    const sample = await search('comite des fetes');
    console.log(`exemple « comite des fetes » : total ${sample.total}${sample.total_exact ? '' : '+'}, 1er : ${sample.items[0]?.nom}`);
    await db.$disconnect();
  }
  if (SIZES.length >= 2) {
    const [small, big] = [SIZES[0]!, SIZES[SIZES.length - 1]!];
    console.log(`\n== rapport ${big.toLocaleString('fr-FR')} / ${small.toLocaleString('fr-FR')}`);
    for (const kind of Object.keys(results[small]!)) {
      const a = results[small]![kind]!;
      const b = results[big]![kind]!;
      console.log(`${kind.padEnd(6)} p50 ×${(b.p50 / a.p50).toFixed(2)}   p95 ×${(b.p95 / a.p95).toFixed(2)}`);
    }
  }
} finally {
  await cluster.stop();
}
