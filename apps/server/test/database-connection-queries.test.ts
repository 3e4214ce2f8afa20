// Prisma reads the relations of an `include` side by side; inside a transaction they share its one
// connection. pg queues a query sent while another runs, warns at start-up ("Calling client.query()
// when the client is already executing a query") and pg 9 refuses it: the clients made by
// db/prisma.ts send one query at a time.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/prisma.ts';
import { createTestDatabase } from './support/test-app.ts';

describe('a connection of the Prisma pool', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Database;
  const overlaps: string[] = [];
  const query = pg.Client.prototype.query;
  beforeAll(async () => {
    // pg's own condition for its warning: a query arrives while others wait on the same client.
    pg.Client.prototype.query = function (this: pg.Client & { _queryQueue: unknown[] }, ...args: unknown[]) {
      if (this._queryQueue.length > 0) overlaps.push(String((args[0] as { text?: string }).text ?? args[0]).slice(0, 80));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    database = await createTestDatabase();
    db = createDatabase(database.url);
  });
  afterAll(async () => {
    pg.Client.prototype.query = query;
    await db?.$disconnect();
    await database?.drop();
  });

  it('runs one query at a time, also for a nested create that includes its relations in a transaction', async () => {
    const user = await db.$transaction(async (tx) =>
      tx.user.create({
        data: { email: 'un.a.la.fois@example.org', passwordHash: 'x', origin: 'lca', enabled: true, nom: 'Durand', roles: { create: [{ role: 'rds.service' }] }, serviceAccount: { create: { nom: 'Service', email: null, type: 'region' } } },
        include: { roles: true, associationUser: true, serviceAccount: true },
      }),
    );
    expect(user.roles).toHaveLength(1);
    expect(user.serviceAccount?.nom).toBe('Service');
    const [count, users] = await Promise.all([db.user.count(), db.user.findMany({ include: { roles: true, serviceAccount: true } })]);
    expect(count).toBe(users.length);
    expect(overlaps).toEqual([]);
  });
});
