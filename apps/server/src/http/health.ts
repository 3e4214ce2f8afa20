// Probes for orchestrators and load balancers. /health (liveness): the process answers, restarting
// it would not help when only the database is down, so it stays 200 and reports the database.
// /ready (readiness): 503 while the database does not answer, so the balancer routes elsewhere.
import type { FastifyInstance } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from './errors.ts';

/** A cheap round trip to the database (app.ts passes `SELECT 1`); it rejects when it is down. */
export type DatabaseProbe = () => Promise<unknown>;

/** A probe must answer before the balancer's own timeout, even when the database hangs. */
export const DATABASE_PROBE_TIMEOUT_MS = 2_000;
export const DATABASE_UNAVAILABLE_MESSAGE =
  'La base de données ne répond pas : cette instance ne peut pas servir de requêtes pour le moment.';

async function databaseAnswers(probe: DatabaseProbe): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([probe().then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(app: FastifyInstance, probe: DatabaseProbe, version: string): void {
  // Probes run every few seconds on every instance: keep them out of the info-level request log.
  app.get('/health', { logLevel: 'warn' }, async () => {
    const database = (await databaseAnswers(probe)) ? 'ok' : 'injoignable';
    return { status: 'ok', database, version };
  });

  app.get('/ready', { logLevel: 'warn' }, async (_request, reply) => {
    if (await databaseAnswers(probe)) return { status: 'ok', database: 'ok', version };
    return reply
      .status(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ status: 'indisponible', database: 'injoignable', message: DATABASE_UNAVAILABLE_MESSAGE, version });
  });
}
