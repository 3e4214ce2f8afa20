// Seeds the referentials at start-up (production included: reference data, not demo data): each
// type missing from the database is inserted with its options in one transaction. Types already
// present are left alone, so administrators' edits survive restarts. The data themselves live above
// the modules (src/seed/referentiel-data/) and are handed in by the caller (main.ts, the tests).
import { performance } from 'node:perf_hooks';
import { createReferentielRepository } from './repository.ts';

/** One option of a referential, as a source produces it before it is stored. */
export interface SeedOption {
  value: string;
  label: string;
  meta?: Record<string, unknown> | null;
}

/** A referential type and where its options come from. */
export interface ReferentielSource {
  type: string;
  label: string;
  categorie: string | null;
  /** Loaded only when the type is missing from the database (communes weigh 8 MB). */
  load(): SeedOption[];
}

/** The database client, as the repository takes it (the seed itself writes no query). */
type Database = Parameters<typeof createReferentielRepository>[0];

export interface SeedResult {
  inserted: string[];
  durationMs: number;
}

export async function seedReferentiels(db: Database, sources: readonly ReferentielSource[]): Promise<SeedResult> {
  const startedAt = performance.now();
  const repository = createReferentielRepository(db);
  const existing = await repository.existingTypes();
  const inserted: string[] = [];
  for (const source of sources) {
    if (existing.has(source.type)) continue;
    const options = source.load().map((o) => ({ value: o.value, label: o.label, meta: o.meta ?? null }));
    if (await repository.insertIfMissing({ type: source.type, label: source.label, categorie: source.categorie }, options)) {
      inserted.push(source.type);
    }
  }
  return { inserted, durationMs: Math.round(performance.now() - startedAt) };
}
