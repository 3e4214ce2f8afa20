// The frame of an editable part of the file: its titled section, the read-only notice, the list's
// loading and error states, and the add button that gives way to the add or edit form.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { DataTable } from '../../lib/ui/data-table.tsx';
import { MESSAGES } from '@portail/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { errorMessage } from '../../lib/api/index.ts';

interface PartSectionProps {
  /** Id of the heading that names the section. */
  id: string;
  title: string;
  /** Shown when the user may not edit the part (a secondary establishment's member). */
  readOnlyNotice?: string | false;
  children: ReactNode;
}

export function PartSection({ id, title, readOnlyNotice, children }: PartSectionProps) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={fr.cx('fr-h4')}>
        {title}
      </h2>
      {readOnlyNotice && <Alert severity="info" small className={fr.cx('fr-mb-3w')} description={readOnlyNotice} />}
      {children}
    </section>
  );
}

interface PartTableProps<T> {
  query: UseQueryResult<T[]>;
  /** The rows shown (default: the query's, in its order). */
  rows?: T[];
  loading: string;
  empty: string;
  caption: string;
  headers: string[];
  cells: (row: T) => ReactNode[];
}

/** The part's list: loading, error, "none yet" or its table. */
export function PartTable<T>({ query, rows = query.data, loading, empty, caption, headers, cells }: PartTableProps<T>) {
  return (
    <>
      {query.isPending && <p>{loading}</p>}
      {query.isError && (
        <Alert severity="error" small role="alert" description={errorMessage(query.error, MESSAGES.httpEmpty)} />
      )}
      {query.data &&
        rows &&
        (rows.length === 0 ? <p>{empty}</p> : <DataTable caption={caption} headers={headers} data={rows.map(cells)} />)}
    </>
  );
}

interface PartEditorProps<T extends { id: string }> {
  editing: T | 'new' | null;
  addLabel: string;
  onAdd: () => void;
  /** The form for a new row (null) or the edited one, remounted when the row changes. */
  form: (row: T | null) => ReactNode;
}

/** The add button, or the form once adding or editing. */
export function PartEditor<T extends { id: string }>({ editing, addLabel, onAdd, form }: PartEditorProps<T>) {
  if (editing === null) {
    return (
      <Button priority="secondary" iconId="fr-icon-add-line" onClick={onAdd} className={fr.cx('fr-mt-2w')}>
        {addLabel}
      </Button>
    );
  }
  return <Fragment key={editing === 'new' ? 'new' : editing.id}>{form(editing === 'new' ? null : editing)}</Fragment>;
}
