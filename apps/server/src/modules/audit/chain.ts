// The hash chain of the audit trail, pure: what an entry's hash covers and how it is computed, so
// the writer and the checker cannot disagree.
import { createHash } from 'node:crypto';

/** prev_hash of the first entry of every chain. */
export const GENESIS_HASH = '0'.repeat(64);

/** The stored fields an entry's hash covers (everything but the hash itself). */
export interface ChainedEntry {
  id: string;
  associationId: string;
  seq: number;
  actorId: string | null;
  actorEmail: string | null;
  entity: string;
  entityId: string | null;
  action: string;
  idSiret: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
  prevHash: string;
}

/** JSON with object keys sorted at every level: jsonb does not keep key order, the hash must not care. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** A value as it comes back from jsonb (dates as ISO strings, no undefined). */
export const asStoredJson = (value: unknown): unknown => (value === undefined || value === null ? null : JSON.parse(JSON.stringify(value)));

export function entryHash(entry: ChainedEntry): string {
  // Named one by one: a row read back carries more (its own hash) that must not be covered.
  const covered = {
    id: entry.id,
    associationId: entry.associationId,
    seq: entry.seq,
    actorId: entry.actorId,
    actorEmail: entry.actorEmail,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    idSiret: entry.idSiret,
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: entry.createdAt.toISOString(),
    prevHash: entry.prevHash,
  };
  return createHash('sha256').update(canonicalJson(covered)).digest('hex');
}
