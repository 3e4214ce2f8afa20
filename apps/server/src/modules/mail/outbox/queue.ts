// The delivery worker: graphile-worker on the portal's own PostgreSQL (db/job-queue.ts). Each outbox
// row that waits for delivery has one job (task `mail_deliver`, job key `mail:<id>`), added in the
// same transaction as the row or as its failure (repository.ts); the worker of any instance takes it
// under a row lock (SKIP LOCKED), so one instance runs it. A cron task (`mail_sweep`, once a minute
// for the whole cluster) delivers what has no job: rows written before the queue existed.
import type { FastifyBaseLogger } from 'fastify';
import { startJobQueue, type JobQueue } from '../../../db/job-queue.ts';

export const DELIVER_TASK = 'mail_deliver';
export const SWEEP_TASK = 'mail_sweep';

export interface MailQueueHandlers {
  /** Delivers (or reschedules) one outbox row. */
  deliver(id: string): Promise<void>;
  /** Delivers every due row. */
  sweep(): Promise<void>;
}

export interface MailQueueOptions {
  connectionString: string;
  /** How often an idle worker looks for jobs that became due (new jobs wake it at once). */
  pollIntervalMs: number;
  concurrency: number;
}

export function startMailQueue(options: MailQueueOptions, handlers: MailQueueHandlers, log: FastifyBaseLogger) {
  return startJobQueue(
    { ...options, name: 'mail queue', crontab: `* * * * * ${SWEEP_TASK}` },
    {
      [DELIVER_TASK]: async (payload) => {
        const id = (payload as { id?: unknown } | null)?.id;
        if (typeof id === 'string') await handlers.deliver(id);
      },
      [SWEEP_TASK]: () => handlers.sweep(),
    },
    log,
  );
}
export type MailQueue = JobQueue;
