// Data access for the approvals' catalogue (docs/domain.md « Agréments »): approvals, their expected
// fields and documents (definitions of the approvals' own catalogue, `service = 'agrement'`).
import type { Database } from '../../../db/prisma.ts';
import { transactionRunner, type DbTransaction } from '../../../db/transaction.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';

const agrementInclude = {
  service: { select: { id: true, nom: true } },
  champsAttendus: { include: { champAttendu: true }, orderBy: { rang: 'asc' } },
  documentsAttendus: { include: { documentAttendu: true }, orderBy: { rang: 'asc' } },
} as const;
export type AgrementRow = Prisma.AgrementGetPayload<{ include: typeof agrementInclude }>;

export interface AgrementRowFilter {
  type?: string;
  service?: string;
  campagneExercice?: number;
  code?: string;
  active?: boolean;
}

/** An expected item's link, its definition resolved. */
export interface ExpectedLinkData {
  id: string;
  asks: unknown[];
  obligatoire: boolean;
  rang: number;
}

export interface AgrementData {
  code: string;
  typeAgrement: string;
  serviceId: string;
  campagneExercice: number;
  codeService: string | null;
  active: boolean;
}

export function createAgrementRepository(db: Database) {
  const writeLinks = async (tx: DbTransaction, agrementId: string, champs: ExpectedLinkData[], documents: ExpectedLinkData[]) => {
    await tx.agrementChampAttendu.createMany({
      data: champs.map(({ id, asks, ...link }) => ({ agrementId, champAttenduId: id, asks: asks as Prisma.InputJsonValue, ...link })),
    });
    await tx.agrementDocumentAttendu.createMany({
      data: documents.map(({ id, asks, ...link }) => ({ agrementId, documentAttenduId: id, asks: asks as Prisma.InputJsonValue, ...link })),
    });
  };

  return {
    transaction: transactionRunner(db),
    list: (filter: AgrementRowFilter) =>
      db.agrement.findMany({
        where: {
          ...(filter.type ? { typeAgrement: filter.type } : {}),
          ...(filter.service ? { serviceId: filter.service } : {}),
          ...(filter.campagneExercice ? { campagneExercice: filter.campagneExercice } : {}),
          ...(filter.code ? { code: filter.code } : {}),
          ...(filter.active !== undefined ? { active: filter.active } : {}),
        },
        include: agrementInclude,
        orderBy: [{ campagneExercice: 'desc' }, { code: 'asc' }],
        take: 500,
      }),
    find: (id: string, client: DbTransaction | Database = db) => client.agrement.findUnique({ where: { id }, include: agrementInclude }),
    lock: (tx: DbTransaction, id: string) => tx.$queryRaw`SELECT id FROM agrements WHERE id = ${id}::uuid FOR UPDATE`,
    codeTaken: async (tx: DbTransaction, code: string, campagneExercice: number, exceptId?: string) =>
      (await tx.agrement.count({ where: { code, campagneExercice, ...(exceptId ? { NOT: { id: exceptId } } : {}) } })) > 0,
    /** Instructing services by name (those of `ids`, or every one). */
    services: (ids?: readonly string[]) =>
      db.serviceAccount.findMany({ where: ids ? { id: { in: [...ids] } } : {}, select: { id: true, nom: true, niveauTerritorial: true }, orderBy: [{ nom: 'asc' }, { id: 'asc' }] }),
    serviceExists: async (tx: DbTransaction, id: string) => (await tx.serviceAccount.count({ where: { id } })) > 0,
    champsByCode: (tx: DbTransaction, codes: readonly string[]) =>
      tx.champAttendu.findMany({ where: { code: { in: [...codes] }, service: 'agrement' }, select: { id: true, code: true } }),
    documentsByCode: (tx: DbTransaction, codes: readonly string[]) =>
      tx.documentAttendu.findMany({ where: { code: { in: [...codes] }, service: 'agrement' }, select: { id: true, code: true } }),
    create: async (tx: DbTransaction, data: AgrementData, champs: ExpectedLinkData[], documents: ExpectedLinkData[]) => {
      const created = await tx.agrement.create({ data, select: { id: true } });
      await writeLinks(tx, created.id, champs, documents);
      return created.id;
    },
    /** Changes the columns given; a list given replaces that list. */
    update: async (tx: DbTransaction, id: string, data: Partial<AgrementData>, champs?: ExpectedLinkData[], documents?: ExpectedLinkData[]) => {
      await tx.agrement.update({ where: { id }, data });
      if (champs) {
        await tx.agrementChampAttendu.deleteMany({ where: { agrementId: id } });
        await writeLinks(tx, id, champs, []);
      }
      if (documents) {
        await tx.agrementDocumentAttendu.deleteMany({ where: { agrementId: id } });
        await writeLinks(tx, id, [], documents);
      }
    },
    /** Dossiers (even deleted ones) that request this approval. */
    dossierCount: (tx: DbTransaction, id: string) => tx.dossier.count({ where: { agrementId: id } }),
    remove: (tx: DbTransaction, id: string) => tx.agrement.delete({ where: { id } }),
  };
}
export type AgrementRepository = ReturnType<typeof createAgrementRepository>;
