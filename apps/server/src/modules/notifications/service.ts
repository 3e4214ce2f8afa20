// Notifications (types 1-8, labels in the contract's NOTIFICATION_TYPES): written by other modules in their transaction, read and
// marked read by their recipient only (another user's notification is 404; a member who left an association no longer reads its ones).
// Their author is shown as people see them in the dossier's thread: a member's name, or the instructing service's name, never a login address.
import { NOTIFICATION_TYPE_IDS, NOTIFICATION_TYPES, type NotificationTypeId, type NotificationView } from '@portail/contract';
import type { DbTransaction } from '../../db/transaction.ts';
import { appError } from '../../http/errors.ts';
import type { AuthClaims } from '../../http/request-context.ts';
import type { AuthorRow, Notification, NotificationPayload, NotificationRepository } from './repository.ts';

/** A service's user acts for the service: its name; a member: « Prénom Nom » (null when the account has no name). */
export const authorName = (author: AuthorRow): string | null =>
  author.serviceAccount?.nom ?? ([author.prenom, author.nom].filter((part) => part?.trim()).join(' ') || null);

const looksLikeAddress = (value: unknown): value is string => typeof value === 'string' && value.includes('@');
const payloadOf = (n: Notification): Record<string, unknown> =>
  (n.payload && typeof n.payload === 'object' && !Array.isArray(n.payload) ? n.payload : {}) as Record<string, unknown>;

/**
 * The payload as sent: an author stored as an address (rows written before names were stored) is
 * shown by the name of that account, or left out when no account has it any more.
 */
function shownPayload(n: Notification, namesByAddress: Map<string, string | null>): Record<string, unknown> {
  const payload = payloadOf(n);
  if (!looksLikeAddress(payload.auteur)) return payload;
  const { auteur, ...rest } = payload;
  const name = namesByAddress.get(auteur.toLowerCase());
  return name ? { ...rest, auteur: name } : rest;
}

const toView = (n: Notification, namesByAddress: Map<string, string | null>): NotificationView => ({
  id: n.id,
  id_correspondance: n.associationId,
  type: n.type,
  type_libelle: NOTIFICATION_TYPES[n.type as NotificationTypeId] ?? String(n.type),
  payload: shownPayload(n, namesByAddress),
  read_at: n.readAt?.toISOString() ?? null,
  created_at: n.createdAt.toISOString(),
});

export function createNotificationService(repository: NotificationRepository) {
  /** The views of `rows`, the addresses of old rows' authors turned into names (one query). */
  async function views(rows: Notification[]): Promise<NotificationView[]> {
    const addresses = [...new Set(rows.map((n) => payloadOf(n).auteur).filter(looksLikeAddress).map((a) => a.toLowerCase()))];
    const authors = await repository.authorsByEmail(addresses);
    const namesByAddress = new Map(authors.map((a) => [a.email.toLowerCase(), authorName(a)]));
    return rows.map((n) => toView(n, namesByAddress));
  }

  return {
    /**
     * One notification per user, in the caller's transaction; `createdAt` now unless said (the demo data's past history).
     * `author`: the user whose action it tells, stored as `auteur` by name (authorName).
     */
    async notify(
      tx: DbTransaction,
      notification: { associationId: string; userIds: readonly string[]; type: NotificationTypeId; payload: NotificationPayload; author?: string; createdAt?: Date },
    ) {
      const userIds = [...new Set(notification.userIds)];
      if (userIds.length === 0) return;
      const author = notification.author ? await repository.author(tx, notification.author) : null;
      const name = author ? authorName(author) : null;
      const payload = { ...notification.payload, ...(name ? { auteur: name } : {}) };
      const { createdAt } = notification;
      await repository.createMany(
        tx,
        userIds.map((userId) => ({ associationId: notification.associationId, userId, type: notification.type, payload, ...(createdAt ? { createdAt } : {}) })),
      );
    },
    list: async (claims: AuthClaims, options: { unread: boolean; limit: number }) => views(await repository.listOf(claims.userId, options)),
    unreadCount: async (claims: AuthClaims) => ({ count: await repository.unreadCount(claims.userId) }),
    /**
     * The user's unread dossier messages (type « message ») per dossier, among `dossierIds` or over
     * all; the caller keeps only the dossiers the user may read (scope of the dossiers module).
     */
    unreadMessagesPerDossier: (userId: string, dossierIds?: string[]) => repository.unreadPerDossier(userId, NOTIFICATION_TYPE_IDS.message, dossierIds),
    /** The user has read the dossier's messages: their unread notifications of them are marked read; the number marked. */
    markDossierMessagesRead: (userId: string, dossierId: string) => repository.markDossierRead(userId, dossierId, NOTIFICATION_TYPE_IDS.message),
    async markRead(claims: AuthClaims, id: string) {
      const notification = await repository.find(id, claims.userId);
      if (!notification) throw appError('NOT_FOUND');
      return (await views([notification.readAt ? notification : await repository.markRead(id)]))[0]!;
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
