// The "user-info load" entry check: association record (lca) or service record (rds).
import { associationUserRoutes, coreErrorCodeOf, isLcaRole, isRdsRole, MESSAGES, rdsRoutes, type SessionUser } from '@portail/contract';
import type { CallApi } from '../api/api-client.ts';
import { ApiError } from '../api/api-error.ts';

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
  const rds = await callApi(rdsRoutes.getServiceUser, { params: { id: user.authId } });
  if (rds.locked) throw new ApiError(MESSAGES.userLocked, 403, { code: coreErrorCodeOf('USER_LOCKED') });
  return { ...user, rds };
}
