// Webhooks of the instructing services (docs/domain.md « Webhooks des services instructeurs »): the
// registration rules (https, a limit per service, a secret answered once, every change audited in
// the service's chain), the events written in the transaction of each state change of the
// service's objects (the workflow engine calls `transitioned`), and their delivery by the job
// queue: signed POST through undici with a timeout, retries with a capped exponential back-off.
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { request } from 'undici';
import { WEBHOOK_HEADERS, WEBHOOK_LIMITS, WEBHOOK_MESSAGES, type Webhook, type WebhookDelivery } from '@portail/contract';
import type { WebhookConfig } from '../../config.ts';
import { startJobQueue, type JobQueue } from '../../db/job-queue.ts';
import type { DbTransaction } from '../../db/transaction.ts';
import { appError } from '../../http/errors.ts';
import type { AuthClaims } from '../../http/request-context.ts';
import type { AuditService } from '../audit/index.ts';
import type { TransitionEvent } from '../workflow/index.ts';
import { DELIVER_TASK, type WebhookRepository } from './repository.ts';

/** Longer than the receiver's timeout: another worker leaves a delivery alone while one sends it. */
const LEASE_MARGIN_MS = 30_000;
const ERROR_MAX_LENGTH = 500;

export interface WebhookServiceOptions extends WebhookConfig {
  /** http:// is accepted for localhost outside production. */
  production: boolean;
}

/** The signature a receiver recomputes: HMAC-SHA256 of `<timestamp>.<body>` with the webhook's secret. */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

type WebhookRow = { id: string; url: string; createdAt: Date; secretRotatedAt: Date | null };
const toView = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  created_at: row.createdAt.toISOString(),
  secret_rotated_at: row.secretRotatedAt?.toISOString() ?? null,
});

/** How often a delivery worker looks for deliveries written without a job. */
const ORPHAN_SWEEP_MS = 60_000;

