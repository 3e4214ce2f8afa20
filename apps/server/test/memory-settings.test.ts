// The portal's process runs with its memory settings (apps/server/bin/portail, docs/operations.md
// « Mémoire ») wherever it is started for real: `npm start`, the image's CMD, the bench and the
// tests that start the built server all go through the one launcher.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';

const LAUNCHER = join(REPO_ROOT, 'apps/server/bin/portail');
const dir = mkdtempSync(join(tmpdir(), 'portail-launcher-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the process started by the launcher sees of its settings. */
function launched(env: NodeJS.ProcessEnv = {}) {
  const probe = join(dir, 'probe.mjs');
  writeFileSync(
    probe,
    `console.log(JSON.stringify({ argv: process.argv.slice(2), execArgv: process.execArgv, env: { a: process.env.MALLOC_ARENA_MAX, m: process.env.MALLOC_MMAP_THRESHOLD_, t: process.env.MALLOC_TRIM_THRESHOLD_ } }));`,
  );
  const out = execFileSync('/bin/sh', [LAUNCHER, 'extra'], { env: { PATH: process.env.PATH, NODE: process.execPath, PORTAIL_MAIN: probe, ...env }, encoding: 'utf8' });
  return JSON.parse(out) as { argv: string[]; execArgv: string[]; env: Record<string, string | undefined> };
}

describe('apps/server/bin/portail', () => {
  it('starts node with 4 MiB semi-spaces and glibc malloc held to two arenas and a fixed mmap threshold', () => {
    const seen = launched();
    expect(seen.execArgv).toEqual(expect.arrayContaining(['--max-semi-space-size=4', '--enable-source-maps']));
    expect(seen.env).toEqual({ a: '2', m: '131072', t: '131072' });
    expect(seen.argv).toEqual(['extra']);
  });

  it('lets a value already in the environment win', () => {
    expect(launched({ MALLOC_ARENA_MAX: '4' }).env.a).toBe('4');
  });

  it('is what `npm start` and the image run', () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(manifest.scripts.start).toMatch(/exec apps\/server\/bin\/portail$/);
    const dockerfile = readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^CMD \["apps\/server\/bin\/portail"\]$/m);
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/apps\/server\/bin \.\/apps\/server\/bin$/m);
  });
});
