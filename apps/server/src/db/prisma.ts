// The one place that creates the Prisma client (driver adapter, no native engine).
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.ts';

export type Database = PrismaClient;
export { Prisma } from '../generated/prisma/client.ts';

/** A NOTICE message of PostgreSQL, as pg gives it (its text only is read here). */
export interface DatabaseNotice {
  message?: string | undefined;
}

/** The pg pool behind each client made here, for its figures (metrics). */
const pools = new WeakMap<Database, pg.Pool>();
/** Who hears the NOTICE messages PostgreSQL sends to the connections of each client made here. */
const noticeHandlers = new WeakMap<Database, Set<(notice: DatabaseNotice) => void>>();

/**
 * One query at a time on a connection. Prisma's query plans read the relations of an `include`
 * side by side, and inside a transaction (a nested create with its include, the demo seeds) they
 * share its one connection: pg queues such a query itself but warns ("Calling client.query() when
 * the client is already executing a query"), and pg 9 refuses it. Here each query waits for the one
 * before it. Callback calls (pool.query) wait their turn too; a Submittable (COPY streams, cursors)
 * goes straight to pg, whose own queue orders it.
 */
function oneQueryAtATime(client: pg.ClientBase): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let previous: Promise<unknown> = Promise.resolve();
  const serialized = (...args: unknown[]): unknown => {
    const first = args[0] as { submit?: unknown } | undefined;
    if (first && typeof first.submit === 'function') return query(...args);
    const last = args.at(-1);
    if (typeof last === 'function') {
      const callback = last as (...results: unknown[]) => void;
      previous = previous.then(
        () =>
          new Promise<void>((resolve) => {
            query(...args.slice(0, -1), (...results: unknown[]) => {
              resolve();
              callback(...results);
            });
          }),
      );
      return undefined;
    }
    const result = previous.then(() => query(...args));
    previous = result.catch(() => undefined);
    return result;
  };
  client.query = serialized as typeof client.query;
}

/**
 * Every interactive transaction's bounds unless it names its own. Prisma's (wait 2 s for a
 * connection, stay open 5 s) made a busy machine answer « Unable to start a transaction in the
 * given time »: a portal under load failed its start-up on the demo data.
 */
const TRANSACTION_DEFAULTS = { maxWait: 10_000, timeout: 30_000 } as const;

export function createDatabase(databaseUrl: string, options: { maxConnections?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.maxConnections ?? 10 });
  const handlers = new Set<(notice: DatabaseNotice) => void>();
  pool.on('connect', (client) => {
    oneQueryAtATime(client);
    client.on('notice', (notice) => handlers.forEach((handle) => handle(notice)));
  });
  // The adapter ends the pool when the client disconnects, as with a pool of its own.
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  const db = new PrismaClient({ adapter, transactionOptions: TRANSACTION_DEFAULTS });
  pools.set(db, pool);
  noticeHandlers.set(db, handlers);
  return db;
}

/**
 * Hears the NOTICE messages sent to the connections behind `db` (a trigger's word to the connection
 * that writes, before its commit); returns the way to stop. Nothing for a client not made here.
 */
export function onDatabaseNotice(db: Database, handle: (notice: DatabaseNotice) => void): () => void {
  const handlers = noticeHandlers.get(db);
  handlers?.add(handle);
  return () => handlers?.delete(handle);
}

/** The pg pool behind `db` (undefined for a client not made here). */
export const poolOf = (db: Database): pg.Pool | undefined => pools.get(db);

/** Connections of the pool behind `db` (open, idle, waiting requests, limit); null for another client. */
export function poolStats(db: Database): { total: number; idle: number; waiting: number; max: number } | null {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 } : null;
}
