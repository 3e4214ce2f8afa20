// Cookie banner choice, remembered 395 days (docs/domain.md « Constantes et affichage ») in localStorage with its expiry.

export const CONSENT_KEY = 'lca.cookieConsent';
export const CONSENT_DAYS = 395;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ConsentChoice = 'accepted' | 'refused';
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readConsent(store: Store, nowMs: number): ConsentChoice | null {
  try {
    const raw = store.getItem(CONSENT_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as { choice?: unknown; expiresAt?: unknown };
    if (typeof value.expiresAt !== 'number' || value.expiresAt <= nowMs) {
      store.removeItem(CONSENT_KEY);
      return null;
    }
    return value.choice === 'accepted' || value.choice === 'refused' ? value.choice : null;
  } catch {
    return null;
  }
}

export function saveConsent(store: Store, choice: ConsentChoice, nowMs: number): void {
  try {
    store.setItem(CONSENT_KEY, JSON.stringify({ choice, expiresAt: nowMs + CONSENT_DAYS * DAY_MS }));
  } catch {
    // Storage unavailable: the banner shows again next time, nothing worse.
  }
}
