// docs/operations.md lists every environment variable the server reads: a new setting in config.ts
// without its line in the table fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS, REPO_ROOT } from '../src/config.ts';

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

describe('docs/operations.md', () => {
  it('names every variable config.ts reads', () => {
    const config = read('apps/server/src/config.ts');
    const names = new Set([
      ...[...config.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((match) => match[1]!),
      ...[...config.matchAll(/\bvalue\('([A-Z][A-Z0-9_]+)'\)/g)].map((match) => match[1]!),
    ]);
    expect(names.size).toBeGreaterThan(30);
    const doc = read('docs/operations.md');
    // The first cell of each table row: `NAME`, or several names for one setting.
    const documented = new Set(
      doc
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!)),
    );
    expect([...names].filter((name) => !documented.has(name))).toEqual([]);
    // Route limits are documented as RATE_LIMIT_<ROUTE> with the list of routes.
    for (const { env } of Object.values(RATE_LIMITS)) expect(doc).toContain(env.replace('RATE_LIMIT_', '`'));
  });
});
