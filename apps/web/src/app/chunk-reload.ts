// After a deployment, old chunks disappear: reload the page once, at most every 60 s (docs/domain.md « Erreurs et messages »).
import { lazy, type ComponentType } from 'react';

const RELOAD_KEY = 'lca.chunkReloadAt';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** True (and remembered) when no reload happened in the last 60 s. */
export function claimChunkReload(store: Store, nowMs: number): boolean {
  const last = Number(store.getItem(RELOAD_KEY) ?? 0);
  if (last && nowMs - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  store.setItem(RELOAD_KEY, String(nowMs));
  return true;
}

function reloadOnce(): boolean {
  if (!claimChunkReload(sessionStorage, Date.now())) return false;
  window.location.reload();
  return true;
}

/** Route `lazy` for a page module; a failed chunk load reloads the page (or reaches the error page). */
export function lazyPage(load: () => Promise<ComponentType>) {
  return async () => {
    try {
      return { Component: await load() };
    } catch (error) {
      if (reloadOnce()) return new Promise<never>(() => {});
      throw error;
    }
  };
}

/**
 * A part of the layout loaded after the first paint (notes, cookie banner…), for `<Suspense>`.
 * A failed chunk load reloads the page once; after that the part is left out rather than breaking
 * the page around it.
 */
export function lazyLayoutPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    try {
      return { default: await load() };
    } catch {
      if (reloadOnce()) return new Promise<never>(() => {});
      return { default: (() => null) as ComponentType<P> };
    }
  });
}

/** Vite's own signal for a failed preload of a dynamic import. */
export function installPreloadErrorReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault();
  });
}
