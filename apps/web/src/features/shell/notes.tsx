// Dismissible notes of the current route (docs/domain.md « Parcours »): fetched once, filtered by route name.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import type { NoteOnPage } from '@portail/contract';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { notesForRoute, readDismissedNotes, sanitiseNoteHtml, saveDismissedNotes } from './notes-filter.ts';
import { NOTES_MISSING, NOTES_QUERY_KEY, NOTES_WAIT_MS, notesQuery } from './notes-query.ts';

export function NotesList({ notes, routeName }: { notes: readonly NoteOnPage[]; routeName: string | null }) {
  const [dismissed, setDismissed] = useState(() => readDismissedNotes(sessionStorage));
  const visible = notesForRoute(notes, routeName, dismissed);
  if (visible.length === 0) return null;

  const dismiss = (id: string) => {
    const next = new Set(dismissed).add(id);
    saveDismissedNotes(sessionStorage, next);
    setDismissed(next);
  };

  return (
    <section className={fr.cx('fr-container', 'fr-mt-2w')} aria-label="Informations">
      {visible.map((note) => {
        const description = (
          <div className="lca-note" dangerouslySetInnerHTML={{ __html: sanitiseNoteHtml(note.content) }} />
        );
        return (
          <Alert
            key={note._id}
            className={fr.cx('fr-mb-2w')}
            severity={note.type}
            // Page content, not an event: not announced as an alert.
            role={undefined}
            closable
            onClose={() => dismiss(note._id)}
            {...(note.title ? { title: note.title, description } : { small: true, description })}
          />
        );
      })}
    </section>
  );
}

/**
 * Suspends until the notes are known, so that the page around them shows in the same paint. A page
 * keeps the notes it opened with: notes coming later never push its content down, except on a page
 * opened without them, which asks again and shows them if they come within NOTES_WAIT_MS.
 */
export function Notes({ routeName }: { routeName: string | null }) {
  const { data } = useSuspenseQuery(notesQuery);
  const queryClient = useQueryClient();
  const [shown, setShown] = useState({ routeName, notes: data });
  if (shown.routeName !== routeName) setShown({ routeName, notes: data });
  // The first page has just asked for them: only a page opened after it asks again, once.
  const askedOn = useRef(routeName);
  useEffect(() => {
    if (askedOn.current === routeName) return;
    askedOn.current = routeName;
    if (queryClient.getQueryData(NOTES_QUERY_KEY) !== NOTES_MISSING) return;
    const askedAt = performance.now();
    void queryClient.fetchQuery({ ...notesQuery, staleTime: 0 }).then((notes) => {
      // Shown only on the page that asked, and only in time (later, they wait for the next page).
      if (notes !== NOTES_MISSING && askedOn.current === routeName && performance.now() - askedAt <= NOTES_WAIT_MS) setShown({ routeName, notes });
    });
  }, [routeName, queryClient]);
  return <NotesList notes={shown.notes} routeName={routeName} />;
}
