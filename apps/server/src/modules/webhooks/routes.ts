// rds-server /services/:id/webhooks routes (contract webhooks.ts): a few lines each; who reaches
// the service is its `service` scope in mode `agent`, the rules are in service.ts.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../http/contract-routes.ts';
import type { WebhookService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface WebhookRouteServices {
  webhooks: WebhookService;
}

export function webhookRoutes(app: FastifyInstance, { webhooks }: WebhookRouteServices) {
  const r = api.webhooks;
  registerRoute(app, r.listWebhooks, ({ params }) => webhooks.list(params.id));
  registerRoute(app, r.createWebhook, ({ auth, params, body }) => webhooks.create(auth, params.id, body.url));
  registerRoute(app, r.deleteWebhook, ({ auth, params }) => webhooks.remove(auth, params.id, params.webhookId));
  registerRoute(app, r.rotateWebhookSecret, ({ auth, params }) => webhooks.rotate(auth, params.id, params.webhookId));
  registerRoute(app, r.listWebhookDeliveries, ({ params, query }) => webhooks.deliveries(params.id, query));
}
