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
    const associationId = await repository.findAssociationId(idAsso);
    if (!associationId) throw appError('NOT_FOUND');
    // lca.admin needs no link; only association users have links worth loading.
    const link =
      !claims.roles.includes(LCA_ADMIN) && claims.roles.includes('lca.association')
        ? (await repository.linksOf(claims.userId)).find((l) => l.associationId === associationId)
        : undefined;
    return scopeFor(claims, associationId, link, mode);
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
