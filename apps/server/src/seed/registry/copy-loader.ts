// Loads generated associations into PostgreSQL with COPY (pg-copy-streams), one stream per table.
// On an empty registry the secondary indexes and foreign keys of the loaded tables are dropped
// first and rebuilt after the load (much faster than maintaining them row by row).
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  generateBatch, REGISTRY_COLUMNS, REGISTRY_TABLES, type CellValue, type RegistryGenerator, type RegistryTable, type Row,
} from './generator.ts';

function cell(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  const text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : value;
  return text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

function toCopyText(table: RegistryTable, rows: Row[]): string {
  const columns = REGISTRY_COLUMNS[table];
  let out = '';
  for (const row of rows) {
    out += columns.map((column) => cell(row[column])).join('\t');
    out += '\n';
  }
  return out;
}

interface DroppedObjects {
  indexes: { name: string; definition: string }[];
  constraints: { table: string; name: string; definition: string }[];
}

/** Drops secondary indexes, foreign keys and unreferenced primary keys of the registry tables. */
async function dropForLoad(client: pg.Client): Promise<DroppedObjects> {
  const tables = [...REGISTRY_TABLES];
  const indexes = (
    await client.query<{ name: string; definition: string }>(
      `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
         FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE n.nspname = current_schema() AND t.relname = ANY($1)
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`,
      [tables],
    )
  ).rows;
  const constraints = (
    await client.query<{ table: string; name: string; definition: string }>(
      `SELECT t.relname AS table, c.conname AS name, pg_get_constraintdef(c.oid) AS definition
         FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE n.nspname = current_schema() AND t.relname = ANY($1)
          AND (c.contype = 'f' OR (c.contype = 'p' AND NOT EXISTS (SELECT 1 FROM pg_constraint r WHERE r.confrelid = t.oid)))
        ORDER BY c.contype DESC`,
      [tables],
    )
  ).rows;
  // Foreign keys first ('f' sorts after 'p' descending), then primary keys.
  for (const c of constraints) await client.query(`ALTER TABLE "${c.table}" DROP CONSTRAINT "${c.name}"`);
  for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);
  return { indexes, constraints };
}

