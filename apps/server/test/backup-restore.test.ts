// `pnpm backup` / `pnpm restore` round trip on a real PostgreSQL and a real document folder: back up,
// change, delete and add rows and documents, restore, and every table (row count and checksum of
// its rows) and every document (SHA-256) is as it was. A restore is refused while a portal is
// connected. Figures (size, time) are printed.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, restore, RestoreRefused } from '../src/backup/backup.ts';
import { createFileStorage, type FileStorage } from '../src/storage/index.ts';
import { createS3FileStorage } from '../src/storage/s3-storage.ts';
import { startS3Server } from './support/s3-server.ts';
import { createAccount, signIn } from './support/factories.ts';
import { createTestDatabase, startTestApp, type TestApp } from './support/test-app.ts';

const work = mkdtempSync(join(tmpdir(), 'portail-backup-'));
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let t: TestApp | undefined;
let storage: FileStorage;
const storageDir = join(work, 'files');

beforeAll(async () => {
  database = await createTestDatabase();
  t = await startTestApp({ storageDir }, { databaseUrl: database.url });
  storage = createFileStorage(t.config);
});
afterAll(async () => {
  await t?.app.close();
  await database.drop();
  rmSync(work, { recursive: true, force: true });
});

/** Every table of the portal's schemas: its row count and a checksum over its rows. */
async function fingerprint(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_schema IN ('public', 'graphile_worker') AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
    );
    const result: Record<string, string> = {};
    for (const { schema, name } of tables) {
      const { rows } = await client.query(`SELECT count(*) AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM "${schema}"."${name}" t`);
      result[`${schema}.${name}`] = `${rows[0].n} ${rows[0].sum}`;
    }
    // The sequences' next values too.
    const { rows: sequences } = await client.query<{ schema: string; name: string }>(
      `SELECT sequence_schema AS schema, sequence_name AS name FROM information_schema.sequences WHERE sequence_schema IN ('public', 'graphile_worker')`,
    );
    for (const { schema, name } of sequences) {
      const { rows } = await client.query(`SELECT last_value, is_called FROM "${schema}"."${name}"`);
      result[`sequence ${schema}.${name}`] = `${rows[0].last_value} ${rows[0].is_called}`;
    }
    return result;
  } finally {
    await client.end();
  }
}

async function documents(): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for await (const key of storage.keys()) result[key] = createHash('sha256').update(await buffer(await storage.open(key))).digest('hex');
  return result;
}

const saveDocument = (bytes: number) => storage.save(Readable.from([Buffer.from(randomUUID().repeat(Math.ceil(bytes / 36)).slice(0, bytes))]), { maxBytes: 16 * 1024 * 1024 });

async function folderSize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

