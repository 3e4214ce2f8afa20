// Unit and component tests of the client. Works from this folder (`npx vitest run`) and from the
// repository root as the `web` project (`npx vitest run --project web`).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { dsfrColorsPlugin } from './dsfr-colors-plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [dsfrColorsPlugin()],
  // JSX through the bundler's own transform: no React plugin needed for tests.
  esbuild: { jsx: 'automatic' },
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    setupFiles: ['test/setup.ts'],
    css: false,
    // jsdom renders of whole pages take seconds on a loaded machine: Vitest's 5 s default failed
    // journeys there that pass in under 2 s alone (a time limit here guards hangs, not speed).
    testTimeout: 30_000,
    server: { deps: { inline: ['@codegouvfr/react-dsfr'] } },
  },
});