async function restoreAfterLoad(url: string, dropped: DroppedObjects, log: (message: string) => void) {
  // Primary keys, then indexes two at a time (2 connections), then foreign keys.
  const statements = [
    ...dropped.constraints.filter((c) => c.definition.startsWith('PRIMARY KEY')).map((c) => `ALTER TABLE "${c.table}" ADD CONSTRAINT "${c.name}" ${c.definition}`),
    ...dropped.indexes.map((index) => index.definition),
  ];
  const queue = [...statements];
  const worker = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query("SET maintenance_work_mem = '512MB'");
      await client.query('SET max_parallel_maintenance_workers = 1');
      for (let sql = queue.shift(); sql; sql = queue.shift()) {
        const started = performance.now();
        await client.query(sql);
        log(`  ${sql.replace(/^CREATE (UNIQUE )?INDEX /, 'index ').slice(0, 110)} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
      }
    } finally {
      await client.end();
    }
  };
  await Promise.all([worker(), worker()]);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const c of dropped.constraints.filter((c) => !c.definition.startsWith('PRIMARY KEY'))) {
      await client.query(`ALTER TABLE "${c.table}" ADD CONSTRAINT "${c.name}" ${c.definition}`);
    }
  } finally {
    await client.end();
  }
}

export interface LoadOptions {
  url: string;
  generator: RegistryGenerator;
  /** Index of the first association and number of associations. */
  from?: number;
  count: number;
  batchSize?: number;
  log?: (message: string) => void;
}

export interface LoadResult {
  associations: number;
  rows: Record<RegistryTable, number>;
  loadSeconds: number;
  indexSeconds: number;
  totalSeconds: number;
  rebuiltIndexes: boolean;
}

export async function loadRegistry(options: LoadOptions): Promise<LoadResult> {
  const log = options.log ?? (() => {});
  const from = options.from ?? 0;
  const batchSize = options.batchSize ?? 5_000;
  const started = performance.now();
  const admin = new pg.Client({ connectionString: options.url });
  await admin.connect();
  let dropped: DroppedObjects | null = null;
  try {
    const empty = (await admin.query('SELECT NOT EXISTS (SELECT 1 FROM associations) AS empty')).rows[0].empty as boolean;
    if (empty && options.count >= 50_000) {
      dropped = await dropForLoad(admin);
      log(`Table vide : ${dropped.indexes.length} index et ${dropped.constraints.length} contraintes reconstruits après le chargement.`);
    }
  } finally {
    await admin.end();
  }

  const rows = Object.fromEntries(REGISTRY_TABLES.map((t) => [t, 0])) as Record<RegistryTable, number>;
  let lastReport = performance.now();
  const report = (done: number) => {
    if (performance.now() - lastReport < 5_000) return;
    lastReport = performance.now();
    log(`  ${done.toLocaleString('fr-FR')} associations (${Math.round(done / ((lastReport - started) / 1000)).toLocaleString('fr-FR')} /s)`);
  };
  const copySql = (table: RegistryTable) =>
    `COPY "${table}" (${REGISTRY_COLUMNS[table].map((c) => `"${c}"`).join(', ')}) FROM STDIN`;

  if (dropped) {
    // No foreign keys during the load: one connection and one COPY stream per table, in parallel.
    const clients = new Map<RegistryTable, pg.Client>();
    const streams = new Map<RegistryTable, Writable>();
    const finished: Promise<unknown>[] = [];
    for (const table of REGISTRY_TABLES) {
      const client = new pg.Client({ connectionString: options.url });
      await client.connect();
      await client.query('SET synchronous_commit = off');
      // The names' words dictionary is rebuilt once after the load, not row by row.
      await client.query("SET portail.search_words = 'deferred'");
      clients.set(table, client);
      const stream = client.query(copyFrom(copySql(table)));
      streams.set(table, stream);
      finished.push(new Promise((resolve, reject) => {
        stream.on('finish', resolve);
        stream.on('error', reject);
      }));
    }
    try {
      for (let start = from; start < from + options.count; start += batchSize) {
        const end = Math.min(start + batchSize, from + options.count);
        const batch = generateBatch(options.generator, start, end);
        for (const table of REGISTRY_TABLES) {
          rows[table] += batch[table].length;
          const stream = streams.get(table)!;
          if (!stream.write(toCopyText(table, batch[table]))) await once(stream, 'drain');
        }
        report(end - from);
      }
      for (const stream of streams.values()) stream.end();
      await Promise.all(finished);
    } finally {
      await Promise.all([...clients.values()].map((client) => client.end()));
    }
  } else {
    // Foreign keys in place: parents before children, in one transaction on one connection.
    const client = new pg.Client({ connectionString: options.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query("SET LOCAL portail.search_words = 'deferred'");
      for (let start = from; start < from + options.count; start += batchSize) {
        const end = Math.min(start + batchSize, from + options.count);
        const batch = generateBatch(options.generator, start, end);
        for (const table of REGISTRY_TABLES) {
          rows[table] += batch[table].length;
          const stream = client.query(copyFrom(copySql(table)));
          await pipeline(Readable.from([toCopyText(table, batch[table])]), stream);
        }
        report(end - from);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      await client.end();
    }
  }
  const loaded = performance.now();
  if (dropped) await restoreAfterLoad(options.url, dropped, log);
  const analysis = new pg.Client({ connectionString: options.url });
  await analysis.connect();
  try {
    const words = await analysis.query<{ n: string }>('SELECT association_search_words_rebuild() AS n');
    log(`Dictionnaire des mots des noms : ${Number(words.rows[0]!.n).toLocaleString('fr-FR')} mots.`);
    await analysis.query(`VACUUM (ANALYZE) ${[...REGISTRY_TABLES, 'association_search_words'].map((t) => `"${t}"`).join(', ')}`);
  } finally {
    await analysis.end();
  }
  const done = performance.now();
  return {
    associations: options.count,
    rows,
    loadSeconds: (loaded - started) / 1000,
    indexSeconds: (done - loaded) / 1000,
    totalSeconds: (done - started) / 1000,
    rebuiltIndexes: dropped !== null,
  };
}

/** Number of associations already in the database at `url`. */
export async function countAssociations(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM associations')).rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** A few identifiers of live associations, for lookups in benchmarks. */
export async function sampleIdentifiers(url: string, size: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = (
      await client.query<{ id_siren: string; id_siret_siege: string; id_rna: string }>(
        `SELECT id_siren, id_siret_siege, id_rna FROM associations TABLESAMPLE SYSTEM (1)
          WHERE id_siren IS NOT NULL AND deleted_at IS NULL LIMIT $1`,
        [size],
      )
    ).rows;
    return rows;
  } finally {
    await client.end();
  }
}
