// "Session expired" signal: raised by the API client, handled by the app (toast + /login). Same for
// a call refused by the server's entry checks (address not validated, password to change).
import type { EntryCheckRefusal } from '../api/api-client.ts';

type Listener = () => void;
const listeners = new Set<Listener>();
const refusalListeners = new Set<(code: EntryCheckRefusal) => void>();

export const sessionEvents = {
  onExpired(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  emitExpired(): void {
    listeners.forEach((listener) => listener());
  },
  onEntryCheckRefused(listener: (code: EntryCheckRefusal) => void): () => void {
    refusalListeners.add(listener);
    return () => refusalListeners.delete(listener);
  },
  emitEntryCheckRefused(code: EntryCheckRefusal): void {
    refusalListeners.forEach((listener) => listener(code));
  },
};
