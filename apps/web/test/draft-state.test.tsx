// Unsaved input kept per form (lib/forms/draft-state.ts): back after a remount (a reload), only over
// the saved value it started from, gone once saved, discarded on request, cleared at logout.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearDrafts, DRAFT_PREFIX, draftKeys, fieldSetter, hasDraft, useDraftState } from '../src/lib/forms/draft-state.ts';
import { logout } from '../src/lib/session/logout.ts';
import { createSessionStore } from '../src/lib/session/session-store.ts';
import { memoryStorage } from './support/factories.ts';

const saved = { intitule: 'École de vélo', montant: 1500 };

describe('draft state', () => {
  it('keeps what was typed across a remount and says it was restored', () => {
    const first = renderHook(() => useDraftState('d:1', saved));
    expect(first.result.current.restored).toBe(false);
    act(() => first.result.current.set((v) => ({ ...v, intitule: 'École de vélo et de roller' })));
    first.unmount();
    expect(hasDraft('d:1')).toBe(true);

    const again = renderHook(() => useDraftState('d:1', saved));
    expect(again.result.current.value.intitule).toBe('École de vélo et de roller');
    expect(again.result.current.restored).toBe(true);
  });

  it('drops a draft whose saved value changed meanwhile (another member saved)', () => {
    const first = renderHook(() => useDraftState('d:2', saved));
    act(() => first.result.current.set({ ...saved, montant: 9999 }));
    first.unmount();
    const changed = { ...saved, intitule: 'Nouvel intitulé enregistré' };
    const again = renderHook(() => useDraftState('d:2', changed));
    expect(again.result.current.value).toEqual(changed);
    expect(again.result.current.restored).toBe(false);
    expect(hasDraft('d:2')).toBe(false);
  });

  it('typing back the saved value, saving or discarding leaves no draft', () => {
    const hook = renderHook(() => useDraftState('d:3', saved));
    act(() => hook.result.current.set({ ...saved, montant: 1 }));
    expect(hasDraft('d:3')).toBe(true);
    act(() => hook.result.current.set(saved));
    expect(hasDraft('d:3')).toBe(false);

    act(() => hook.result.current.set({ ...saved, montant: 2 }));
    act(() => hook.result.current.clear());
    expect(hasDraft('d:3')).toBe(false);
    expect(hook.result.current.value.montant).toBe(2);

    act(() => hook.result.current.set({ ...saved, montant: 3 }));
    act(() => hook.result.current.discard());
    expect(hook.result.current.value).toEqual(saved);
    expect(hasDraft('d:3')).toBe(false);
  });

  it('keeps nothing without a key (read mode) and ignores a damaged entry', () => {
    const hook = renderHook(() => useDraftState(null, saved));
    act(() => hook.result.current.set({ ...saved, montant: 4 }));
    expect(draftKeys('')).toEqual([]);
    sessionStorage.setItem(`${DRAFT_PREFIX}d:4`, '{pas du json');
    expect(renderHook(() => useDraftState('d:4', saved)).result.current.value).toEqual(saved);
  });

  it('sets one field like a useState setter', () => {
    const hook = renderHook(() => useDraftState('d:5', saved));
    act(() => fieldSetter(hook.result.current.set, 'montant')((m) => m + 1));
    expect(hook.result.current.value).toEqual({ ...saved, montant: 1501 });
  });

  it('logout forgets every draft; other keys stay', async () => {
    const hook = renderHook(() => useDraftState('d:6', saved));
    act(() => hook.result.current.set({ ...saved, montant: 6 }));
    sessionStorage.setItem('autre', 'x');
    await logout(createSessionStore(memoryStorage()), async () => ({ message: 'ok' }) as never);
    expect(hasDraft('d:6')).toBe(false);
    expect(sessionStorage.getItem('autre')).toBe('x');
    clearDrafts();
  });
});
