// `pnpm db:migrate`: applies pending migrations to DATABASE_URL or the embedded database.
import { loadConfig } from '../config.ts';
import { resolveDatabase } from './database-url.ts';
import { migrate } from './migrate.ts';

const config = loadConfig();
const target = await resolveDatabase(config, console.log);
try {
  const result = await migrate(target.url, { log: console.log });
  console.log(`${result.applied.length} migration(s) appliquée(s), ${result.alreadyApplied} déjà en place.`);
} finally {
  await target.stop();
}
