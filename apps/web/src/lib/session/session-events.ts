// "Session expired" signal: raised by the API client, handled by the app (toast + /login).

type Listener = () => void;
const listeners = new Set<Listener>();

export const sessionEvents = {
  onExpired(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  emitExpired(): void {
    listeners.forEach((listener) => listener());
  },
};
