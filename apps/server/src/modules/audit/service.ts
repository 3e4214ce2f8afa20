// The audit trail: one generic `record(tx, ...)` used by every module that changes sensitive data
// (association file, memberships, later the subsidy state machines), written in the caller's
// transaction; reading an association's journal; checking every chain.
import { randomUUID } from 'node:crypto';
import { maskIban, REFERENTIEL_AUDIT_ENTITY, type AuditEntryView } from '@portail/contract';
import type { DbTransaction } from '../../db/transaction.ts';
import type { AssociationScope } from '../../http/resource-scope.ts';
import { asStoredJson, entryHash, GENESIS_HASH } from './chain.ts';
import { isEmptyQuery, namesToFind, readableChanges } from './readable.ts';
import type { AuditEntry, AuditRepository } from './repository.ts';

export interface AuditActor {
  id: string | null;
  email: string | null;
}

export interface AuditRecord {
  associationId: string;
  actor: AuditActor;
  /** What changed: rib, representant_legal, membre... (labels in the contract's AUDIT_ENTITY_LABELS). */
  entity: string;
  entityId?: string | null;
  /** create, update, delete, detach... */
  action: string;
  /** The establishment concerned (null: association-wide), to scope who reads it. */
  idSiret?: string | null;
  /** Full values (the trail keeps them unmasked). */
  before?: unknown;
  after?: unknown;
  /** When the change happened: now unless said (the demo data's past history). */
  at?: Date;
}

/**
 * The audit chain of the portal's content (notes, questions, links, document templates,
 * referentials): content belongs to no association, so its entries go to a chain of their own
 * under this fixed key (as a service account's go to its account's id).
 */
export const CONTENT_AUDIT_CHAIN = '00000000-0000-4000-8000-00000000c0de';

/** Fields that say nothing about a change. */
const IGNORED_FIELDS = new Set(['id', '_id', 'deleted', 'createdAt', 'updatedAt']);

/** Fields whose value is never shown, at any depth: the trail keeps them, its readers see a mask. */
const SECRET_FIELD = /secret|token|password|mot_?de_?passe|hash|sha256|storage_?key|api_?key|signature/i;
export const SECRET_MASK = '•••• (masqué)';

type JsonObject = Record<string, unknown>;
const asObject = (value: unknown): JsonObject => (value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : {});

/** A value as a journal shows it: secrets masked, IBANs but their last 4 characters, in nested objects and lists too. */
function shown(field: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (SECRET_FIELD.test(field)) return SECRET_MASK;
  if (/^iban$/i.test(field) && typeof value === 'string') return maskIban(value);
  if (Array.isArray(value)) return value.map((item) => shown('', item));
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value as JsonObject).map(([key, item]) => [key, shown(key, item)]));
  return value;
}

/** Field by field differences of an entry, as the journal shows them (IBANs masked). */
export function changesOf(before: unknown, after: unknown) {
  const b = asObject(before);
  const a = asObject(after);
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((f) => !IGNORED_FIELDS.has(f));
  return fields
    .filter((f) => JSON.stringify(b[f] ?? null) !== JSON.stringify(a[f] ?? null))
    .map((f) => ({ champ: f, avant: shown(f, b[f]), apres: shown(f, a[f]) }));
}

/** The fields that name an element, by preference (a note's title, a link's label, a question's code…). */
const NAME_FIELDS = ['title', 'libelle', 'label', 'nom', 'code'];

/** What an entry's element is called, from its state after the change, else before (null: nothing names it). */
export function elementName(before: unknown, after: unknown): string | null {
  for (const state of [asObject(after), asObject(before)]) {
    for (const field of NAME_FIELDS) {
      const value = state[field];
      if (typeof value === 'string' && value.trim() && !SECRET_FIELD.test(field)) return value.trim();
    }
  }
  return null;
}

/** The type of the referential a referential's entry changed (its options are named by it), else null. */
function referentielOf(e: AuditEntry): string | null {
  if (e.entity !== REFERENTIEL_AUDIT_ENTITY) return null;
  const type = asObject(e.after).type ?? asObject(e.before).type;
  return typeof type === 'string' ? type : null;
}

export const toJournalEntry = (e: AuditEntry): AuditEntryView => ({
  id: e.id,
  seq: e.seq,
  date: e.createdAt.toISOString(),
  auteur: e.actorEmail,
  entite: e.entity,
  entite_id: e.entityId,
  action: e.action,
  id_siret: e.idSiret,
  changements: changesOf(e.before, e.after),
});

export interface ChainBreak {
  associationId: string;
  /** The first entry that does not verify (null: the chain head disagrees with the last entry). */
  entryId: string | null;
  seq: number | null;
  field: 'seq' | 'prev_hash' | 'hash' | 'head';
  expected: string;
  found: string;
}

