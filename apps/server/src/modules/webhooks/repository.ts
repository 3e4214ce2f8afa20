// Data access of the services' webhooks: the registered URLs, the deliveries (each written with its
// job of the queue in the caller's transaction, so that a rolled-back change sends nothing and a
// committed one always has its job), their lease, and the attempts the log shows.
import type { Database } from '../../db/prisma.ts';
import { transactionRunner, type DbTransaction } from '../../db/transaction.ts';

export const DELIVER_TASK = 'webhook_deliver';

/** Adds (or moves) the delivery's job: one waiting job per delivery (job key `webhook:<id>`). */
async function addDeliveryJob(client: DbTransaction, id: string, runAt: Date) {
  await client.$executeRaw`SELECT graphile_worker.add_job(${DELIVER_TASK}::text, json_build_object('id', ${id}::text), run_at := ${runAt.toISOString()}::timestamptz, job_key := ${`webhook:${id}`}::text, max_attempts := 10)`;
}

export interface NewDelivery {
  webhookId: string;
  eventId: string;
  event: string;
  body: string;
}

export interface AttemptOutcome {
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
}

export function createWebhookRepository(db: Database) {
  return {
    transaction: transactionRunner(db),
    /** The service record's id, named by its own id or its account's. */
    serviceIdOf: async (id: string) => (await db.serviceAccount.findFirst({ where: { OR: [{ id }, { authId: id }] }, select: { id: true } }))?.id ?? null,
    list: (serviceId: string) => db.serviceWebhook.findMany({ where: { serviceId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
    /** The service's webhooks counted under a lock of the service row: two creations at once cannot pass the limit together. */
    async countLocked(tx: DbTransaction, serviceId: string) {
      await tx.$queryRaw`SELECT id FROM service_accounts WHERE id = ${serviceId}::uuid FOR UPDATE`;
      return tx.serviceWebhook.count({ where: { serviceId } });
    },
    findByUrl: (tx: DbTransaction, serviceId: string, url: string) => tx.serviceWebhook.findUnique({ where: { serviceId_url: { serviceId, url } } }),
    create: (tx: DbTransaction, data: { serviceId: string; url: string; secret: string; createdBy: string }) => tx.serviceWebhook.create({ data }),
    find: (tx: DbTransaction, serviceId: string, id: string) => tx.serviceWebhook.findFirst({ where: { id, serviceId } }),
    remove: (tx: DbTransaction, id: string) => tx.serviceWebhook.delete({ where: { id } }),
    rotate: (tx: DbTransaction, id: string, secret: string) => tx.serviceWebhook.update({ where: { id }, data: { secret, secretRotatedAt: new Date() } }),

    /** The webhooks to tell of an event of the service's objects (read in the transition's transaction). */
    ofService: (tx: DbTransaction, serviceId: string) => tx.serviceWebhook.findMany({ where: { serviceId }, select: { id: true } }),
    /** A delivery per webhook, with its job when the worker runs (`jobAt`). */
    async insertDeliveries(tx: DbTransaction, deliveries: NewDelivery[], jobAt: Date | null) {
      for (const delivery of deliveries) {
        const row = await tx.webhookDelivery.create({ data: delivery, select: { id: true } });
        if (jobAt) await addDeliveryJob(tx, row.id, jobAt);
      }
    },

    /**
     * Whether the job queue is installed in the database (a delivery worker ran once, on any
     * instance): a delivery then gets its job whichever instance writes it.
     */
    queueInstalled: async (tx: DbTransaction) => (await tx.$queryRaw<{ installed: boolean }[]>`SELECT to_regnamespace('graphile_worker') IS NOT NULL AS installed`)[0]?.installed === true,
    /**
     * Gives a job to each delivery still due that has none (written before any worker installed the
     * queue): at the worker's start and then now and again. A delivery whose job is running has its
     * key cleared by the queue and may get a second job: the lease (`claim`) sends it once.
     */
    async scheduleOrphans(): Promise<number> {
      const rows = await db.$queryRaw<{ scheduled: number }[]>`
        WITH orphans AS (
          SELECT d.id, GREATEST(COALESCE(d.next_attempt_at, now()), now()) AS run_at
          FROM webhook_deliveries d
          WHERE (d.status = 'PENDING' OR (d.status = 'FAILED' AND d.next_attempt_at IS NOT NULL))
            AND NOT EXISTS (SELECT 1 FROM graphile_worker.jobs j WHERE j.key = 'webhook:' || d.id::text)
        )
        SELECT count(graphile_worker.add_job(${DELIVER_TASK}::text, json_build_object('id', o.id::text), run_at := o.run_at, job_key := 'webhook:' || o.id::text, max_attempts := 10))::int AS scheduled
        FROM orphans o`;
      return rows[0]?.scheduled ?? 0;
    },

    /** The delivery with what signs it. */
    delivery: (id: string) => db.webhookDelivery.findUnique({ where: { id }, include: { webhook: { select: { url: true, secret: true } } } }),
    /**
     * Takes a due delivery (PENDING with no lease or an expired one, FAILED whose retry time has
     * come) until `leaseUntil`; false when another worker holds it or it is not due.
     */
    claim: async (id: string, now: Date, leaseUntil: Date) =>
      (
        await db.webhookDelivery.updateMany({
          where: {
            id,
            OR: [
              { status: 'PENDING', OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: now } }] },
              { status: 'FAILED', nextAttemptAt: { lte: now } },
            ],
          },
          data: { nextAttemptAt: leaseUntil },
        })
      ).count === 1,
    /** The attempt, and the delivery's new state; a retry's job with it (`retryAt`), in one transaction. */
    record: (id: string, attempt: number, outcome: AttemptOutcome, next: { status: 'SENT' | 'FAILED'; retryAt: Date | null; schedule: boolean }) =>
      db.$transaction(async (tx) => {
        await tx.webhookAttempt.create({ data: { deliveryId: id, attempt, ...outcome } });
        await tx.webhookDelivery.update({
          where: { id },
          data: {
            status: next.status,
            attempts: attempt,
            httpStatus: outcome.httpStatus,
            lastError: outcome.error,
            durationMs: outcome.durationMs,
            nextAttemptAt: next.retryAt,
            ...(next.status === 'SENT' ? { sentAt: new Date() } : {}),
          },
        });
        if (next.retryAt && next.schedule) await addDeliveryJob(tx, id, next.retryAt);
      }),
    schedule: (id: string, runAt: Date) => addDeliveryJob(db, id, runAt),

    /** The service's delivery log, newest first, with each attempt. */
    log: (serviceId: string, filter: { webhookId?: string; limit: number }) =>
      db.webhookDelivery.findMany({
        where: { webhook: { serviceId }, ...(filter.webhookId ? { webhookId: filter.webhookId } : {}) },
        include: { webhook: { select: { url: true } }, attemptsLog: { orderBy: { attempt: 'asc' } } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: filter.limit,
      }),
  };
}
export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
