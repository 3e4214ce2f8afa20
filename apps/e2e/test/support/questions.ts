// The questions asked of every subsidy dossier are the whole portal's: a required question a journey
// adds would block the transmissions of the journeys running beside it. The journey that adds one
// holds this PostgreSQL advisory lock alone (exclusive) until the question is disabled again; the
// journeys that answer the questions then transmit hold it together (shared) meanwhile. Each hold
// is a connection of its own: ending it releases the lock, whatever happened.
import pg from 'pg';
import { inject } from 'vitest';

const QUESTIONS_LOCK = 2_026_112_701;

export interface QuestionsHold {
  release(): Promise<void>;
}

/** Waits for the lock in `mode`; `release()` gives it back (idempotent). */
export async function holdQuestions(mode: 'shared' | 'exclusive'): Promise<QuestionsHold> {
  const client = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await client.connect();
  await client.query(mode === 'shared' ? 'SELECT pg_advisory_lock_shared($1)' : 'SELECT pg_advisory_lock($1)', [QUESTIONS_LOCK]);
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await client.end().catch(() => {});
    },
  };
}
