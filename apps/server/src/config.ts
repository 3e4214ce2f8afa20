// Runtime configuration from the environment, with safe defaults for a developer's machine.
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ASSISTANCE_EMAIL } from '@portail/contract';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export type NodeEnv = 'development' | 'production' | 'test';
export type DemoDataSetting = 'auto' | 'on' | 'off';

export interface LoginThrottleConfig {
  /** Failed attempts per address before each further one must wait. */
  freeAttempts: number;
  /** Same, per IP (higher: several users may share an IP). */
  ipFreeAttempts: number;
  /** The first wait; it doubles with each further failure, up to maxDelayMs (never a long lock). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures are forgotten after this much quiet. */
  windowMs: number;
}

/** A route's limit, per IP and per account (address or user), over one window. */
export interface RouteLimit {
  perIp: number;
  perAccount: number;
  windowMs: number;
  /** Per target object (a dossier, an association, a service account), for limits that name one. */
  perTarget?: number;
}

const HOUR = 60 * 60_000;

export interface WebhookConfig {
  /** This instance runs the delivery worker (graphile-worker), and deliveries get their job. */
  delivery: boolean;
  /** A receiver that has not answered within this delay is a failed attempt. */
  timeoutMs: number;
  /** First retry delay; it doubles with each failure, up to maxRetryMs. */
  retryMs: number;
  maxRetryMs: number;
  maxAttempts: number;
}

/** The rate-limited routes (besides sign-in, throttled by LoginThrottleConfig), with their env variable. */
export const RATE_LIMITS = {
  register: { env: 'RATE_LIMIT_REGISTER', defaults: { perIp: 10, perAccount: 3, windowMs: 15 * 60_000 } },
  sendValidation: { env: 'RATE_LIMIT_SEND_VALIDATION', defaults: { perIp: 10, perAccount: 3, windowMs: 15 * 60_000 } },
  forgotPassword: { env: 'RATE_LIMIT_FORGOT_PASSWORD', defaults: { perIp: 10, perAccount: 3, windowMs: 15 * 60_000 } },
  resetPassword: { env: 'RATE_LIMIT_RESET_PASSWORD', defaults: { perIp: 20, perAccount: 5, windowMs: 15 * 60_000 } },
  joinNotification: { env: 'RATE_LIMIT_JOIN_NOTIFICATION', defaults: { perIp: 20, perAccount: 10, windowMs: 60 * 60_000 } },
  assistanceMail: { env: 'RATE_LIMIT_ASSISTANCE_MAIL', defaults: { perIp: 10, perAccount: 5, windowMs: 60 * 60_000 } },
  // Calls that mail the other side of a dossier, of an association file or of a service account:
  // also per target, so that several accounts together cannot flood one dossier's readers either.
  dossierNotify: { env: 'RATE_LIMIT_DOSSIER_NOTIFY', defaults: { perIp: 60, perAccount: 10, windowMs: HOUR, perTarget: 10 } },
  dossierMessage: { env: 'RATE_LIMIT_DOSSIER_MESSAGE', defaults: { perIp: 120, perAccount: 30, windowMs: HOUR, perTarget: 30 } },
  dossierShare: { env: 'RATE_LIMIT_DOSSIER_SHARE', defaults: { perIp: 60, perAccount: 20, windowMs: HOUR, perTarget: 10 } },
  /** Exports of the instructing services' work list: each reads the whole filtered list. */
  worklistExport: { env: 'RATE_LIMIT_WORKLIST_EXPORT', defaults: { perIp: 120, perAccount: 30, windowMs: HOUR } },
  /** Bulk events of the work list: up to 500 transitions each. */
  /** The public open data of granted subsidies, per IP (no account): each reads a whole exercise. */
  openData: { env: 'RATE_LIMIT_OPEN_DATA', defaults: { perIp: 120, perAccount: 120, windowMs: HOUR } },
  worklistBulk: { env: 'RATE_LIMIT_WORKLIST_BULK', defaults: { perIp: 120, perAccount: 30, windowMs: HOUR } },
  /** Changes of a transmitted dossier that mail its services (step, documents, RIB): counted only when they mail. */
  dossierChangeMail: { env: 'RATE_LIMIT_DOSSIER_CHANGE_MAIL', defaults: { perIp: 120, perAccount: 30, windowMs: HOUR, perTarget: 30 } },
  /** RIBs and legal representatives of an association file: each change mails its members and representatives. */
  associationFileMail: { env: 'RATE_LIMIT_ASSOCIATION_FILE_MAIL', defaults: { perIp: 120, perAccount: 30, windowMs: HOUR, perTarget: 30 } },
  /** A new address of one's own account: a link to the new address and a notice to the current one. */
  accountEmailChange: { env: 'RATE_LIMIT_ACCOUNT_EMAIL_CHANGE', defaults: { perIp: 20, perAccount: 5, windowMs: HOUR } },
  /** Agents' sign-in with ProConnect: each start and each return calls the provider. */
  proconnect: { env: 'RATE_LIMIT_PROCONNECT', defaults: { perIp: 30, perAccount: 30, windowMs: 15 * 60_000 } },
  /** Service accounts and records created or re-addressed by a manager: a welcome or validation mail. */
  serviceAccountMail: { env: 'RATE_LIMIT_SERVICE_ACCOUNT_MAIL', defaults: { perIp: 120, perAccount: 60, windowMs: HOUR, perTarget: 5 } },
  /** Commune searches relayed to the national address API: typed as one writes, a few per field. */
  addressLookup: { env: 'RATE_LIMIT_ADDRESS_LOOKUP', defaults: { perIp: 1200, perAccount: 600, windowMs: HOUR } },
  /** INSEE notices (PDF) relayed for a SIREN. */
  sireneNotice: { env: 'RATE_LIMIT_SIRENE_NOTICE', defaults: { perIp: 120, perAccount: 30, windowMs: HOUR } },
} as const satisfies Record<string, { env: string; defaults: RouteLimit }>;
export type RateLimitName = keyof typeof RATE_LIMITS;

