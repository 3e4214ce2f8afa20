// The application's API client, wired to the browser's fetch and the session store.
import { session } from '../session/session-store.ts';
import { sessionEvents } from '../session/session-events.ts';
import { createApiClient } from './api-client.ts';

export { ApiError, errorMessage, isApiError, isCatalogueError, SESSION_EXPIRED_CODE } from './api-error.ts';
export type { CallApi } from './api-client.ts';

const client = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  session,
  onSessionExpired: () => sessionEvents.emitExpired(),
  onEntryCheckRefused: (code) => sessionEvents.emitEntryCheckRefused(code),
});

export const callApi = client.callApi;
