// The client's initial JavaScript: what a browser fetches before the first page can run, i.e. the
// entry chunk of apps/web/dist/index.html, its modulepreloads, and every chunk they import
// statically (dynamic import() chunks load later, on their routes, and are not counted).
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ClientWeight {
  files: { name: string; rawBytes: number; gzipBytes: number }[];
  rawBytes: number;
  gzipBytes: number;
}

const BASE = '/client/';

/** Static `import … from "x"`, `import "x"` and `export … from "x"` specifiers of a built ES module. */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /(?:^|[;\s})])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g,
    /(?:^|[;\s})])export\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+)["']/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.add(match[1]!);
  return [...found];
}

/** The initial JS of a built client folder (undefined when it has not been built). */
export function initialClientJs(distDir: string): ClientWeight | undefined {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const html = readFileSync(indexFile, 'utf8');
  const roots = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => match[1]!.replace(BASE, ''));

  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = posix.normalize(queue.shift()!);
    if (seen.has(file) || !existsSync(join(distDir, file))) continue;
    seen.add(file);
    const code = readFileSync(join(distDir, file), 'utf8');
    for (const specifier of staticImports(code)) {
      if (!specifier.startsWith('.') && !specifier.startsWith(BASE)) continue;
      queue.push(specifier.startsWith(BASE) ? specifier.slice(BASE.length) : posix.join(dirname(file), specifier));
    }
  }
  const files = [...seen].map((file) => {
    const content = readFileSync(join(distDir, file));
    return { name: basename(file), rawBytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
  return {
    files,
    rawBytes: files.reduce((sum, file) => sum + file.rawBytes, 0),
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
  };
}
