// Where the keyboard focus goes when something changes on screen without a page load (RGAA 7.1,
// 12.8): the new heading after a page or step change, the saved item or its notice after a save,
// the error summary after a refusal. Without it, focus falls to <body> and a screen reader user
// hears nothing of what changed.
import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a target may take to appear (a refetch, a lazy chunk) before the request is dropped. */
const WAIT_MS = 3000;

export type FocusTarget = string | (() => HTMLElement | null);

const resolve = (target: FocusTarget): HTMLElement | null => (typeof target === 'string' ? document.getElementById(target) : target());

/**
 * Focuses `element`, making it focusable from script only when it is not already (a heading, an
 * alert), and brings it into view.
 */
export function focusElement(element: HTMLElement): void {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
  element.scrollIntoView?.({ block: 'nearest' });
}

/**
 * Focuses the target as soon as it is in the page (now, or after the renders that bring it, for up
 * to 3 s). Returns a function that cancels the wait.
 */
export function focusWhenPresent(target: FocusTarget): () => void {
  const started = Date.now();
  let frame = 0;
  let cancelled = false;
  const attempt = () => {
    if (cancelled) return;
    const element = resolve(target);
    if (element && element.isConnected) return focusElement(element);
    if (Date.now() - started < WAIT_MS) frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
  };
}

/**
 * A component's way to move the focus after its next render: `moveFocus(target)` waits for the
 * render the state change causes, then for the target to be there (a saved item that comes back
 * with a refetch).
 */
export function useFocusAfterRender(): (target: FocusTarget) => void {
  const pending = useRef<FocusTarget | null>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    const target = pending.current;
    if (target === null) return;
    pending.current = null;
    return focusWhenPresent(target);
  }, [request]);
  return useCallback((target: FocusTarget) => {
    pending.current = target;
    setRequest((n) => n + 1);
  }, []);
}