/** "perIp/perAccount/windowSeconds[/perTarget]", e.g. RATE_LIMIT_FORGOT_PASSWORD=10/3/900, RATE_LIMIT_DOSSIER_MESSAGE=120/30/3600/30. */
function routeLimitFrom(name: string, value: string | undefined, fallback: RouteLimit): RouteLimit {
  if (value === undefined || value === '') return fallback;
  const parts = value.split('/').map((part) => Number(part.trim()));
  const targeted = fallback.perTarget !== undefined;
  if (!(parts.length === 3 || (targeted && parts.length === 4)) || parts.some((part) => !Number.isInteger(part) || part < 1)) {
    const shape = targeted ? '« par IP/par compte/fenêtre en secondes[/par cible] », trois ou quatre entiers positifs' : '« par IP/par compte/fenêtre en secondes », trois entiers positifs';
    throw new Error(`${name} s'écrit ${shape} (reçu : « ${value} »).`);
  }
  const [perIp, perAccount, windowSeconds, perTarget] = parts as [number, number, number, number | undefined];
  // Without its fourth part, a limit per target keeps its default.
  return { perIp, perAccount, windowMs: windowSeconds * 1000, ...(targeted ? { perTarget: perTarget ?? fallback.perTarget } : {}) };
}

function rateLimitsFrom(env: NodeJS.ProcessEnv): Record<RateLimitName, RouteLimit> {
  return Object.fromEntries(
    Object.entries(RATE_LIMITS).map(([name, { env: variable, defaults }]) => [name, routeLimitFrom(variable, env[variable], defaults)]),
  ) as Record<RateLimitName, RouteLimit>;
}

/**
 * The outbox shows live links only in this explicit demo mode: on by default for the developer's
 * embedded start without SMTP (nobody else's mail there), never in production.
 */
function outboxShowLinksFrom(env: NodeJS.ProcessEnv, nodeEnv: NodeEnv): boolean {
  const value = env.MAIL_OUTBOX_SHOW_LINKS;
  return value ? /^(1|true)$/i.test(value) : nodeEnv === 'development' && !env.DATABASE_URL && !env.SMTP_URL;
}

export type StorageDriver = 'local' | 's3';

/** S3-compatible object storage (STORAGE_DRIVER=s3): what every instance shares. */
export interface S3StorageConfig {
  /** S3_ENDPOINT, e.g. http://minio:9000; empty for AWS S3 itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_FORCE_PATH_STYLE: bucket in the path; on by default with an endpoint (MinIO), off for AWS. */
  forcePathStyle: boolean;
}

