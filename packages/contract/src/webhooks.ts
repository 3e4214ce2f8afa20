// Webhooks of an instructing service (docs/domain.md « Webhooks des services instructeurs »): the
// service's agents register URLs; every state change of its dossiers' instructions (and of their
// financial reports) is sent to them as a signed JSON event by the job queue, with retries, and the
// service reads the delivery log. Who reaches a service's webhooks is the `service` scope in mode
// `agent`: its own agents, agents of a service above it with an administrator profile, rds.admin.
import { z } from 'zod';
import { idSchema } from './fields.ts';
import { defineRoute } from './http.ts';
import { MESSAGES } from './messages.ts';
import { ROLE_SETS } from './roles.ts';

export const WEBHOOK_LIMITS = {
  /** Registered URLs per service. */
  perService: 5,
  urlLength: 2_000,
  /** Delivery log lines per page. */
  logDefault: 50,
  logMax: 200,
} as const;

/** The headers of a delivery: the receiver checks the signature over `<timestamp>.<body>` with its secret. */
export const WEBHOOK_HEADERS = {
  signature: 'x-portail-signature',
  timestamp: 'x-portail-timestamp',
  eventId: 'x-portail-event-id',
  event: 'x-portail-event',
} as const;

export const WEBHOOK_MESSAGES = {
  urlScheme: "L'adresse du webhook doit commencer par https:// (http:// n'est admis que pour localhost, hors production).",
  limitReached: (max: number) => `Ce service a déjà ${max} webhooks : supprimez-en un avant d'en ajouter un autre.`,
  exists: 'Cette adresse est déjà enregistrée pour ce service.',
  notFound: "Ce webhook n'existe pas.",
  deleted: 'Le webhook a été supprimé.',
  secretShownOnce: 'Conservez ce secret : il ne sera plus jamais affiché.',
};

export const DELIVERY_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;

const urlSchema = z
  .string({ error: MESSAGES.required('url') })
  .trim()
  .min(1, MESSAGES.required('url'))
  .max(WEBHOOK_LIMITS.urlLength, MESSAGES.maxLength('url', WEBHOOK_LIMITS.urlLength))
  .refine((value) => URL.canParse(value), MESSAGES.badFormat('url'));

export const webhookSchema = z.object({
  id: idSchema,
  url: z.string(),
  created_at: z.iso.datetime(),
  secret_rotated_at: z.iso.datetime().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** A webhook with its secret: answered once, at creation or rotation, never again. */
export const webhookWithSecretSchema = z.object({ webhook: webhookSchema, secret: z.string(), message: z.string() });

export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.iso.datetime(),
  http_status: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});

export const webhookDeliverySchema = z.object({
  id: idSchema,
  webhook_id: idSchema,
  url: z.string(),
  event_id: idSchema,
  event: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  http_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  next_attempt_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  sent_at: z.iso.datetime().nullable(),
  attempts_log: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

const gateway = 'rds-server' as const;
const access = ROLE_SETS.dossierInstructors;
const onService = { resource: 'service', id: { in: 'params', key: 'id' }, mode: 'agent' } as const;
const serviceParams = z.object({ id: idSchema });
const webhookParams = z.object({ id: idSchema, webhookId: idSchema });

export const webhookRoutes = {
  listWebhooks: defineRoute({
    method: 'GET', gateway, path: '/services/:id/webhooks', access, scope: onService,
    summary: 'Webhooks du service (adresses, jamais leur secret)',
    params: serviceParams, response: z.array(webhookSchema),
  }),
  createWebhook: defineRoute({
    method: 'POST', gateway, path: '/services/:id/webhooks', access, scope: onService, successStatus: 201,
    errors: ['WEBHOOK_URL_REFUSED', 'WEBHOOK_LIMIT_REACHED', 'WEBHOOK_EXISTS'],
    summary:
      "Enregistre une adresse qui recevra chaque changement d'état des dossiers du service ; la réponse donne le secret de signature, une seule fois ; inscrit à l'audit",
    params: serviceParams, body: z.object({ url: urlSchema }).strict(), response: webhookWithSecretSchema,
  }),
  deleteWebhook: defineRoute({
    method: 'DELETE', gateway, path: '/services/:id/webhooks/:webhookId', access, scope: onService,
    errors: ['WEBHOOK_NOT_FOUND'],
    summary: "Supprime un webhook du service et son journal d'envois ; inscrit à l'audit",
    params: webhookParams, response: z.object({ message: z.string() }),
  }),
  rotateWebhookSecret: defineRoute({
    method: 'POST', gateway, path: '/services/:id/webhooks/:webhookId/secret', access, scope: onService,
    errors: ['WEBHOOK_NOT_FOUND'],
    summary: "Remplace le secret de signature d'un webhook (l'ancien cesse aussitôt) ; le nouveau est donné une seule fois ; inscrit à l'audit",
    params: webhookParams, response: webhookWithSecretSchema,
  }),
  listWebhookDeliveries: defineRoute({
    method: 'GET', gateway, path: '/services/:id/webhooks/deliveries', access, scope: onService,
    summary: "Journal des envois des webhooks du service, du plus récent : état, code HTTP, tentatives (chacune avec sa durée), prochain essai",
    params: serviceParams,
    query: z.object({
      webhook: idSchema.optional(),
      limit: z.coerce.number().int().min(1).max(WEBHOOK_LIMITS.logMax).default(WEBHOOK_LIMITS.logDefault),
    }),
    response: z.array(webhookDeliverySchema),
  }),
};
