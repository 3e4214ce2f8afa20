// The server's migration runner (src/db/migrate.ts) on fresh databases: it records each migration
// in _prisma_migrations the way `prisma migrate deploy` does, is idempotent, serialises concurrent
// runs with an advisory lock, and stops cleanly on a failing migration.
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS_DIR } from '../src/db/migrate.ts';
import { createEmptyDatabase, withClient } from './support/databases.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function emptyDatabase() {
  const database = await createEmptyDatabase();
  cleanups.push(database.drop);
  return database.url;
}

function copyOfMigrations() {
  const dir = mkdtempSync(join(tmpdir(), 'portail-migrations-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  return dir;
}

/** The migrations on disk, read independently of the runner: folder name and SHA-256 of its SQL. */
function migrationsOnDisk(dir = MIGRATIONS_DIR) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => ({
      name,
      checksum: createHash('sha256')
        .update(readFileSync(join(dir, name, 'migration.sql')))
        .digest('hex'),
    }));
}

const recorded = (url: string) =>
  withClient(
    url,
    async (client) => (await client.query('SELECT * FROM "_prisma_migrations" ORDER BY migration_name')).rows,
  );

const advisoryLocks = (url: string) =>
  withClient(url, async (client) =>
    Number(
      (
        await client.query(
          "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        )
      ).rows[0].n,
    ),
  );

describe('migrate()', () => {
  it('applies every migration on a fresh database and records each with its sha256 checksum, like Prisma', async () => {
    const url = await emptyDatabase();
    const onDisk = migrationsOnDisk();
    expect(onDisk.length).toBeGreaterThan(0);

    const before = new Date();
    const result = await migrate(url);
    expect(result).toEqual({ applied: onDisk.map((m) => m.name), alreadyApplied: 0 });

    const rows = await recorded(url);
    expect(rows.map((row) => row.migration_name)).toEqual(onDisk.map((m) => m.name));
    for (const [i, row] of rows.entries()) {
      expect(row.checksum).toBe(onDisk[i]!.checksum);
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.finished_at.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
      expect(row.started_at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 5000);
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }

    // The bookkeeping table has Prisma's own shape.
    const shape = await withClient(
      url,
      async (client) =>
        (
          await client.query(
            `SELECT column_name, data_type, character_maximum_length AS length, is_nullable FROM information_schema.columns
            WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
          )
        ).rows,
    );
    expect(shape).toEqual([
      { column_name: 'id', data_type: 'character varying', length: 36, is_nullable: 'NO' },
      { column_name: 'checksum', data_type: 'character varying', length: 64, is_nullable: 'NO' },
      { column_name: 'finished_at', data_type: 'timestamp with time zone', length: null, is_nullable: 'YES' },
      { column_name: 'migration_name', data_type: 'character varying', length: 255, is_nullable: 'NO' },
      { column_name: 'logs', data_type: 'text', length: null, is_nullable: 'YES' },
      { column_name: 'rolled_back_at', data_type: 'timestamp with time zone', length: null, is_nullable: 'YES' },
      { column_name: 'started_at', data_type: 'timestamp with time zone', length: null, is_nullable: 'NO' },
      { column_name: 'applied_steps_count', data_type: 'integer', length: null, is_nullable: 'NO' },
    ]);
    // The tables of the migrations exist, and the lock is released.
    const users = await withClient(
      url,
      async (client) => (await client.query('SELECT count(*)::int AS n FROM users')).rows[0].n,
    );
    expect(users).toBe(0);
    expect(await advisoryLocks(url)).toBe(0);
  });

  it('is idempotent: a second run applies nothing and changes no record', async () => {
    const url = await emptyDatabase();
    await migrate(url);
    const first = await recorded(url);

    const again = await migrate(url);
    expect(again).toEqual({ applied: [], alreadyApplied: first.length });
    expect(await recorded(url)).toEqual(first);
  });

  it('lets two concurrent runs on one fresh database both succeed, each migration applied once', async () => {
    const url = await emptyDatabase();
    const results = await Promise.all([migrate(url), migrate(url)]);

    const names = migrationsOnDisk().map((m) => m.name);
    // One run applied everything, the other waited for the lock and found it done.
    expect(results.map((r) => r.applied.length).sort((a, b) => a - b)).toEqual([0, names.length]);
    expect(results.map((r) => r.alreadyApplied).sort((a, b) => a - b)).toEqual([0, names.length]);
    const rows = await recorded(url);
    expect(rows.map((row) => row.migration_name)).toEqual(names);
    expect(await advisoryLocks(url)).toBe(0);
  });

  it('applies only the new migrations of a folder, in name order', async () => {
    const url = await emptyDatabase();
    const dir = copyOfMigrations();
    await migrate(url, { dir });
    mkdirSync(join(dir, '29990102000000_second'));
    writeFileSync(join(dir, '29990102000000_second', 'migration.sql'), 'ALTER TABLE "probe" ADD COLUMN "label" TEXT;');
    mkdirSync(join(dir, '29990101000000_first'));
    writeFileSync(join(dir, '29990101000000_first', 'migration.sql'), 'CREATE TABLE "probe" ("id" INTEGER);');
    // A folder without migration.sql is not a migration.
    mkdirSync(join(dir, '29990103000000_empty'));

    const logs: string[] = [];
    const result = await migrate(url, { dir, log: (message) => logs.push(message) });
    expect(result.applied).toEqual(['29990101000000_first', '29990102000000_second']);
    expect(logs).toEqual(['Migration appliquée : 29990101000000_first', 'Migration appliquée : 29990102000000_second']);
    expect((await recorded(url)).map((row) => row.migration_name)).toEqual(migrationsOnDisk(dir).map((m) => m.name));
  });

  it('rolls a failing migration back entirely, records nothing for it, and applies it once fixed', async () => {
    const url = await emptyDatabase();
    const dir = copyOfMigrations();
    const broken = join(dir, '29990101000000_broken');
    mkdirSync(broken);
    writeFileSync(join(broken, 'migration.sql'), 'CREATE TABLE "half_done" ("id" INTEGER);\nSELECT 1 / 0;');

    await expect(migrate(url, { dir })).rejects.toThrow(/Échec de la migration 29990101000000_broken/);
    const rows = await recorded(url);
    expect(rows.map((row) => row.migration_name)).not.toContain('29990101000000_broken');
    expect(rows).toHaveLength(migrationsOnDisk().length);
    const halfDone = await withClient(
      url,
      async (client) => (await client.query("SELECT to_regclass('public.half_done') AS t")).rows[0].t,
    );
    expect(halfDone).toBeNull();
    expect(await advisoryLocks(url)).toBe(0);

    writeFileSync(join(broken, 'migration.sql'), 'CREATE TABLE "half_done" ("id" INTEGER);');
    expect((await migrate(url, { dir })).applied).toEqual(['29990101000000_broken']);
  });

  it('refuses to go on after a migration left unfinished (as Prisma does) and warns about edited migrations', async () => {
    const url = await emptyDatabase();
    const dir = copyOfMigrations();
    await migrate(url, { dir });

    // An applied migration edited afterwards: warned about, not applied again.
    const [first] = migrationsOnDisk(dir);
    writeFileSync(
      join(dir, first!.name, 'migration.sql'),
      `${readFileSync(join(dir, first!.name, 'migration.sql'), 'utf8')}\n-- edited\n`,
    );
    const logs: string[] = [];
    expect((await migrate(url, { dir, log: (m) => logs.push(m) })).applied).toEqual([]);
    expect(logs).toEqual([`Attention : la migration ${first!.name} a été modifiée après son application.`]);

    // A row without finished_at nor rolled_back_at: a failed `prisma migrate deploy`.
    await withClient(url, (client) =>
      client.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ('00000000-0000-0000-0000-000000000001', $1, '29990101000000_crashed', now())`,
        ['0'.repeat(64)],
      ),
    );
    await expect(migrate(url, { dir })).rejects.toThrow(/29990101000000_crashed a échoué précédemment/);
    expect(await advisoryLocks(url)).toBe(0);
  });
});