/** STORAGE_DRIVER and, for s3, its settings; an incomplete S3 configuration refuses start-up. */
function storageFrom(env: NodeJS.ProcessEnv): { storageDriver: StorageDriver; s3: S3StorageConfig | undefined } {
  const driver = (env.STORAGE_DRIVER ?? '').trim().toLowerCase() || 'local';
  if (driver !== 'local' && driver !== 's3') {
    throw new Error(`STORAGE_DRIVER vaut « local » (dossier STORAGE_DIR) ou « s3 » (stockage objet) ; reçu : « ${env.STORAGE_DRIVER} ».`);
  }
  if (driver === 'local') return { storageDriver: 'local', s3: undefined };
  const value = (name: string) => env[name]?.trim() || undefined;
  const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => !value(name));
  if (missing.length > 0) {
    throw new Error(`STORAGE_DRIVER=s3 : configuration du stockage objet incomplète, il manque ${missing.join(', ')}.`);
  }
  const endpoint = value('S3_ENDPOINT');
  if (endpoint && !/^https?:\/\/[^/\s]+/i.test(endpoint)) {
    throw new Error(`S3_ENDPOINT est une adresse http(s)://hôte:port (ex. http://minio:9000) ; reçu : « ${endpoint} ».`);
  }
  const pathStyle = value('S3_FORCE_PATH_STYLE');
  if (pathStyle && !/^(1|true|0|false)$/i.test(pathStyle)) {
    throw new Error(`S3_FORCE_PATH_STYLE vaut 1 ou 0 (reçu : « ${pathStyle} »).`);
  }
  return {
    storageDriver: 's3',
    s3: {
      endpoint,
      bucket: value('S3_BUCKET')!,
      region: value('S3_REGION') ?? 'us-east-1',
      accessKeyId: value('S3_ACCESS_KEY_ID')!,
      secretAccessKey: value('S3_SECRET_ACCESS_KEY')!,
      forcePathStyle: pathStyle ? /^(1|true)$/i.test(pathStyle) : endpoint !== undefined,
    },
  };
}

/** Limits that keep self-attachment to associations safe. */
export interface MembershipLimits {
  /** Associations one account may join per 24 hours (lca.admin exempt). */
  joinsPerAccountPerDay: number;
  /** Join mails an association's representatives receive per 24 hours; further joins wait. */
  joinNotificationsPerAssociationPerDay: number;
  /** Legal representatives (not deleted) of one association. */
  representantsPerAssociation: number;
  /** Lifetime of the « Je ne connais pas cette personne » link of a join mail. */
  reportLinkTtlDays: number;
}

/** The cache of account states the entry checks read (http/account-state-cache.ts). */
export interface AccountStateCacheConfig {
  /** ACCOUNT_STATE_CACHE_USERS: users kept at most per instance; 0 turns the cache off. */
  maxUsers: number;
  /** ACCOUNT_STATE_CACHE_TTL_SECONDS: a kept state is read again after this long. */
  ttlMs: number;
  /** First wait before reopening a lost listening connection (doubles up to maxReconnectMs). */
  reconnectMs: number;
  maxReconnectMs: number;
  /** How often the listening connection is proven alive. */
  heartbeatMs: number;
}

/** The outside services the server relays (modules/proxy-asso/lookups/). */
export interface ExternalLookupsConfig {
  /** ADDRESS_API_URL: the national address API; its `/search/` is called. */
  addressApiUrl: string;
  /** SIRENE_NOTICE_URL: INSEE's notices; `<url>/<siren>` answers the PDF. */
  sireneNoticeUrl: string;
  /** EXTERNAL_LOOKUP_TIMEOUT_MS: how long an answer's headers are awaited before giving up. */
  timeoutMs: number;
  /** ADDRESS_CACHE_ENTRIES: commune searches kept per instance (0: none). */
  addressCacheEntries: number;
  /** ADDRESS_CACHE_TTL_SECONDS: how long a kept answer of the national API is served again. */
  addressCacheTtlMs: number;
}

/** An http(s) base URL without its trailing slash, or a French start-up error naming the setting. */
function baseUrlFrom(name: string, value: string | undefined, fallback: string): string {
  const text = value?.trim() || fallback;
  if (!/^https?:\/\/[^/\s]+/i.test(text)) throw new Error(`${name} est une adresse http(s)://… (reçu : « ${text} »).`);
  return text.replace(/\/+$/, '');
}

