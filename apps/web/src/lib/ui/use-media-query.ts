// Whether a CSS media query matches now, kept up to date (false where the browser cannot tell, as in
// the test DOM): for layouts that change structure, not only look, under a breakpoint.
import { useSyncExternalStore } from 'react';

/** DSFR's md breakpoint (48em): under it, a phone. */
export const NARROW_SCREEN = '(max-width: 47.99em)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}
