// The caller's scope on an association: the registry lookup and links (repository), then the
// rules (policy). Its resolvers answer the contract's `association` and `establishment` scopes
// for every route that declares them (http/resource-scope.ts).
import type { ScopeMode } from '@portail/contract';
import type { AuthClaims } from '../../../http/request-context.ts';
import { appError } from '../../../http/errors.ts';
import type { ScopeResolvers } from '../../../http/resource-scope.ts';
import { assertSeesEtablissement, assertWritableSiret, LCA_ADMIN, scopeFor, type AssociationScope } from './policy.ts';
import type { AccessRepository } from './repository.ts';

export function createAccessService(repository: AccessRepository) {
  /** The caller's scope on the association named by id_asso, or 404 / 403 (see policy.ts). */
  async function scopeOf<M extends ScopeMode>(claims: AuthClaims, idAsso: string, mode: M): Promise<AssociationScope<M>> {
    // lca.admin needs no link; only association users have links worth loading.
    const linked = !claims.roles.includes(LCA_ADMIN) && claims.roles.includes('lca.association');
    const found = await repository.findWithLink(idAsso, linked ? claims.userId : null);
    if (!found) throw appError('NOT_FOUND');
    return scopeFor(claims, found.associationId, linked ? found.link : undefined, mode);
  }

  const resolvers = {
    association: (claims, idAsso, declared) => scopeOf(claims, idAsso, declared.mode),
    /** The establishment must be the association's and visible (404), and writable in write mode (403). */
    async establishment(claims, ids, declared) {
      const scope = await scopeOf(claims, ids.association, declared.mode);
      assertSeesEtablissement(scope, await repository.findEstablishment(scope.associationId, ids.siret));
      if (declared.mode === 'write') assertWritableSiret(scope, ids.siret);
      return { ...scope, establishment: ids.siret };
    },
  } satisfies ScopeResolvers;

  return { findAssociationId: repository.findAssociationId, scopeOf, resolvers };
}
export type AccessService = ReturnType<typeof createAccessService>;
