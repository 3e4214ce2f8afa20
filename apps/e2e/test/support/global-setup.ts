// Once per run: a throw-away PostgreSQL with a fresh migrated database, then the REAL server as a
// child process (`node --import tsx apps/server/src/main.ts`) on a free port, serving the built
// client. Tests get the base URL and the database URL through inject().
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalProvider, type LocalProvider } from '../../../server/test/support/oidc-provider.ts';
import { startPortalProcess, type PortalProcess } from '../../../server/test/support/portal-process.ts';
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

export default async function setup(project: TestProject) {
  checkPrerequisites();
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  // Screenshots of this run only.
  for (const file of readdirSync(ARTIFACTS_DIR)) if (file.endsWith('.png')) rmSync(join(ARTIFACTS_DIR, file));

  const cluster = await startTestCluster();
  const template = `portail_e2e_tpl_${process.pid}`;
  const database = `portail_e2e_${process.pid}`;
  let portal: PortalProcess | undefined;
  /** The local OpenID provider standing for ProConnect (journey proconnect.test.ts). */
  let provider: LocalProvider | undefined;
  let log: WriteStream | undefined;
  let stopping = false;
  const dataDir = mkdtempSync(join(tmpdir(), 'portail-e2e-data-'));

  const teardown = async () => {
    stopping = true;
    let problem: string | null = null;
    // A server that died during the tests was reported then; only the stop asked here is checked.
    if (portal && portal.child.exitCode === null && portal.child.signalCode === null) {
      const { code, forced } = await portal.stop(STOP_TIMEOUT_MS);
      if (forced) problem = `le serveur ne s'est pas arrêté ${STOP_TIMEOUT_MS} ms après SIGTERM (tué par SIGKILL)`;
      else if (code !== 0)
        problem = `le serveur s'est arrêté avec le code ${code ?? portal.child.signalCode} après SIGTERM (attendu : 0)`;
    }
    log?.end();
    await dropDatabase(cluster.adminUrl, database).catch(() => {});
    await dropDatabase(cluster.adminUrl, template).catch(() => {});
    await cluster.stop();
    await provider?.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (problem) throw new Error(`[e2e] ${problem}`);
  };

  try {
    await prepareTemplate(cluster.adminUrl, template);
    const databaseUrl = await createDatabaseFromTemplate(cluster.adminUrl, template, database);
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    provider = await startLocalProvider({
      redirectUri: `${baseUrl}/client/connexion/proconnect`,
      postLogoutRedirectUri: `${baseUrl}/client/login`,
    });
    const logFile = join(ARTIFACTS_DIR, 'server.log');
    log = createWriteStream(logFile);
    const toLog = log;

    portal = await startPortalProcess({
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        TMPDIR: process.env.TMPDIR,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        // The journeys sign in with the demo accounts: asked for, as on any given DATABASE_URL.
        DEMO_DATA: '1',
        LOG_LEVEL: 'warn',
        // Every journey writes from 127.0.0.1: lift the per-IP and per-account limits (perIp/perAccount/seconds),
        // and the per-target ones (fourth part) of the calls that mail about a dossier, a file or an account.
        ...Object.fromEntries(
          ['REGISTER', 'SEND_VALIDATION', 'FORGOT_PASSWORD', 'RESET_PASSWORD', 'JOIN_NOTIFICATION', 'ASSISTANCE_MAIL', 'ACCOUNT_EMAIL_CHANGE'].map((route) => [
            `RATE_LIMIT_${route}`,
            '1000/1000/60',
          ]),
        ),
        ...Object.fromEntries(
          ['DOSSIER_NOTIFY', 'DOSSIER_MESSAGE', 'DOSSIER_SHARE', 'DOSSIER_CHANGE_MAIL', 'ASSOCIATION_FILE_MAIL', 'SERVICE_ACCOUNT_MAIL'].map((route) => [
            `RATE_LIMIT_${route}`,
            '1000/1000/60/1000',
          ]),
        ),
        // Every journey signs in from 127.0.0.1, some with a wrong password on purpose: the per-IP
        // sign-in throttle (30 failures) would slow every later sign-in past a step's 15 s. The
        // per-account one stays.
        LOGIN_IP_FREE_ATTEMPTS: '10000',
        // The services' webhooks are sent as in production (service-webhooks.test.ts).
        WEBHOOKS_DELIVERY: '1',
        // The journeys open validation and reset links from the outbox, as a developer does locally.
        MAIL_OUTBOX_SHOW_LINKS: '1',
        JWT_SECRET: randomBytes(32).toString('base64url'),
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        // Agents' sign-in with ProConnect, against the local provider.
        PROCONNECT_ISSUER: provider.issuer,
        PROCONNECT_CLIENT_ID: provider.clientId,
        PROCONNECT_CLIENT_SECRET: provider.clientSecret,
        RATE_LIMIT_PROCONNECT: '1000/1000/60',
      },
      timeoutMs: START_TIMEOUT_MS,
      // Output after teardown has closed the log (should a grandchild still write) is dropped.
      onOutput: (chunk) => void (toLog.writableEnded || toLog.write(chunk)),
    });
    const { pid } = portal.child;
    void portal.exited.then(({ code, signal }) => {
      // Journeys then fail with ERR_CONNECTION_REFUSED: say why.
      if (!stopping) {
        console.error(
          `[e2e] le serveur (pid ${pid}) s'est arrêté pendant les tests (code ${code}, signal ${signal}) ; voir ${logFile}`,
        );
      }
    });
    project.provide('e2eBaseUrl', baseUrl);
    project.provide('e2eDatabaseUrl', databaseUrl);
  } catch (error) {
    await teardown().catch(() => {});
    throw error;
  }
  return teardown;
}
