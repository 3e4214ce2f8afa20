// `pnpm bench:search`: latency of the registry search through the real service function, on a
// throw-away embedded PostgreSQL loaded with 15 000 then 1 500 000 generated associations (one
// database per size). Prints p50/p95 of identifier lookups (SIREN, SIRET, RNA) and of first-page
// name searches (typos included, corrected against the names' words dictionary), the ratio between
// sizes, and the name-search targets beside the figures. The machine is loaded during the
// measures: one CPU-burning child process per core, each busy BENCH_LOAD_DUTY of the time (a bit
// less than a whole core). Options: BENCH_SIZES (15000,1500000), BENCH_RUNS (5), BENCH_LOAD
// (burners, default: the number of cores; 0 for none), BENCH_LOAD_DUTY (0.85), BENCH_DATA_DIR: a
// folder where the embedded PostgreSQL and its loaded databases are kept between runs (a database
// whose load completed for its size is reused, migrated to the current migrations first; loading
// 1.5 M takes minutes), instead of a throw-away cluster.
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { createDatabase } from '../apps/server/src/db/prisma.ts';
import { defaultCommunePicker } from '../apps/server/src/seed/registry/communes.ts';
import { loadRegistry, sampleIdentifiers } from '../apps/server/src/seed/registry/copy-loader.ts';
import { createRegistryGenerator } from '../apps/server/src/seed/registry/generator.ts';
import { createSearchRepository } from '../apps/server/src/modules/proxy-asso/search/repository.ts';
import { createSearchService } from '../apps/server/src/modules/proxy-asso/search/service.ts';
import { loadedDatabase, startBenchCluster } from './bench/kept-cluster.ts';
import { measure } from './bench/timing.ts';
import {
  dropDatabase, prepareTemplate,
} from '../apps/server/test/support/postgres-cluster.ts';