export interface AppConfig {
  nodeEnv: NodeEnv;
  host: string;
  port: number;
  /** Public base URL used in mail links. */
  publicUrl: string;
  /** When unset, an embedded PostgreSQL is started in dataDir. */
  databaseUrl: string | undefined;
  /**
   * DATABASE_LISTEN_URL: where the connection hearing account-state changes (LISTEN) goes, when
   * DATABASE_URL reaches PostgreSQL through a pooler that cannot keep a LISTEN (PgBouncer in
   * transaction mode); DATABASE_URL otherwise.
   */
  databaseListenUrl: string | undefined;
  /**
   * DATABASE_REPLICA_URL: a read replica of the database. The instructing services' work lists, their
   * counts and their exports read from it; every write, and everything a transition reads, stays on
   * DATABASE_URL (docs/operations.md « Réplique en lecture »). Unset: everything reads the primary.
   */
  databaseReplicaUrl: string | undefined;
  accountStateCache: AccountStateCacheConfig;
  dataDir: string;
  /** Uploaded files (local folder storage). */
  storageDir: string;
  /** STORAGE_DRIVER: the local folder, or S3-compatible object storage shared by all instances. */
  storageDriver: StorageDriver;
  /** The S3 settings when storageDriver is 's3'. */
  s3: S3StorageConfig | undefined;
  embeddedPgPort: number;
  /**
   * EMBEDDED_PG=0 (the image sets it): no embedded PostgreSQL here, its binaries are left out, so
   * DATABASE_URL is required and no message advises removing it.
   */
  embeddedPg: boolean;
  /** Given by JWT_SECRET; when unset, the secret is generated once and kept in the database (app_secrets). */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  validationTokenTtlHours: number;
  resetTokenTtlMinutes: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  /** Delay between retries of failed mails. */
  mailRetryMs: number;
  mailMaxAttempts: number;
  /** Webhooks of the instructing services (modules/webhooks): delivery worker, timeout, back-off. */
  webhooks: WebhookConfig;
  webDistDir: string;
  /** Demo accounts and associations: 'auto' loads them on the embedded default database only. */
  demoData: DemoDataSetting;
  /** Which proxies' X-Forwarded-* headers are believed (Fastify's trustProxy): none by default. */
  trustProxy: TrustProxySetting;
  /** The OpenAPI document and Swagger UI under /api/docs (off in production unless API_DOCS=1). */
  apiDocs: boolean;
  /** METRICS_TOKEN: Bearer token of GET /metrics; production serves /metrics only when it is set. */
  metricsToken?: string;
  loginThrottle: LoginThrottleConfig;
  /** Per IP and per account, kept in PostgreSQL (see RATE_LIMITS). */
  rateLimits: Record<RateLimitName, RouteLimit>;
  /** Demo mode: the outbox keeps token-bearing links readable (see outboxShowLinksFrom). */
  mailOutboxShowLinks: boolean;
  membershipLimits: MembershipLimits;
  /** PDFs are drawn by worker threads, off the event loop (modules/demande/pdf/pool.ts). */
  pdf: PdfPoolConfig;
  /** Agents' sign-in with ProConnect: undefined when off (the default). */
  proconnect: ProconnectConfig | undefined;
  externalLookups: ExternalLookupsConfig;
  logLevel: string;
}

/** Agents' sign-in with ProConnect (docs/operations.md « Connexion des agents avec ProConnect »). */
export interface ProconnectConfig {
  /** PROCONNECT_ISSUER: the provider's issuer URL; its discovery document is read from it. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** PROCONNECT_REDIRECT_URI: the client's callback page, registered with the provider. */
  redirectUri: string;
  /** PROCONNECT_SCOPES: ProConnect's documented minimum by default. */
  scopes: string;
  /** PROCONNECT_ACR_VALUES: the level of assurance asked for (empty: none asked). */
  acrValues: string | undefined;
  /** PROCONNECT_POST_LOGOUT_REDIRECT_URI: where the provider sends the agent back after ending its session. */
  postLogoutRedirectUri: string;
}

export const PROCONNECT_DEFAULT_SCOPES = 'openid email given_name usual_name';

/**
 * On when PROCONNECT_ISSUER is set, then the client's id and secret are required; off otherwise. A
 * plain http issuer is only for a provider on this machine (tests, development), never in production.
 */
