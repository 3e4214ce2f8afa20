// The notifications module's public face: other modules, app.ts and services.ts import from here only.
export { createNotificationRepository, type NotificationPayload } from './repository.ts';
export { createNotificationService, type NotificationService } from './service.ts';
export { notificationRoutes } from './routes.ts';
