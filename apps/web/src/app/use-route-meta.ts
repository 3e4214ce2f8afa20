import { useMatches } from 'react-router-dom';
import type { RouteMeta } from '../lib/session/route-meta.ts';

/** Metadata of the deepest matched route (its name filters the notes). */
export function useRouteMeta(): RouteMeta | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as { meta?: RouteMeta } | undefined;
    if (handle?.meta) return handle.meta;
  }
  return null;
}
