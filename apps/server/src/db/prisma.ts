// The one place that creates the Prisma client (driver adapter, no native engine).
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.ts';

export type Database = PrismaClient;
export { Prisma } from '../generated/prisma/client.ts';

/** The pg pool behind each client made here, for its figures (metrics). */
const pools = new WeakMap<Database, pg.Pool>();

export function createDatabase(databaseUrl: string, options: { maxConnections?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.maxConnections ?? 10 });
  // The adapter ends the pool when the client disconnects, as with a pool of its own.
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  const db = new PrismaClient({ adapter });
  pools.set(db, pool);
  return db;
}

/** The pg pool behind `db` (undefined for a client not made here). */
export const poolOf = (db: Database): pg.Pool | undefined => pools.get(db);

/** Connections of the pool behind `db` (open, idle, waiting requests, limit); null for another client. */
export function poolStats(db: Database): { total: number; idle: number; waiting: number; max: number } | null {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 } : null;
}
