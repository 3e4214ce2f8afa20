// Unit and component tests of the client. Works from this folder (`npx vitest run`) and from the
// repository root as the `web` project (`npx vitest run --project web`).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  // JSX through the bundler's own transform: no React plugin needed for tests.
  esbuild: { jsx: 'automatic' },
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    setupFiles: ['test/setup.ts'],
    css: false,
    server: { deps: { inline: ['@codegouvfr/react-dsfr'] } },
  },
});
