// Every query of food aid (sites and addresses of an association). Reads use the database; writes
// take the transaction the service opens, so a change and its audit entry commit together.
import type { Database, Prisma } from '../../../db/prisma.ts';
import { transactionRunner, type DbTransaction } from '../../../db/transaction.ts';

type Tx = DbTransaction;

const withAdresse = { adresse: true } as const;

export function createHaaRepository(db: Database) {
  return {
    transaction: transactionRunner(db),

    association: {
      /** The association's SIREN (food aid needs one) and its name. */
      find: (id: string) => db.association.findUnique({ where: { id }, select: { id: true, idSiren: true, nom: true } }),
    },

    members: {
      /** The association's active establishments, head office first. */
      etablissements: (associationId: string) =>
        db.etablissement.findMany({ where: { associationId, actif: true }, orderBy: [{ estSiege: 'desc' }, { siret: 'asc' }] }),
      etablissement: (associationId: string, siret: string) => db.etablissement.findFirst({ where: { associationId, siret, actif: true } }),
      /**
       * The live associations affiliated to the network headed by the association of `siren` (their
       * affiliation names its SIREN), by name; `ids` keeps only those.
       */
      reseau: async (associationId: string, siren: string, ids?: readonly string[]) => {
        const rows = await db.reseauAffiliation.findMany({
          where: {
            idSiren: siren,
            associationId: { not: associationId, ...(ids ? { in: [...ids] } : {}) },
            association: { deletedAt: null },
          },
          select: { association: { select: { id: true, nom: true, idSiren: true, adresseSiege: true } } },
          orderBy: { association: { nom: 'asc' } },
        });
        const seen = new Set<string>();
        return rows.map((r) => r.association).filter((a) => !seen.has(a.id) && seen.add(a.id));
      },
      /** A live legal representative of the association. */
      representant: (associationId: string, id: string) => db.representantLegal.findFirst({ where: { id, associationId, deleted: false }, select: { id: true } }),
    },

    adresses: {
      listByPostcode: (associationId: string, cp: string) =>
        db.haaAdresse.findMany({ where: { associationId, cp }, orderBy: [{ commune: 'asc' }, { voie: 'asc' }, { createdAt: 'asc' }] }),
      find: (associationId: string, id: string, client: Tx | Database = db) => client.haaAdresse.findFirst({ where: { id, associationId } }),
      /** The address row, locked until the transaction ends (a site being pointed at it waits, and the reverse). */
      lock: async (tx: Tx, associationId: string, id: string) => {
        const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM haa_adresses WHERE id = ${id}::uuid AND association_id = ${associationId}::uuid FOR UPDATE`;
        return rows.length > 0;
      },
      create: (tx: Tx, data: Prisma.HaaAdresseUncheckedCreateInput) => tx.haaAdresse.create({ data }),
      update: (tx: Tx, id: string, data: Prisma.HaaAdresseUncheckedUpdateInput) => tx.haaAdresse.update({ where: { id }, data }),
      remove: (tx: Tx, id: string) => tx.haaAdresse.delete({ where: { id } }),
      /** How many sites use the address. */
      sitesUsing: (tx: Tx, id: string) => tx.haaSite.count({ where: { adresseId: id } }),
    },

    sites: {
      list: (associationId: string) => db.haaSite.findMany({ where: { associationId }, include: withAdresse, orderBy: { createdAt: 'asc' } }),
      count: (associationId: string) => db.haaSite.count({ where: { associationId } }),
      find: (associationId: string, id: string) => db.haaSite.findFirst({ where: { id, associationId }, include: withAdresse }),
      create: (tx: Tx, data: Prisma.HaaSiteUncheckedCreateInput) => tx.haaSite.create({ data, include: withAdresse }),
      update: (tx: Tx, id: string, data: Prisma.HaaSiteUncheckedUpdateInput) => tx.haaSite.update({ where: { id }, data, include: withAdresse }),
      remove: (tx: Tx, id: string) => tx.haaSite.delete({ where: { id } }),
    },
  };
}
export type HaaRepository = ReturnType<typeof createHaaRepository>;
export type HaaAdresseRow = NonNullable<Awaited<ReturnType<HaaRepository['adresses']['find']>>>;
export type HaaSiteRow = NonNullable<Awaited<ReturnType<HaaRepository['sites']['find']>>>;
export type NetworkMemberRow = Awaited<ReturnType<HaaRepository['members']['reseau']>>[number];
