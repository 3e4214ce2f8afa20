// A real app on its own database, for one test file: `const t = await startTestApp()`.
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import { undeclaredErrors } from '../../src/http/errors.ts';
import { createDatabaseFromTemplate, dropDatabase } from './postgres-cluster.ts';

export const TEST_PASSWORD = 'Test-Portail-2026!';

export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const url = await createDatabaseFromTemplate(adminUrl, inject('pgTemplate'), name);
  return { url, drop: () => dropDatabase(adminUrl, name) };
}

export interface TestAppOptions {
  /** Start on this existing database (another app's: several instances), left in place by close(). */
  databaseUrl?: string;
  /** Extra routes or hooks of a test, added before the app is ready. */
  extend?: (app: FastifyInstance) => void;
}

const defaults = loadConfig({ NODE_ENV: 'test' });
const liftedRateLimits = Object.fromEntries(
  Object.keys(defaults.rateLimits).map((name) => [name, { perIp: 100_000, perAccount: 100_000, windowMs: 60_000 }]),
) as AppConfig['rateLimits'];

export async function startTestApp(overrides: Partial<AppConfig> = {}, options: TestAppOptions = {}) {
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => undefined }
    : await createTestDatabase();
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      // A fresh random secret per app: a fixed one in the tests would be a public example secret.
      jwtSecret: randomBytes(32).toString('base64url'),
      databaseUrl: database.url,
      smtpUrl: undefined,
      webDistDir: '/nonexistent',
      publicUrl: 'http://portail.test',
      // Uploaded files of this app only, removed by close().
      storageDir: join(tmpdir(), `portail-test-files-${randomUUID()}`),
      // Tests call from 127.0.0.1 all the time: limits are lifted here and tested with low values
      // (mail-rate-limit.test.ts, login-throttle.test.ts).
      rateLimits: liftedRateLimits,
      loginThrottle: { ...defaults.loginThrottle, freeAttempts: 10, ipFreeAttempts: 10_000 },
      // Tests join and add representatives freely; each limit is tested with low values.
      membershipLimits: { joinsPerAccountPerDay: 1_000, joinNotificationsPerAssociationPerDay: 1_000, representantsPerAssociation: 1_000, reportLinkTtlDays: 30 },
      // No test reaches the internet: the outside services answer from stand-ins started by the
      // tests that need them (support/external-standin.ts); elsewhere nothing listens (port 9).
      externalLookups: { ...defaults.externalLookups, addressApiUrl: 'http://127.0.0.1:9', sireneNoticeUrl: 'http://127.0.0.1:9/pdf' },
      ...overrides,
    },
  );
  const app = await buildApp({ config, databaseUrl: database.url });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    config,
    db: app.services.db,
    /** supertest against the app's real HTTP server. */
    http: () => request(app.server),
    async close() {
      await app.close();
      await database.drop();
      await rm(config.storageDir, { recursive: true, force: true });
      // Every error a route answered in this file must be listed in its contract entry.
      const undeclared = [...new Set(undeclaredErrors.splice(0))];
      if (undeclared.length > 0) throw new Error(`Errors answered but not declared by their route:\n${undeclared.join('\n')}`);
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof startTestApp>>;
