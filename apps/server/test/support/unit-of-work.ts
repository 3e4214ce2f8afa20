// Failure injection for the unit-of-work tests: a route's answer made to fail its contract schema,
// after its handler ran, and what PostgreSQL holds before and after (every table of the portal).
import { z } from 'zod';
import type { RouteDefinition } from '@portail/contract';
import type { TestApp } from './test-app.ts';

/** Runs `work` while `route`'s answers fail their response schema (the handler has run by then). */
export async function withFailingAnswer<T>(route: RouteDefinition, work: () => Promise<T>): Promise<T> {
  const writable = route as { response: z.ZodType };
  const kept = writable.response;
  writable.response = z.never();
  try {
    return await work();
  } finally {
    writable.response = kept;
  }
}

/**
 * Tables whose rows change whatever a request's outcome: route limits and sign-in counters (counted
 * on purpose outside the request's unit), the migration ledger.
 */
const OUTSIDE_UNITS = new Set(['rate_limit_counters', '_prisma_migrations']);

/**
 * What every table of the portal holds, cheaply: its row count and the newest row version
 * (xmin: a row inserted or updated by a committed transaction gets a newer one, a deletion lowers
 * the count). Two equal snapshots: nothing was committed in between.
 */
export async function databaseSnapshot(t: TestApp): Promise<Record<string, string>> {
  const tables = await t.db.$queryRaw<{ name: string }[]>`
    SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`;
  const selects = tables
    .filter(({ name }) => !OUTSIDE_UNITS.has(name))
    .map(({ name }) => `SELECT '${name}' AS name, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text AS state FROM "${name}"`);
  const rows = await t.db.$queryRawUnsafe<{ name: string; state: string }[]>(selects.join(' UNION ALL '));
  return Object.fromEntries(rows.map((row) => [row.name, row.state]));
}

/** The tables whose state differs between two snapshots. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]).sort();
