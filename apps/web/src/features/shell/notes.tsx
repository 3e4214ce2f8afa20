// Dismissible notes of the current route (docs/domain.md « Parcours »): fetched once, filtered by route name.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import type { NoteOnPage } from '@portail/contract';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
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
  useEffect(() => {
    if (queryClient.getQueryData(NOTES_QUERY_KEY) !== NOTES_MISSING) return;
    let inTime = true;
    const timer = setTimeout(() => (inTime = false), NOTES_WAIT_MS);
    void queryClient.fetchQuery({ ...notesQuery, staleTime: 0 }).then((notes) => {
      if (inTime && notes !== NOTES_MISSING) setShown({ routeName, notes });
    });
    return () => {
      inTime = false;
      clearTimeout(timer);
    };
  }, [routeName, queryClient]);
  return <NotesList notes={shown.notes} routeName={routeName} />;
}
