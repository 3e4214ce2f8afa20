// What a start needs to know of a migrated database before serving, read over one plain pg
// connection: the shared JWT secret (created on first start), the referential types and the
// dossiers' questions already there, and whether accounts and associations exist. Prisma's first
// query costs a few hundred milliseconds of CPU (its WASM query compiler starts and reads the
// schema); a restart on a seeded database thus serves /health without it (the first request that
// needs Prisma pays that cost).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface StartupState {
  /** The secret stored under the name asked for (created if missing); undefined if none was asked. */
  secret: string | undefined;
  referentielTypes: Set<string>;
  /** Codes of the questions asked of subsidy dossiers already there. */
  questionCodes: Set<string>;
  hasUsers: boolean;
  hasAssociations: boolean;
}

export async function readStartupState(databaseUrl: string, options: { secretName?: string } = {}): Promise<StartupState> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    let secret: string | undefined;
    if (options.secretName) {
      // As sharedSecret (app-secrets.ts): every instance proposes a value, the primary key keeps the
      // first committed, all read that one back.
      const candidate = randomBytes(48).toString('base64url');
      await client.query('INSERT INTO "app_secrets" ("name", "value") VALUES ($1, $2) ON CONFLICT ("name") DO NOTHING', [options.secretName, candidate]);
      const { rows } = await client.query<{ value: string }>('SELECT "value" FROM "app_secrets" WHERE "name" = $1', [options.secretName]);
      secret = rows[0]?.value;
      if (secret === undefined) throw new Error(`Secret « ${options.secretName} » introuvable après sa création.`);
    }
    const { rows } = await client.query<{ types: string[] | null; questions: string[] | null; has_users: boolean; has_associations: boolean }>(
      `SELECT (SELECT array_agg("type") FROM "referentiels") AS types,
              (SELECT array_agg("code") FROM "questions") AS questions,
              EXISTS (SELECT 1 FROM "users") AS has_users,
              EXISTS (SELECT 1 FROM "associations") AS has_associations`,
    );
    const row = rows[0]!;
    return { secret, referentielTypes: new Set(row.types ?? []), questionCodes: new Set(row.questions ?? []), hasUsers: row.has_users, hasAssociations: row.has_associations };
  } finally {
    await client.end();
  }
}
