// Slows down, then refuses for a while, repeated failed logins for one address or one IP.
// Kept in memory: the portal runs as one process; a restart forgets the counters.
import type { LoginThrottleConfig } from '../../config.ts';

interface Counter {
  failures: number[];
  blockedUntil: number;
}

const MAX_KEYS = 50_000;

export function createLoginThrottle(config: LoginThrottleConfig, now: () => number = Date.now) {
  const counters = new Map<string, Counter>();

  function counter(key: string): Counter {
    let entry = counters.get(key);
    if (!entry) {
      if (counters.size >= MAX_KEYS) counters.delete(counters.keys().next().value!);
      entry = { failures: [], blockedUntil: 0 };
      counters.set(key, entry);
    }
    entry.failures = entry.failures.filter((time) => time > now() - config.windowMs);
    return entry;
  }

  const keys = (email: string, ip: string) => [
    { key: `email:${email}`, limit: config.blockAfter },
    { key: `ip:${ip}`, limit: config.ipBlockAfter },
  ];

  return {
    /** Seconds to wait when this address or IP is refused, else 0. */
    blockedFor(email: string, ip: string): number {
      const until = Math.max(...keys(email, ip).map(({ key }) => counter(key).blockedUntil));
      return until > now() ? Math.ceil((until - now()) / 1000) : 0;
    },
    /** Delay to impose on an attempt for this address, growing with its recent failures. */
    delayMs(email: string): number {
      const failures = counter(`email:${email}`).failures.length;
      if (failures < config.slowAfter) return 0;
      return Math.min(config.maxDelayMs, (failures - config.slowAfter + 1) * config.delayStepMs);
    },
    recordFailure(email: string, ip: string) {
      for (const { key, limit } of keys(email, ip)) {
        const entry = counter(key);
        entry.failures.push(now());
        if (entry.failures.length >= limit) {
          entry.blockedUntil = now() + config.blockMs;
          entry.failures = [];
        }
      }
    },
    recordSuccess(email: string) {
      counters.delete(`email:${email}`);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
