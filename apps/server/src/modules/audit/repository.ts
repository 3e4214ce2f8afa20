// Data access for the audit trail: the chain head lock, inserts, reading a chain.
import type { Database } from '../../db/prisma.ts';
import type { DbTransaction } from '../../db/transaction.ts';
import type { AuditEntry } from '../../generated/prisma/client.ts';
import { GENESIS_HASH, type ChainedEntry } from './chain.ts';

export type { AuditEntry };
type Tx = DbTransaction;

/** A JSON column's text (SQL NULL for none). */
const jsonText = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** An entry as the chain made it, with its hash: every column given. */
type AppendedEntry = ChainedEntry & { hash: string };

export function createAuditRepository(db: Database) {
  return {
    /**
     * Locks the association's chain head until the transaction ends (created on first use) and
     * returns it. Only this row is locked: chains of other associations are not touched.
     */
    async lockHead(tx: Tx, associationId: string): Promise<{ lastSeq: number; lastHash: string }> {
      const locked = () => tx.$queryRaw<{ last_seq: number; last_hash: string }[]>`SELECT last_seq, last_hash
        FROM audit_chain_heads WHERE association_id = ${associationId}::uuid FOR UPDATE`;
      // One statement once the chain exists (every change but an association's first).
      let [head] = await locked();
      if (!head) {
        await tx.$executeRaw`INSERT INTO audit_chain_heads (association_id, last_seq, last_hash)
          VALUES (${associationId}::uuid, 0, ${GENESIS_HASH}) ON CONFLICT (association_id) DO NOTHING`;
        [head] = await locked();
      }
      return { lastSeq: head!.last_seq, lastHash: head!.last_hash };
    },

    /** The entry and the head moved onto it, in one statement (every audited change writes it). */
    async append(tx: Tx, entry: AppendedEntry) {
      await tx.$executeRaw`WITH entry AS (
          INSERT INTO audit_entries (id, association_id, seq, actor_id, actor_email, entity, entity_id, action, id_siret, before, after, created_at, prev_hash, hash)
          VALUES (${entry.id}::uuid, ${entry.associationId}::uuid, ${entry.seq}, ${entry.actorId}::uuid, ${entry.actorEmail}, ${entry.entity}, ${entry.entityId},
                  ${entry.action}, ${entry.idSiret}, ${jsonText(entry.before)}::jsonb, ${jsonText(entry.after)}::jsonb, ${entry.createdAt}, ${entry.prevHash}, ${entry.hash}))
        UPDATE audit_chain_heads SET last_seq = ${entry.seq}, last_hash = ${entry.hash} WHERE association_id = ${entry.associationId}::uuid`;
    },

    /** Newest first; `siret` set: association-wide entries and that establishment's only. */
    list: (associationId: string, options: { siret: string | null; limit: number }) =>
      db.auditEntry.findMany({
        where: { associationId, ...(options.siret ? { OR: [{ idSiret: null }, { idSiret: options.siret }] } : {}) },
        orderBy: { seq: 'desc' },
        take: options.limit,
      }),

    /** Newest first, of these entities, before `beforeSeq` when given (the chain's (association_id, seq) key). */
    pageBefore: (associationId: string, options: { entities: readonly string[]; beforeSeq?: number | undefined; take: number }) =>
      db.auditEntry.findMany({
        where: { associationId, entity: { in: [...options.entities] }, ...(options.beforeSeq ? { seq: { lt: options.beforeSeq } } : {}) },
        orderBy: { seq: 'desc' },
        take: options.take,
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
