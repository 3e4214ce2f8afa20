// Secrets the server generates itself at first start and keeps in the database, so that every
// instance on one database shares them and a restart keeps them (no secret file, no default value).
import { randomBytes } from 'node:crypto';
import type { Database } from './prisma.ts';

export const JWT_SECRET_NAME = 'jwt';

/**
 * The secret called `name`, created on first use. Race-free across instances booting together:
 * every one proposes a value, the primary key keeps the first committed, all read that one back.
 */
export async function sharedSecret(db: Database, name: string): Promise<string> {
  const candidate = randomBytes(48).toString('base64url');
  await db.$executeRaw`INSERT INTO "app_secrets" ("name", "value") VALUES (${name}, ${candidate}) ON CONFLICT ("name") DO NOTHING`;
  const { value } = await db.appSecret.findUniqueOrThrow({ where: { name } });
  return value;
}
