// Browser journeys against the real server (a child process on its own database) and the built
// client. Works from this folder (`npx vitest run`) and from the repository root as the `e2e`
// project (`npx vitest run --project e2e`).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  test: {
    name: 'e2e',
    root,
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    // Two cores: each journey file drives its own Chromium next to the server and PostgreSQL, so
    // two files at a time keep both cores busy without starving the server.
    fileParallelism: true,
    maxWorkers: 2,
    // Its own group, after the server, client and contract projects: the journeys do not compete
    // with the unit tests for the two cores (Vitest also requires a distinct group for a distinct
    // maxWorkers).
    sequence: { groupOrder: 1 },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
