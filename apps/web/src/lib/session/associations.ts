// The signed-in user's association links (docs/domain.md « Données »), and their refresh.
import { authSessionRoutes, type SessionUser, type UserAssociationLink } from '@portail/contract';
import { callApi } from '../api/index.ts';
import { session } from './session-store.ts';

export function userAssociations(user: SessionUser | null): UserAssociationLink[] {
  return user?.associations ?? [];
}

/** Reloads the session user (GET /auth-server/me) after its links changed; the current role is kept. */
export async function refreshSessionUser(): Promise<SessionUser> {
  const me = await callApi(authSessionRoutes.me);
  const current = session.getState().user;
  const user = { ...me, role: current?.role ?? me.role };
  session.setUser(user);
  return user;
}
