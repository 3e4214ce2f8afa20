// The caller's scope on an association: the registry lookup and links (repository), then the
// rules (policy).
import type { AuthClaims } from '../../../http/request-context.ts';
import { appError } from '../../../http/errors.ts';
import { LCA_ADMIN, scopeFor, type AssociationScope, type ScopeMode } from './policy.ts';
import type { AccessRepository } from './repository.ts';

export function createAccessService(repository: AccessRepository) {
  return {
    findAssociationId: repository.findAssociationId,
    /** The caller's scope on the association named by id_asso, or 404 / 403 (see policy.ts). */
    async scopeOf(claims: AuthClaims, idAsso: string, mode: ScopeMode): Promise<AssociationScope> {
      const associationId = await repository.findAssociationId(idAsso);
      if (!associationId) throw appError('NOT_FOUND');
      // lca.admin needs no link; only association users have links worth loading.
      const link =
        !claims.roles.includes(LCA_ADMIN) && claims.roles.includes('lca.association')
          ? (await repository.linksOf(claims.userId)).find((l) => l.associationId === associationId)
          : undefined;
      return scopeFor(claims, associationId, link, mode);
    },
  };
}
export type AccessService = ReturnType<typeof createAccessService>;
