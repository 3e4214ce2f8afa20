// Data access for referentials (api-declaration-server).
import { randomUUID } from 'node:crypto';
import { normaliseSearchText } from '@portail/contract';
import { likeLiteral } from '../../../db/like-pattern.ts';
import { Prisma, type Database } from '../../../db/prisma.ts';
import type { DbTransaction } from '../../../db/transaction.ts';

export interface OptionRow {
  value: string;
  label: string;
  meta: Record<string, unknown> | null;
}

export interface ReferentielFilter {
  types?: string[];
  categorie?: string;
  /** Labels containing `normalised` (normaliseSearchText; may be empty when the filter is only
   * punctuation) or the exact value `raw`. */
  search?: { normalised: string; raw: string };
  /** Options per referential; undefined: all. */
  take?: number;
}

const optionWhere = (search: ReferentielFilter['search']): Prisma.ReferentielOptionWhereInput =>
  search
    ? {
        OR: [
          ...(search.normalised ? [{ labelRecherche: { contains: likeLiteral(search.normalised) } }] : []),
          { value: { equals: likeLiteral(search.raw), mode: 'insensitive' } },
        ],
      }
    : {};

const toRows = (options: { value: string; label: string; meta: Prisma.JsonValue }[]): OptionRow[] =>
  options.map((o) => ({
    value: o.value,
    label: o.label,
    meta: o.meta !== null && typeof o.meta === 'object' && !Array.isArray(o.meta) ? (o.meta as Record<string, unknown>) : null,
  }));

const optionRecords = (referentielId: string, options: OptionRow[]) =>
  options.map((o, rang) => ({
    referentielId,
    value: o.value,
    label: o.label,
    labelRecherche: normaliseSearchText(o.label),
    meta: o.meta === null ? Prisma.JsonNull : (o.meta as Prisma.InputJsonObject),
    rang,
  }));

export function createReferentielRepository(db: Database) {
  async function find(where: Prisma.ReferentielWhereInput, filter: Omit<ReferentielFilter, 'types' | 'categorie'>) {
    const options = optionWhere(filter.search);
    const referentiels = await db.referentiel.findMany({
      where,
      orderBy: { type: 'asc' },
      include: {
        options: { where: options, orderBy: [{ rang: 'asc' }, { value: 'asc' }], ...(filter.take ? { take: filter.take } : {}) },
        _count: { select: { options: { where: options } } },
      },
    });
    return referentiels.map((r) => ({
      id: r.id,
      type: r.type,
      categorie: r.categorie,
      label: r.label,
      options: toRows(r.options),
      optionsCount: r._count.options,
    }));
  }

  return {
    find: (filter: ReferentielFilter) =>
      find(
        {
          ...(filter.types ? { type: { in: filter.types } } : {}),
          ...(filter.categorie ? { categorie: filter.categorie } : {}),
        },
        filter,
      ),
    findById: async (id: string) => (await find({ id }, {}))[0] ?? null,

    /** Replaces what is given; the options as a whole list, in display order; `alongside` writes in the same transaction (its audit entry). */
    update: (id: string, changes: { label?: string; categorie?: string | null; options?: OptionRow[] }, alongside: (tx: DbTransaction) => Promise<unknown>) =>
      db.$transaction(
        async (tx) => {
          await tx.referentiel.update({
            where: { id },
            data: {
              ...(changes.label !== undefined ? { label: changes.label } : {}),
              ...(changes.categorie !== undefined ? { categorie: changes.categorie } : {}),
              updatedAt: new Date(),
            },
          });
          if (changes.options) {
            await tx.referentielOption.deleteMany({ where: { referentielId: id } });
            await tx.referentielOption.createMany({ data: optionRecords(id, changes.options) });
          }
          await alongside(tx);
        },
        { timeout: 60_000 },
      ),

    existingTypes: async () => new Set((await db.referentiel.findMany({ select: { type: true } })).map((r) => r.type)),

    /**
     * Inserts a referential and its options in one transaction, unless its type already exists
     * (another process seeded it meanwhile). One INSERT ... SELECT over jsonb_to_recordset keeps
     * the 35 000 communes to a single statement. Returns whether it inserted.
     */
    insertIfMissing: (referentiel: { type: string; label: string; categorie: string | null }, options: OptionRow[]) =>
      db.$transaction(
        async (tx) => {
          const id = randomUUID();
          const inserted = await tx.$executeRaw`
            INSERT INTO referentiels (id, type, categorie, label, updated_at)
            VALUES (${id}::uuid, ${referentiel.type}, ${referentiel.categorie}, ${referentiel.label}, now())
            ON CONFLICT (type) DO NOTHING`;
          if (inserted === 0) return false;
          const rows = options.map((o, rang) => ({
            value: o.value,
            label: o.label,
            label_recherche: normaliseSearchText(o.label),
            meta: o.meta,
            rang,
          }));
          await tx.$executeRaw`
            INSERT INTO referentiel_options (referentiel_id, value, label, label_recherche, meta, rang)
            SELECT ${id}::uuid, o.value, o.label, o.label_recherche, o.meta, o.rang
            FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
              AS o(value text, label text, label_recherche text, meta jsonb, rang int)`;
          return true;
        },
        { timeout: 60_000 },
      ),
  };
}
export type ReferentielRepository = ReturnType<typeof createReferentielRepository>;
