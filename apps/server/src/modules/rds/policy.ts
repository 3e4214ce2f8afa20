// Who may read an instructing service's user record: its own account, administrators, and the
// roles that manage service accounts.
import { isAdminRole, SERVICE_ACCOUNT_MANAGER_ROLES } from '@portail/contract';
import type { AuthClaims } from '../../http/request-context.ts';

export const managesServices = (claims: AuthClaims) =>
  claims.roles.some((role) => isAdminRole(role) || (SERVICE_ACCOUNT_MANAGER_ROLES as readonly string[]).includes(role));

export const mayReadServiceUser = (claims: AuthClaims, authId: string) => claims.userId === authId || managesServices(claims);
