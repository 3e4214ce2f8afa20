// Where a signed-in user lands when nothing else is asked (after login or a password change).
import { isOsirisRole, isRdsRole, type SessionUser } from '@portail/contract';
import { currentRole } from './session-store.ts';

export function defaultLanding(user: SessionUser | null): string {
  const role = currentRole(user);
  if (!role) return '/';
  if (isRdsRole(role)) return '/instructeur';
  if (isOsirisRole(role)) return '/osiris';
  if (role === 'lca.admin') return '/administration/lca';
  if (role === 'lca.association') return '/user/dashboard';
  return '/';
}
