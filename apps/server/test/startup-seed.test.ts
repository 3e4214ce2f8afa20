// Instances started together on one empty database (compose --scale portail=2 with DEMO_DATA=1)
// seed it once: the seeding runs under an advisory lock, the second finds everything there; every
// seeded document has its file in the storage.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/prisma.ts';
import { readStartupState } from '../src/db/startup-state.ts';
import { DEMO_ASSOCIATIONS } from '../src/seed/demo-registry.ts';
import { seedAtStartup } from '../src/seed/startup-seed.ts';
import { createFileStorage } from '../src/storage/index.ts';
import { createTestDatabase } from './support/test-app.ts';

describe('seeding at start-up', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let instances: Database[];
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    // Two instances: two Prisma clients, each its own pool, as two processes.
    instances = [createDatabase(database.url), createDatabase(database.url)];
    dataDir = mkdtempSync(join(tmpdir(), 'portail-seed-'));
  });
  afterAll(async () => {
    await Promise.all(instances.map((db) => db.$disconnect()));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds the demo data once when two instances start together on an empty database', { timeout: 180_000 }, async () => {
    // Both read the state before either seeds: both see an empty database, as two starts at once do.
    const state = await readStartupState(database.url);
    expect(state.hasUsers || state.hasAssociations).toBe(false);
    const storage = () => createFileStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    const results = await Promise.allSettled(instances.map((db) => seedAtStartup({ db, databaseUrl: database.url, demo: true, state, storage })));
    expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(['ok', 'ok']);
    const seeded = results.map((result) => (result as PromiseFulfilledResult<Awaited<ReturnType<typeof seedAtStartup>>>).value);
    // One instance seeded everything, the other nothing.
    expect(seeded.filter((result) => result.accounts && result.registry && result.dossiers)).toHaveLength(1);
    expect(seeded.filter((result) => !result.accounts && !result.registry && !result.dossiers)).toHaveLength(1);
    const [db] = instances;
    expect(await db!.user.count({ where: { email: 'association@demo.example.org' } })).toBe(1);
    expect(await db!.association.count({ where: { id: DEMO_ASSOCIATIONS.sportive.id } })).toBe(1);
    expect(await db!.dossier.count()).toBe(4);
    // Every seeded document points at a stored file (the dossiers' documents, the Pass'Sport certificate).
    const documents = await db!.associationDocument.findMany({ select: { storageKey: true, taille: true } });
    expect(documents.length).toBeGreaterThan(0);
    const files = storage();
    for (const document of documents) {
      let size = 0;
      for await (const chunk of await files.open(document.storageKey)) size += (chunk as Buffer).length;
      expect(size).toBe(document.taille);
    }
    expect(await db!.pspAffiliation.count({ where: { associationId: DEMO_ASSOCIATIONS.sportive.id, documentId: { not: null } } })).toBe(1);
    expect(await db!.pspAffiliation.count({ where: { documentId: null } })).toBe(0);
  });

  it('takes no lock and seeds nothing on a database that has it all', async () => {
    const state = await readStartupState(database.url);
    const result = await seedAtStartup({ db: instances[0]!, databaseUrl: 'postgresql://nobody@127.0.0.1:1/unused', demo: true, state, storage: () => { throw new Error('not needed'); } });
    expect(result).toEqual({ referentiels: [], questions: 0, accounts: false, registry: false, dossiers: false });
  });
});
