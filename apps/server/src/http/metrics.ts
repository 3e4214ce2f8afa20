// GET /metrics in Prometheus text format (prom-client): HTTP requests and their durations by route
// pattern (`/api/proxy-asso/association/:id`, never the URL with its ids or query), the PostgreSQL
// pool behind Prisma, and the mail queue depth (mails not delivered yet that will still be tried).
// Served in development and tests; in production only when METRICS_TOKEN is set, and then only to
// `Authorization: Bearer <token>` (compared in constant time). Otherwise the route does not exist.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { errorBody } from '@portail/contract';
import type { NodeEnv } from '../config.ts';

export const METRICS_PATH = '/metrics';
/** Label of requests that matched no route (404 of the not-found handler). */
export const UNMATCHED_ROUTE = 'unmatched';

export interface PoolStats {
  /** Connections open (in use and idle). */
  total: number;
  idle: number;
  /** Requests waiting for a connection. */
  waiting: number;
  max: number;
}

export interface MetricsOptions {
  nodeEnv: NodeEnv;
  /** METRICS_TOKEN: required as a Bearer token when set; production serves /metrics only then. */
  token?: string;
  /** The pg pool's figures (null when the client was not made by createDatabase). */
  poolStats: () => PoolStats | null;
  mailQueueDepth: () => Promise<number>;
}

/** Whether /metrics is served: always outside production, with a token in production. */
export const metricsEnabled = (nodeEnv: NodeEnv, token: string | undefined) => nodeEnv !== 'production' || Boolean(token);

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Constant-time check of `Authorization: Bearer <token>` (both sides hashed: equal lengths). */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

export function registerMetrics(app: FastifyInstance, options: MetricsOptions): Registry | null {
  const token = options.token || undefined;
  if (!metricsEnabled(options.nodeEnv, token)) return null;

  // One registry per app (tests build several apps in one process).
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total', help: 'HTTP requests answered, by route pattern', labelNames, registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by route pattern',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'pg_pool_connections',
    help: 'Connections of the PostgreSQL pool behind Prisma, by state (in_use, idle, waiting: requests waiting for one)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = options.poolStats();
      if (!stats) return;
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'pg_pool_max_connections',
    help: 'Size limit of the PostgreSQL pool behind Prisma',
    registers: [registry],
    collect() {
      const stats = options.poolStats();
      if (stats) this.set(stats.max);
    },
  });
  new Gauge({
    name: 'mail_queue_depth',
    help: 'Mails in the outbox not delivered yet and still to be tried',
    registers: [registry],
    async collect() {
      this.set(await options.mailQueueDepth());
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status_code: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (token !== undefined && !bearerMatches(request, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send(errorBody('UNAUTHENTICATED'));
    }
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
  });
  return registry;
}
