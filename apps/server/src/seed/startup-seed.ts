// What a start seeds once the database is migrated: the referentials and dossier questions (every
// environment), then, where demo data are allowed, the demo accounts, the demo registry and the demo
// dossiers. Several instances may start together on one empty database (compose --scale): the
// seeding runs under a PostgreSQL advisory lock, so one instance seeds and the others, once it is
// done, find everything there (each seed looks again under the lock) and add nothing.
import pg from 'pg';
import type { Database } from '../db/prisma.ts';
import { seedReferentiels } from '../modules/declaration/index.ts';
import { seedQuestions } from '../modules/lca/index.ts';
import type { FileStorage } from '../storage/index.ts';
import { seedDemoCec } from './demo-cec.ts';
import { seedDemoData } from './demo-data.ts';
import { seedDemoDossiers } from './demo-dossiers.ts';
import { seedDemoPassSport } from './demo-pass-sport.ts';
import { seedDemoRegistry } from './demo-registry.ts';
import { REFERENTIEL_SOURCES } from './referentiel-data/index.ts';
import { seedingGaps, type SeedingState } from './seeding-needed.ts';

/** Advisory-lock key of the start-up seeding (the migrations hold Prisma's, 72707369). */
export const SEED_LOCK_KEY = 72707370;

export interface StartupSeedOptions {
  db: Database;
  /** A connection of its own holds the lock while the seeds write through db's pool. */
  databaseUrl: string;
  /** Demo accounts, registry and dossiers too (never in production: config.loadsDemoData). */
  demo: boolean;
  /** What the start read before (db/startup-state.ts): nothing missing, no lock and no Prisma query. */
  state: SeedingState;
  /** The files of the demo documents (dossiers, Pass'Sport certificate) go there (made only when they are seeded). */
  storage: () => FileStorage;
}

export interface StartupSeedResult {
  referentiels: string[];
  questions: number;
  accounts: boolean;
  registry: boolean;
  dossiers: boolean;
}

const NOTHING: StartupSeedResult = { referentiels: [], questions: 0, accounts: false, registry: false, dossiers: false };

/** Holds the seeding lock on a connection of its own for the time of work. */
async function underSeedLock<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'portail-seed' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SEED_LOCK_KEY]);
    return await work();
  } finally {
    // Ending the session releases the lock too; the unlock says so first, on a healthy connection.
    await client.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}

export async function seedAtStartup(options: StartupSeedOptions): Promise<StartupSeedResult> {
  const { db, demo, state } = options;
  const gaps = seedingGaps(options);
  if (!gaps.referentiels && !gaps.questions && !gaps.demo) return NOTHING;
  const { referentiels: referentielsMissing, questions: questionsMissing } = gaps;
  return underSeedLock(options.databaseUrl, async () => {
    // Different tables: side by side. Each seed counts again, under the lock, what is already there.
    const [referentiels, questions, accounts, registry] = await Promise.all([
      referentielsMissing ? seedReferentiels(db, REFERENTIEL_SOURCES) : { inserted: [] as string[] },
      questionsMissing ? seedQuestions(db) : [],
      demo && !state.hasUsers ? seedDemoData(db) : false,
      demo && !state.hasAssociations ? seedDemoRegistry(db) : false,
    ]);
    // The demo dossiers need the accounts, the schemes and the registry: after both, and only when
    // one of them just ran.
    const demoJustRan = demo && (accounts || registry);
    const storage = demoJustRan ? options.storage() : null;
    const dossiers = storage ? await seedDemoDossiers(db, storage) : false;
    // The CEC sessions, missions, declarations and their validator: after the registry too.
    if (demoJustRan) await seedDemoCec(db);
    // Pass'Sport's exercises and beneficiaries, the demo sports association affiliated with its
    // certificate's file (it counts again what is there).
    if (storage) await seedDemoPassSport(db, storage);
    return { referentiels: referentiels.inserted, questions: questions.length, accounts, registry, dossiers };
  });
}
