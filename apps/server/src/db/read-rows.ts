// Reads every request makes (the entry checks, the access look-ups) straight on the pg pool behind
// the Prisma client, without its query engine: one statement, values bound as $1, $2… The same
// statement goes through $queryRawUnsafe for a client not made by createDatabase, and inside a
// write request's transaction once it has written (db/unit-of-work.ts: the read sees its writes).
// The repositories hold the unit-of-work view of the client: the pool is the one behind it.
//
// Columns come back as pg parses them: text, integers (int4), booleans, uuid as text, timestamptz
// as Date, json parsed, text[] as arrays. Select `date` and int8 columns as text: pg would read a
// date in the local time zone, and Prisma gives int8 as BigInt.
import { poolOf, type Database } from './prisma.ts';
import { readClientOf } from './unit-of-work.ts';

/**
 * `name`, for a long statement read often: pg prepares it once per connection and reuses its plan
 * (planning it again each time would cost more than running it).
 */
export async function readRows<T>(db: Database, text: string, values: readonly unknown[], name?: string): Promise<T[]> {
  const direct = readClientOf(db);
  const pool = direct ? poolOf(direct) : undefined;
  if (!pool) return db.$queryRawUnsafe<T[]>(text, ...values);
  return (name ? await pool.query({ name, text, values: values as unknown[] }) : await pool.query(text, values as unknown[])).rows as T[];
}
