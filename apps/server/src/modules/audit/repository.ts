// Data access for the audit trail: the chain head lock, inserts, reading a chain.
import type { Database } from '../../db/prisma.ts';
import type { DbTransaction } from '../../db/transaction.ts';
import type { AuditEntry } from '../../generated/prisma/client.ts';
import { GENESIS_HASH, type ChainedEntry } from './chain.ts';
import type { NameQuery } from './readable.ts';

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

    /**
     * The names of what a page of history names, in one query: ids of named things (instructing
     * services, approvals, schemes and their campaigns, referentials, definitions, content…), the
     * expected items' definitions by code, referential options by type and value. Absent: deleted.
     */
    async namesOf(query: NameQuery): Promise<Map<string, string>> {
      const types = query.options.map((o) => o.type);
      const values = query.options.map((o) => o.value);
      const ids = query.ids;
      const rows = await db.$queryRaw<{ k: string; name: string }[]>`
        SELECT 'id:' || id::text AS k, nom AS name FROM service_accounts WHERE id = ANY(${ids}::uuid[])
        UNION ALL SELECT 'id:' || id::text, code || ' (campagne ' || campagne_exercice || ')' FROM agrements WHERE id = ANY(${ids}::uuid[])
        UNION ALL SELECT 'id:' || id::text, label FROM subventions WHERE id = ANY(${ids}::uuid[])
        UNION ALL SELECT 'id:' || id::text, label FROM dispositifs WHERE id = ANY(${ids}::uuid[])
        UNION ALL SELECT 'id:' || id::text, label FROM sous_dispositifs WHERE id = ANY(${ids}::uuid[])
        UNION ALL SELECT 'id:' || id::text, label FROM referentiels WHERE id = ANY(${ids}::uuid[])
        UNION ALL SELECT 'id:' || id::text, label FROM champs_attendus WHERE id = ANY(${ids}::uuid[])
        UNION ALL SELECT 'id:' || id::text, label FROM documents_attendus WHERE id = ANY(${ids}::uuid[])
        UNION ALL SELECT 'id:' || id::text, label FROM questions WHERE id = ANY(${ids}::uuid[])
        UNION ALL SELECT 'id:' || id::text, libelle FROM urls WHERE id = ANY(${ids}::uuid[])
        UNION ALL SELECT 'id:' || id::text, libelle FROM documents_modeles WHERE id = ANY(${ids}::uuid[])
        UNION ALL SELECT 'id:' || id::text, title FROM notes_on_page WHERE id = ANY(${ids}::uuid[]) AND title IS NOT NULL
        UNION ALL SELECT 'id:' || id::text, libelle FROM missions WHERE id = ANY(${ids}::uuid[])
        UNION ALL SELECT 'id:' || id::text, libelle FROM cec_sessions WHERE id = ANY(${ids}::uuid[])
        UNION ALL SELECT 'id:' || id::text, nom FROM reseaux_affiliation WHERE id = ANY(${ids}::uuid[])
        UNION ALL SELECT 'champ:' || code, label FROM champs_attendus WHERE code = ANY(${query.champs}::text[])
        UNION ALL SELECT 'document:' || code, label FROM documents_attendus WHERE code = ANY(${query.documents}::text[])
        UNION ALL SELECT 'option:' || r.type || ':' || o.value, o.label
          FROM unnest(${types}::text[], ${values}::text[]) AS q(type, value)
          JOIN referentiels r ON r.type = q.type JOIN referentiel_options o ON o.referentiel_id = r.id AND o.value = q.value`;
      return new Map(rows.map((row) => [row.k, row.name]));
    },

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
