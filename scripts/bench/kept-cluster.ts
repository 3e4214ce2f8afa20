// The PostgreSQL of the data benchmarks: throw-away, or kept in BENCH_DATA_DIR so that databases
// loaded once (minutes for a million rows) are reused by the next runs. A database whose load
// completed carries a mark (COMMENT ON DATABASE) naming what was loaded.
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';
import { freePort, startTestCluster, withClient, type TestCluster } from '../../apps/server/test/support/postgres-cluster.ts';

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
