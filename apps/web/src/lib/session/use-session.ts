// React view of the session store.
import { useSyncExternalStore } from 'react';
import { session, type SessionState } from './session-store.ts';

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}
