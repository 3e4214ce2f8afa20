import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_INTERVAL_MS, claimChunkReload } from '../src/app/chunk-reload.ts';
import { CONSENT_DAYS, readConsent, saveConsent } from '../src/features/shell/cookie-consent.ts';
import { createToastStore, SESSION_EXPIRED_TOAST_MS, TOAST_DURATION_MS } from '../src/lib/toast/toast-store.ts';
import { memoryStorage } from './support/factories.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('cookie consent', () => {
  it('is remembered for 395 days, then asked again', () => {
    const store = memoryStorage();
    expect(readConsent(store, 0)).toBeNull();
    saveConsent(store, 'accepted', 0);
    expect(CONSENT_DAYS).toBe(395);
    expect(readConsent(store, 394 * DAY)).toBe('accepted');
    expect(readConsent(store, 395 * DAY)).toBeNull();
  });
});

describe('chunk reload', () => {
  it('reloads at most once every 60 s', () => {
    const store = memoryStorage();
    expect(claimChunkReload(store, 1_000_000)).toBe(true);
    expect(claimChunkReload(store, 1_000_000 + CHUNK_RELOAD_INTERVAL_MS - 1)).toBe(false);
    expect(claimChunkReload(store, 1_000_000 + CHUNK_RELOAD_INTERVAL_MS)).toBe(true);
  });
});

describe('toasts', () => {
  it('last 10 s by default, the session-expired one 100 s, and are not duplicated', () => {
    const schedule = vi.fn();
    const store = createToastStore(schedule);
    store.push('info', 'Bonjour');
    store.push('info', 'Bonjour');
    store.push('warning', 'Session', SESSION_EXPIRED_TOAST_MS);
    expect(store.getToasts()).toHaveLength(2);
    expect(schedule.mock.calls.map((call) => call[1])).toEqual([TOAST_DURATION_MS, 100_000]);
    schedule.mock.calls[0]![0]();
    expect(store.getToasts().map((t) => t.message)).toEqual(['Session']);
  });
});
