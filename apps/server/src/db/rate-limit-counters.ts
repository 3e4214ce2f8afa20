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
     * Takes one attempt unless the key waits: counts it and, from the free-th attempt n on, makes the
     * next one wait baseMs × 2^(n − free), at most maxMs. Returns the seconds to wait when refused.
     * Taken before the outcome is known, so a burst of parallel attempts cannot slip through.
     */
    async attempt(key: string, rule: ProgressiveRule): Promise<{ allowed: true } | { allowed: false; retryAfter: number }> {
      const expired = Prisma.sql`c.expires_at <= now()`;
      const wait = (n: Prisma.Sql) =>
        Prisma.sql`CASE WHEN ${n} >= ${rule.free}::int
          THEN now() + LEAST(${rule.maxMs}::float8, ${rule.baseMs}::float8 * power(2, ${n} - ${rule.free}::int)) * interval '1 millisecond'
        END`;
      const next = Prisma.sql`(CASE WHEN ${expired} THEN 1 ELSE c.count + 1 END)`;
      const taken = await db.$queryRaw<{ count: number }[]>`
        INSERT INTO rate_limit_counters AS c (key, window_start, count, blocked_until, expires_at)
        VALUES (${key}, now(), 1, ${wait(Prisma.sql`1`)}, now() + ${ms(rule.windowMs + rule.maxMs)})
        ON CONFLICT (key) DO UPDATE SET
          window_start = CASE WHEN ${expired} THEN now() ELSE c.window_start END,
          count = ${next},
          blocked_until = ${wait(next)},
          expires_at = now() + ${ms(rule.windowMs + rule.maxMs)}
        WHERE c.blocked_until IS NULL OR c.blocked_until <= now()
        RETURNING count`;
      if (taken.length > 0) return { allowed: true };
      const [row] = await db.$queryRaw<{ blockedUntil: Date | null }[]>`
        SELECT blocked_until AS "blockedUntil" FROM rate_limit_counters WHERE key = ${key}`;
      return { allowed: false, retryAfter: secondsUntil(row?.blockedUntil ?? null) };
    },

    /** Gives back an attempt that turned out fine (and lifts the wait it had set). */
    async release(key: string) {
      await db.$executeRaw`
        UPDATE rate_limit_counters SET count = GREATEST(count - 1, 0), blocked_until = NULL WHERE key = ${key}`;
    },

    async reset(key: string) {
      await db.$executeRaw`DELETE FROM rate_limit_counters WHERE key = ${key}`;
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
