// The delivery worker: graphile-worker on the portal's own PostgreSQL. Each outbox row that waits
// for delivery has one job (task `mail_deliver`, job key `mail:<id>`), added in the same transaction
// as the row or as its failure (repository.ts); the worker of any instance takes it under a row lock
// (SKIP LOCKED), so one instance runs it. A cron task (`mail_sweep`, once a minute for the whole
// cluster) delivers what has no job: rows written before the queue existed.
import type { FastifyBaseLogger } from 'fastify';
import { Logger, run, type Runner } from 'graphile-worker';
import pg from 'pg';

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

/** graphile-worker's messages through the app's logger (its info is our debug: one line per job). */
function loggerFor(log: FastifyBaseLogger) {
  return new Logger((scope) => (level, message, meta) => {
    const entry = { ...scope, ...meta };
    if (level === 'error') log.error(entry, `mail queue: ${message}`);
    else if (level === 'warning') log.warn(entry, `mail queue: ${message}`);
    else log.debug(entry, `mail queue: ${message}`);
  });
}

export async function startMailQueue(options: MailQueueOptions, handlers: MailQueueHandlers, log: FastifyBaseLogger) {
  // Our own pool (the jobs, the LISTEN connection, the cron), so that stop() waits until every
  // connection is closed (graphile-worker ends a pool it made without waiting).
  const pool = new pg.Pool({ connectionString: options.connectionString, max: options.concurrency + 2 });
  const onError = (error: Error) => log.warn({ err: error.message }, 'mail queue: database connection error');
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  const runner: Runner = await run({
    pgPool: pool,
    concurrency: options.concurrency,
    pollInterval: options.pollIntervalMs,
    // The process's own SIGTERM handler closes the app, which stops the worker.
    noHandleSignals: true,
    logger: loggerFor(log),
    taskList: {
      [DELIVER_TASK]: async (payload) => {
        const id = (payload as { id?: unknown } | null)?.id;
        if (typeof id === 'string') await handlers.deliver(id);
      },
      [SWEEP_TASK]: () => handlers.sweep(),
    },
    crontab: `* * * * * ${SWEEP_TASK}`,
    preset: { worker: { useNodeTime: true, gracefulShutdownAbortTimeout: 500 } },
  });
  return {
    /** Stops taking jobs; a job under way gets a moment, then its lock is released for a retry. */
    async stop() {
      await runner.stop();
      await pool.end();
    },
  };
}
export type MailQueue = Awaited<ReturnType<typeof startMailQueue>>;
