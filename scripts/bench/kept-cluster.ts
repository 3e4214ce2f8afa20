// The PostgreSQL of the data benchmarks: throw-away, or kept in BENCH_DATA_DIR so that databases
// loaded once (minutes for a million rows) are reused by the next runs. A database whose load
// completed carries a mark (COMMENT ON DATABASE) naming what was loaded.
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import {
  createDatabaseFromTemplate, databaseUrl, dropDatabase, freePort, startTestCluster, withClient, type TestCluster,
} from '../../apps/server/test/support/postgres-cluster.ts';

export async function startBenchCluster(dataDir: string | undefined): Promise<TestCluster> {
  if (dataDir === undefined) return startTestCluster();
  mkdirSync(dataDir, { recursive: true });
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const server = await startEmbeddedPostgres({ dir: join(dataDir, 'data'), port: await freePort(), ephemeral: true });
  return { adminUrl: server.adminUrl, stop: () => server.stop() };
}

/** Whether database `name` carries `mark` (its load completed). */
export async function isLoaded(adminUrl: string, name: string, mark: string): Promise<boolean> {
  const rows = await withClient(adminUrl, (client) =>
    client.query<{ mark: string | null }>("SELECT shobj_description(oid, 'pg_database') AS mark FROM pg_database WHERE datname = $1", [name]));
  return rows.rows[0]?.mark === mark;
}

export const markLoaded = (adminUrl: string, name: string, mark: string) =>
  withClient(adminUrl, (client) => client.query(`COMMENT ON DATABASE "${name}" IS '${mark.replace(/'/g, "''")}'`));

/**
 * The database `name` loaded with `load`: reused, migrated, when BENCH_DATA_DIR kept one whose load
 * completed (`mark`), else made afresh from `template`, loaded, then marked.
 */
export async function loadedDatabase(
  cluster: TestCluster,
  dataDir: string | undefined,
  { template, name, mark, load }: { template: string; name: string; mark: string; load: (url: string) => Promise<void> },
): Promise<string> {
  if (dataDir !== undefined && (await isLoaded(cluster.adminUrl, name, mark))) {
    const url = databaseUrl(cluster.adminUrl, name);
    await migrate(url);
    console.log(`base ${name} déjà chargée (${dataDir}) : reprise, migrations appliquées`);
    return url;
  }
  await dropDatabase(cluster.adminUrl, name);
  const url = await createDatabaseFromTemplate(cluster.adminUrl, template, name);
  await load(url);
  await markLoaded(cluster.adminUrl, name, mark);
  return url;
}
