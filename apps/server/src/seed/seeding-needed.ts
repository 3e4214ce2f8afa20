// What a start has to seed, from what it read of the database before (db/startup-state.ts): no lock,
// no Prisma query, and none of the seeds' own modules loaded when there is nothing to seed.
import type { StartupState } from '../db/startup-state.ts';
import { DEFAULT_QUESTIONS } from '../modules/lca/index.ts';
import { REFERENTIEL_SOURCES } from './referentiel-data/index.ts';

export type SeedingState = Pick<StartupState, 'referentielTypes' | 'questionCodes' | 'hasUsers' | 'hasAssociations'>;

export function seedingGaps({ demo, state }: { demo: boolean; state: SeedingState }) {
  return {
    referentiels: REFERENTIEL_SOURCES.some((source) => !state.referentielTypes.has(source.type)),
    questions: DEFAULT_QUESTIONS.some((question) => !state.questionCodes.has(question.code)),
    demo: demo && (!state.hasUsers || !state.hasAssociations),
  };
}

export function seedingNeeded(options: { demo: boolean; state: SeedingState }): boolean {
  const gaps = seedingGaps(options);
  return gaps.referentiels || gaps.questions || gaps.demo;
}

/**
 * How long a seed's transaction may wait for a connection: the seeds run side by side at start-up,
 * when a busy machine may hold the pool longer than Prisma's 2 s default; no one waits on them.
 */
export const SEED_TRANSACTION_MAX_WAIT_MS = 30_000;
