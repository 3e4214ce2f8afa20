// A graphile-worker runner on the portal's own PostgreSQL, for the modules whose work leaves the
// process (mail delivery, webhooks): its own pool, so that stop() waits until every connection is
// closed (graphile-worker ends a pool it made without waiting); graphile-worker installs or
// upgrades its schema at start, safe with several instances at once. Jobs are added by the modules'
// repositories with `graphile_worker.add_job(...)` in the transaction of the row they deliver.
import type { FastifyBaseLogger } from 'fastify';
import { Logger, run, type TaskList } from 'graphile-worker';
import pg from 'pg';

export interface JobQueueOptions {
  /** Names the queue in the logs. */
  name: string;
  connectionString: string;
  /** How often an idle worker looks for jobs that became due (new jobs wake it at once). */
  pollIntervalMs: number;
  concurrency: number;
  /** graphile-worker crontab lines, if any. */
  crontab?: string;
}

/** graphile-worker's messages through the app's logger (its info is our debug: one line per job). */
function loggerFor(log: FastifyBaseLogger, name: string) {
  return new Logger((scope) => (level, message, meta) => {
    const entry = { ...scope, ...meta };
    if (level === 'error') log.error(entry, `${name}: ${message}`);
    else if (level === 'warning') log.warn(entry, `${name}: ${message}`);
    else log.debug(entry, `${name}: ${message}`);
  });
}

export async function startJobQueue(options: JobQueueOptions, taskList: TaskList, log: FastifyBaseLogger) {
  const pool = new pg.Pool({ connectionString: options.connectionString, max: options.concurrency + 2 });
  const onError = (error: Error) => log.warn({ err: error.message }, `${options.name}: database connection error`);
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  const runner = await run({
    pgPool: pool,
    concurrency: options.concurrency,
    pollInterval: options.pollIntervalMs,
    // The process's own SIGTERM handler closes the app, which stops the worker.
    noHandleSignals: true,
    logger: loggerFor(log, options.name),
    taskList,
    ...(options.crontab ? { crontab: options.crontab } : {}),
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
export type JobQueue = Awaited<ReturnType<typeof startJobQueue>>;
