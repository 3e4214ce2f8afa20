// The real portal as a child process (`node --import tsx apps/server/src/main.ts`, or the built
// apps/server/dist/main.js through apps/server/bin/portail, as `pnpm start` runs it), ready once GET /health answers 200.
// Shared by the start-up test, the e2e global setup and `pnpm bench`, so that all three start, wait
// for and stop the server the same way.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from '../../src/config.ts';
import { freePort } from './free-port.ts';

const SERVER_ENTRY = 'apps/server/src/main.ts';
const LAUNCHER = join(REPO_ROOT, 'apps/server/bin/portail');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;
// Short, so that the spawn → ready time measured by the bench is not rounded up by the wait.
const POLL_MS = 20;

export interface PortalExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface PortalStop {
  code: number | null;
  /** Milliseconds from SIGTERM to the exit (0 when it had already exited). */
  ms: number;
  /** SIGKILL was needed: SIGTERM did not end it in time. */
  forced: boolean;
}

export interface PortalProcess {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  /** Milliseconds from spawn to the first 200 on /health. */
  readyMs: number;
  /** Everything the process wrote on stdout and stderr so far. */
  output(): string;
  /** Settles once the process has exited and its output is read. */
  exited: Promise<PortalExit>;
  /** SIGTERM, SIGKILL after timeoutMs, then waits for the exit. */
  stop(timeoutMs?: number): Promise<PortalStop>;
}

export interface PortalOptions {
  /** The child's whole environment (process.env is not added); PORT is set to a free port unless given. */
  env: NodeJS.ProcessEnv;
  /** Defaults to the repository root, which the server's relative paths expect. */
  cwd?: string;
  /** How long to wait for the first 200 on /health (60 s by default). */
  timeoutMs?: number;
  /** Called right after spawn, before the wait: lets a caller stop the child on its own signals. */
  onSpawn?(child: ChildProcess): void;
  /** Each chunk of stdout and stderr, as it comes (e.g. to write a log file). */
  onOutput?(chunk: string): void;
  /** Extra node options before the entry (e.g. --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
  /** A built main.js (scripts/build.mjs) to run with plain node instead of the sources through tsx. */
  builtEntry?: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Spawns the portal and resolves once it is healthy; on an early exit or a timeout it throws
 * with the process's output, after stopping it. */
export async function startPortalProcess(options: PortalOptions): Promise<PortalProcess> {
  const timeoutMs = options.timeoutMs ?? START_TIMEOUT_MS;
  const port = options.env.PORT ? Number(options.env.PORT) : await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const startedAt = performance.now();
  // A built server runs as `npm start` and the image run it: through apps/server/bin/portail (its
  // memory settings), with this node and that build.
  const [command, args, launcherEnv] = options.builtEntry
    ? ['/bin/sh', [LAUNCHER], { NODE: process.execPath, PORTAIL_MAIN: options.builtEntry, ...(options.nodeArgs?.length ? { NODE_OPTIONS: options.nodeArgs.join(' ') } : {}) }]
    : [process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', SERVER_ENTRY], {}];
  const child = spawn(command, args, {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...options.env, ...launcherEnv, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let spawnError: Error | undefined;
  let exit: PortalExit | undefined;
  const exited = new Promise<PortalExit>((resolve) => {
    // 'close' comes once stdout and stderr are drained, so output() is complete; the timer covers a
    // grandchild that would keep the pipes open after the exit.
    child.once('close', (code, signal) => resolve({ code, signal }));
    child.once('exit', (code, signal) => void setTimeout(() => resolve({ code, signal }), 1_000).unref());
    // Without a listener a failed spawn would throw in the caller's process.
    child.on('error', (error) => {
      if (child.pid !== undefined) return;
      spawnError = error;
      resolve({ code: null, signal: null });
    });
  }).then((value) => (exit = value));
  options.onSpawn?.(child);

  let output = '';
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      options.onOutput?.(chunk);
    });
  }

  const stop = async (stopTimeoutMs = STOP_TIMEOUT_MS): Promise<PortalStop> => {
    if (exit || child.exitCode !== null || child.signalCode !== null) {
      return { code: (await exited).code, ms: 0, forced: false };
    }
    const stopAt = performance.now();
    let forced = false;
    child.kill('SIGTERM');
    const timer = setTimeout(() => {
      forced = true;
      child.kill('SIGKILL');
    }, stopTimeoutMs);
    const { code } = await exited;
    clearTimeout(timer);
    return { code, ms: performance.now() - stopAt, forced };
  };

  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer yet';
  while (!exit) {
    try {
      const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) {
        const readyMs = performance.now() - startedAt;
        return { child, baseUrl, port, readyMs, output: () => output, exited, stop };
      }
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    if (Date.now() > deadline) {
      // Stopped gracefully, so that its embedded PostgreSQL is not left running.
      await stop();
      throw new Error(
        `portal: no 200 on ${baseUrl}/health after ${timeoutMs} ms (${lastError}); its output:\n${output}`,
      );
    }
    await Promise.race([sleep(POLL_MS), exited]);
  }
  if (spawnError) throw new Error(`portal: could not spawn ${options.builtEntry ?? SERVER_ENTRY}: ${spawnError.message}`);
  throw new Error(`portal: exited during start-up (code ${exit.code}, signal ${exit.signal}); its output:\n${output}`);
}