describe('backup and restore', () => {
  it('round trip: every row and every document back after changes and deletions', { timeout: 120_000 }, async () => {
    const app = t!;
    // Data of several kinds: accounts with sessions (tokens, login counters), documents.
    const accounts = await Promise.all(Array.from({ length: 20 }, () => createAccount(app)));
    for (let i = 0; i < 5; i++) await signIn(app);
    const kept = await Promise.all([1_000, 50_000, 300_000, 2_000_000].map(saveDocument));

    const before = await fingerprint(database.url);
    const documentsBefore = await documents();
    expect(Object.keys(documentsBefore)).toHaveLength(4);

    const dir = join(work, 'backup');
    const startedAt = performance.now();
    const manifest = await backup({ databaseUrl: database.url, storage, dir });
    const backupMs = performance.now() - startedAt;
    expect(manifest.documents.map((d) => d.key).sort()).toEqual(kept.map((d) => d.key).sort());
    expect(manifest.tables.find((table) => table.name === 'users')?.rows).toBeGreaterThanOrEqual(25);

    // A restore while a portal runs on the database is refused.
    await expect(restore({ databaseUrl: database.url, storage, dir })).rejects.toThrow(RestoreRefused);

    // Changes after the backup: rows changed, deleted and added; documents removed, replaced, added.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(`UPDATE users SET nom = 'Modifié' WHERE id = $1`, [accounts[0]!.id]);
      await client.query(`DELETE FROM users WHERE id = ANY($1::uuid[])`, [accounts.slice(1, 6).map((a) => a.id)]);
      await client.query(`DELETE FROM referentiels WHERE id IN (SELECT id FROM referentiels LIMIT 3)`).catch(() => undefined);
      // Every sequence moves on (rows added and removed since the backup).
      const { rows: sequences } = await client.query<{ name: string }>(
        `SELECT format('%I.%I', sequence_schema, sequence_name) AS name FROM information_schema.sequences WHERE sequence_schema IN ('public', 'graphile_worker')`,
      );
      expect(sequences.length).toBeGreaterThan(0);
      for (const { name } of sequences) await client.query('SELECT nextval($1::regclass)', [name]);
    } finally {
      await client.end();
    }
    await createAccount(app);
    await storage.remove(kept[0]!.key);
    await storage.remove(kept[1]!.key);
    await storage.put(kept[1]!.key, Readable.from([Buffer.from('autre contenu')]));
    await saveDocument(10_000);
    expect(await fingerprint(database.url)).not.toEqual(before);

    // Restore with the portal stopped.
    await app.app.close();
    t = undefined;
    const restoreStartedAt = performance.now();
    await restore({ databaseUrl: database.url, storage, dir });
    const restoreMs = performance.now() - restoreStartedAt;

    expect(await fingerprint(database.url)).toEqual(before);
    const documentsAfter = await documents();
    for (const [key, sha256] of Object.entries(documentsBefore)) expect(documentsAfter[key], key).toBe(sha256);

    const size = await folderSize(dir);
    console.log(
      `Sauvegarde : ${manifest.tables.length} tables, ${manifest.tables.reduce((n, table) => n + table.rows, 0)} lignes, ` +
        `${manifest.documents.length} documents (${manifest.documents.reduce((n, d) => n + d.size, 0)} octets) ; dossier ${size} octets ; ` +
        `sauvegarde ${Math.round(backupMs)} ms, restauration ${Math.round(restoreMs)} ms`,
    );
  });

  it('restores into an empty database: the migrations first, then the rows', { timeout: 120_000 }, async () => {
    const empty = await createTestDatabase();
    try {
      // An empty database of its own (no schema at all).
      const client = new pg.Client({ connectionString: empty.url });
      await client.connect();
      await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public; DROP SCHEMA IF EXISTS graphile_worker CASCADE');
      await client.end();
      await restore({ databaseUrl: empty.url, storage, dir: join(work, 'backup') });
      expect(await fingerprint(empty.url)).toEqual(await fingerprint(database.url));
    } finally {
      await empty.drop();
    }
  });

  it('documents on S3: backed up from the bucket and written back under their keys', { timeout: 120_000 }, async () => {
    const s3 = await startS3Server();
    const bucket = createS3FileStorage(s3.config);
    try {
      const saved = await Promise.all([5_000, 700_000].map((bytes) => bucket.save(Readable.from([Buffer.alloc(bytes, bytes % 251)]), { maxBytes: 16 * 1024 * 1024 })));
      const dir = join(work, 'backup-s3');
      const manifest = await backup({ databaseUrl: database.url, storage: bucket, dir });
      expect(manifest.documents.map((d) => d.key).sort()).toEqual(saved.map((d) => d.key).sort());
      await bucket.remove(saved[0]!.key);
      await bucket.remove(saved[1]!.key);
      await bucket.put(saved[1]!.key, Readable.from([Buffer.from('remplacé')]));
      await restore({ databaseUrl: database.url, storage: bucket, dir });
      for (const document of saved) {
        const back = await buffer(await bucket.open(document.key));
        expect(createHash('sha256').update(back).digest('hex'), document.key).toBe(document.sha256);
      }
    } finally {
      bucket.client.destroy();
      await s3.close();
    }
  });
});