function proconnectFrom(env: NodeJS.ProcessEnv, nodeEnv: NodeEnv, publicUrl: string): ProconnectConfig | undefined {
  const issuer = env.PROCONNECT_ISSUER?.trim();
  if (!issuer) return undefined;
  const clientId = env.PROCONNECT_CLIENT_ID?.trim();
  const clientSecret = env.PROCONNECT_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) {
    throw new Error('PROCONNECT_ISSUER est défini : PROCONNECT_CLIENT_ID et PROCONNECT_CLIENT_SECRET sont requis (docs/operations.md).');
  }
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error(`PROCONNECT_ISSUER n'est pas une adresse (reçu : « ${issuer} »).`);
  }
  if (nodeEnv === 'production' && url.protocol !== 'https:') {
    throw new Error(`PROCONNECT_ISSUER doit être une adresse https en production (reçu : « ${issuer} »).`);
  }
  return {
    issuer,
    clientId,
    clientSecret,
    redirectUri: env.PROCONNECT_REDIRECT_URI?.trim() || `${publicUrl}/client/connexion/proconnect`,
    scopes: env.PROCONNECT_SCOPES?.trim() || PROCONNECT_DEFAULT_SCOPES,
    acrValues: env.PROCONNECT_ACR_VALUES === undefined ? 'eidas1' : env.PROCONNECT_ACR_VALUES.trim() || undefined,
    postLogoutRedirectUri: env.PROCONNECT_POST_LOGOUT_REDIRECT_URI?.trim() || `${publicUrl}/client/login`,
  };
}

export interface PdfPoolConfig {
  /** PDF_WORKERS: threads drawing PDFs at once. */
  threads: number;
  /** PDF_QUEUE: PDFs waiting for a thread beyond which a request is refused (429). */
  queue: number;
  /**
   * PDF_WARM=1: threads started with the server rather than at the first PDF. Off by default: a
   * thread holds about 45 MB (its modules, fonts, heap) that a portal nobody asks a PDF of need not
   * pay; the first PDF waits for its start (under a second), the next ones find it (threads stay).
   */
  warm: boolean;
}

function intFrom(value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? NaN : Number.parseInt(value, 10);
  return Number.isFinite(parsed) ? parsed : fallback;
}

export const MIN_JWT_SECRET_BYTES = 32;
/** Secrets printed in our docs, compose file and tests over time: anybody could forge tokens with them. */
export const EXAMPLE_JWT_SECRETS: readonly string[] = [
  'change-me-local-only-0123456789abcdef0123456789',
  'test-secret-not-for-production-0123456789',
  'change-me',
  'changeme',
  'secret',
];

/** Refuses, with a French start-up message, a given JWT secret anybody could guess. */
export function checkJwtSecret(secret: string): string {
  if (EXAMPLE_JWT_SECRETS.includes(secret.trim())) {
    throw new Error(
      'JWT_SECRET reprend un exemple de la documentation : choisissez un secret aléatoire, ou ne le définissez pas pour que le serveur en génère un.',
    );
  }
  if (Buffer.byteLength(secret, 'utf8') < MIN_JWT_SECRET_BYTES) {
    throw new Error(`JWT_SECRET doit faire au moins ${MIN_JWT_SECRET_BYTES} octets (par exemple : openssl rand -base64 48).`);
  }
  return secret;
}

/** An integer setting within bounds, or a French start-up error naming it. */
function boundedInt(name: string, value: string | undefined, fallback: number, min: number, max: number, unit: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new Error(`${name} doit être un nombre entier de ${unit} compris entre ${min} et ${max} (reçu : « ${value} »).`);
  }
  return parsed;
}

/** DEMO_DATA: unset = 'auto', 1/true = 'on', 0/false = 'off'; demo data is refused in production. */
function demoDataFrom(value: string | undefined, nodeEnv: NodeEnv): DemoDataSetting {
  const setting: DemoDataSetting =
    value === undefined || value === '' ? 'auto' : /^(1|true|oui)$/i.test(value) ? 'on' : /^(0|false|non)$/i.test(value) ? 'off' : 'auto';
  if (setting === 'auto' && value) throw new Error(`DEMO_DATA vaut 1 ou 0 (reçu : « ${value} »).`);
  if (nodeEnv === 'production' && setting === 'on') {
    throw new Error('DEMO_DATA=1 est refusé avec NODE_ENV=production : les comptes de démonstration ont un mot de passe public.');
  }
  return nodeEnv === 'production' ? 'off' : setting;
}

/** Whether demo data is loaded on this database: asked for, or the embedded default left on 'auto'. */
export function loadsDemoData(config: Pick<AppConfig, 'demoData'>, database: { embedded: boolean }): boolean {
  return config.demoData === 'on' || (config.demoData === 'auto' && database.embedded);
}

