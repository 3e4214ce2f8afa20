// Data access for the subsidy part of instructing services (docs/domain.md « Services instructeurs »).
import { likeLiteral } from '../../../db/like-pattern.ts';
import type { Database } from '../../../db/prisma.ts';
import { readRows } from '../../../db/read-rows.ts';
import { transactionRunner, type DbTransaction } from '../../../db/transaction.ts';
import { Prisma } from '../../../generated/prisma/client.ts';

/**
 * The account's service and every service below it, as a uuid[] expression: empty without a service
 * record; UNION stops on a cycle. The work list puts it in its page's statement (one round trip).
 */
export const subtreeOfAccountSql = (authId: string): Prisma.Sql => Prisma.sql`ARRAY(
  WITH RECURSIVE below(id) AS (SELECT id FROM service_accounts WHERE auth_id = ${authId}::uuid
    UNION SELECT sa.id FROM service_accounts sa JOIN below ON sa.parent_id = below.id)
  SELECT id FROM below)`;

export const serviceInclude = {
  dispositifs: { include: { dispositif: { select: { code: true } } } },
  children: { select: { id: true, nom: true, niveauTerritorial: true }, orderBy: { nom: 'asc' } },
} as const;
export type ServiceRow = Prisma.ServiceAccountGetPayload<{ include: typeof serviceInclude }>;

/** The record's columns as a manager writes them (undefined: unchanged). */
export interface ServiceData {
  nom?: string;
  email?: string | null;
  pendingEmail?: string | null;
  siren?: string | null;
  siret?: string | null;
  adresse?: Record<string, unknown> | null;
  telephone?: string | null;
  siteInternet?: string | null;
  type?: string | null;
  federationSportive?: string | null;
  niveauTerritorial?: string;
  zoneTerritoriale?: string | null;
  codeTerritoire?: string | null;
  profil?: string | null;
  parentId?: string | null;
  typesAgrement?: string[];
  bo?: Record<string, unknown>;
}

export interface ServiceFilter {
  ids?: readonly string[];
  niveau?: string;
  parent?: string;
  dispositif?: string;
  query?: string;
}

const json = (value: Record<string, unknown> | string[] | null | undefined) => (value === null ? undefined : (value as Prisma.InputJsonValue | undefined));

function columns(data: ServiceData) {
  const { adresse, typesAgrement, bo, parentId, ...rest } = data;
  return {
    ...rest,
    ...(adresse !== undefined ? { adresse: adresse === null ? Prisma.DbNull : json(adresse) } : {}),
    ...(typesAgrement !== undefined ? { typesAgrement: json(typesAgrement) } : {}),
    ...(bo !== undefined ? { bo: json(bo) } : {}),
    ...(parentId !== undefined ? { parentId } : {}),
  };
}

