// The notes of every route, asked for once at start-up beside the first page's chunk: the layout
// shows the page only with its notes (no content pushed down under a click, docs/domain.md
// « Parcours »). A notes service that fails or is slow costs the page its notes, never the page.
import { notesOnPageRoutes, type NoteOnPage } from '@portail/contract';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/index.ts';

export const NOTES_QUERY_KEY = ['notesOnPage'] as const;

/** How long a page waits for its notes before showing without them. */
export const NOTES_WAIT_MS = 2_000;

async function fetchNotes(): Promise<readonly NoteOnPage[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp = new Promise<readonly NoteOnPage[]>((resolve) => {
    timer = setTimeout(() => resolve([]), NOTES_WAIT_MS);
  });
  try {
    return await Promise.race([callApi(notesOnPageRoutes.notesOnPage, { query: {} }).catch(() => []), giveUp]);
  } finally {
    clearTimeout(timer);
  }
}

export const notesQuery = {
  queryKey: NOTES_QUERY_KEY,
  queryFn: fetchNotes,
  staleTime: 5 * 60_000,
  retry: false,
} as const;

/** Starts the notes' request before the layout needs them. */
export function prefetchNotes(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(notesQuery);
}
