// Data access for schemes, campaigns and expected-item definitions (docs/domain.md « Dispositifs et subventions »).
import type { Database } from '../../../db/prisma.ts';
import { transactionRunner, type DbTransaction } from '../../../db/transaction.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';

export const subventionInclude = {
  dispositif: { select: { code: true, label: true, dureePluriannuelle: true } },
  sousDispositifs: { include: { sousDispositif: { select: { id: true, label: true } } } },
  instructeurs: { include: { service: { select: { id: true, nom: true, type: true } } } },
  champsAttendus: { include: { champAttendu: true }, orderBy: { rang: 'asc' } },
  documentsAttendus: { include: { documentAttendu: true }, orderBy: { rang: 'asc' } },
} as const;
export type SubventionRow = Prisma.SubventionGetPayload<{ include: typeof subventionInclude }>;

/** The catalogue an expected item's definition belongs to (the same word as a dossier's `service`). */
export type ExpectedItemsOf = 'subvention' | 'agrement';

/** An expected field's or document's definition. */
export interface DefinitionData {
  code: string;
  label: string;
  labelCode: string | null;
  meta: Record<string, unknown>;
  enabled: boolean;
  isDefault: boolean;
}

export interface SubventionFilter {
  active?: boolean;
  dispositif?: string;
  exercice?: number;
  service?: string;
}

/** A campaign's columns and links, ids resolved. */
export interface SubventionData {
  code: string;
  label: string;
  active: boolean;
  dispositifId: string;
  campagneExercice: number;
  typeProjet: string | null;
  dateDebut: Date | null;
  dateFin: Date | null;
  sousDispositifs: { sousDispositifId: string; dateDebut: Date | null; dateFin: Date | null }[];
  instructeurs: { serviceId: string; isReferent: boolean }[];
  champs: { champAttenduId: string; part: string; asks: unknown[]; obligatoire: boolean; rang: number }[];
  documents: { documentAttenduId: string; part: string; asks: unknown[]; obligatoire: boolean; rang: number }[];
}

const columnsOf = (data: SubventionData) => ({
  code: data.code,
  label: data.label,
  active: data.active,
  dispositifId: data.dispositifId,
  campagneExercice: data.campagneExercice,
  typeProjet: data.typeProjet,
  dateDebut: data.dateDebut,
  dateFin: data.dateFin,
});

