// The README's start from a fresh clone, as a newcomer runs it: `git clone` of this repository into
// a temporary folder, `npx -y pnpm@10.34.8 install`, then `npm start` until /health
// answers 200 (empty .data: initdb, migrations, referentials, demo data). Each phase is timed; the
// portal is then stopped with SIGTERM (its whole process group) and the folder removed.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../../apps/server/test/support/free-port.ts';

export interface CloneFigures {
  cloneMs: number;
  installMs: number;
  /** `npm start` spawned → first 200 on /health. */
  startToHealthMs: number;
  totalMs: number;
  error?: string;
}

const PNPM = ['-y', 'pnpm@10.34.8'];
const INSTALL_TIMEOUT_MS = 300_000;
const START_TIMEOUT_MS = 120_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The environment of a newcomer's shell: none of this run's own package-script variables. */
function newcomerEnv(port: number): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^(npm_package_|npm_lifecycle_|npm_execpath|npm_node_execpath|PNPM_SCRIPT_SRC_DIR|INIT_CWD|DATABASE_URL|DATA_DIR|EMBEDDED_PG_PORT|JWT_SECRET|NODE_ENV|LOG_LEVEL|VITEST)/.test(key),
    ),
  );
  return { ...env, PORT: String(port) };
}

/** Runs a command to its end; rejects with its last output lines when it fails. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number, onSpawn: (child: ChildProcess) => void): Promise<number> {
  const startedAt = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    onSpawn(child);
    let output = '';
    for (const stream of [child.stdout, child.stderr]) stream.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(performance.now() - startedAt);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.split('\n').slice(-25).join('\n')}`));
    });
  });
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function freshCloneStart(repository: string, onSpawn: (child: ChildProcess) => void): Promise<CloneFigures> {
  const folder = mkdtempSync(join(tmpdir(), 'portail-clone-'));
  // As root, the embedded PostgreSQL runs as `postgres`, which must be able to enter the folder.
  chmodSync(folder, 0o755);
  const checkout = join(folder, 'portail');
  const port = await freePort();
  const env = newcomerEnv(port);
  const figures: CloneFigures = { cloneMs: NaN, installMs: NaN, startToHealthMs: NaN, totalMs: NaN };
  let portal: ChildProcess | undefined;
  try {
    console.log(`bench: fresh clone of ${repository} into ${checkout}…`);
    figures.cloneMs = await run('git', ['clone', '--quiet', repository, checkout], folder, env, 60_000, onSpawn);
    figures.installMs = await run('npx', [...PNPM, 'install'], checkout, env, INSTALL_TIMEOUT_MS, onSpawn);

    const startedAt = performance.now();
    // Its own process group: SIGTERM reaches pnpm, the shell and the server alike, as Ctrl-C would.
    // The README's start command: npm runs the package's start script (npx would first spend ~2 s finding pnpm).
    portal = spawn('npm', ['start'], { cwd: checkout, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    onSpawn(portal);
    let output = '';
    for (const stream of [portal.stdout!, portal.stderr!]) stream.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    let exited = false;
    portal.once('exit', () => (exited = true));
    for (;;) {
      const answered = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2_000) })
        .then((response) => response.status === 200)
        .catch(() => false);
      if (answered) break;
      if (exited || performance.now() - startedAt > START_TIMEOUT_MS) {
        throw new Error(`npm start: no 200 on /health (${exited ? 'exited' : 'timed out'}):\n${output.split('\n').slice(-25).join('\n')}`);
      }
      await sleep(20);
    }
    figures.startToHealthMs = performance.now() - startedAt;
    figures.totalMs = figures.cloneMs + figures.installMs + figures.startToHealthMs;
  } catch (error) {
    figures.error = (error as Error).message;
  } finally {
    if (portal?.pid !== undefined && groupAlive(portal.pid)) {
      process.kill(-portal.pid, 'SIGTERM');
      const deadline = Date.now() + 20_000;
      while (groupAlive(portal.pid) && Date.now() < deadline) await sleep(50);
      if (groupAlive(portal.pid)) process.kill(-portal.pid, 'SIGKILL');
    }
    rmSync(folder, { recursive: true, force: true });
  }
  return figures;
}
