// Replaces react-dsfr's colour palette (fr/colors.js) by the one value the portal's start-up reads
// (src/lib/dsfr/theme-colors.ts): about 10 kB gzip out of the initial script. Used by the build and
// by the tests, so that a component reading another colour fails in the tests, not in a browser.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const slim = fileURLToPath(new URL('./src/lib/dsfr/theme-colors.ts', import.meta.url));

export function dsfrColorsPlugin(): Plugin {
  return {
    name: 'portail:dsfr-colors',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './colors' && importer && /@codegouvfr[\\/]react-dsfr[\\/]fr[\\/]index\.js$/.test(importer)) return slim;
      return null;
    },
  };
}
