// Repeated failed sign-ins, per address and per IP: a few free attempts, then a short wait that
// doubles with each failure up to a small cap. Never a long lock: a stranger typing wrong passwords
// for someone's address makes that person wait seconds, not lose access; the right password after
// the wait signs in. Counters live in PostgreSQL (shared by instances, kept across restarts).
import type { LoginThrottleConfig } from '../../../config.ts';
import { counterKey, type RateLimitStore } from '../../../db/rate-limit-counters.ts';

export function createLoginThrottle(store: RateLimitStore, config: LoginThrottleConfig) {
  const rule = (free: number) => ({ free, baseMs: config.baseDelayMs, maxMs: config.maxDelayMs, windowMs: config.windowMs });
  const keys = (email: string, ip: string) => ({
    account: counterKey('login', 'account', email.trim().toLowerCase()),
    ip: counterKey('login', 'ip', ip),
  });

  return {
    /**
     * Takes an attempt for this address and IP before the password is checked. Returns the seconds
     * to wait when either must wait first (the attempt is then not counted).
     */
    async begin(email: string, ip: string): Promise<number> {
      const key = keys(email, ip);
      const byIp = await store.attempt(key.ip, rule(config.ipFreeAttempts));
      if (!byIp.allowed) return byIp.retryAfter;
      const byAccount = await store.attempt(key.account, rule(config.freeAttempts));
      if (!byAccount.allowed) {
        await store.release(key.ip);
        return byAccount.retryAfter;
      }
      return 0;
    },
    /** The right password: the address starts afresh, and the IP gets its attempt back. */
    async succeeded(email: string, ip: string) {
      const key = keys(email, ip);
      await Promise.all([store.reset(key.account), store.release(key.ip)]);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
