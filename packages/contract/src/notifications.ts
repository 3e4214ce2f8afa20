// Notifications of a user about their associations (docs/domain.md « Données »: 8 notification types).
import { z } from 'zod';
import { idSchema } from './fields.ts';
import { defineRoute } from './http.ts';
import { scope } from './scope.ts';

export const NOTIFICATION_TYPES = {
  1: 'modification_etat_dossier',
  2: 'modification_statut_dossier',
  3: 'modification_siret',
  4: 'modification_document',
  5: 'message',
  6: 'modification_rib',
  7: 'modification_service',
  8: 'modification_etat_crf',
} as const;
export type NotificationTypeId = keyof typeof NOTIFICATION_TYPES;
export const NOTIFICATION_TYPE_IDS = Object.fromEntries(
  Object.entries(NOTIFICATION_TYPES).map(([id, name]) => [name, Number(id)]),
) as { [K in NotificationTypeId as (typeof NOTIFICATION_TYPES)[K]]: K };

export const notificationSchema = z.object({
  id: z.string(),
  id_correspondance: z.string(),
  type: z.number().int(),
  type_libelle: z.string(),
  payload: z.record(z.string(), z.unknown()),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

const gateway = 'lca-server' as const;
export const notificationRoutes = {
  listNotifications: defineRoute({
    method: 'GET', gateway, path: '/notifications', access: 'authenticated', scope: scope.caller,
    summary: "Notifications de l'utilisateur connecté, les plus récentes d'abord (unread=true : non lues seulement)",
    query: z.object({ unread: z.enum(['true', 'false']).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
    response: z.array(notificationSchema),
  }),
  unreadNotificationCount: defineRoute({
    method: 'GET', gateway, path: '/notifications/unread-count', access: 'authenticated', scope: scope.caller,
    summary: "Nombre de notifications non lues de l'utilisateur connecté",
    response: z.object({ count: z.number().int() }),
  }),
  markNotificationRead: defineRoute({
    method: 'PATCH', gateway, path: '/notifications/:id/read', access: 'authenticated', scope: scope.caller,
    errors: ['NOT_FOUND'],
    summary: "Marque une notification de l'utilisateur connecté comme lue",
    params: z.object({ id: idSchema }), response: notificationSchema,
  }),
};
