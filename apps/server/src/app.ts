// The Fastify application: external plugins, then the domain modules, then the client and docs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyJwt from '@fastify/jwt';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, errorBody, UPLOAD_MAX_BYTES } from '@portail/contract';
import { REPO_ROOT, type AppConfig } from './config.ts';
import { JWT_SECRET_NAME, sharedSecret } from './db/app-secrets.ts';
import { listenAccountStateChanges } from './db/account-state-changes.ts';
import { createDatabase, poolStats, type Database } from './db/prisma.ts';
import { AccountStateCache } from './http/account-state-cache.ts';
import { frameworkErrorOptions, installErrorHandler } from './http/errors.ts';
import { installInputGuard } from './http/input-guard.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { VerifiedTokens } from './http/verified-tokens.ts';
import type { AccountState, VerifiedToken } from './http/request-context.ts';
import { healthRoutes } from './http/health.ts';
import { storageDirProblem } from './storage/index.ts';
import { maskUrl, REDACTED_PATHS } from './http/log-redaction.ts';
import { registerMetrics } from './http/metrics.ts';
import { buildOpenApiDocument } from './http/openapi.ts';
import { authRoutes, proconnectRoutes, serviceAccountRoutes } from './modules/auth/index.ts';
import { cecRoutes, referentielRoutes } from './modules/declaration/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { dabRoutes } from './modules/dab/index.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { demandeRoutes } from './modules/demande/index.ts';
import { lcaRoutes } from './modules/lca/index.ts';
import { mailQueueDepth, mailRoutes } from './modules/mail/index.ts';
import { notificationRoutes } from './modules/notifications/index.ts';
import { openDataRoutes } from './modules/open-data/index.ts';
import { webhookRoutes } from './modules/webhooks/index.ts';
import {
  associationLightRoutes,
  associationRoutes,
  associationSearchRoutes,
  documentRoutes,
  externalLookupRoutes,
  haaRoutes,
} from './modules/proxy-asso/index.ts';
import { rdsRoutes } from './modules/rds/index.ts';
import { rdaRoutes } from './modules/rda/index.ts';
import { siretRequestRoutes } from './modules/siret-requests/index.ts';
import { pspRoutes } from './modules/psp/index.ts';
import { createServices, type AppServices } from './services.ts';

const JSON_BODY_LIMIT_BYTES = 1_048_576;
/** Verified access tokens kept per instance (a few hundred bytes each). */
const VERIFIED_TOKENS_KEPT = 10_000;
const APP_VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    /** This instance's cache of the account states the entry checks read (http/request-context.ts). */
    accountStates: AccountStateCache<AccountState>;
    /** Access tokens this instance has verified, until their expiry (http/request-context.ts). */
    verifiedTokens: VerifiedTokens<VerifiedToken>;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  databaseUrl: string;
  /** Use an existing client (the caller closes it). */
  db?: Database;
  /** Where the work lists read, standing for a replica (the caller closes it); else DATABASE_REPLICA_URL's, else `db`. */
  reader?: Database;
  /**
   * The embedded PostgreSQL's postmaster runs (main.ts): /health answers 503 while it does not,
   * since only this process can bring it back.
   */
  databaseProcessRuns?: () => boolean;
}

