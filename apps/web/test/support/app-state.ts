// Shared state of the client that component tests leave behind: global fetch, session, toasts.
import { vi } from 'vitest';
import { session } from '../../src/lib/session/session-store.ts';
import { toasts } from '../../src/lib/toast/toast-store.ts';

export function resetAppState(): void {
  vi.unstubAllGlobals();
  session.clear();
  toasts.getToasts().forEach((toast) => toasts.dismiss(toast.id));
}
