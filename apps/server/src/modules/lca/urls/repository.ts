// Data access for the links of lca /urls: the list by rank, the administrators' writes (in the
// service's transaction, beside their audit entry).
import type { Database } from '../../../db/prisma.ts';
import type { DbTransaction } from '../../../db/transaction.ts';

export interface UrlData {
  code: string;
  libelle: string;
  url: string;
  rang: number;
}

const COLUMNS = { id: true, code: true, libelle: true, url: true, rang: true } as const;

export function createUrlRepository(db: Database) {
  return {
    listUrls: () => db.usefulUrl.findMany({ select: COLUMNS, orderBy: [{ rang: 'asc' }, { code: 'asc' }] }),
    urlByCode: (code: string) => db.usefulUrl.findUnique({ where: { code }, select: COLUMNS }),
    /** The link `id`, locked until the transaction ends. */
    lockUrl: async (tx: DbTransaction, id: string) => {
      await tx.$queryRaw`SELECT id FROM urls WHERE id = ${id}::uuid FOR UPDATE`;
      return tx.usefulUrl.findUnique({ where: { id }, select: COLUMNS });
    },
    createUrl: (tx: DbTransaction, data: UrlData) => tx.usefulUrl.create({ data, select: COLUMNS }),
    updateUrl: (tx: DbTransaction, id: string, data: UrlData) => tx.usefulUrl.update({ where: { id }, data, select: COLUMNS }),
    deleteUrl: (tx: DbTransaction, id: string) => tx.usefulUrl.delete({ where: { id } }),
  };
}
export type UrlRepository = ReturnType<typeof createUrlRepository>;
