// Builds the server to JavaScript (apps/server/dist, by apps/server/scripts/build.mjs, esbuild, under
// a second) only when its inputs changed since the last build, so that `pnpm start` runs plain
// `node apps/server/dist/main.js`: loading the TypeScript sources through tsx costs seconds of CPU
// at every start. The inputs' content hash (the server's sources with the generated Prisma client,
// the contract package's sources, the build script, manifests, TypeScript settings, the lockfile) is
// kept in apps/server/dist/.build-hash, written after a successful build. The migrations are not
// inputs: the server reads prisma/migrations at run time.
//   node scripts/build-server-if-changed.mjs                  build if needed; a failure fails
//   node scripts/build-server-if-changed.mjs --after-install  same, but a failure or missing
//                                                             sources only warn (install goes on)
//   node scripts/build-server-if-changed.mjs --print-hash     print the inputs' hash and exit
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfChanged, inputsHash, ROOT } from './lib/build-hash.mjs';

const SERVER = join(ROOT, 'apps/server');
export const DIST = join(SERVER, 'dist');
export const ENTRY = join(DIST, 'main.js');
export const HASH_FILE = join(DIST, '.build-hash');

/** Files and folders whose content makes the built server; folders are read whole. */
const INPUTS = [
  'apps/server/src',
  'apps/server/scripts/build.mjs',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'tsconfig.base.json',
  'pnpm-lock.yaml',
];
const SKIPPED = new Set(['node_modules']);

export const serverInputsHash = () => inputsHash(INPUTS, SKIPPED);

function main() {
  const args = new Set(process.argv.slice(2));
  const afterInstall = args.has('--after-install');
  if (args.has('--print-hash')) {
    console.log(serverInputsHash());
    return 0;
  }
  // An install with the manifests only (the image's first layer): nothing to build yet.
  const ready = existsSync(join(SERVER, 'src/main.ts')) && existsSync(join(SERVER, 'node_modules/esbuild'));
  return buildIfChanged({
    name: 'serveur',
    afterInstall,
    missing: ready ? undefined : 'sources ou dépendances du serveur absentes',
    hash: serverInputsHash,
    hashFile: HASH_FILE,
    output: ENTRY,
    outputLabel: 'apps/server/dist',
    build: () => spawnSync(process.execPath, [join(SERVER, 'scripts/build.mjs')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] }),
    builtMessage: (seconds) => `serveur : sources changées, construit en JavaScript (apps/server/dist) en ${seconds} s.`,
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main();