export function createWebhookService(deps: { repository: WebhookRepository; audit: AuditService; options: WebhookServiceOptions; log: FastifyBaseLogger }) {
  const { repository, audit, options, log } = deps;
  let sweeper: NodeJS.Timeout | null = null;
  async function sweep() {
    try {
      const scheduled = await repository.scheduleOrphans();
      if (scheduled > 0) log.info({ scheduled }, 'webhooks: envois sans tâche remis dans la file');
    } catch (error) {
      log.error({ err: error }, 'webhooks: recherche des envois sans tâche impossible');
    }
  }
  let queue: JobQueue | null = null;

  /** https only; http for localhost outside production (a receiver on the developer's machine). */
  function checkUrl(value: string) {
    const url = new URL(value);
    const local = url.protocol === 'http:' && !options.production && LOCAL_HOSTS.has(url.hostname);
    if (url.protocol !== 'https:' && !local) throw appError('WEBHOOK_URL_REFUSED');
    if (url.username || url.password) throw appError('WEBHOOK_URL_REFUSED');
  }

  async function serviceOf(id: string) {
    const serviceId = await repository.serviceIdOf(id);
    if (!serviceId) throw appError('NOT_FOUND');
    return serviceId;
  }

  /** Every change of a service's webhooks goes to the service's own audit chain (keyed by its id); never the secret. */
  const audited = (tx: DbTransaction, claims: AuthClaims, serviceId: string, webhook: { id: string; url: string }, action: string) =>
    audit.record(tx, { associationId: serviceId, actor: { id: claims.userId, email: claims.email }, entity: 'webhook_service', entityId: webhook.id, action, after: { url: webhook.url } });

  /** Exponential back-off from retryMs, capped at maxRetryMs; null once maxAttempts are spent. */
  const retryAt = (attempt: number) =>
    attempt >= options.maxAttempts ? null : new Date(Date.now() + Math.min(options.retryMs * 2 ** (attempt - 1), options.maxRetryMs));

  /** One attempt of a delivery the worker took (its lease held). */
  async function send(id: string) {
    const delivery = await repository.delivery(id);
    if (!delivery) return;
    const attempt = delivery.attempts + 1;
    const timestamp = String(Math.floor(Date.now() / 1000));
    const started = performance.now();
    let httpStatus: number | null = null;
    let error: string | null = null;
    try {
      const answer = await request(delivery.webhook.url, {
        method: 'POST',
        body: delivery.body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'le-compte-association-webhooks/1',
          [WEBHOOK_HEADERS.signature]: signature(delivery.webhook.secret, timestamp, delivery.body),
          [WEBHOOK_HEADERS.timestamp]: timestamp,
          [WEBHOOK_HEADERS.eventId]: delivery.eventId,
          [WEBHOOK_HEADERS.event]: delivery.event,
        },
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      httpStatus = answer.statusCode;
      // Read and drop the answer: its connection goes back to the pool.
      await answer.body.dump({ limit: 64 * 1024 });
      if (httpStatus < 200 || httpStatus >= 300) error = `HTTP ${httpStatus}`;
    } catch (failure) {
      const cause = (failure as { cause?: { code?: string } }).cause?.code;
      error = `${(failure as Error).message}${cause ? ` (${cause})` : ''}`.slice(0, ERROR_MAX_LENGTH);
    }
    const durationMs = Math.round(performance.now() - started);
    const next = error === null ? { status: 'SENT' as const, retryAt: null } : { status: 'FAILED' as const, retryAt: retryAt(attempt) };
    if (error) log.warn({ deliveryId: id, attempt, err: error }, 'webhook delivery failed');
    await repository.record(id, attempt, { httpStatus, error, durationMs }, { ...next, schedule: queue !== null });
  }

  /** A delivery job: the delivery if it is due; if it waits (a lease, its retry time), the job moves there. */
  async function deliverJob(id: string) {
    const now = new Date();
    if (await repository.claim(id, now, new Date(now.getTime() + options.timeoutMs + LEASE_MARGIN_MS))) return send(id);
    const current = await repository.delivery(id);
    if (current && current.status !== 'SENT' && current.nextAttemptAt && current.nextAttemptAt > now) await repository.schedule(id, current.nextAttemptAt);
  }

  return {
    checkUrl,

    async list(id: string): Promise<Webhook[]> {
      return (await repository.list(await serviceOf(id))).map(toView);
    },

    async create(claims: AuthClaims, id: string, url: string) {
      checkUrl(url);
      const serviceId = await serviceOf(id);
      return repository.transaction(async (tx) => {
        if ((await repository.countLocked(tx, serviceId)) >= WEBHOOK_LIMITS.perService) throw appError('WEBHOOK_LIMIT_REACHED');
        if (await repository.findByUrl(tx, serviceId, url)) throw appError('WEBHOOK_EXISTS');
        const secret = newSecret();
        const row = await repository.create(tx, { serviceId, url, secret, createdBy: claims.userId });
        await audited(tx, claims, serviceId, row, 'creation');
        return { webhook: toView(row), secret, message: WEBHOOK_MESSAGES.secretShownOnce };
      });
    },

    async remove(claims: AuthClaims, id: string, webhookId: string) {
      const serviceId = await serviceOf(id);
      return repository.transaction(async (tx) => {
        const row = await repository.find(tx, serviceId, webhookId);
        if (!row) throw appError('WEBHOOK_NOT_FOUND');
        await repository.remove(tx, row.id);
        await audited(tx, claims, serviceId, row, 'suppression');
        return { message: WEBHOOK_MESSAGES.deleted };
      });
    },

    async rotate(claims: AuthClaims, id: string, webhookId: string) {
      const serviceId = await serviceOf(id);
      return repository.transaction(async (tx) => {
        const row = await repository.find(tx, serviceId, webhookId);
        if (!row) throw appError('WEBHOOK_NOT_FOUND');
        const secret = newSecret();
        const rotated = await repository.rotate(tx, row.id, secret);
        await audited(tx, claims, serviceId, row, 'rotation_secret');
        return { webhook: toView(rotated), secret, message: WEBHOOK_MESSAGES.secretShownOnce };
      });
    },

    async deliveries(id: string, filter: { webhook?: string; limit: number }): Promise<WebhookDelivery[]> {
      const rows = await repository.log(await serviceOf(id), { webhookId: filter.webhook, limit: filter.limit });
      return rows.map((row) => ({
        id: row.id,
        webhook_id: row.webhookId,
        url: row.webhook.url,
        event_id: row.eventId,
        event: row.event,
        status: row.status as WebhookDelivery['status'],
        attempts: row.attempts,
        http_status: row.httpStatus,
        last_error: row.lastError,
        duration_ms: row.durationMs,
        // A PENDING row's date is a lease, not a retry.
        next_attempt_at: row.status === 'FAILED' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
        created_at: row.createdAt.toISOString(),
        sent_at: row.sentAt?.toISOString() ?? null,
        attempts_log: row.attemptsLog.map((a) => ({ attempt: a.attempt, at: a.at.toISOString(), http_status: a.httpStatus, error: a.error, duration_ms: a.durationMs })),
      }));
    },

    /**
     * The workflow engine's listener: in the transition's transaction, one delivery per webhook of
     * the object's service, with its job (the outbox pattern: nothing leaves for a change that rolls back).
     */
    async transitioned(tx: DbTransaction, event: TransitionEvent) {
      if (!event.serviceId) return;
      const webhooks = await repository.ofService(tx, event.serviceId);
      if (webhooks.length === 0) return;
      const type = `${event.machine}.etat_modifie`;
      const body = JSON.stringify({
        id: event.historyId,
        type,
        date: event.at.toISOString(),
        data: {
          machine: event.machine,
          objet: event.objectId,
          ...(event.dossierId ? { dossier: event.dossierId } : {}),
          service: event.serviceId,
          evenement: event.event,
          de: event.from,
          vers: event.to,
          libelle_etat: event.stateLabel,
        },
      });
      const jobAt = queue || (await repository.queueInstalled(tx)) ? new Date() : null;
      await repository.insertDeliveries(tx, webhooks.map((w) => ({ webhookId: w.id, eventId: event.historyId, event: type, body })), jobAt);
    },

    /**
     * Starts this instance's delivery worker (config `webhooks.delivery`), then gives a job to the
     * deliveries written without one (before any worker installed the queue), at once and every
     * ORPHAN_SWEEP_MS.
     */
    async startDelivery(databaseUrl: string) {
      if (!options.delivery || queue) return;
      queue = await startJobQueue(
        { name: 'webhook queue', connectionString: databaseUrl, pollIntervalMs: Math.min(2_000, Math.max(100, options.retryMs)), concurrency: 4 },
        {
          [DELIVER_TASK]: async (payload) => {
            const id = (payload as { id?: unknown } | null)?.id;
            if (typeof id === 'string') await deliverJob(id);
          },
        },
        log,
      );
      await sweep();
      sweeper = setInterval(() => void sweep(), ORPHAN_SWEEP_MS);
      sweeper.unref();
    },
    async stop() {
      if (sweeper) clearInterval(sweeper);
      sweeper = null;
      const worker = queue;
      queue = null;
      await worker?.stop();
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