export function createServiceRepository(db: Database) {
  return {
    transaction: transactionRunner(db),
    find: (id: string, client: DbTransaction | Database = db): Promise<ServiceRow | null> =>
      client.serviceAccount.findUnique({ where: { id }, include: serviceInclude }),
    findByAuthId: (authId: string) => db.serviceAccount.findUnique({ where: { authId }, include: serviceInclude }),
    /** By its own id or its account's id (the auth-server routes name a service by its account). */
    /** The services an account acts for as an agent (SQL service_reach: its own, and below it or all with an administrator profile). */
    actsFor: async (authId: string): Promise<string[]> =>
      (await db.$queryRaw<{ id: string }[]>`SELECT r::text AS id FROM service_reach(${authId}::uuid) AS r`).map((row) => row.id),
    findByEitherId: (id: string) => db.serviceAccount.findFirst({ where: { OR: [{ id }, { authId: id }] }, select: { id: true, authId: true } }),
    /** The service's login address (dossier mails go to it while the service has no contact address). */
    loginOf: async (tx: DbTransaction, authId: string) => (await tx.user.findUniqueOrThrow({ where: { id: authId }, select: { email: true } })).email,
    accountOf: (tx: DbTransaction, authId: string) =>
      tx.user.findUnique({ where: { id: authId }, select: { id: true, roles: true, serviceAccount: { select: { id: true } } } }),
    parentOf: (id: string) => db.serviceAccount.findUnique({ where: { id }, select: { id: true, nom: true, niveauTerritorial: true } }),
    /** The service and every service below it (the hierarchy is three levels deep at most). */
    async subtree(rootId: string): Promise<string[]> {
      const ids = [rootId];
      let level = [rootId];
      while (level.length > 0) {
        const below = await db.serviceAccount.findMany({ where: { parentId: { in: level } }, select: { id: true } });
        level = below.map((row) => row.id).filter((id) => !ids.includes(id));
        ids.push(...level);
      }
      return ids;
    },
    /** The account's service and every service below it (subtreeOfAccountSql), in one statement on the pool. */
    subtreeOfAccount: async (authId: string): Promise<string[]> => {
      const statement = Prisma.sql`SELECT id::text FROM unnest(${subtreeOfAccountSql(authId)}) AS id`;
      return (await readRows<{ id: string }>(db, statement.text, statement.values, 'service_subtree_of_account')).map((row) => row.id);
    },
    list: (filter: ServiceFilter) => {
      const text = filter.query ? likeLiteral(filter.query) : undefined;
      return db.serviceAccount.findMany({
        where: {
          ...(filter.ids ? { id: { in: [...filter.ids] } } : {}),
          ...(filter.niveau ? { niveauTerritorial: filter.niveau } : {}),
          ...(filter.parent ? { parentId: filter.parent } : {}),
          ...(filter.dispositif ? { dispositifs: { some: { dispositif: { code: filter.dispositif } } } } : {}),
          ...(text ? { OR: [{ nom: { contains: text, mode: 'insensitive' } }, { email: { contains: text, mode: 'insensitive' } }, { codeTerritoire: { startsWith: text } }] } : {}),
        },
        include: serviceInclude,
        orderBy: { nom: 'asc' },
        take: 500,
      });
    },
    dispositifIds: (tx: DbTransaction, codes: readonly string[]) =>
      tx.dispositif.findMany({ where: { code: { in: [...codes] } }, select: { id: true, code: true } }),
    childrenLevels: (tx: DbTransaction, id: string) => tx.serviceAccount.findMany({ where: { parentId: id }, select: { niveauTerritorial: true } }),
    create: (tx: DbTransaction, authId: string, data: ServiceData & { nom: string }, dispositifIds: readonly string[]): Promise<ServiceRow> =>
      tx.serviceAccount.create({
        data: { authId, ...columns(data), nom: data.nom, dispositifs: { create: dispositifIds.map((dispositifId) => ({ dispositifId })) } },
        include: serviceInclude,
      }),
    update: async (tx: DbTransaction, id: string, data: ServiceData, dispositifIds: readonly string[] | undefined): Promise<ServiceRow> => {
      if (dispositifIds) {
        await tx.serviceDispositif.deleteMany({ where: { serviceId: id } });
        await tx.serviceDispositif.createMany({ data: dispositifIds.map((dispositifId) => ({ serviceId: id, dispositifId })) });
      }
      return tx.serviceAccount.update({ where: { id }, data: columns(data), include: serviceInclude });
    },
    /**
     * What keeps a service from being deleted: services below it; dossiers it instructs, finances,
     * instructs as an approval or holds financial reports of; the codes of the schemes it handles,
     * of the campaigns it instructs and of the catalogue's approvals it instructs.
     */
    uses: async (tx: DbTransaction, id: string) => ({
      children: await tx.serviceAccount.count({ where: { parentId: id } }),
      dossiers:
        (await tx.dossierInstruction.count({ where: { serviceId: id } })) +
        (await tx.projetFinancement.count({ where: { serviceId: id } })) +
        (await tx.dossier.count({ where: { agrementServiceId: id } })) +
        (await tx.crf.count({ where: { serviceId: id } })),
      dispositifs: (await tx.serviceDispositif.findMany({ where: { serviceId: id }, select: { dispositif: { select: { code: true } } } }))
        .map((link) => link.dispositif.code)
        .sort(),
      campagnes: (await tx.subventionInstructeur.findMany({ where: { serviceId: id }, select: { subvention: { select: { code: true } } } }))
        .map((link) => link.subvention.code)
        .sort(),
      agrements: (await tx.agrement.findMany({ where: { serviceId: id }, select: { code: true }, orderBy: { code: 'asc' } })).map((row) => row.code),
    }),
    /** Deletes the account: its service record, scheme links and campaign links go with it (cascade). */
    deleteWithAccount: (tx: DbTransaction, authId: string) => tx.user.delete({ where: { id: authId } }),
    lockForChange: (tx: DbTransaction, id: string) => tx.$queryRaw`SELECT id FROM service_accounts WHERE id = ${id}::uuid FOR UPDATE`,
  };
}
export type ServiceRepository = ReturnType<typeof createServiceRepository>;
