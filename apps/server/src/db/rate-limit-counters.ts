// The counters of the rate limits, kept in PostgreSQL (rate_limit_counters) so they hold across
// restarts and across instances: every hit is one atomic INSERT … ON CONFLICT … DO UPDATE …
// RETURNING, timed by the database clock. Keys hold a hash of the IP or address, never the address.
import { createHash } from 'node:crypto';
import { Prisma, type Database } from './prisma.ts';

const PURGE_EVERY_MS = 5 * 60_000;

const ms = (value: number) => Prisma.sql`(${value}::float8 * interval '1 millisecond')`;
const hashed = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 32);

/** A counter key: what is limited, by what (ip, account, …), and whose (hashed). */
export const counterKey = (scope: string, kind: string, value: string) => `${scope}:${kind}:${hashed(value)}`;

/** A progressive wait: free attempts, then a wait doubling from baseMs up to maxMs. */
export interface ProgressiveRule {
  free: number;
  baseMs: number;
  maxMs: number;
  /** Attempts are forgotten after this much quiet. */
  windowMs: number;
}

export function createRateLimitStore(db: Database) {
  let timer: NodeJS.Timeout | null = null;

  const secondsUntil = (end: Date | null) => (end ? Math.max(1, Math.ceil((end.getTime() - Date.now()) / 1000)) : 1);

  const store = {
    /** Counts a hit in the key's fixed window: the count so far and when the window ends. */
    async hit(key: string, windowMs: number): Promise<{ count: number; resetAt: Date }> {
      const expired = Prisma.sql`c.expires_at <= now()`;
      const [row] = await db.$queryRaw<{ count: number; resetAt: Date }[]>`
        INSERT INTO rate_limit_counters AS c (key, window_start, count, expires_at)
        VALUES (${key}, now(), 1, now() + ${ms(windowMs)})
        ON CONFLICT (key) DO UPDATE SET
          window_start = CASE WHEN ${expired} THEN now() ELSE c.window_start END,
          count = CASE WHEN ${expired} THEN 1 ELSE c.count + 1 END,
          expires_at = CASE WHEN ${expired} THEN now() + ${ms(windowMs)} ELSE c.expires_at END
        RETURNING count, expires_at AS "resetAt"`;
      return row!;
    },

    /**
     * Sign-in: takes a place for an attempt whose outcome is not known yet, unless the key waits
     * after failures (`waiting`, with the seconds left) or the attempts already in flight hold every
     * free failure left (`busy`: ask again once one of them ends). Attempts in flight are not
     * failures: only `failed` makes anybody wait. So a burst of parallel guesses checks no more
     * passwords than the free failures left, and parallel sign-ins with the right password all get
     * in, one free place after another. A place still held at `pendingMs` no longer counts (its
     * instance died before the outcome).
     */
    async attempt(key: string, rule: ProgressiveRule, pendingMs: number): Promise<{ allowed: true } | { allowed: false; waiting: number } | { allowed: false; busy: true }> {
      const expired = Prisma.sql`c.expires_at <= now()`;
      const liveCount = Prisma.sql`(CASE WHEN ${expired} THEN 0 ELSE c.count END)`;
      const livePending = Prisma.sql`(CASE WHEN c.pending_until IS NULL OR c.pending_until <= now() THEN 0 ELSE c.pending END)`;
      const taken = await db.$queryRaw<{ count: number }[]>`
        INSERT INTO rate_limit_counters AS c (key, window_start, count, pending, pending_until, expires_at)
        VALUES (${key}, now(), 0, 1, now() + ${ms(pendingMs)}, now() + ${ms(rule.windowMs + rule.maxMs)})
        ON CONFLICT (key) DO UPDATE SET
          window_start = CASE WHEN ${expired} THEN now() ELSE c.window_start END,
          count = ${liveCount},
          blocked_until = CASE WHEN ${expired} THEN NULL ELSE c.blocked_until END,
          pending = ${livePending} + 1,
          pending_until = now() + ${ms(pendingMs)},
          expires_at = CASE WHEN ${expired} THEN now() + ${ms(rule.windowMs + rule.maxMs)} ELSE c.expires_at END
        WHERE (c.blocked_until IS NULL OR c.blocked_until <= now() OR ${expired})
          -- Past the free failures, one attempt at a time (its failure starts the next wait).
          AND ${livePending} < GREATEST(1, ${rule.free}::int - ${liveCount})
        RETURNING count`;
      if (taken.length > 0) return { allowed: true };
      const [row] = await db.$queryRaw<{ blockedUntil: Date | null }[]>`
        SELECT blocked_until AS "blockedUntil" FROM rate_limit_counters
        WHERE key = ${key} AND blocked_until > now() AND expires_at > now()`;
      return row ? { allowed: false, waiting: secondsUntil(row.blockedUntil) } : { allowed: false, busy: true };
    },

    /**
     * Ends an attempt taken by `attempt`. `failed` counts a failure: from the free-th failure n on,
     * the next attempt waits baseMs × 2^(n − free), at most maxMs. `succeeded` forgets the key's
     * failures (an address whose owner signed in). `released` only gives the place back (a success
     * that wipes nothing, as for an IP, or an attempt stopped before its outcome).
     */
    async settle(key: string, rule: ProgressiveRule, outcome: 'failed' | 'succeeded' | 'released') {
      const pending = Prisma.sql`GREATEST(c.pending - 1, 0)`;
      if (outcome === 'succeeded') {
        await db.$executeRaw`
          UPDATE rate_limit_counters AS c SET count = 0, blocked_until = NULL, pending = ${pending} WHERE key = ${key}`;
        return;
      }
      if (outcome === 'released') {
        await db.$executeRaw`UPDATE rate_limit_counters AS c SET pending = ${pending} WHERE key = ${key}`;
        return;
      }
      const expired = Prisma.sql`c.expires_at <= now()`;
      const wait = (n: Prisma.Sql) =>
        Prisma.sql`CASE WHEN ${n} >= ${rule.free}::int
          THEN now() + LEAST(${rule.maxMs}::float8, ${rule.baseMs}::float8 * power(2, ${n} - ${rule.free}::int)) * interval '1 millisecond'
        END`;
      const next = Prisma.sql`(CASE WHEN ${expired} THEN 1 ELSE c.count + 1 END)`;
      // An upsert: the purge may have taken the row while the password was checked.
      await db.$executeRaw`
        INSERT INTO rate_limit_counters AS c (key, window_start, count, blocked_until, expires_at)
        VALUES (${key}, now(), 1, ${wait(Prisma.sql`1`)}, now() + ${ms(rule.windowMs + rule.maxMs)})
        ON CONFLICT (key) DO UPDATE SET
          window_start = CASE WHEN ${expired} THEN now() ELSE c.window_start END,
          count = ${next},
          pending = ${pending},
          blocked_until = GREATEST(c.blocked_until, ${wait(next)}),
          expires_at = now() + ${ms(rule.windowMs + rule.maxMs)}`;
    },

    /** Deletes expired counters; returns how many. */
    purgeExpired: () => db.$executeRaw`DELETE FROM rate_limit_counters WHERE expires_at < now()`,

    startPurgeLoop(log: { error(obj: object, msg: string): void }) {
      if (timer) return;
      timer = setInterval(() => {
        store.purgeExpired().catch((error: Error) => log.error({ err: error.message }, 'rate-limit purge failed'));
      }, PURGE_EVERY_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
  return store;
}
export type RateLimitStore = ReturnType<typeof createRateLimitStore>;
