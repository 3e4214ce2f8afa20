// One `vitest run` for the whole suite: server API tests, client tests, browser journeys.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web', 'apps/e2e'],
  },
});
