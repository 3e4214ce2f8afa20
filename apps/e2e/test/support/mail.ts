// The portal keeps every mail in mail_outbox (stored, not sent, without SMTP_URL): journeys read
// the validation and reset links from there, and create accounts through the public API.
import pg from 'pg';
import { afterAll, inject } from 'vitest';

let pool: pg.Pool | undefined;

function db(): pg.Pool {
  if (!pool) throw new Error('Appelez useMailbox() en tête du fichier de test.');
  return pool;
}

/** Call at the top of a test file that reads mails: opens the pool, closes it after the file. */
export function useMailbox(): void {
  pool ??= new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 2 });
  afterAll(async () => {
    await pool?.end();
    pool = undefined;
  });
}

export interface MailLinkOptions {
  /** Only mails recorded at or after this time (the database clock). */
  since?: Date;
  timeoutMs?: number;
}

/**
 * The last link to `/client/<kind>/<token>` mailed to `to`. Polls: the mail is recorded by the
 * request that the page sends, which may still be running.
 */
export async function waitForMailLink(
  to: string,
  kind: 'validate' | 'mot-de-passe-oublie',
  { since = new Date(0), timeoutMs = 15_000 }: MailLinkOptions = {},
): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<>]+/client/${kind}/[A-Za-z0-9_-]+`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db().query<{ text: string }>(
      'SELECT "text" FROM mail_outbox WHERE lower("to") = lower($1) AND created_at >= $2 ORDER BY created_at DESC',
      [to, since],
    );
    for (const row of rows) {
      const link = pattern.exec(row.text)?.[0];
      if (link) return link;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Aucun courriel contenant un lien /client/${kind}/… pour ${to} (${rows.length} courriel(s) trouvé(s)).`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The database's clock, to read only the mails a step sends. */
export async function databaseNow(): Promise<Date> {
  const { rows } = await db().query<{ now: Date }>('SELECT now() AS now');
  return rows[0]!.now;
}

async function api(baseUrl: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /api${path} : HTTP ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A validated association account created through the public API (register, then the mailed link). */
export async function createValidatedAccount(
  baseUrl: string,
  account: { email: string; password: string; nom?: string; prenom?: string },
): Promise<void> {
  const since = await databaseNow();
  await api(baseUrl, 'POST', '/auth-server/register', {
    email: account.email,
    password: account.password,
    confirm: account.password,
    civilite: 'M.',
    nom: account.nom ?? 'Durand',
    prenom: account.prenom ?? 'Jeanne',
  });
  const link = await waitForMailLink(account.email, 'validate', { since });
  const token = link.split('/').pop()!;
  await api(baseUrl, 'POST', `/auth-server/validate/${token}`);
}
