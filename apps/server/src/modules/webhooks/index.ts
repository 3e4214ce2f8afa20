// The webhooks module's public face: app.ts and services.ts import from here only.
export { createWebhookRepository } from './repository.ts';
export { createWebhookService, signature, type WebhookService } from './service.ts';
export { webhookRoutes } from './routes.ts';
