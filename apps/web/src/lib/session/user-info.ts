// The "user-info load" entry check: association record (lca) or service record (rds).
import { associationUserRoutes, coreErrorCodeOf, isAdminRole, isLcaRole, isRdsRole, MESSAGES, rdsRoutes, ROLE_SETS, type SessionUser } from '@portail/contract';
import type { CallApi } from '../api/api-client.ts';
import { ApiError, isCatalogueError } from '../api/api-error.ts';
import { currentRole } from './session-store.ts';

export type UserInfoKind = 'association' | 'service';


export function userInfoKind(role: string | null): UserInfoKind | null {
  if (!role) return null;
  if (isRdsRole(role)) return 'service';
  if (isLcaRole(role)) return 'association';
  return null;
}

export async function loadUserInfo(kind: UserInfoKind, user: SessionUser, callApi: CallApi): Promise<SessionUser> {
  if (kind === 'association') {
    if (!user.lcaId) return user;
    const record = await callApi(associationUserRoutes.getUser, { params: { id: user.lcaId } });
    return { ...user, lcaId: record._id, associations: record.associations };
  }
  let rds;
  try {
    rds = await callApi(rdsRoutes.getServiceUser, { params: { id: user.authId } });
  } catch (error) {
    // The schemes' administrators (rds.appli_admin too) act for no service: without a service record they enter as they are.
    const role = currentRole(user) ?? '';
    if ((isAdminRole(role) || (ROLE_SETS.schemeAdmins as readonly string[]).includes(role)) && isCatalogueError(error, 'USER_NOT_FOUND')) return { ...user, rds: null };
    throw error;
  }
  if (rds.locked) throw new ApiError(MESSAGES.userLocked, 403, { code: coreErrorCodeOf('USER_LOCKED') });
  return { ...user, rds };
}
