// The start-up seeding runs in a process of its own (seed/seed-process.ts), so that what a first start
// allocates to seed thousands of rows leaves with the process; a start with nothing to seed starts no
// process at all, and a seeding that fails fails the start with its message.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/prisma.ts';
import { readStartupState } from '../src/db/startup-state.ts';
import { seedInProcess } from '../src/seed/seed-process.ts';
import { createTestDatabase } from './support/test-app.ts';

describe('seeding in a process of its own', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Database;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDatabase(database.url);
    dataDir = mkdtempSync(join(tmpdir(), 'portail-seed-process-'));
  });
  afterAll(async () => {
    await db.$disconnect();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const storage = () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    return { storageDriver: config.storageDriver, storageDir: config.storageDir, s3: config.s3 };
  };

  it('seeds an empty database from its process and answers what it seeded', { timeout: 180_000 }, async () => {
    const state = await readStartupState(database.url);
    const seeded = await seedInProcess({ databaseUrl: database.url, demo: true, state, storage: storage() });
    // The test template already holds the referentials and questions: the demo data are what is missing.
    expect(seeded).toMatchObject({ accounts: true, registry: true, dossiers: true });
    expect(await db.user.count({ where: { email: 'association@demo.example.org' } })).toBe(1);
    expect(await db.dossier.count()).toBe(4);
  });

  it('starts no process when everything is there (an unreachable database would fail it)', async () => {
    const state = await readStartupState(database.url);
    const seeded = await seedInProcess({ databaseUrl: 'postgresql://nobody@127.0.0.1:1/unused', demo: true, state, storage: storage() });
    expect(seeded).toEqual({ referentiels: [], questions: 0, accounts: false, registry: false, dossiers: false });
  });

  it('rejects with the seeding\u2019s error when the process fails', { timeout: 60_000 }, async () => {
    const empty = { referentielTypes: new Set<string>(), questionCodes: new Set<string>(), hasUsers: false, hasAssociations: false };
    await expect(seedInProcess({ databaseUrl: 'postgresql://nobody@127.0.0.1:1/unused', demo: true, state: empty, storage: storage() })).rejects.toThrow(/ECONNREFUSED|connect/i);
  });
});