export async function buildApp({ config, databaseUrl, db: givenDb, reader: givenReader, databaseProcessRuns }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '***' },
      serializers: {
        req: (req) => ({ method: req.method, url: maskUrl(req.url), remoteAddress: req.ip }),
      },
      ...(config.nodeEnv === 'development' && process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : {}),
    },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // A bad URL, an over-long path parameter, a request Node refuses: the catalogue's French shape too.
    ...frameworkErrorOptions,
  });

  // External plugins
  installSecurityHeaders(app);
  const db = givenDb ?? createDatabase(databaseUrl);
  // HS256 only, with our issuer and audience: a token signed otherwise (none, HS512, another
  // service's token on the same secret) is refused.
  await app.register(fastifyJwt, {
    secret: config.jwtSecret ?? (await sharedSecret(db, JWT_SECRET_NAME)),
    sign: { algorithm: 'HS256', iss: ACCESS_TOKEN_ISSUER, aud: ACCESS_TOKEN_AUDIENCE, expiresIn: config.accessTokenTtlSeconds },
    verify: {
      algorithms: ['HS256'],
      allowedIss: ACCESS_TOKEN_ISSUER,
      allowedAud: ACCESS_TOKEN_AUDIENCE,
      // allowed* only check claims that are present: a token without them is refused too.
      requiredClaims: ['iss', 'aud', 'sub', 'iat', 'exp'],
    },
  });
  // One file per upload and a few small fields: anything else in a multipart body is refused.
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1_000, fieldNameSize: 100, parts: 6, headerPairs: 20 },
  });
  // Test runs check that each route answers only the errors its contract entry declares.
  installErrorHandler(app, { checkDeclared: config.nodeEnv === 'test' });
  // Every route: no NUL nor lone surrogate in any text, JSON nested within its bound (contract INPUT_LIMITS).
  installInputGuard(app);

  // Where the work lists read: the replica when DATABASE_REPLICA_URL names one (a test passes its own).
  const reader = givenReader ?? (config.databaseReplicaUrl ? createDatabase(config.databaseReplicaUrl) : db);
  const services = createServices(app, config, db, reader);
  app.decorate('services', services);
  // Mail delivery: this instance's worker of the PostgreSQL job queue (with SMTP only).
  await services.mail.startDelivery(databaseUrl);
  // Webhook deliveries: this instance's worker of the same job queue (config webhooks.delivery).
  await services.webhooks.startDelivery(databaseUrl);
  // Route limits live in PostgreSQL (db/rate-limit-counters.ts), declared per route by registerRoute.
  services.rateLimitStore.startPurgeLoop(app.log);
  // Account states kept while the database announces their changes (LISTEN on a connection of its own).
  const accountStates = new AccountStateCache<AccountState>(config.accountStateCache);
  app.decorate('accountStates', accountStates);
  app.decorate('verifiedTokens', new VerifiedTokens<VerifiedToken>(VERIFIED_TOKENS_KEPT));
  const accountStateChanges =
    config.accountStateCache.maxUsers > 0
      ? await listenAccountStateChanges({ ...config.accountStateCache, url: config.databaseListenUrl ?? databaseUrl, db, log: app.log }, accountStates)
      : null;
  // PDF threads started with the server, not by the first member who asks for a PDF.
  if (config.pdf.warm) {
    app.addHook('onReady', async () => {
      services.pdf.warm().catch((error: unknown) => app.log.error({ err: error }, 'PDF threads could not start'));
    });
  }
  app.addHook('onClose', async () => {
    await accountStateChanges?.stop();
    services.rateLimitStore.stop();
    await services.mail.stop();
    await services.webhooks.stop();
    await services.pdf.close();
    if (!givenDb) await db.$disconnect();
    if (!givenReader && reader !== db) await reader.$disconnect();
  });

  // GET /metrics (Prometheus); its request hook is added before the routes it counts.
  registerMetrics(app, {
    nodeEnv: config.nodeEnv, token: config.metricsToken, poolStats: () => poolStats(db), mailQueueDepth: () => mailQueueDepth(db),
  });

  // Domain modules (one per gateway of the original back-end)
  authRoutes(app, services);
  proconnectRoutes(app, services);
  serviceAccountRoutes(app, services);
  mailRoutes(app, services);
  lcaRoutes(app, services);
  rdsRoutes(app, services);
  rdaRoutes(app, services);
  associationSearchRoutes(app, services);
  associationRoutes(app, services);
  auditRoutes(app, services);
  notificationRoutes(app, services);
  documentRoutes(app, services);
  associationLightRoutes(app, services);
  externalLookupRoutes(app, services);
  haaRoutes(app, services);
  referentielRoutes(app, services);
  cecRoutes(app, services);
  dabRoutes(app, services);
  demandeRoutes(app, services);
  siretRequestRoutes(app, services);
  pspRoutes(app, services);
  openDataRoutes(app, services);
  webhookRoutes(app, services);
  dashboardRoutes(app, services);

  healthRoutes(app, () => db.$queryRaw`SELECT 1`, APP_VERSION, config.storageDriver === 'local' ? () => storageDirProblem(config.storageDir) : undefined, databaseProcessRuns);

  // API documentation generated from the contract
  if (config.apiDocs) {
    await app.register(fastifySwagger, { mode: 'static', specification: { document: buildOpenApiDocument(APP_VERSION) as never } });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  }

  // The React client under /client/ (history mode: unknown paths get index.html)
  const hasClient = existsSync(join(config.webDistDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, { root: config.webDistDir, prefix: '/client/', index: ['index.html'] });
  }
  app.get('/', (_request, reply) => reply.redirect('/client/'));
  app.get('/client', (_request, reply) => reply.redirect('/client/'));
  app.setNotFoundHandler((request, reply) => {
    const accept = request.headers.accept ?? '';
    if (hasClient && request.method === 'GET' && request.url.startsWith('/client/') && !accept.includes('application/json')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(errorBody('NOT_FOUND'));
  });

  return app;
}
