// Notifications (types 1-8, labels in the contract's NOTIFICATION_TYPES): written by other modules in their transaction, read and
// marked read by their recipient only (another user's notification is 404).
import { NOTIFICATION_TYPES, type NotificationTypeId, type NotificationView } from '@portail/contract';
import type { DbTransaction } from '../../db/transaction.ts';
import { appError } from '../../http/errors.ts';
import type { AuthClaims } from '../../http/request-context.ts';
import type { Notification, NotificationPayload, NotificationRepository } from './repository.ts';

const toView = (n: Notification): NotificationView => ({
  id: n.id,
  id_correspondance: n.associationId,
  type: n.type,
  type_libelle: NOTIFICATION_TYPES[n.type as NotificationTypeId] ?? String(n.type),
  payload: (n.payload && typeof n.payload === 'object' && !Array.isArray(n.payload) ? n.payload : {}) as Record<string, unknown>,
  read_at: n.readAt?.toISOString() ?? null,
  created_at: n.createdAt.toISOString(),
});

export function createNotificationService(repository: NotificationRepository) {
  return {
    /** One notification per user, in the caller's transaction; `createdAt` now unless said (the demo data's past history). */
    async notify(
      tx: DbTransaction,
      notification: { associationId: string; userIds: readonly string[]; type: NotificationTypeId; payload: NotificationPayload; createdAt?: Date },
    ) {
      const userIds = [...new Set(notification.userIds)];
      if (userIds.length === 0) return;
      const { createdAt } = notification;
      await repository.createMany(
        tx,
        userIds.map((userId) => ({ associationId: notification.associationId, userId, type: notification.type, payload: notification.payload, ...(createdAt ? { createdAt } : {}) })),
      );
    },
    list: async (claims: AuthClaims, options: { unread: boolean; limit: number }) =>
      (await repository.listOf(claims.userId, options)).map(toView),
    unreadCount: async (claims: AuthClaims) => ({ count: await repository.unreadCount(claims.userId) }),
    async markRead(claims: AuthClaims, id: string) {
      const notification = await repository.find(id, claims.userId);
      if (!notification) throw appError('NOT_FOUND');
      return toView(notification.readAt ? notification : await repository.markRead(id));
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
