// Route rate limits (config.rateLimits), per IP and per account, over the PostgreSQL counters of
// db/rate-limit-counters.ts.
import type { RateLimitName, RouteLimit } from '../config.ts';
import { counterKey, type RateLimitStore } from '../db/rate-limit-counters.ts';
import { appError } from './errors.ts';

/** The route limits of config.rateLimits: per IP and per account, each in its own window. */
export function createRouteLimiter(store: RateLimitStore, limits: Record<RateLimitName, RouteLimit>) {
  async function enforce(key: string, max: number, windowMs: number) {
    const { count, resetAt } = await store.hit(key, windowMs);
    if (count > max) {
      throw appError('TOO_MANY_REQUESTS').retryAfter(Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000)));
    }
  }
  return {
    /** Throws a French 429 with Retry-After when the IP or the account went over the route's limit. */
    async check(name: RateLimitName, caller: { ip: string; account: string | null }) {
      const limit = limits[name];
      await enforce(counterKey(name, 'ip', caller.ip), limit.perIp, limit.windowMs);
      if (caller.account) await enforce(counterKey(name, 'account', caller.account.trim().toLowerCase()), limit.perAccount, limit.windowMs);
    },
  };
}
export type RouteLimiter = ReturnType<typeof createRouteLimiter>;
