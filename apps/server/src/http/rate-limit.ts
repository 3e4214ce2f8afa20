// Route rate limits (config.rateLimits), per IP, per account and, for the limits that name one, per
// target object (a dossier, an association, a service account), over the PostgreSQL counters of
// db/rate-limit-counters.ts.
import type { RateLimitName, RouteLimit } from '../config.ts';
import { counterKey, type RateLimitStore } from '../db/rate-limit-counters.ts';
import { appError } from './errors.ts';

/** Who and what a call counts against: each part given is counted in its own counter. */
export interface LimitedCall {
  ip?: string | null;
  /** An address, or `user:<id>` for a signed-in caller. */
  account?: string | null;
  /** The object the call mails about, e.g. `dossier:<id>`; counted only when the limit has perTarget. */
  target?: string | null;
}

/** The route limits of config.rateLimits: per IP, per account and per target, each in its own window. */
export function createRouteLimiter(store: RateLimitStore, limits: Record<RateLimitName, RouteLimit>) {
  async function enforce(key: string, max: number, windowMs: number) {
    const { count, resetAt } = await store.hit(key, windowMs);
    if (count > max) {
      throw appError('TOO_MANY_REQUESTS').retryAfter(Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000)));
    }
  }
  return {
    /** Throws a French 429 with Retry-After when the IP, the account or the target went over the limit. */
    async check(name: RateLimitName, call: LimitedCall) {
      const limit = limits[name];
      if (call.ip) await enforce(counterKey(name, 'ip', call.ip), limit.perIp, limit.windowMs);
      if (call.account) await enforce(counterKey(name, 'account', call.account.trim().toLowerCase()), limit.perAccount, limit.windowMs);
      if (call.target && limit.perTarget !== undefined) await enforce(counterKey(name, 'target', call.target), limit.perTarget, limit.windowMs);
    },
  };
}
export type RouteLimiter = ReturnType<typeof createRouteLimiter>;
