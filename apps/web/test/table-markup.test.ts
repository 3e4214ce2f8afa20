// Every table of the client is drawn by ScrollableTable (lib/ui/scrollable-table.tsx), DataTable
// included: a labelled, focusable region that a keyboard user scrolls at 320 px (axe
// `scrollable-region-focusable`), with the DSFR's current markup. A table built by hand with the
// DSFR's classes would miss one or the other.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

describe('every table of the client', () => {
  it('is drawn by ScrollableTable: no other file builds the DSFR table markup by hand', () => {
    const files = (readdirSync(src, { recursive: true }) as string[]).filter((file) => file.endsWith('.tsx'));
    expect(files.length).toBeGreaterThan(50);
    const handMade = files.filter((file) => file !== join('lib', 'ui', 'scrollable-table.tsx') && /['"]fr-table(__\w+)?['"]/.test(readFileSync(join(src, file), 'utf8')));
    expect(handMade).toEqual([]);
  });
});
