// The start-up seeding (startup-seed.ts) in a process of its own, only when there is something to
// seed: a first start on an empty database seeds thousands of rows, and what that allocates (about
// 150 MB of garbage, native and allocator memory) leaves with the process instead of staying in the
// server's resident set (docs/operations.md « Mémoire »).
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from '../config.ts';
import { seedingNeeded, type SeedingState } from './seeding-needed.ts';
import type { StartupSeedResult } from './startup-seed.ts';

export interface SeedOrder {
  databaseUrl: string;
  demo: boolean;
  state: SeedingState;
  storage: Pick<AppConfig, 'storageDriver' | 'storageDir' | 's3'>;
}

export type SeedReply = { result: StartupSeedResult; error?: undefined } | { result?: undefined; error: { message: string; stack?: string | undefined } };

const NOTHING: StartupSeedResult = { referentiels: [], questions: 0, accounts: false, registry: false, dossiers: false };

/** The child's file and node options: seed-child.ts through tsx under the sources, else the built seed-child.js. */
export function seedChild(moduleUrl = import.meta.url): { file: string; execArgv: string[] } {
  if (!moduleUrl.endsWith('.ts')) return { file: fileURLToPath(new URL('./seed-child.js', moduleUrl)), execArgv: process.execArgv };
  const withTsx = process.execArgv.some((arg, index, all) => arg === 'tsx' && all[index - 1] === '--import') ? process.execArgv : [...process.execArgv, '--import', 'tsx'];
  return { file: fileURLToPath(new URL('./seed-child.ts', moduleUrl)), execArgv: withTsx };
}

export function seedInProcess(order: SeedOrder): Promise<StartupSeedResult> {
  if (!seedingNeeded(order)) return Promise.resolve(NOTHING);
  const { file, execArgv } = seedChild();
  return new Promise((resolve, reject) => {
    // Advanced serialisation: the state's sets cross as they are. The child's output is the server's.
    const child = fork(file, [], { execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    // A server stopped during the seeding stops it too (the child also ends when its channel closes).
    const stopChild = () => child.kill('SIGTERM');
    process.once('exit', stopChild);
    let reply: SeedReply | undefined;
    child.once('message', (message: SeedReply) => (reply = message));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('exit', stopChild);
      if (reply?.result) resolve(reply.result);
      else if (reply?.error) reject(Object.assign(new Error(reply.error.message), { stack: reply.error.stack ?? reply.error.message }));
      else reject(new Error(`le processus des données initiales s'est arrêté (${signal ?? `code ${code}`}) sans résultat`));
    });
    child.send(order);
  });
}
