// The notes of every route, asked for once at start-up beside the first page's chunk: the layout
// shows the page only with its notes (no content pushed down under a click, docs/domain.md
// « Parcours »). A notes service that fails or is slow costs the page its notes, never the page;
// the next page has them (notes come late: kept for it; failed: asked for again).
import { notesOnPageRoutes, type NoteOnPage } from '@portail/contract';
import type { QueryClient, QueryFunctionContext } from '@tanstack/react-query';
import { callApi } from '../../lib/api/index.ts';

export const NOTES_QUERY_KEY = ['notesOnPage'] as const;

/** How long a page waits for its notes before showing without them. */
export const NOTES_WAIT_MS = 2_000;

/** What a page shows when the notes did not come in time: none, and never kept as the answer. */
export const NOTES_MISSING: readonly NoteOnPage[] = Object.freeze([]);

async function fetchNotes({ client }: QueryFunctionContext): Promise<readonly NoteOnPage[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const asked = callApi(notesOnPageRoutes.notesOnPage, { query: {} }).catch(() => NOTES_MISSING);
  const giveUp = new Promise<readonly NoteOnPage[]>((resolve) => {
    timer = setTimeout(() => resolve(NOTES_MISSING), NOTES_WAIT_MS);
  });
  try {
    const notes = await Promise.race([asked, giveUp]);
    // Too late for this page, in time for the next one.
    if (notes === NOTES_MISSING) {
      void asked.then((late) => {
        if (late !== NOTES_MISSING && client.getQueryData(NOTES_QUERY_KEY) === NOTES_MISSING) client.setQueryData(NOTES_QUERY_KEY, late);
      });
    }
    return notes;
  } finally {
    clearTimeout(timer);
  }
}

export const notesQuery = {
  queryKey: NOTES_QUERY_KEY,
  queryFn: fetchNotes,
  // Missing notes are stale at once: the next page asks again.
  staleTime: (query: { state: { data: readonly NoteOnPage[] | undefined } }) => (query.state.data === NOTES_MISSING ? 0 : 5 * 60_000),
  retry: false,
} as const;

/** Starts the notes' request before the layout needs them. */
export function prefetchNotes(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(notesQuery);
}
