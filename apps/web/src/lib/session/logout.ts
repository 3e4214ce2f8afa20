// Logout: revoke the refresh token on the server, then forget everything locally (docs/domain.md « Session et rôles »).
import { authSessionRoutes } from '@portail/contract';
import type { CallApi } from '../api/api-client.ts';
import { clearDrafts } from '../forms/draft-storage.ts';
import { takeProviderLogout } from './proconnect.ts';
import type { SessionStore } from './session-store.ts';

export async function logout(store: SessionStore, callApi: CallApi): Promise<void> {
  const { refreshToken } = store.getState();
  try {
    await callApi(authSessionRoutes.logout, { body: refreshToken ? { refreshToken } : {} });
  } catch {
    // Nothing to do: the local session goes anyway.
  }
  store.clear();
  // Unsaved input stays across an expired session (signed in again, it comes back), not across a logout.
  clearDrafts();
  // Signed in with ProConnect: the provider's session ends too (it sends the browser back to /login).
  const providerLogout = takeProviderLogout();
  if (providerLogout) window.location.assign(providerLogout);
}
