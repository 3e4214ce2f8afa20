// Probes for orchestrators and load balancers. /health (liveness): the process answers, restarting
// it would not help when only the database is down, so it stays 200 and reports the database;
// except for the embedded PostgreSQL, which only this process runs: 503 while its postmaster is
// down (the portal starts it again, or exits when it cannot).
// /ready (readiness): 503 while the database does not answer, or while the documents' folder cannot
// be written (local driver), so the balancer routes elsewhere.
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

/** Why this instance could not store a document (French), or undefined when it can. */
export type DocumentsProbe = () => Promise<string | undefined>;

export const EMBEDDED_DATABASE_DOWN_MESSAGE = 'Le PostgreSQL embarqué est arrêté : le portail le redémarre.';

export function healthRoutes(
  app: FastifyInstance,
  probe: DatabaseProbe,
  version: string,
  documentsProbe?: DocumentsProbe,
  /** The embedded PostgreSQL's postmaster runs (main.ts); undefined with DATABASE_URL. */
  databaseProcessRuns?: () => boolean,
): void {
  // Once the documents' folder took a file it is not tried again at every probe.
  let documentsWritable = documentsProbe === undefined;
  const documentsProblem = async () => {
    if (documentsWritable) return undefined;
    const problem = await documentsProbe!();
    documentsWritable = problem === undefined;
    return problem;
  };

  // Probes run every few seconds on every instance: keep them out of the info-level request log.
  app.get('/health', { logLevel: 'warn' }, async (_request, reply) => {
    if (databaseProcessRuns && !databaseProcessRuns()) {
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: 'indisponible', database: 'arrêtée', message: EMBEDDED_DATABASE_DOWN_MESSAGE, version });
    }
    const database = (await databaseAnswers(probe)) ? 'ok' : 'injoignable';
    return { status: 'ok', database, version };
  });

  app.get('/ready', { logLevel: 'warn' }, async (_request, reply) => {
    if (await databaseAnswers(probe)) {
      const problem = await documentsProblem();
      if (problem === undefined) return { status: 'ok', database: 'ok', version };
      return reply.status(503).header('retry-after', '5').send({ status: 'indisponible', database: 'ok', documents: 'non inscriptible', message: problem, version });
    }
    return reply
      .status(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ status: 'indisponible', database: 'injoignable', message: DATABASE_UNAVAILABLE_MESSAGE, version });
  });
}
