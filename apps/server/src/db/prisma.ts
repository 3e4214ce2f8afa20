// The one place that creates the Prisma client (driver adapter, no native engine).
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';

export type Database = PrismaClient;
export { Prisma } from '../generated/prisma/client.ts';

export function createDatabase(databaseUrl: string, options: { maxConnections?: number } = {}): Database {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: options.maxConnections ?? 10 });
  return new PrismaClient({ adapter });
}
