// Notes shown on a page: those naming the route, not dismissed, with their HTML made safe.
import type { NoteOnPage } from '@portail/contract';
import DOMPurify from 'dompurify';

export function notesForRoute(
  notes: readonly NoteOnPage[],
  routeName: string | null,
  dismissed: ReadonlySet<string>,
): NoteOnPage[] {
  if (!routeName) return [];
  return notes.filter((note) => note.routes.includes(routeName) && !dismissed.has(note._id));
}

/** Notes are written by administrators, but their HTML still goes through DOMPurify. */
export function sanitiseNoteHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

const DISMISSED_KEY = 'lca.dismissedNotes';

export function readDismissedNotes(store: Pick<Storage, 'getItem'>): Set<string> {
  try {
    const value: unknown = JSON.parse(store.getItem(DISMISSED_KEY) ?? '[]');
    return new Set(Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

export function saveDismissedNotes(store: Pick<Storage, 'setItem'>, ids: ReadonlySet<string>): void {
  try {
    store.setItem(DISMISSED_KEY, JSON.stringify([...ids]));
  } catch {
    // Storage unavailable: the note comes back on the next visit.
  }
}
