// What the instructor selected in the work list, across pages: rows one by one (kept when the page
// changes), or every row the filters match (« sélectionner tous les N dossiers correspondants »),
// which the bulk action sends as `selectAll` with the filters. A change of filters empties it. Pure.
import { WORKLIST_LIMITS } from '@portail/contract';

export type Selection = { kind: 'rows'; ids: ReadonlySet<string> } | { kind: 'all'; total: number };

export const NO_SELECTION: Selection = { kind: 'rows', ids: new Set() };

/** How many dossiers are selected. */
export const selectedCount = (s: Selection) => (s.kind === 'all' ? s.total : s.ids.size);

export function isSelected(s: Selection, id: string): boolean {
  return s.kind === 'all' || s.ids.has(id);
}

/** One row checked or unchecked; unchecking a row of « all » keeps the others of the page shown. */
export function toggleRow(s: Selection, id: string, pageIds: readonly string[]): Selection {
  if (s.kind === 'all') return { kind: 'rows', ids: new Set(pageIds.filter((p) => p !== id)) };
  const ids = new Set(s.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { kind: 'rows', ids };
}

/** Whether every row of the page is selected. */
export function pageSelected(s: Selection, pageIds: readonly string[]): boolean {
  return pageIds.length > 0 && pageIds.every((id) => isSelected(s, id));
}

/** The page's box: selects the page's rows (keeping other pages'), or unselects them. */
export function togglePage(s: Selection, pageIds: readonly string[]): Selection {
  if (pageSelected(s, pageIds)) {
    if (s.kind === 'all') return NO_SELECTION;
    return { kind: 'rows', ids: new Set([...s.ids].filter((id) => !pageIds.includes(id))) };
  }
  const kept = s.kind === 'rows' ? [...s.ids] : [];
  return { kind: 'rows', ids: new Set([...kept, ...pageIds]) };
}

/** Whether « select all N matching » is offered: the page is selected and more rows match than are selected. */
export function offersSelectAll(s: Selection, pageIds: readonly string[], total: number): boolean {
  return s.kind === 'rows' && pageSelected(s, pageIds) && total > s.ids.size;
}

/** One bulk action moves at most this many dossiers (the server refuses more, BULK_TOO_MANY). */
export const mayActOn = (s: Selection) => selectedCount(s) > 0 && selectedCount(s) <= WORKLIST_LIMITS.bulkMax;

/** The bulk body's selection: the ids, or the filters of « all ». */
export function bulkSelection<F>(s: Selection, filters: F): { ids: string[] } | { selectAll: F } {
  return s.kind === 'all' ? { selectAll: filters } : { ids: [...s.ids] };
}
