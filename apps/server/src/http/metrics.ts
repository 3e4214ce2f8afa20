// GET /metrics in Prometheus text format (prom-client): HTTP requests and their durations by route
// pattern (`/api/proxy-asso/association/:id`, never the URL with its ids or query), the PostgreSQL
// pool behind Prisma, the mail queue depth (mails not delivered yet that will still be tried), and
// the process: resident memory, V8's heap, memory outside it, and the event loop's delay (under the
// names prom-client's default metrics use, so that the usual dashboards read them).
// Served in development and tests; in production only when METRICS_TOKEN is set, and then only to
// `Authorization: Bearer <token>` (compared in constant time). Otherwise the route does not exist.
import { createHash, timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
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

  registerProcessMetrics(app, registry);

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

/**
 * The process's memory, read when scraped (no observer kept), and the event loop's delay, sampled
 * every 20 ms by a histogram of Node's own that stops with the app (tests build many apps).
 */
function registerProcessMetrics(app: FastifyInstance, registry: Registry) {
  const memory = (name: string, help: string, read: (usage: NodeJS.MemoryUsage) => number) =>
    new Gauge({ name, help, registers: [registry], collect() { this.set(read(process.memoryUsage())); } });
  memory('process_resident_memory_bytes', 'Resident memory of the process (RSS)', (usage) => usage.rss);
  memory('nodejs_heap_size_total_bytes', 'V8 heap reserved', (usage) => usage.heapTotal);
  memory('nodejs_heap_size_used_bytes', 'V8 heap in use', (usage) => usage.heapUsed);
  memory('nodejs_external_memory_bytes', 'Memory of C++ objects bound to JavaScript ones (buffers included)', (usage) => usage.external);
  const delay = monitorEventLoopDelay({ resolution: 20 });
  delay.enable();
  app.addHook('onClose', async () => delay.disable());
  new Gauge({
    name: 'nodejs_eventloop_lag_seconds',
    help: 'Delay of the event loop since the last scrape, by percentile (p50, p99, max)',
    labelNames: ['quantile'] as const,
    registers: [registry],
    collect() {
      // Nanoseconds; NaN (no sample yet) is left out.
      for (const [quantile, value] of [['0.5', delay.percentile(50)], ['0.99', delay.percentile(99)], ['1', delay.max]] as const) {
        if (Number.isFinite(value) && value > 0) this.set({ quantile }, value / 1e9);
      }
      delay.reset();
    },
  });
}
