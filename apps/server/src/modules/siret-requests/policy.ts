// Who reaches which SIRET request (spec §6): its creator while a member of its association, or an
// LCA administrator. Anyone else is told « La demande n'est pas accessible ou n'existe pas » (404),
// the same answer as for a request that does not exist: nothing says whether it does.
import { appError } from '../../http/errors.ts';
import type { AuthClaims } from '../../http/request-context.ts';
import type { SiretRequestScope } from '../../http/resource-scope.ts';

export const LCA_ADMIN = 'lca.admin';
export const isLcaAdmin = (claims: AuthClaims) => claims.roles.includes(LCA_ADMIN);

export function siretRequestScopeFor<M extends 'read' | 'write'>(
  claims: AuthClaims,
  found: { id: string; associationId: string; createdById: string | null; member: boolean } | null,
  mode: M,
): SiretRequestScope<M> {
  if (!found) throw appError('SIRET_REQUEST_NOT_ACCESSIBLE');
  if (isLcaAdmin(claims)) return { mode, requestId: found.id, associationId: found.associationId, admin: true };
  const creator = claims.roles.includes('lca.association') && found.createdById === claims.userId && found.member;
  if (!creator) throw appError('SIRET_REQUEST_NOT_ACCESSIBLE');
  return { mode, requestId: found.id, associationId: found.associationId, admin: false };
}
