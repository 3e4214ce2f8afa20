// Once per run: a throw-away PostgreSQL with a fresh migrated database, then the REAL server as a
// child process (`node --import tsx apps/server/src/main.ts`) on a free port, serving the built
// client. Tests get the base URL and the database URL through inject().
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  createDatabaseFromTemplate,
  dropDatabase,
  freePort,
  prepareTemplate,
  startTestCluster,
} from '../../../server/test/support/postgres-cluster.ts';
import { ARTIFACTS_DIR, CHROMIUM_PATH, REPO_ROOT } from './paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eDatabaseUrl: string;
  }
}

const WEB_INDEX = join(REPO_ROOT, 'apps/web/dist/index.html');
const SERVER_ENTRY = 'apps/server/src/main.ts';
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

function checkPrerequisites() {
  if (!existsSync(WEB_INDEX)) {
    throw new Error(
      `Le client n'est pas construit (${WEB_INDEX} introuvable). ` +
        'Lancez `pnpm --filter @portail/web build` avant les tests e2e (la commande racine `pnpm test` le fait).',
    );
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium introuvable (${CHROMIUM_PATH}). Installez-le (\`apt-get install -y chromium\`) ou indiquez CHROMIUM_PATH.`,
    );
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

const tail = (file: string) => {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-40).join('\n');
  } catch {
    return '(journal vide)';
  }
};

async function waitForHealth(baseUrl: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `Le serveur s'est arrêté au démarrage (code ${child.exitCode ?? child.signalCode}) :\n${tail(logFile)}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `Le serveur ne répond pas sur ${baseUrl}/health après ${START_TIMEOUT_MS} ms (${lastError}) :\n${tail(logFile)}`,
  );
}

export default async function setup(project: TestProject) {
  checkPrerequisites();
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  // Screenshots of this run only.
  for (const file of readdirSync(ARTIFACTS_DIR)) if (file.endsWith('.png')) rmSync(join(ARTIFACTS_DIR, file));

  const cluster = await startTestCluster();
  const template = `portail_e2e_tpl_${process.pid}`;
  const database = `portail_e2e_${process.pid}`;
  let child: ChildProcess | undefined;
  let stopping = false;
  const dataDir = mkdtempSync(join(tmpdir(), 'portail-e2e-data-'));

  const teardown = async () => {
    stopping = true;
    let problem: string | null = null;
    if (child && child.exitCode === null && child.signalCode === null) {
      const done = exited(child);
      child.kill('SIGTERM');
      let killed = false;
      const timer = setTimeout(() => {
        killed = true;
        child?.kill('SIGKILL');
      }, STOP_TIMEOUT_MS);
      const code = await done;
      clearTimeout(timer);
      if (killed) problem = `le serveur ne s'est pas arrêté ${STOP_TIMEOUT_MS} ms après SIGTERM (tué par SIGKILL)`;
      else if (code !== 0)
        problem = `le serveur s'est arrêté avec le code ${code ?? child.signalCode} après SIGTERM (attendu : 0)`;
    }
    await dropDatabase(cluster.adminUrl, database).catch(() => {});
    await dropDatabase(cluster.adminUrl, template).catch(() => {});
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (problem) throw new Error(`[e2e] ${problem}`);
  };

  try {
    await prepareTemplate(cluster.adminUrl, template);
    const databaseUrl = await createDatabaseFromTemplate(cluster.adminUrl, template, database);
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const logFile = join(ARTIFACTS_DIR, 'server.log');
    const log = createWriteStream(logFile);

    child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        TMPDIR: process.env.TMPDIR,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        // Every journey writes from 127.0.0.1: lift the per-IP limit on mail-sending calls.
        MAIL_ROUTE_LIMIT_MAX: '1000',
        JWT_SECRET: randomBytes(32).toString('base64url'),
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    child.once('exit', (code, signal) => {
      // Journeys then fail with ERR_CONNECTION_REFUSED: say why.
      if (!stopping) {
        console.error(
          `[e2e] le serveur (pid ${child?.pid}) s'est arrêté pendant les tests (code ${code}, signal ${signal}) ; voir ${logFile}`,
        );
      }
    });

    await waitForHealth(baseUrl, child, logFile);
    project.provide('e2eBaseUrl', baseUrl);
    project.provide('e2eDatabaseUrl', databaseUrl);
  } catch (error) {
    await teardown().catch(() => {});
    throw error;
  }
  return teardown;
}
