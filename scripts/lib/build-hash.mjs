// Content hash of a build's inputs, shared by the "build only when changed" scripts
// (build-client-if-changed.mjs, build-server-if-changed.mjs): each keeps the hash of the inputs it
// was built from beside its output, and skips the build while the inputs hash the same.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

/**
 * The input's files (itself, or every file under it), as repository paths with forward slashes;
 * `skipped` holds folder names, or repository paths, left out wherever they appear.
 */
function filesOf(input, skipped) {
  const absolute = join(ROOT, input);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [input];
  return readdirSync(absolute, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((file) => !file.split('/').some((part, index, parts) => skipped.has(part) || skipped.has(parts.slice(0, index + 1).join('/'))));
}

/** SHA-256 over the sorted input paths and their contents (inputs: repository paths, files or folders). */
export function inputsHash(inputs, skipped = new Set()) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => filesOf(input, skipped)).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The hash a build recorded in hashFile, provided its main output is still there. */
export function builtHash(hashFile, output) {
  try {
    return existsSync(output) ? readFileSync(hashFile, 'utf8').trim() : undefined;
  } catch {
    return undefined;
  }
}

/** Records the hash of the inputs a build was made from (computed before the build: a change made
 * meanwhile rebuilds next time). */
export function recordHash(hashFile, hash) {
  writeFileSync(hashFile, `${hash}\n`);
}

/** Whether the environment variable is set to 1 or true. */
export const flag = (name) => /^(1|true)$/i.test(process.env[name] ?? '');

/**
 * The flow both scripts share: nothing to build without sources or tools (a warning after install,
 * an error otherwise), nothing to build while the inputs hash as recorded, else build, record the
 * hash taken before the build, and say how long it took. A failed build only warns after install
 * (the start retries it). Returns the process exit code.
 * @param {{ name: string, afterInstall: boolean, missing: string | undefined, hash: () => string,
 *   hashFile: string, output: string, outputLabel: string, build: () => import('node:child_process').SpawnSyncReturns<Buffer>,
 *   builtMessage: (seconds: string) => string }} step
 */
export function buildIfChanged(step) {
  if (step.missing) {
    if (step.afterInstall) {
      console.log(`${step.name} : pas de construction (${step.missing}).`);
      return 0;
    }
    console.error(`${step.name} : construction impossible (${step.missing}) ; lancez d'abord npx -y pnpm@10.34.8 install.`);
    return 1;
  }
  const startedAt = Date.now();
  const hash = step.hash();
  if (builtHash(step.hashFile, step.output) === hash) {
    console.log(`${step.name} : à jour (${step.outputLabel}, empreinte ${hash.slice(0, 12)}), pas de reconstruction.`);
    return 0;
  }
  const result = step.build();
  if (result.status !== 0) {
    const message = `${step.name} : la construction a échoué (code ${result.status ?? result.signal ?? result.error?.message}).`;
    if (step.afterInstall) {
      console.warn(`${message} Elle sera retentée au démarrage (npm start).`);
      return 0;
    }
    console.error(`${message} Corrigez l'erreur ci-dessus, puis relancez.`);
    return 1;
  }
  recordHash(step.hashFile, hash);
  console.log(step.builtMessage(((Date.now() - startedAt) / 1000).toFixed(1)));
  return 0;
}