/**
 * TRUST_PROXY: the addresses or CIDR ranges of the reverse proxies in front ("10.0.0.0/8,127.0.0.1"),
 * or the named ranges loopback, linklocal, uniquelocal (a compose network is uniquelocal). Neither
 * "true" (trust any X-Forwarded-For: any client could choose the IP that rate limits count) nor a hop
 * count (Fastify ignores it, as it cannot check the immediate peer) is accepted.
 */
export type TrustProxySetting = false | string[];
export function trustProxyFrom(value: string | undefined): TrustProxySetting {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  const address = /^([0-9a-f:.]+(\/\d{1,3})?|loopback|linklocal|uniquelocal)$/i;
  const valid = entries.length > 0 && entries.every((entry) => address.test(entry) && !/^\d+$/.test(entry));
  if (!valid) {
    throw new Error(
      `TRUST_PROXY vaut la liste des adresses ou plages CIDR des relais inverses (ex. 10.0.0.0/8,127.0.0.1, ou uniquelocal) ; reçu : « ${text} ».`,
    );
  }
  return entries;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const nodeEnv: NodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = intFrom(env.PORT, 3000);
  const dataDir = resolve(env.DATA_DIR ?? join(REPO_ROOT, '.data'));
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const config: AppConfig = {
    nodeEnv,
    // Reachable from this machine only unless HOST says otherwise (compose and the image set 0.0.0.0).
    host: env.HOST || '127.0.0.1',
    port,
    publicUrl,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseListenUrl: env.DATABASE_LISTEN_URL || undefined,
    databaseReplicaUrl: env.DATABASE_REPLICA_URL || undefined,
    accountStateCache: {
      maxUsers: boundedInt('ACCOUNT_STATE_CACHE_USERS', env.ACCOUNT_STATE_CACHE_USERS, 10_000, 0, 1_000_000, 'comptes'),
      ttlMs: boundedInt('ACCOUNT_STATE_CACHE_TTL_SECONDS', env.ACCOUNT_STATE_CACHE_TTL_SECONDS, 60, 1, 3600, 'secondes') * 1000,
      reconnectMs: 250,
      maxReconnectMs: 10_000,
      heartbeatMs: 10_000,
    },
    dataDir,
    storageDir: resolve(env.STORAGE_DIR ?? join(dataDir, 'files')),
    ...storageFrom(env),
    embeddedPgPort: intFrom(env.EMBEDDED_PG_PORT, 54329),
    embeddedPg: !/^(0|false)$/i.test(env.EMBEDDED_PG ?? ''),
    jwtSecret: env.JWT_SECRET ? checkJwtSecret(env.JWT_SECRET) : undefined,
    accessTokenTtlSeconds: boundedInt('ACCESS_TOKEN_TTL_SECONDS', env.ACCESS_TOKEN_TTL_SECONDS, 15 * 60, 60, 3600, 'secondes'),
    refreshTokenTtlDays: boundedInt('REFRESH_TOKEN_TTL_DAYS', env.REFRESH_TOKEN_TTL_DAYS, 30, 1, 90, 'jours'),
    validationTokenTtlHours: intFrom(env.VALIDATION_TOKEN_TTL_HOURS, 72),
    resetTokenTtlMinutes: intFrom(env.RESET_TOKEN_TTL_MINUTES, 60),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Le compte association <ne-pas-repondre@associations.gouv.fr>',
    supportEmail: (env.SUPPORT_EMAIL ?? ASSISTANCE_EMAIL).toLowerCase(),
    mailRetryMs: intFrom(env.MAIL_RETRY_MS, 60_000),
    mailMaxAttempts: intFrom(env.MAIL_MAX_ATTEMPTS, 5),
    webhooks: {
      // The tests that send webhooks start it; the others write deliveries without jobs.
      delivery: env.WEBHOOKS_DELIVERY ? /^(1|true)$/i.test(env.WEBHOOKS_DELIVERY) : nodeEnv !== 'test',
      timeoutMs: intFrom(env.WEBHOOK_TIMEOUT_MS, 10_000),
      retryMs: intFrom(env.WEBHOOK_RETRY_MS, 30_000),
      maxRetryMs: intFrom(env.WEBHOOK_MAX_RETRY_MS, 6 * 60 * 60_000),
      maxAttempts: intFrom(env.WEBHOOK_MAX_ATTEMPTS, 10),
    },
    webDistDir: resolve(env.WEB_DIST_DIR ?? join(REPO_ROOT, 'apps/web/dist')),
    demoData: demoDataFrom(env.DEMO_DATA, nodeEnv),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    apiDocs: env.API_DOCS ? /^(1|true)$/i.test(env.API_DOCS) : nodeEnv !== 'production',
    metricsToken: env.METRICS_TOKEN || undefined,
    loginThrottle: {
      freeAttempts: boundedInt('LOGIN_FREE_ATTEMPTS', env.LOGIN_FREE_ATTEMPTS, 5, 1, 100, 'tentatives'),
      ipFreeAttempts: boundedInt('LOGIN_IP_FREE_ATTEMPTS', env.LOGIN_IP_FREE_ATTEMPTS, 30, 1, 10_000, 'tentatives'),
      baseDelayMs: 1_000,
      maxDelayMs: boundedInt('LOGIN_MAX_DELAY_SECONDS', env.LOGIN_MAX_DELAY_SECONDS, 60, 1, 900, 'secondes') * 1000,
      windowMs: 15 * 60_000,
    },
    rateLimits: rateLimitsFrom(env),
    mailOutboxShowLinks: outboxShowLinksFrom(env, nodeEnv),
    membershipLimits: {
      joinsPerAccountPerDay: intFrom(env.JOINS_PER_ACCOUNT_PER_DAY, 5),
      joinNotificationsPerAssociationPerDay: intFrom(env.JOIN_NOTIFICATIONS_PER_ASSOCIATION_PER_DAY, 20),
      representantsPerAssociation: intFrom(env.REPRESENTANTS_PER_ASSOCIATION, 20),
      reportLinkTtlDays: intFrom(env.JOIN_REPORT_LINK_TTL_DAYS, 30),
    },
    pdf: {
      // One thread fewer than the cores (the event loop keeps one), at least one.
      threads: boundedInt('PDF_WORKERS', env.PDF_WORKERS, Math.max(1, Math.min(4, availableParallelism() - 1)), 1, 64, 'threads'),
      queue: boundedInt('PDF_QUEUE', env.PDF_QUEUE, 32, 1, 10_000, 'PDF'),
      warm: env.PDF_WARM === '1',
    },
    proconnect: proconnectFrom(env, nodeEnv, publicUrl),
    externalLookups: {
      addressApiUrl: baseUrlFrom('ADDRESS_API_URL', env.ADDRESS_API_URL, 'https://api-adresse.data.gouv.fr'),
      sireneNoticeUrl: baseUrlFrom('SIRENE_NOTICE_URL', env.SIRENE_NOTICE_URL, 'https://api-avis-situation-sirene.insee.fr/identification/pdf'),
      timeoutMs: boundedInt('EXTERNAL_LOOKUP_TIMEOUT_MS', env.EXTERNAL_LOOKUP_TIMEOUT_MS, 2_000, 50, 30_000, 'millisecondes'),
      addressCacheEntries: boundedInt('ADDRESS_CACHE_ENTRIES', env.ADDRESS_CACHE_ENTRIES, 1_000, 0, 100_000, 'recherches'),
      addressCacheTtlMs: boundedInt('ADDRESS_CACHE_TTL_SECONDS', env.ADDRESS_CACHE_TTL_SECONDS, 3_600, 1, 7 * 24 * 3_600, 'secondes') * 1000,
    },
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    ...overrides,
  };
  // Overrides go through the same checks as the environment.
  if (overrides.jwtSecret !== undefined) config.jwtSecret = checkJwtSecret(overrides.jwtSecret);
  if (!config.databaseUrl && !config.embeddedPg) {
    throw new Error(
      'DATABASE_URL manque : cette installation (l’image Docker) n’embarque pas PostgreSQL. ' +
        'Donnez l’adresse d’un PostgreSQL 18 : DATABASE_URL=postgresql://utilisateur:motdepasse@hote:5432/base (docs/operations.md).',
    );
  }
  if (config.storageDriver === 's3' && !config.s3) {
    throw new Error('STORAGE_DRIVER=s3 : configuration du stockage objet incomplète (S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).');
  }
  if (config.mailOutboxShowLinks && nodeEnv === 'production') {
    throw new Error('MAIL_OUTBOX_SHOW_LINKS est interdit en production : la boîte d’envoi montrerait les liens secrets des usagers.');
  }
  return config;
}
