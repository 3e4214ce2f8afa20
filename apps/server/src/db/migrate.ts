// Applies prisma/migrations/<stamp>_<name>/migration.sql in order and records them in
// _prisma_migrations exactly as `prisma migrate deploy` does, so Prisma's own tools agree where
// they can run. Prisma's native migration engine cannot be downloaded here (ENVIRONMENT.md).
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../config.ts';

export const MIGRATIONS_DIR = join(REPO_ROOT, 'prisma', 'migrations');
/** The advisory-lock key Prisma's migrate uses, so our runner and Prisma exclude each other too. */
const MIGRATION_LOCK_KEY = 72707369;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
}

/** Applies pending migrations, each in its own transaction, under Prisma's advisory lock. */
export async function migrate(
  databaseUrl: string,
  options: { dir?: string; log?: (message: string) => void } = {},
): Promise<MigrationResult> {
  const log = options.log ?? (() => {});
  const migrations = readMigrations(options.dir);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(CREATE_MIGRATIONS_TABLE);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"',
    );
    const failed = rows.find((row) => row.finished_at === null && row.rolled_back_at === null);
    if (failed) {
      throw new Error(`La migration ${failed.migration_name} a échoué précédemment : corrigez la base puis marquez-la comme annulée.`);
    }
    const done = new Map(rows.filter((row) => row.finished_at !== null).map((row) => [row.migration_name, row.checksum]));
    const applied: string[] = [];
    for (const migration of migrations) {
      const knownChecksum = done.get(migration.name);
      if (knownChecksum !== undefined) {
        if (knownChecksum !== migration.checksum) log(`Attention : la migration ${migration.name} a été modifiée après son application.`);
        continue;
      }
      const id = randomUUID();
      await client.query('BEGIN');
      try {
        await client.query(
          'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())',
          [id, migration.checksum, migration.name],
        );
        await client.query(migration.sql);
        await client.query(
          'UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1',
          [id],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Échec de la migration ${migration.name} : ${(error as Error).message}`);
      }
      applied.push(migration.name);
      log(`Migration appliquée : ${migration.name}`);
    }
    return { applied, alreadyApplied: done.size };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
