// Weight of the built client (apps/web/dist, built by `pnpm test` before vitest runs): the script
// index.html loads before any route — its entry, its modulepreloads and every chunk they import
// statically — stays within the budget, and every page of the router is a chunk of its own, loaded
// on demand. Without a build, this file fails: it never passes on a missing dist.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/** Budget of the initial JavaScript, gzip (level 9), in bytes (kB = 1000 bytes, as Vite prints). */
const INITIAL_JS_BUDGET_BYTES = 180_000;

// A path string, not `new URL()`: under jsdom, URL is jsdom's own, which fileURLToPath refuses.
const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webRoot, 'dist');
const BASE = '/client/';

function readDist(file: string): string {
  const path = join(dist, file);
  if (!existsSync(path)) {
    throw new Error(`${path} est absent : construisez le client (npx -y pnpm@10.34.8 --filter @portail/web build).`);
  }
  return readFileSync(path, 'utf8');
}

/** `/client/assets/x.js` → `assets/x.js`. */
function distPath(url: string): string {
  expect(url.startsWith(BASE), `${url} hors de ${BASE}`).toBe(true);
  return url.slice(BASE.length);
}

/** Scripts index.html loads before any route: its module entries and modulepreloads. */
function htmlScripts(html: string): { entries: string[]; preloads: string[] } {
  const entries = [...html.matchAll(/<script\b[^>]*type="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => distPath(m[1]!));
  const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) =>
    distPath(m[1]!),
  );
  return { entries, preloads };
}

/** Static imports of a built chunk (`import{…}from"./x.js"`, `import"./x.js"`); not `import("./x.js")`. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/\bimport\s*(?:[\w$\s{},*]+?\s*from\s*)?["']\.\/([\w.-]+\.js)["']/g)].map((m) => m[1]!);
}

/** The initial chunks: entries, preloads, and the closure of their static imports. */
function initialChunks(html: string, read: (file: string) => string): string[] {
  const { entries, preloads } = htmlScripts(html);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
    for (const imported of staticImports(read(file))) visit(dir + imported);
  };
  for (const file of [...entries, ...preloads]) visit(file);
  return [...seen].sort();
}

const gzipBytes = (code: string) => gzipSync(code, { level: 9 }).length;

/** The page modules the router loads on demand (`import('../features/…-page.tsx')`). */
function routerPageModules(): string[] {
  const source = readFileSync(join(webRoot, 'src/app/router.tsx'), 'utf8');
  return [...new Set([...source.matchAll(/import\('\.\.\/(features\/[\w/-]+\.tsx)'\)/g)].map((m) => m[1]!))];
}

describe('size check of the built client', () => {
  it('finds the chunks of a script prologue, not its dynamic imports', () => {
    const code = 'import{a as b}from"./react-1.js";import"./side-2.js";const x=()=>import("./page-3.js");';
    expect(staticImports(code)).toEqual(['react-1.js', 'side-2.js']);
    const html =
      '<script type="module" crossorigin src="/client/assets/index-0.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/client/assets/react-1.js">';
    const files: Record<string, string> = {
      'assets/index-0.js': code,
      'assets/react-1.js': '',
      'assets/side-2.js': 'import{c}from"./deep-4.js";',
      'assets/deep-4.js': '',
    };
    expect(initialChunks(html, (file) => files[file]!)).toEqual([
      'assets/deep-4.js',
      'assets/index-0.js',
      'assets/react-1.js',
      'assets/side-2.js',
    ]);
  });

  it(`keeps the initial JavaScript within ${INITIAL_JS_BUDGET_BYTES / 1000} kB gzip`, () => {
    const html = readDist('index.html');
    const { entries } = htmlScripts(html);
    expect(entries).toHaveLength(1);
    const chunks = initialChunks(html, readDist);
    const sizes = chunks.map((file) => ({ file, gzip: gzipBytes(readDist(file)) }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    const report = sizes.map(({ file, gzip }) => `${file} ${(gzip / 1000).toFixed(1)} kB`).join(', ');
    expect(total, `JavaScript initial : ${(total / 1000).toFixed(1)} kB gzip (${report})`).toBeLessThanOrEqual(
      INITIAL_JS_BUDGET_BYTES,
    );
    // Sanity: the measure is of a real build, not of an empty page.
    expect(total).toBeGreaterThan(50_000);
  });

  it('loads every page of the router on demand, never with the entry', () => {
    const pages = routerPageModules();
    expect(pages.length).toBeGreaterThanOrEqual(20);
    const initial = new Set(initialChunks(readDist('index.html'), readDist));
    const assets = readdirSync(join(dist, 'assets'));
    for (const page of pages) {
      const name = basename(page, '.tsx');
      const chunk = assets.find((file) => file.startsWith(`${name}-`) && file.endsWith('.js'));
      expect(chunk, `pas de chunk pour ${page}`).toBeDefined();
      expect(initial.has(`assets/${chunk}`), `${page} est chargé avec l'entrée`).toBe(false);
    }
  });
});