export function createAuditService(repository: AuditRepository) {
  return {
    /**
     * Appends an entry to the association's chain inside `tx`: the chain head stays locked until
     * the transaction ends, so concurrent writers of one association queue and the chain stays
     * linear; a rolled-back change leaves no entry.
     */
    async record(tx: DbTransaction, record: AuditRecord) {
      const head = await repository.lockHead(tx, record.associationId);
      const entry = {
        id: randomUUID(),
        associationId: record.associationId,
        seq: head.lastSeq + 1,
        actorId: record.actor.id,
        actorEmail: record.actor.email,
        entity: record.entity,
        entityId: record.entityId ?? null,
        action: record.action,
        idSiret: record.idSiret ?? null,
        before: asStoredJson(record.before),
        after: asStoredJson(record.after),
        createdAt: record.at ?? new Date(),
        prevHash: head.lastHash,
      };
      const hash = entryHash(entry);
      await repository.append(tx, { ...entry, hash });
      return { id: entry.id, seq: entry.seq, hash };
    },

    /** The journal of an association for its reader: a secondary establishment sees its own entries and association-wide ones. */
    async journal(scope: AssociationScope<'read'>, limit: number) {
      return (await repository.list(scope.associationId, { siret: scope.siret, limit })).map(toJournalEntry);
    },

    /**
     * A page of one chain for the people who keep what it records, newest first: entries of the
     * given entities before position `before` (keyset on the chain's sequence), values masked as
     * the journal masks them, then readable (readable.ts: names for ids, French text for lists,
     * objects, booleans and dates); `suivant` is the page's last position when older entries remain.
     */
    async chainPage(associationId: string, options: { entities: readonly string[]; before?: number | undefined; limit: number }) {
      const rows = await repository.pageBefore(associationId, { entities: options.entities, beforeSeq: options.before, take: options.limit + 1 });
      const page = rows.slice(0, options.limit).map((e) => ({ ...toJournalEntry(e), element: elementName(e.before, e.after), referentiel: referentielOf(e) }));
      // What the page's values name, in one query for the page.
      const wanted = namesToFind(page);
      const names = isEmptyQuery(wanted) ? new Map<string, string>() : await repository.namesOf(wanted);
      return {
        entries: page.map(({ referentiel, ...e }) => ({ ...e, changements: readableChanges(e.entite, { changements: e.changements, referentiel }, names) })),
        suivant: rows.length > options.limit ? page[page.length - 1]!.seq : null,
      };
    },

    countEntries: repository.countEntries,

    /** Checks one chain from its first entry; the first broken link, or null. */
    async verifyChain(associationId: string): Promise<ChainBreak | null> {
      let expectedSeq = 1;
      let prevHash = GENESIS_HASH;
      for (;;) {
        const page = await repository.page(associationId, expectedSeq - 1, 1000);
        for (const e of page) {
          const at = { associationId, entryId: e.id, seq: e.seq };
          if (e.seq !== expectedSeq) return { ...at, field: 'seq', expected: String(expectedSeq), found: String(e.seq) };
          if (e.prevHash !== prevHash) return { ...at, field: 'prev_hash', expected: prevHash, found: e.prevHash };
          const hash = entryHash(e);
          if (hash !== e.hash) return { ...at, field: 'hash', expected: hash, found: e.hash };
          prevHash = e.hash;
          expectedSeq += 1;
        }
        if (page.length < 1000) break;
      }
      // Entries cut off at the end leave a head that points further.
      const head = await repository.head(associationId);
      const last = `${expectedSeq - 1}:${prevHash}`;
      const headSays = head ? `${head.lastSeq}:${head.lastHash}` : `0:${GENESIS_HASH}`;
      if (headSays !== last) return { associationId, entryId: null, seq: null, field: 'head', expected: headSays, found: last };
      return null;
    },

    /** Every chain, each to its first broken link. */
    async verifyAll(): Promise<{ chains: number; entries: number; breaks: ChainBreak[] }> {
      const ids = await repository.chainIds();
      const breaks: ChainBreak[] = [];
      let entries = 0;
      for (const id of ids) {
        const broken = await this.verifyChain(id);
        if (broken) breaks.push(broken);
        entries += (await repository.head(id))?.lastSeq ?? 0;
      }
      return { chains: ids.length, entries, breaks };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;

/** A chain's history as its keepers ask for it (contract chainHistoryQuerySchema). */
export interface ChainHistoryQuery {
  /** One kind of element; every one of the chain's kinds when absent. */
  entite?: string | undefined;
  avant?: number | undefined;
  limit: number;
}

/**
 * One page of the history of a chain belonging to no association (the portal's content, the
 * approvals' catalogue): the entries of one kind of element or of all those it holds, newest first.
 */
export const chainHistory = (audit: Pick<AuditService, 'chainPage'>, chain: string, entities: readonly string[], query: ChainHistoryQuery) =>
  audit.chainPage(chain, { entities: query.entite ? [query.entite] : entities, before: query.avant, limit: query.limit });
