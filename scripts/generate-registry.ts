// `pnpm registry:demo` / `pnpm registry:national`: loads a generated, realistic association registry
// into the portal's database (DATABASE_URL, or the embedded PostgreSQL of the data folder; stop the
// portal first in that case). Sizes: demo 1 000, national 1 500 000 (or --count=N); --seed=S.
// COPY streams; on an empty registry, indexes and foreign keys are rebuilt after the load.
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../apps/server/src/config.ts';
import { resolveDatabase } from '../apps/server/src/db/database-url.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { defaultCommunePicker } from '../apps/server/src/seed/registry/communes.ts';
import { countAssociations, loadRegistry } from '../apps/server/src/seed/registry/copy-loader.ts';
import { createRegistryGenerator } from '../apps/server/src/seed/registry/generator.ts';

const SIZES = { demo: 1_000, national: 1_500_000 } as const;
const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const size = (args.has('size') ? args.get('size') : process.argv[2]?.startsWith('--') ? 'demo' : process.argv[2]) ?? 'demo';
const count = args.has('count') ? Number(args.get('count')) : SIZES[size as keyof typeof SIZES];
if (!Number.isInteger(count) || count <= 0) {
  console.error(`Taille inconnue : ${size} (demo, national ou --count=N)`);
  process.exit(1);
}
const seed = args.get('seed') ?? size;
const say = (message: string) => console.log(`[registre] ${message}`);

const started = performance.now();
const database = await resolveDatabase(loadConfig(), say);
try {
  await migrate(database.url, { log: say });
  // Later runs append after the associations already generated with this seed.
  const existing = await countAssociations(database.url);
  say(`Génération de ${count.toLocaleString('fr-FR')} associations (graine « ${seed} », ${existing.toLocaleString('fr-FR')} déjà présentes)…`);
  const result = await loadRegistry({
    url: database.url,
    generator: createRegistryGenerator({ seed, communes: defaultCommunePicker() }),
    from: existing,
    count,
    log: say,
  });
  const rows = Object.values(result.rows).reduce((a, b) => a + b, 0);
  say(`Lignes : ${Object.entries(result.rows).map(([t, n]) => `${t} ${n.toLocaleString('fr-FR')}`).join(', ')}`);
  say(`Chargement ${result.loadSeconds.toFixed(1)} s (${Math.round(result.associations / result.loadSeconds).toLocaleString('fr-FR')} associations/s, ${Math.round(rows / result.loadSeconds).toLocaleString('fr-FR')} lignes/s), index et statistiques ${result.indexSeconds.toFixed(1)} s`);
  say(`Terminé en ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await database.stop();
}
