// Where the unsaved input of forms is kept: sessionStorage, one entry per form key (see
// draft-state.ts). Apart from the hook so that sign-out can forget every draft without bringing
// React's form code into the entry.

export const DRAFT_PREFIX = 'lca.brouillon:';

interface StoredDraft {
  base: string;
  value: unknown;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readDraft(key: string): StoredDraft | null {
  const raw = storage()?.getItem(DRAFT_PREFIX + key);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredDraft>;
    return typeof parsed.base === 'string' && 'value' in parsed ? { base: parsed.base, value: parsed.value } : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: StoredDraft): void {
  try {
    storage()?.setItem(DRAFT_PREFIX + key, JSON.stringify(draft));
  } catch {
    // A full or refused storage only loses the safety net, never the form.
  }
}

export function removeDraft(key: string): void {
  storage()?.removeItem(DRAFT_PREFIX + key);
}

/** Is there a draft under `key` (e.g. to offer to reopen the form it belongs to)? */
export function hasDraft(key: string): boolean {
  return readDraft(key) !== null;
}

/** The keys (without the prefix) of the drafts starting with `prefix`. */
export function draftKeys(prefix: string): string[] {
  const store = storage();
  if (!store) return [];
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(DRAFT_PREFIX + prefix)) keys.push(key.slice(DRAFT_PREFIX.length));
  }
  return keys;
}

/** Forgets every draft (sign-out). */
export function clearDrafts(): void {
  for (const key of draftKeys('')) removeDraft(key);
}
