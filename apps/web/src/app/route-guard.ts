// Applies the entry checks before each route: store what they learnt, toast, redirect.
import { redirect, type LoaderFunction } from 'react-router-dom';
import { callApi } from '../lib/api/index.ts';
import { runEntryChecks } from '../lib/session/entry-checks.ts';
import type { RouteMeta } from '../lib/session/route-meta.ts';
import { session } from '../lib/session/session-store.ts';
import { loadUserInfo } from '../lib/session/user-info.ts';
import { toast } from '../lib/toast/toast-store.ts';
import { stripBasename } from './base-path.ts';

/** User info is loaded once per page session (and again after a role change or a new login). */
let userInfoLoadedFor: string | null = null;

export function forgetLoadedUserInfo(): void {
  userInfoLoadedFor = null;
}

export function guardLoader(meta: RouteMeta): LoaderFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    const path = stripBasename(url.pathname);

    // docs/domain.md « Parcours »: /login clears tokens on arrival.
    if (meta.name === 'login') {
      session.clear();
      forgetLoadedUserInfo();
      return null;
    }

    const state = session.getState();
    const outcome = await runEntryChecks(
      {
        path,
        search: url.search,
        meta,
        token: state.token,
        user: state.user,
        hasSelectedAssociation: state.selectedAssociation !== null,
        userInfoLoadedFor,
      },
      { loadUserInfo: (kind, user) => loadUserInfo(kind, user, callApi) },
    );

    if (outcome.userInfoLoadedFor) userInfoLoadedFor = outcome.userInfoLoadedFor;
    if (outcome.kind === 'redirect' && outcome.clearSession) {
      session.clear();
      forgetLoadedUserInfo();
    } else if (outcome.user) {
      session.setUser(outcome.user);
    }
    if (outcome.kind === 'redirect') {
      if (outcome.errorToast) toast.error(outcome.errorToast);
      throw redirect(outcome.to);
    }
    return null;
  };
}
