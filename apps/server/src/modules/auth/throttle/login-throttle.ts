// Repeated failed sign-ins, per address and per IP: a few free attempts, then a short wait that
// doubles with each failure up to a small cap. Never a long lock: a stranger typing wrong passwords
// for someone's address makes that person wait seconds, not lose access; the right password after
// the wait signs in. Only failures count: sign-ins with the right password, even many at once (an
// office, several tabs), make nobody wait. Counters live in PostgreSQL (shared by instances, kept
// across restarts).
import { setTimeout as sleep } from 'node:timers/promises';
import type { LoginThrottleConfig } from '../../../config.ts';
import { counterKey, type RateLimitStore } from '../../../db/rate-limit-counters.ts';

/** An attempt whose outcome never came (its instance died) stops holding its place after this. */
const PENDING_MS = 30_000;
/** How long an attempt waits for the attempts in flight to end before it is told to come back. */
const BUSY_WAIT_MS = 10_000;
const BUSY_POLL_MS = 15;

export function createLoginThrottle(store: RateLimitStore, config: LoginThrottleConfig) {
  const rule = (free: number) => ({ free, baseMs: config.baseDelayMs, maxMs: config.maxDelayMs, windowMs: config.windowMs });
  const ipRule = rule(config.ipFreeAttempts);
  const accountRule = rule(config.freeAttempts);
  const keys = (email: string, ip: string) => ({
    account: counterKey('login', 'account', email.trim().toLowerCase()),
    ip: counterKey('login', 'ip', ip),
  });

  /** One try at a place for the IP and for the address: 0 (taken), the seconds to wait, or busy. */
  async function take(key: ReturnType<typeof keys>): Promise<number | 'busy'> {
    const byIp = await store.attempt(key.ip, ipRule, PENDING_MS);
    if (!byIp.allowed) return 'busy' in byIp ? 'busy' : byIp.waiting;
    const byAccount = await store.attempt(key.account, accountRule, PENDING_MS);
    if (byAccount.allowed) return 0;
    await store.settle(key.ip, ipRule, 'released');
    return 'busy' in byAccount ? 'busy' : byAccount.waiting;
  }

  return {
    /**
     * Takes a place for this address and IP before the password is checked (so a burst of parallel
     * guesses checks no more passwords than the free failures left), waiting while the attempts in
     * flight hold them all. Returns the seconds to wait when either waits after failures; 0 when
     * the attempt may go on, and then `failed`, `succeeded` or `abandoned` must follow.
     */
    async begin(email: string, ip: string): Promise<number> {
      const key = keys(email, ip);
      const deadline = Date.now() + BUSY_WAIT_MS;
      for (;;) {
        const taken = await take(key);
        if (taken !== 'busy') return taken;
        if (Date.now() >= deadline) return 1;
        await sleep(BUSY_POLL_MS + Math.random() * BUSY_POLL_MS);
      }
    },
    /** A wrong password or an unknown address: a failure for both. */
    async failed(email: string, ip: string) {
      const key = keys(email, ip);
      await Promise.all([store.settle(key.account, accountRule, 'failed'), store.settle(key.ip, ipRule, 'failed')]);
    },
    /** The right password: the address starts afresh; the IP is not charged (an office behind one address). */
    async succeeded(email: string, ip: string) {
      const key = keys(email, ip);
      await Promise.all([store.settle(key.account, accountRule, 'succeeded'), store.settle(key.ip, ipRule, 'released')]);
    },
    /** No outcome (the check itself failed): the places are given back, nothing counted. */
    async abandoned(email: string, ip: string) {
      const key = keys(email, ip);
      await Promise.all([store.settle(key.account, accountRule, 'released'), store.settle(key.ip, ipRule, 'released')]);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
