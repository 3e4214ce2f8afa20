// Data access for users' notifications.
import type { Database, Prisma } from '../../db/prisma.ts';
import type { DbTransaction } from '../../db/transaction.ts';
import type { Notification } from '../../generated/prisma/client.ts';

export type { Notification };
/** What a notification carries, stored as JSON. */
export type NotificationPayload = Prisma.InputJsonObject;

export function createNotificationRepository(db: Database) {
  return {
    createMany: (tx: DbTransaction, rows: Prisma.NotificationCreateManyInput[]) => tx.notification.createMany({ data: rows }),
    listOf: (userId: string, options: { unread: boolean; limit: number }) =>
      db.notification.findMany({
        where: { userId, ...(options.unread ? { readAt: null } : {}) },
        orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
        take: options.limit,
      }),
    unreadCount: (userId: string) => db.notification.count({ where: { userId, readAt: null } }),
    find: (id: string, userId: string) => db.notification.findFirst({ where: { id, userId } }),
    markRead: (id: string) => db.notification.update({ where: { id }, data: { readAt: new Date() } }),
  };
}
export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
