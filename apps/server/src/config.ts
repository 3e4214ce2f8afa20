// Runtime configuration from the environment, with safe defaults for a developer's machine.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  jwtSecret: string;
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

/** A JWT secret kept in the data folder so tokens survive a restart on a developer's machine. */
function localJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const nodeEnv: NodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = intFrom(env.PORT, 3000);
  const dataDir = resolve(env.DATA_DIR ?? join(REPO_ROOT, '.data'));
  if (nodeEnv === 'production' && !env.JWT_SECRET) {
    throw new Error('JWT_SECRET doit être défini en production.');
  }
  const config: AppConfig = {
    nodeEnv,
    host: env.HOST ?? '0.0.0.0',
    port,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    storageDir: resolve(env.STORAGE_DIR ?? join(dataDir, 'files')),
    embeddedPgPort: intFrom(env.EMBEDDED_PG_PORT, 54329),
    jwtSecret: env.JWT_SECRET ?? overrides.jwtSecret ?? localJwtSecret(dataDir),
    accessTokenTtlSeconds: intFrom(env.ACCESS_TOKEN_TTL_SECONDS, 15 * 60),
    refreshTokenTtlDays: intFrom(env.REFRESH_TOKEN_TTL_DAYS, 30),
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
  return config;
}
