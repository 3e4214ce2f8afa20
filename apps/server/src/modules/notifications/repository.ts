// Data access for users' notifications.
import { Prisma, type Database } from '../../db/prisma.ts';
import type { DbTransaction } from '../../db/transaction.ts';
import type { Notification } from '../../generated/prisma/client.ts';

export type { Notification };
/** What a notification carries, stored as JSON. */
export type NotificationPayload = Prisma.InputJsonObject;

/** Who wrote a notification, as others see them: a member by name, an instructing service by its name. */
export interface AuthorRow {
  id: string;
  email: string;
  prenom: string | null;
  nom: string | null;
  serviceAccount: { nom: string } | null;
}
const AUTHOR = { id: true, email: true, prenom: true, nom: true, serviceAccount: { select: { nom: true } } } as const;

/**
 * The user's notifications they may still read: an instructing service reads all its own; a member
 * only those of the associations they still belong to (one who left no longer lists them).
 */
const readableBy = (userId: string): Prisma.NotificationWhereInput => ({
  userId,
  OR: [{ user: { serviceAccount: { isNot: null } } }, { association: { members: { some: { associationUser: { authId: userId } } } } }],
});

export function createNotificationRepository(db: Database) {
  return {
    createMany: (tx: DbTransaction, rows: Prisma.NotificationCreateManyInput[]) => tx.notification.createMany({ data: rows }),
    listOf: (userId: string, options: { unread: boolean; limit: number }) =>
      db.notification.findMany({
        where: { ...readableBy(userId), ...(options.unread ? { readAt: null } : {}) },
        orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
        take: options.limit,
      }),
    unreadCount: (userId: string) => db.notification.count({ where: { ...readableBy(userId), readAt: null } }),
    find: (id: string, userId: string) => db.notification.findFirst({ where: { id, ...readableBy(userId) } }),
    markRead: (id: string) => db.notification.update({ where: { id }, data: { readAt: new Date() } }),
    /** The user's unread notifications of `type` per dossier (payload.dossier), among `dossierIds` or over every dossier. */
    async unreadPerDossier(userId: string, type: number, dossierIds?: string[]): Promise<Map<string, number>> {
      if (dossierIds?.length === 0) return new Map();
      const among = dossierIds ? Prisma.sql`AND payload->>'dossier' = ANY(${dossierIds}::text[])` : Prisma.empty;
      const rows = await db.$queryRaw<{ id: string; n: number }[]>`SELECT payload->>'dossier' AS id, count(*)::int AS n FROM notifications
        WHERE user_id = ${userId}::uuid AND read_at IS NULL AND type = ${type}::int AND payload->>'dossier' IS NOT NULL ${among} GROUP BY 1`;
      return new Map(rows.map((r) => [r.id, r.n]));
    },
    /** Marks read the user's unread notifications of `type` on the dossier; the number marked. */
    markDossierRead: (userId: string, dossierId: string, type: number) =>
      db.$executeRaw`UPDATE notifications SET read_at = now() WHERE user_id = ${userId}::uuid AND read_at IS NULL AND type = ${type}::int AND payload->>'dossier' = ${dossierId}`,
    /** The author of a notification being written. */
    author: (tx: DbTransaction, userId: string): Promise<AuthorRow | null> => tx.user.findUnique({ where: { id: userId }, select: AUTHOR }),
    /** Authors of notifications written before names were stored, by their login address (case aside). */
    authorsByEmail: (emails: string[]): Promise<AuthorRow[]> =>
      emails.length === 0 ? Promise.resolve([]) : db.user.findMany({ where: { OR: emails.map((email) => ({ email: { equals: email, mode: 'insensitive' as const } })) }, select: AUTHOR }),
  };
}
export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