const SIZES = (process.env.BENCH_SIZES ?? '15000,1500000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? '5');
const BURNERS = Number(process.env.BENCH_LOAD ?? String(availableParallelism()));
const DUTY = Math.min(1, Math.max(0, Number(process.env.BENCH_LOAD_DUTY ?? '0.85')));
const DATA_DIR = process.env.BENCH_DATA_DIR ? resolve(process.env.BENCH_DATA_DIR) : undefined;
/** Name search targets: p95 at the largest size, and its ratio to the smallest size's. */
const TARGET_P95_MS = 40;
const TARGET_RATIO = 1.6;
/** Misspelt terms and what the corrected search must find (a word of the first result's name). */
const TYPO_CHECKS: [string, string][] = [
  ['tolouse', 'toulouse'], ['villeurbane', 'villeurbanne'], ['montpelier', 'montpellier'], ['marsielle', 'marseille'],
];

/** CPU burners: each child spins for DUTY of every 10 ms slice and sleeps the rest. */
function startLoad(): ChildProcess[] {
  const busy = Math.round(DUTY * 10);
  // A burner also ends when its standard input closes, i.e. when this process ends for any reason.
  const code =
    `process.stdin.resume();process.stdin.on('end',()=>process.exit());` +
    `const b=${busy},i=10-b;function s(){const e=Date.now()+b;while(Date.now()<e);setTimeout(s,i)}s()`;
  return Array.from({ length: BURNERS }, () => spawn(process.execPath, ['-e', code], { stdio: ['pipe', 'ignore', 'ignore'] }));
}
const stopLoad = (burners: ChildProcess[]) => burners.forEach((child) => child.kill('SIGKILL'));
/** Realistic terms: communes, activities, common names, accents and case, typos. */
const NAME_QUERIES = [
  'Villeurbanne', 'Paris', 'marseille', 'Saint-Étienne', 'Lille', 'rennes', 'Brest', 'Aurillac',
  'judo', 'amis', 'comite des fetes', 'Comité des fêtes de Grenoble', 'association sportive', 'club de judo de lyon',
  'harmonie municipale', 'pétanque', 'parents d eleves', 'amicale laique', 'les amis de la bibliotheque', 'foyer rural',
  'villeurbane', 'comite des fete', 'asociation sportive montpelier', 'petanque marseile', 'judo club tolouse',
];


const loadedMark = (size: number) => `bench-search: ${size} associations loaded`;

const cluster = await startBenchCluster(DATA_DIR);
const results: Record<number, Record<string, { p50: number; p95: number; n: number }>> = {};
try {
  const template = `bench_search_tpl_${process.pid}`;
  await prepareTemplate(cluster.adminUrl, template);
  const communes = defaultCommunePicker();
  for (const size of SIZES) {
    const name = `bench_search_${size}`;
    console.log(`\n== ${size.toLocaleString('fr-FR')} associations`);
    const url = await loadedDatabase(cluster, DATA_DIR, {
      template, name, mark: loadedMark(size),
      load: async (fresh) => {
        const load = await loadRegistry({
          url: fresh, generator: createRegistryGenerator({ seed: 'bench', communes }), count: size,
          log: (m) => console.log(m),
        });
        console.log(
          `chargement ${load.loadSeconds.toFixed(1)} s (${Math.round(size / load.loadSeconds).toLocaleString('fr-FR')} associations/s), ` +
            `index et statistiques ${load.indexSeconds.toFixed(1)} s, total ${load.totalSeconds.toFixed(1)} s`,
        );
      },
    });
    const db = createDatabase(url);
    const service = createSearchService(createSearchRepository(db));
    const search = (q: string) => service.search({ q, page: 1, limit: 20 });
    const ids = await sampleIdentifiers(url, 40);
    const formatSiren = (s: string) => s.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
    console.log(`charge : ${BURNERS} processus brûlant chacun ${Math.round(DUTY * 100)} % d'un cœur (${availableParallelism()} cœurs) pendant les mesures`);
    const burners = startLoad();
    try {
      results[size] = {
        siren: await measure(search, ids.map((i) => formatSiren(i.id_siren)), RUNS),
        siret: await measure(search, ids.map((i) => i.id_siret_siege), RUNS),
        rna: await measure(search, ids.map((i) => i.id_rna.toLowerCase()), RUNS),
        nom: await measure(search, NAME_QUERIES, RUNS),
      };
    } finally {
      stopLoad(burners);
    }
    for (const [kind, r] of Object.entries(results[size]!)) {
      console.log(`${kind.padEnd(6)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   (${r.n} requêtes)`);
    }
    const sample = await search('comite des fetes');
    console.log(`exemple « comite des fetes » : total ${sample.total}${sample.total_exact ? '' : '+'}, 1er : ${sample.items[0]?.nom}`);
    for (const [typo, word] of TYPO_CHECKS) {
      const found = await search(typo);
      const first = found.items[0]?.nom ?? '(rien)';
      const ok = found.items.some((item) => item.nom.toLowerCase().includes(word));
      console.log(`faute « ${typo} » : ${found.total}${found.total_exact ? '' : '+'} résultats, 1er : ${first} ${ok ? '(trouvé)' : `(« ${word} » NON trouvé)`}`);
    }
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
    const a = results[small]!.nom!;
    const b = results[big]!.nom!;
    const verdict = (ok: boolean) => (ok ? 'tenu' : 'DÉPASSÉ');
    console.log(`\n== recherche par nom, cibles (machine chargée : ${BURNERS} × ${Math.round(DUTY * 100)} %)`);
    console.log(`p95 à ${big.toLocaleString('fr-FR')}   ${b.p95.toFixed(1).padStart(6)} ms   cible ≤ ${TARGET_P95_MS} ms   ${verdict(b.p95 <= TARGET_P95_MS)}`);
    console.log(`rapport p95       ×${(b.p95 / a.p95).toFixed(2).padStart(5)}     cible ≤ ×${TARGET_RATIO}     ${verdict(b.p95 / a.p95 <= TARGET_RATIO)}`);
  }
} finally {
  if (DATA_DIR !== undefined) await dropDatabase(cluster.adminUrl, `bench_search_tpl_${process.pid}`).catch(() => {});
  await cluster.stop();
}