export function createSubventionRepository(db: Database) {
  async function writeLinks(tx: DbTransaction, subventionId: string, data: SubventionData) {
    await tx.subventionSousDispositif.createMany({ data: data.sousDispositifs.map((link) => ({ subventionId, ...link })) });
    await tx.subventionInstructeur.createMany({ data: data.instructeurs.map((link) => ({ subventionId, ...link })) });
    await tx.subventionChampAttendu.createMany({ data: data.champs.map((link) => ({ subventionId, ...link, asks: link.asks as Prisma.InputJsonValue })) });
    await tx.subventionDocumentAttendu.createMany({
      data: data.documents.map((link) => ({ subventionId, ...link, asks: link.asks as Prisma.InputJsonValue })),
    });
  }

  return {
    transaction: transactionRunner(db),
    list: (filter: SubventionFilter) =>
      db.subvention.findMany({
        where: {
          ...(filter.active !== undefined ? { active: filter.active } : {}),
          ...(filter.dispositif ? { dispositif: { code: filter.dispositif } } : {}),
          ...(filter.exercice ? { campagneExercice: filter.exercice } : {}),
          ...(filter.service ? { instructeurs: { some: { serviceId: filter.service } } } : {}),
        },
        include: subventionInclude,
        orderBy: [{ campagneExercice: 'desc' }, { code: 'asc' }],
        take: 500,
      }),
    findByCode: (code: string) => db.subvention.findUnique({ where: { code }, include: subventionInclude }),
    find: (id: string, client: DbTransaction | Database = db) => client.subvention.findUnique({ where: { id }, include: subventionInclude }),
    codeTaken: async (tx: DbTransaction, code: string, exceptId?: string) =>
      (await tx.subvention.count({ where: { code, ...(exceptId ? { NOT: { id: exceptId } } : {}) } })) > 0,
    dispositifByCode: (tx: DbTransaction, code: string) => tx.dispositif.findUnique({ where: { code }, select: { id: true } }),
    sousDispositifsOf: (tx: DbTransaction, dispositifId: string, ids: readonly string[]) =>
      tx.sousDispositif.findMany({ where: { dispositifId, id: { in: [...ids] } }, select: { id: true, label: true } }),
    /** The scheme's sub-scheme with this label (case aside), if any. */
    sousDispositifByLabel: (tx: DbTransaction, dispositifId: string, label: string) =>
      tx.sousDispositif.findFirst({ where: { dispositifId, label: { equals: label, mode: 'insensitive' } }, select: { id: true, label: true } }),
    /** A new sub-scheme of the scheme (or the one a concurrent write just made with the same label). */
    createSousDispositif: (tx: DbTransaction, dispositifId: string, label: string) =>
      tx.sousDispositif.upsert({
        where: { dispositifId_label: { dispositifId, label } },
        create: { dispositifId, label },
        update: {},
        select: { id: true, label: true },
      }),
    /** Of these sub-schemes, those some dossier of the campaign (even a deleted one) comes under. */
    sousDispositifsInUse: async (tx: DbTransaction, subventionId: string, ids: readonly string[]) =>
      (
        await tx.dossier.findMany({
          where: { subventionId, sousDispositifId: { in: [...ids] } },
          distinct: ['sousDispositifId'],
          select: { sousDispositifId: true },
        })
      ).map((row) => row.sousDispositifId!),
    servicesIn: (tx: DbTransaction, ids: readonly string[]) => tx.serviceAccount.findMany({ where: { id: { in: [...ids] } }, select: { id: true } }),
    champsByCode: (tx: DbTransaction, codes: readonly string[], service: ExpectedItemsOf = 'subvention') =>
      tx.champAttendu.findMany({ where: { code: { in: [...codes] }, service }, select: { id: true, code: true } }),
    documentsByCode: (tx: DbTransaction, codes: readonly string[], service: ExpectedItemsOf = 'subvention') =>
      tx.documentAttendu.findMany({ where: { code: { in: [...codes] }, service }, select: { id: true, code: true } }),
    create: async (tx: DbTransaction, data: SubventionData) => {
      const created = await tx.subvention.create({ data: columnsOf(data) });
      await writeLinks(tx, created.id, data);
      return created.id;
    },
    /** Replaces the columns and every link. */
    replace: async (tx: DbTransaction, id: string, data: SubventionData) => {
      await tx.subvention.update({ where: { id }, data: columnsOf(data) });
      await tx.subventionSousDispositif.deleteMany({ where: { subventionId: id } });
      await tx.subventionInstructeur.deleteMany({ where: { subventionId: id } });
      await tx.subventionChampAttendu.deleteMany({ where: { subventionId: id } });
      await tx.subventionDocumentAttendu.deleteMany({ where: { subventionId: id } });
      await writeLinks(tx, id, data);
    },
    lock: (tx: DbTransaction, id: string) => tx.$queryRaw`SELECT id FROM subventions WHERE id = ${id}::uuid FOR UPDATE`,
    dossierCount: (tx: DbTransaction, id: string) => tx.dossier.count({ where: { subventionId: id } }),
    remove: (tx: DbTransaction, id: string) => tx.subvention.delete({ where: { id } }),

    listDispositifs: (withSousDispositifs: boolean) =>
      db.dispositif.findMany({
        orderBy: { code: 'asc' },
        include: withSousDispositifs ? { sousDispositifs: { orderBy: { label: 'asc' } } } : undefined,
      }),

    // Definitions of one catalogue's expected items (`service`: subvention or agrement).
    listChamps: (service: ExpectedItemsOf, enabled?: boolean) =>
      db.champAttendu.findMany({ where: { service, ...(enabled === undefined ? {} : { enabled }) }, orderBy: { code: 'asc' } }),
    listDocuments: (service: ExpectedItemsOf, enabled?: boolean) =>
      db.documentAttendu.findMany({ where: { service, ...(enabled === undefined ? {} : { enabled }) }, orderBy: { code: 'asc' } }),
    createChamp: (tx: DbTransaction, service: ExpectedItemsOf, data: DefinitionData & { type: string }) =>
      tx.champAttendu.create({ data: { ...data, service, meta: data.meta as Prisma.InputJsonValue } }),
    createDocument: (tx: DbTransaction, service: ExpectedItemsOf, data: DefinitionData & { nature: string }) =>
      tx.documentAttendu.create({ data: { ...data, service, meta: data.meta as Prisma.InputJsonValue } }),
    updateChamp: (tx: DbTransaction, id: string, data: DefinitionData & { type: string }) =>
      tx.champAttendu.update({ where: { id }, data: { ...data, meta: data.meta as Prisma.InputJsonValue } }),
    updateDocument: (tx: DbTransaction, id: string, data: DefinitionData & { nature: string }) =>
      tx.documentAttendu.update({ where: { id }, data: { ...data, meta: data.meta as Prisma.InputJsonValue } }),
    /** A definition of that catalogue, its row locked until the transaction ends (null: none). */
    lockChamp: async (tx: DbTransaction, service: ExpectedItemsOf, id: string) => {
      await tx.$queryRaw`SELECT id FROM champs_attendus WHERE id = ${id}::uuid FOR UPDATE`;
      return tx.champAttendu.findFirst({ where: { id, service } });
    },
    lockDocument: async (tx: DbTransaction, service: ExpectedItemsOf, id: string) => {
      await tx.$queryRaw`SELECT id FROM documents_attendus WHERE id = ${id}::uuid FOR UPDATE`;
      return tx.documentAttendu.findFirst({ where: { id, service } });
    },
  };
}
export type SubventionRepository = ReturnType<typeof createSubventionRepository>;
