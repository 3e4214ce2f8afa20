// Databases for tests that work below the app: an empty one (migrations) or a migrated clone.
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { databaseUrl, dropDatabase, withClient } from './postgres-cluster.ts';

export { createTestDatabase } from './test-app.ts';
export { withClient };

/** A new, empty database (no migration applied). */
export async function createEmptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `e_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  return { url: databaseUrl(adminUrl, name), drop: () => dropDatabase(adminUrl, name) };
}
