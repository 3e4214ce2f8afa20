// On "session expired": back to /login with the toast, when the page (or the one being opened) is private.
import { matchRoutes, type createBrowserRouter } from 'react-router-dom';
import { isPublicPath, loginUrl } from '../lib/session/paths.ts';
import type { RouteMeta } from '../lib/session/route-meta.ts';
import { sessionEvents } from '../lib/session/session-events.ts';
import { BASENAME, stripBasename } from './base-path.ts';
import { forgetLoadedUserInfo } from './route-guard.ts';

type AppRouter = ReturnType<typeof createBrowserRouter>;

export interface LoginLocationState {
  sessionExpired?: boolean;
  /** Why the return from ProConnect was refused (its French message), shown on the sign-in page. */
  proconnectError?: string;
}

export function installSessionExpiredHandler(router: AppRouter): () => void {
  return sessionEvents.onExpired(() => {
    forgetLoadedUserInfo();
    const location = router.state.navigation.location ?? router.state.location;
    const path = stripBasename(location.pathname);
    const matches = matchRoutes(router.routes, location, BASENAME || undefined) ?? [];
    const meta = (matches.at(-1)?.route.handle as { meta?: RouteMeta } | undefined)?.meta;
    if (meta?.public || isPublicPath(path)) return;
    const state: LoginLocationState = { sessionExpired: true };
    void router.navigate(loginUrl(path + location.search), { state });
  });
}
