// Where the agent wanted to go before leaving for ProConnect, and where the provider's session ends
// at logout: kept in this tab's sessionStorage across the trip to the provider.
import { safeRedirect } from './paths.ts';

const REDIRECT_KEY = 'lca.proconnect.redirect';

export function rememberProconnectRedirect(redirectUrl: string | null): void {
  const safe = safeRedirect(redirectUrl);
  if (safe) sessionStorage.setItem(REDIRECT_KEY, safe);
  else sessionStorage.removeItem(REDIRECT_KEY);
}

/** The remembered destination, once (then forgotten). */
export function takeProconnectRedirect(): string | null {
  const value = sessionStorage.getItem(REDIRECT_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
  return safeRedirect(value);
}

const PROVIDER_LOGOUT_KEY = 'lca.proconnect.logout';

/** Where the browser ends the provider's session at logout (null: the provider has none). */
export function rememberProviderLogout(url: string | null): void {
  if (url) sessionStorage.setItem(PROVIDER_LOGOUT_KEY, url);
  else sessionStorage.removeItem(PROVIDER_LOGOUT_KEY);
}

/** The provider's logout URL of this tab's ProConnect session, once (then forgotten). */
export function takeProviderLogout(): string | null {
  const url = sessionStorage.getItem(PROVIDER_LOGOUT_KEY);
  sessionStorage.removeItem(PROVIDER_LOGOUT_KEY);
  return url;
}
