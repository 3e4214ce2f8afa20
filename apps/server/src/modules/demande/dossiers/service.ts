// The subsidy dossiers of the association side (docs/domain.md « Dossiers de subvention »): the
// resolver of the contract's `dossier` scope, which every dossier route (projects and PDF too)
// goes through before its handler.
import type { ScopeResolvers } from '../../../http/resource-scope.ts';
import { dossierScopeFor } from './policy.ts';
import type { DossierScopeRepository } from './scope.repository.ts';

export interface DossierServiceDeps {
  scopeRepository: DossierScopeRepository;
}

export function createDossierService({ scopeRepository }: DossierServiceDeps) {
  const resolvers = {
    /** The dossier named by its id or id_fo: 404 DOSSIER_NOT_FOUND unseen, 403 seen but read only (policy.ts). */
    dossier: async (claims, ref, declared) => dossierScopeFor(claims, await scopeRepository.findAccess(ref, claims.userId), declared.mode),
  } satisfies ScopeResolvers;
  return { resolvers };
}
export type DossierService = ReturnType<typeof createDossierService>;
