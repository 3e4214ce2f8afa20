// On every page change inside the client (a new path, not the first load nor a change of query
// string, which pages handle themselves: the wizard's steps), the focus goes to the new page's h1,
// which a screen reader then reads; a status region says the page's title as well, for readers that
// do not speak a focused heading.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { focusWhenPresent } from './focus.ts';

/** The h1 of the main content (the page's title), once the page has rendered it. */
const pageHeading = () => document.querySelector<HTMLElement>('main h1, #contenu h1');

/**
 * The path last shown, kept outside the component: moving between the two layouts (sign-in, then
 * the dashboard) mounts a new frame, which is still a page change.
 */
let shownPath: string | null = null;

/** A new start (tests render one application after another in the same document). */
export function forgetShownPath(): void {
  shownPath = null;
}

export function RouteFocus() {
  const { pathname } = useLocation();
  const [announce, setAnnounce] = useState('');
  useEffect(() => {
    const first = shownPath === null;
    if (shownPath === pathname) return;
    shownPath = pathname;
    if (first) return;
    const cancel = focusWhenPresent(() => {
      const heading = pageHeading();
      if (heading) setAnnounce(heading.textContent ?? '');
      return heading;
    });
    return cancel;
  }, [pathname]);
  return (
    <p className="fr-sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="route-announce">
      {announce}
    </p>
  );
}
