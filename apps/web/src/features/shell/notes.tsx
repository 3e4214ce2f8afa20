// Dismissible notes of the current route (docs/domain.md « Parcours »): fetched once, filtered by route name.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { api, type NoteOnPage } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../lib/api/index.ts';
import { notesForRoute, readDismissedNotes, sanitiseNoteHtml, saveDismissedNotes } from './notes-filter.ts';

export const NOTES_QUERY_KEY = ['notesOnPage'] as const;

export function useNotesOnPage() {
  return useQuery({
    queryKey: NOTES_QUERY_KEY,
    queryFn: () => callApi(api.lca.notesOnPage, { query: {} }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

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

export function Notes({ routeName }: { routeName: string | null }) {
  const { data } = useNotesOnPage();
  return <NotesList notes={data ?? []} routeName={routeName} />;
}
