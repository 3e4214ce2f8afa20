// The PostgreSQL server of a test run: DATABASE_URL when given, a testcontainers PostgreSQL when
// TESTCONTAINERS=1 (Docker needed; without an engine the run says why and goes on embedded), else
// a throw-away embedded PostgreSQL. Test files get their own database cloned from a migrated
// template, so they run in parallel without sharing rows.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.ts';
import { migrate } from '../../src/db/migrate.ts';
import { freePort } from './free-port.ts';
import { startPostgresContainer } from './testcontainers.ts';

export { freePort };

export interface TestCluster {
  adminUrl: string;
  stop(): Promise<void>;
}

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function startTestCluster(): Promise<TestCluster> {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, stop: async () => {} };
  if (process.env.TESTCONTAINERS === '1') {
    const container = await startPostgresContainer();
    if ('started' in container) return container.started;
    console.warn(`TESTCONTAINERS=1 : ${container.unavailable} ; les tests utilisent le PostgreSQL embarqué.`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'portail-test-pg-'));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the folder.
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({ dir: join(dir, 'data'), port: await freePort(), ephemeral: true });
  return {
    adminUrl: server.adminUrl,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs work with a plain pg client on a database (the admin one here, any one in tests). */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Creates (afresh) and migrates the template database of this run. */
export async function prepareTemplate(adminUrl: string, template: string): Promise<void> {
  await withClient(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${quote(template)} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${quote(template)}`);
  });
  await migrate(databaseUrl(adminUrl, template));
}

/** A new database cloned from the migrated template. */
export async function createDatabaseFromTemplate(adminUrl: string, template: string, name: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      await withClient(adminUrl, (client) =>
        client.query(`CREATE DATABASE ${quote(name)} TEMPLATE ${quote(template)}`),
      );
      return databaseUrl(adminUrl, name);
    } catch (error) {
      // Two clones at once: PostgreSQL refuses while the template is being read by another.
      if (attempt < 20 && /being accessed by other users/.test((error as Error).message)) {
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
        continue;
      }
      throw error;
    }
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`));
}
