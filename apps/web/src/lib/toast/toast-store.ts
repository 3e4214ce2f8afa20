// Toasts usable from anywhere (components, route guards, the API client's listeners).

export type ToastSeverity = 'info' | 'success' | 'warning' | 'error';

export interface Toast {
  id: number;
  severity: ToastSeverity;
  message: string;
  durationMs: number;
}

/** docs/domain.md « Constantes et affichage »: toasts last 10 s, the session-expired one 100 s. */
export const TOAST_DURATION_MS = 10_000;
export const SESSION_EXPIRED_TOAST_MS = 100_000;

type Listener = () => void;

export function createToastStore(schedule: (fn: () => void, ms: number) => unknown = setTimeout) {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();

  function set(next: readonly Toast[]) {
    toasts = next;
    listeners.forEach((listener) => listener());
  }

  function dismiss(id: number) {
    if (toasts.some((toast) => toast.id === id)) set(toasts.filter((toast) => toast.id !== id));
  }

  function push(severity: ToastSeverity, message: string, durationMs = TOAST_DURATION_MS): number {
    // The same message twice in a row is shown once.
    const existing = toasts.find((toast) => toast.message === message && toast.severity === severity);
    if (existing) return existing.id;
    const id = nextId++;
    set([...toasts, { id, severity, message, durationMs }]);
    schedule(() => dismiss(id), durationMs);
    return id;
  }

  return {
    getToasts: () => toasts,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    push,
    dismiss,
  };
}

export const toasts = createToastStore();

export const toast = {
  info: (message: string, durationMs?: number) => toasts.push('info', message, durationMs),
  success: (message: string, durationMs?: number) => toasts.push('success', message, durationMs),
  warning: (message: string, durationMs?: number) => toasts.push('warning', message, durationMs),
  error: (message: string, durationMs?: number) => toasts.push('error', message, durationMs),
};
