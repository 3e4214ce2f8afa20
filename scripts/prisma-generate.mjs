// Generates the Prisma client after install.
// Prisma's CLI checks for its native schema engine at start-up and tries to download it when it
// is missing, which fails offline; `generate` never runs that engine, so pointing the check at any
// existing file lets generation work everywhere (see shared/notes/ENVIRONMENT.md).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const prismaBin = join(root, 'node_modules', '.bin', 'prisma');
if (!existsSync(prismaBin)) {
  console.log('prisma-generate: prisma CLI not installed yet, skipped');
  process.exit(0);
}
const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY || !existsSync(env.PRISMA_SCHEMA_ENGINE_BINARY)) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
}
env.PRISMA_HIDE_UPDATE_MESSAGE = '1';
const result = spawnSync(prismaBin, ['generate'], { cwd: root, env, stdio: 'inherit' });
process.exit(result.status ?? 1);
