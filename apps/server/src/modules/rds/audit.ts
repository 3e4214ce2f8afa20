// The audit of the instructing services' administration (docs/domain.md « Services instructeurs »):
// a service's creation, changes and deletion go to its account's own chain (with its address
// changes), in the change's transaction. The campaigns' go to the subsidies catalogue's chain
// (subventions/service.ts, CATALOGUE_AUDIT_CHAINS).
import type { DbTransaction } from '../../db/transaction.ts';
import type { AuthClaims } from '../../http/request-context.ts';
import type { AuditService } from '../audit/index.ts';

/** What the entries name (contract AUDIT_ENTITY_LABELS). */
export const RDS_AUDIT_ENTITIES = { service: 'service_instructeur', subvention: 'subvention' } as const;

export interface RdsAuditEntry {
  /** The chain: the service account's id. */
  chain: string;
  entity: (typeof RDS_AUDIT_ENTITIES)[keyof typeof RDS_AUDIT_ENTITIES];
  entityId: string;
  action: 'create' | 'update' | 'delete';
  before?: unknown;
  after?: unknown;
}

/** Records one change of the rds administration, the caller as actor. */
export type RdsAudit = (tx: DbTransaction, claims: AuthClaims, entry: RdsAuditEntry) => Promise<void>;

export const createRdsAudit = (audit: Pick<AuditService, 'record'>): RdsAudit => async (tx, claims, { chain, ...entry }) => {
  await audit.record(tx, { associationId: chain, actor: { id: claims.userId, email: claims.email }, ...entry });
};
