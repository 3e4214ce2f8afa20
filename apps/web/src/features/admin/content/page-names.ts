// The client's pages as the notes name them: the route table's names (the contract's PAGE_NAMES,
// which the server holds a note's pages to) with their French titles, one entry per name.
import type { PageName } from '@portail/contract';
import { ROUTE_TABLE } from '../../../app/route-table.ts';

const TITLES = new Map<string, string>();
for (const { meta } of ROUTE_TABLE) if (!TITLES.has(meta.name)) TITLES.set(meta.name, `${meta.title} (${meta.name})`);

/** « Mes dossiers (dossiers) », or the name itself when no page has it. */
export const pageTitle = (name: string) => TITLES.get(name) ?? name;

/** Every page a note may name, by title (the picker's options). */
export const PAGE_OPTIONS: readonly { value: PageName; label: string }[] = ROUTE_TABLE.map(({ meta }) => meta.name)
  .filter((name, index, names) => names.indexOf(name) === index)
  .map((name) => ({ value: name, label: pageTitle(name) }))
  .sort((a, b) => a.label.localeCompare(b.label, 'fr'));
