// Typed input not yet saved on the server, kept in sessionStorage per form so that a reload, a
// closed tab restored by the browser or a refused save loses nothing. A draft remembers the saved
// value it started from (its base) and comes back only over that same saved value: if the server's
// data changed since (another member saved), the draft is dropped rather than overwriting it.
// sessionStorage (this tab only, gone with it) because drafts hold the association's data; the
// session store also clears every draft at sign-out.
import { useCallback, useEffect, useState } from 'react';
import { readDraft, removeDraft, writeDraft } from './draft-storage.ts';

export { clearDrafts, DRAFT_PREFIX, draftKeys, hasDraft } from './draft-storage.ts';

export interface DraftState<T> {
  value: T;
  set: (next: T | ((current: T) => T)) => void;
  /** The value came back from a draft (the form says so and offers to discard it). */
  restored: boolean;
  /** The value differs from the saved one (input that leaving the form would lose). */
  dirty: boolean;
  /** Back to the saved value, draft forgotten. */
  discard: () => void;
  /** The form was saved: the draft is no longer needed. */
  clear: () => void;
}

/**
 * useState whose unsaved value survives a reload. `saved` is the server's value the form starts
 * from; `key` null (read mode, nothing to keep) turns the draft off.
 */
export function useDraftState<T>(key: string | null, saved: T): DraftState<T> {
  const base = JSON.stringify(saved);
  const [state, setState] = useState(() => {
    const draft = key ? readDraft(key) : null;
    if (key && draft && draft.base !== base) removeDraft(key);
    return draft && draft.base === base ? { value: draft.value as T, restored: true } : { value: saved, restored: false };
  });
  useEffect(() => {
    if (!key) return;
    const json = JSON.stringify(state.value);
    if (json === base) removeDraft(key);
    else writeDraft(key, { base, value: state.value });
  }, [key, base, state.value]);

  const set = useCallback((next: T | ((current: T) => T)) => {
    setState((current) => ({ ...current, value: typeof next === 'function' ? (next as (c: T) => T)(current.value) : next }));
  }, []);
  const discard = useCallback(() => {
    if (key) removeDraft(key);
    setState({ value: JSON.parse(base) as T, restored: false });
  }, [key, base]);
  const clear = useCallback(() => {
    if (key) removeDraft(key);
    setState((current) => ({ ...current, restored: false }));
  }, [key]);
  return { value: state.value, set, restored: state.restored, dirty: JSON.stringify(state.value) !== base, discard, clear };
}

/** A setter of one field of a draft holding an object (like a useState setter of that field). */
export function fieldSetter<T extends object, K extends keyof T>(set: DraftState<T>['set'], name: K) {
  return (next: T[K] | ((current: T[K]) => T[K])) =>
    set((value) => ({ ...value, [name]: typeof next === 'function' ? (next as (current: T[K]) => T[K])(value[name]) : next }));
}
