// Entry checks run before each route (docs/domain.md « Parcours »), in the spec's order: authentication, enabled,
// password, role, user-info load, has-association. Pure: the session comes in, an outcome goes out;
// the one side effect (loading user info) is injected.
import { MESSAGES, needsPortalRole, type SessionUser } from '@portail/contract';
import { isApiError, isCatalogueError, SESSION_EXPIRED_CODE } from '../api/api-error.ts';
import {
  CHANGE_PASSWORD_PATH,
  CHOOSE_ASSOCIATION_PATH,
  isAddAssociationPath,
  isChangePasswordPath,
  isPublicPath,
  LOGIN_PATH,
  loginUrl,
  normalisePath,
  REGISTER_PATH,
  STEPS_NEEDING_SELECTION,
  VALIDATION_PATH,
} from './paths.ts';
import type { RouteMeta } from './route-meta.ts';
import { currentRole } from './session-store.ts';
import { userInfoKind, type UserInfoKind } from './user-info.ts';

export interface EntryContext {
  /** Path relative to the /client base, without the query. */
  path: string;
  /** Query string with its leading `?`, or ''. */
  search: string;
  meta: RouteMeta;
  token: string | null;
  user: SessionUser | null;
  /** An association was chosen in the "ajout association" steps. */
  hasSelectedAssociation: boolean;
  /** Key of the user info already loaded in this page session (see userInfoKey). */
  userInfoLoadedFor: string | null;
}

export interface EntryDeps {
  loadUserInfo(kind: UserInfoKind, user: SessionUser): Promise<SessionUser>;
}

export type EntryOutcome =
  | { kind: 'proceed'; user?: SessionUser; userInfoLoadedFor?: string }
  | {
      kind: 'redirect';
      to: string;
      user?: SessionUser;
      userInfoLoadedFor?: string;
      clearSession?: boolean;
      errorToast?: string;
    };

export function userInfoKey(user: SessionUser, kind: UserInfoKind): string {
  return `${user._id}:${kind}`;
}

/** Role check: null when the route allows the current role, else the role to switch to, or false. */
function roleForRoute(user: SessionUser, allowed: readonly string[] | undefined): string | null | false {
  if (!allowed || allowed.length === 0) return null;
  const role = currentRole(user);
  if (role && allowed.includes(role)) return null;
  return user.roles.find((r) => allowed.includes(r)) ?? false;
}

export async function runEntryChecks(ctx: EntryContext, deps: EntryDeps): Promise<EntryOutcome> {
  const path = normalisePath(ctx.path);
  if (ctx.meta.public || isPublicPath(path)) return { kind: 'proceed' };

  // Authentication
  if (!ctx.token || !ctx.user) return { kind: 'redirect', to: loginUrl(path + ctx.search) };

  // Enabled (e-mail validated)
  if (!ctx.user.enabled) return { kind: 'redirect', to: VALIDATION_PATH };

  let user = ctx.user;
  let changed = false;
  const onChangePassword = isChangePasswordPath(path);

  if (!onChangePassword) {
    // Password
    if (user.mustChangePassword) return { kind: 'redirect', to: `${CHANGE_PASSWORD_PATH}/` };

    // Role: other ministry sites' users register here first
    if (needsPortalRole(user.roles)) {
      return { kind: 'redirect', to: REGISTER_PATH };
    }
    const switchTo = roleForRoute(user, ctx.meta.roles);
    if (switchTo === false) return { kind: 'redirect', to: '/' };
    if (switchTo !== null) {
      user = { ...user, role: switchTo };
      changed = true;
    }
  }

  // User-info load (once per page session and role kind). Not while the password must change: the
  // server refuses every call but the change itself until then.
  let userInfoLoadedFor: string | undefined;
  const kind = user.mustChangePassword ? null : userInfoKind(currentRole(user));
  if (kind && ctx.userInfoLoadedFor !== userInfoKey(user, kind)) {
    try {
      user = await deps.loadUserInfo(kind, user);
      changed = true;
      userInfoLoadedFor = userInfoKey(user, kind);
    } catch (error) {
      return userInfoFailure(error, path + ctx.search);
    }
  }
  const keep = { ...(changed ? { user } : {}), ...(userInfoLoadedFor ? { userInfoLoadedFor } : {}) };

  // Has association
  if (!onChangePassword && !ctx.meta.skipAssociationCheck && currentRole(user) === 'lca.association') {
    const noAssociation = user.associations.length === 0 && !isAddAssociationPath(path);
    const noSelection = STEPS_NEEDING_SELECTION.includes(path) && !ctx.hasSelectedAssociation;
    if (noAssociation || noSelection) return { kind: 'redirect', to: CHOOSE_ASSOCIATION_PATH, ...keep };
  }

  return { kind: 'proceed', ...keep };
}

function userInfoFailure(error: unknown, fullPath: string): EntryOutcome {
  if (isApiError(error) && error.code === SESSION_EXPIRED_CODE) {
    // The API client already cleared the session and raised the session-expired signal.
    return { kind: 'redirect', to: loginUrl(fullPath), clearSession: true };
  }
  const locked =
    isCatalogueError(error, 'USER_LOCKED') ||
    (isApiError(error) && error.status === 403 && error.message === MESSAGES.userLocked);
  if (locked) return { kind: 'redirect', to: LOGIN_PATH, clearSession: true, errorToast: MESSAGES.userLocked };
  const message = isApiError(error) && error.status !== 500 ? error.message : MESSAGES.userInfoError;
  return { kind: 'redirect', to: '/', errorToast: message };
}
