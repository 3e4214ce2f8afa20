// Data access for the audit trail: the chain head lock, inserts, reading a chain.
import { Prisma, type Database } from '../../db/prisma.ts';
import type { DbTransaction } from '../../db/transaction.ts';
import type { AuditEntry } from '../../generated/prisma/client.ts';
import { GENESIS_HASH } from './chain.ts';

export type { AuditEntry };
type Tx = DbTransaction;

const json = (value: unknown) => (value === null || value === undefined ? Prisma.DbNull : (value as Prisma.InputJsonValue));

export function createAuditRepository(db: Database) {
  return {
    /**
     * Locks the association's chain head until the transaction ends (created on first use) and
     * returns it. Only this row is locked: chains of other associations are not touched.
     */
    async lockHead(tx: Tx, associationId: string): Promise<{ lastSeq: number; lastHash: string }> {
      await tx.$executeRaw`INSERT INTO audit_chain_heads (association_id, last_seq, last_hash)
        VALUES (${associationId}::uuid, 0, ${GENESIS_HASH}) ON CONFLICT (association_id) DO NOTHING`;
      const [head] = await tx.$queryRaw<{ last_seq: number; last_hash: string }[]>`SELECT last_seq, last_hash
        FROM audit_chain_heads WHERE association_id = ${associationId}::uuid FOR UPDATE`;
      return { lastSeq: head!.last_seq, lastHash: head!.last_hash };
    },

    async append(tx: Tx, entry: Omit<Prisma.AuditEntryCreateManyInput, 'before' | 'after'> & { seq: number; hash: string; before: unknown; after: unknown }) {
      await tx.auditEntry.create({ data: { ...entry, before: json(entry.before), after: json(entry.after) } });
      await tx.auditChainHead.update({ where: { associationId: entry.associationId }, data: { lastSeq: entry.seq, lastHash: entry.hash } });
    },

    /** Newest first; `siret` set: association-wide entries and that establishment's only. */
    list: (associationId: string, options: { siret: string | null; limit: number }) =>
      db.auditEntry.findMany({
        where: { associationId, ...(options.siret ? { OR: [{ idSiret: null }, { idSiret: options.siret }] } : {}) },
        orderBy: { seq: 'desc' },
        take: options.limit,
      }),

    /** Every association with a chain (entries or a head). */
    chainIds: async () => {
      const rows = await db.$queryRaw<{ id: string }[]>`SELECT association_id::text AS id FROM audit_chain_heads
        UNION SELECT DISTINCT association_id::text FROM audit_entries ORDER BY id`;
      return rows.map((r) => r.id);
    },
    head: (associationId: string) => db.auditChainHead.findUnique({ where: { associationId } }),
    /** One page of a chain in order. */
    page: (associationId: string, afterSeq: number, take: number) =>
      db.auditEntry.findMany({ where: { associationId, seq: { gt: afterSeq } }, orderBy: { seq: 'asc' }, take }),

    /** Entries of a kind for an association (or by an actor) since `since`, e.g. today's joins. */
    countEntries: (client: Tx | Database, where: { associationId?: string; actorId?: string; entity: string; action: string; since: Date }) =>
      client.auditEntry.count({
        where: {
          ...(where.associationId ? { associationId: where.associationId } : {}),
          ...(where.actorId ? { actorId: where.actorId } : {}),
          entity: where.entity,
          action: where.action,
          createdAt: { gte: where.since },
        },
      }),
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
