// Runtime configuration from the environment, with safe defaults for a developer's machine.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ASSISTANCE_EMAIL } from '@portail/contract';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export type NodeEnv = 'development' | 'production' | 'test';

export interface LoginThrottleConfig {
  /** Failures are counted over this window. */
  windowMs: number;
  /** From this many failures on one address, each attempt waits a little longer. */
  slowAfter: number;
  /** From this many failures on one address, attempts are refused for blockMs. */
  blockAfter: number;
  /** Same, counted per IP (higher: several users may share an IP). */
  ipBlockAfter: number;
  blockMs: number;
  /** Extra delay per failure beyond slowAfter, capped at maxDelayMs. */
  delayStepMs: number;
  maxDelayMs: number;
}

export interface RateLimitConfig {
  max: number;
  windowMs: number;
}

/** Limits that keep self-attachment to associations safe (issue 7 §3). */
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

export interface AppConfig {
  nodeEnv: NodeEnv;
  host: string;
  port: number;
  /** Public base URL used in mail links. */
  publicUrl: string;
  /** When unset, an embedded PostgreSQL is started in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Uploaded files (local folder storage). */
  storageDir: string;
  embeddedPgPort: number;
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
  webDistDir: string;
  seedDemoData: boolean;
  loginThrottle: LoginThrottleConfig;
  /** Per IP, on the calls that send a mail (registration, validation, reset, assistance). */
  mailRouteLimit: RateLimitConfig;
  membershipLimits: MembershipLimits;
  logLevel: string;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const nodeEnv: NodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = intFrom(env.PORT, 3000);
  const dataDir = resolve(env.DATA_DIR ?? join(REPO_ROOT, '.data'));
  const config: AppConfig = {
    nodeEnv,
    host: env.HOST ?? '0.0.0.0',
    port,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    storageDir: resolve(env.STORAGE_DIR ?? join(dataDir, 'files')),
    embeddedPgPort: intFrom(env.EMBEDDED_PG_PORT, 54329),
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
    webDistDir: resolve(env.WEB_DIST_DIR ?? join(REPO_ROOT, 'apps/web/dist')),
    seedDemoData: nodeEnv !== 'production' && env.SEED_DEMO_DATA !== 'false',
    loginThrottle: {
      windowMs: 15 * 60_000,
      slowAfter: 3,
      blockAfter: intFrom(env.LOGIN_BLOCK_AFTER, 10),
      ipBlockAfter: intFrom(env.LOGIN_IP_BLOCK_AFTER, 50),
      blockMs: 15 * 60_000,
      delayStepMs: 250,
      maxDelayMs: 2_000,
    },
    mailRouteLimit: { max: intFrom(env.MAIL_ROUTE_LIMIT_MAX, 20), windowMs: 15 * 60_000 },
    membershipLimits: {
      joinsPerAccountPerDay: intFrom(env.JOINS_PER_ACCOUNT_PER_DAY, 5),
      joinNotificationsPerAssociationPerDay: intFrom(env.JOIN_NOTIFICATIONS_PER_ASSOCIATION_PER_DAY, 20),
      representantsPerAssociation: intFrom(env.REPRESENTANTS_PER_ASSOCIATION, 20),
      reportLinkTtlDays: intFrom(env.JOIN_REPORT_LINK_TTL_DAYS, 30),
    },
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    ...overrides,
  };
  // Overrides go through the same checks as the environment.
  if (overrides.jwtSecret !== undefined) config.jwtSecret = checkJwtSecret(overrides.jwtSecret);
  return config;
}
