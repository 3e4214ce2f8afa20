// lca-server routes of the signed-in user's notifications.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../http/contract-routes.ts';
import type { NotificationService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface NotificationRouteServices {
  notifications: NotificationService;
}

export function notificationRoutes(app: FastifyInstance, { notifications }: NotificationRouteServices) {
  const r = api.notifications;
  registerRoute(app, r.listNotifications, ({ auth, query }) => notifications.list(auth, { unread: query.unread === 'true', limit: query.limit }));
  registerRoute(app, r.unreadNotificationCount, ({ auth }) => notifications.unreadCount(auth));
  registerRoute(app, r.markNotificationRead, ({ auth, params }) => notifications.markRead(auth, params.id));
}
