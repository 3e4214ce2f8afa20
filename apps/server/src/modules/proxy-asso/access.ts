// Former path of the access rules, kept while other modules move to ../proxy-asso/index.ts.
import type { Database } from '../../db/prisma.ts';
import type { AuthClaims } from '../../http/request-context.ts';
import { createAccessRepository } from './access/repository.ts';
import { createAccessService } from './access/service.ts';
import type { AssociationScope, ScopeMode } from './access/policy.ts';

export { findAssociationId } from './access/repository.ts';
export { LCA_ADMIN, seesSiret, assertWritableSiret, type AssociationScope } from './access/policy.ts';

/** The caller's scope on the association named by id_asso, for callers holding only the database. */
export function associationScope(db: Database, claims: AuthClaims, idAsso: string, mode: ScopeMode): Promise<AssociationScope> {
  return createAccessService(createAccessRepository(db)).scopeOf(claims, idAsso, mode);
}
