// One kind of the portal's content on /administration/lca: its table (DataTable, scrollable by
// keyboard at 320 px) with « Modifier » and, when the kind may be removed, « Supprimer » after the
// DSFR confirmation; « Ajouter » and « Modifier » open the kind's form under the table, focused.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { MESSAGES } from '@portail/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/api/index.ts';
import { toast } from '../../../lib/toast/toast-store.ts';
import { ConfirmAction } from '../../../lib/ui/confirm-action.tsx';
import { DataTable } from '../../../lib/ui/data-table.tsx';

/** A long text of a cell (a question's label, an address) wraps instead of widening the table past its actions. */
export function LongText({ children }: { children: string }) {
  return <span style={{ display: 'inline-block', minWidth: '14rem', maxWidth: '32rem', whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{children}</span>;
}

export interface ContentSectionProps<T> {
  /** The section's heading id and query key. */
  id: string;
  title: string;
  /** What the table says when there is nothing yet. */
  empty: string;
  caption: (count: number) => string;
  load: () => Promise<readonly T[]>;
  /** The failure message of the list (§8 when it says one). */
  loadFailure?: string;
  headers: readonly string[];
  cells: (item: T) => readonly ReactNode[];
  /** The item's name in the buttons' accessible names (« Modifier la note Fermeture »). */
  nameOf: (item: T) => string;
  /** « Ajouter une note »… */
  addLabel: string;
  /** The form, to create (item null) or change an item; `done` closes it and reloads the list. */
  form: (item: T | null, done: () => void) => ReactNode;
  /** Changing an item is offered (default true). */
  editable?: boolean;
  /** Removing an item: its answer's message. */
  remove?: (item: T) => Promise<{ message: string }>;
  /** Extra actions of a row (a download). */
  actions?: (item: T) => ReactNode;
  /** The accessible names' noun (« la note »). */
  noun: string;
}

export function ContentSection<T extends { id: string }>(props: ContentSectionProps<T>) {
  const { id, title, empty, caption, load, loadFailure, headers, cells, nameOf, addLabel, form, editable = true, remove, actions, noun } = props;
  const queryClient = useQueryClient();
  const key = ['lca-content', id];
  const list = useQuery({ queryKey: key, queryFn: load, retry: false });
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: key });
  const done = () => {
    setEditing(null);
    reload();
  };

  async function removeItem(item: T) {
    try {
      toast.success((await remove!(item)).message);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.httpEmpty));
    } finally {
      reload();
    }
  }

  const withActions = editable || remove || actions;
  /** « de la note », « du lien ». */
  const ofNoun = noun.startsWith('le ') ? `du ${noun.slice(3)}` : `de ${noun}`;
  return (
    <section aria-labelledby={id} className={fr.cx('fr-mb-6w')}>
      <h2 id={id} className={fr.cx('fr-h4')}>
        {title}
      </h2>
      {list.error ? (
        <Alert severity="error" small role="alert" description={errorMessage(list.error, loadFailure ?? MESSAGES.httpEmpty)} />
      ) : !list.data ? (
        <p aria-busy="true">Chargement…</p>
      ) : list.data.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <DataTable
          caption={caption(list.data.length)}
          headers={withActions ? [...headers, 'Actions'] : headers}
          data={list.data.map((item) => [
            ...cells(item),
            ...(withActions
              ? [
                  <ul key="actions" className={fr.cx('fr-btns-group', 'fr-btns-group--inline', 'fr-btns-group--sm')}>
                    {actions && <li>{actions(item)}</li>}
                    {editable && (
                      <li>
                        <Button size="small" priority="secondary" onClick={() => setEditing(item)} nativeButtonProps={{ 'aria-label': `Modifier ${noun} ${nameOf(item)}` }}>
                          Modifier
                        </Button>
                      </li>
                    )}
                    {remove && (
                      <li>
                        <ConfirmAction
                          label="Supprimer"
                          ariaLabel={`Supprimer ${noun} ${nameOf(item)}`}
                          question={`Voulez-vous vraiment supprimer ${noun} « ${nameOf(item)} » ?`}
                          confirmLabel="Supprimer"
                          confirmAriaLabel={`Confirmer la suppression ${ofNoun} ${nameOf(item)}`}
                          onConfirm={() => removeItem(item)}
                        />
                      </li>
                    )}
                  </ul>,
                ]
              : []),
          ])}
        />
      )}
      {editing === null ? (
        <Button priority="secondary" iconId="fr-icon-add-line" onClick={() => setEditing('new')}>
          {addLabel}
        </Button>
      ) : (
        <div className={fr.cx('fr-mt-2w')}>
          {form(editing === 'new' ? null : editing, done)}
          <Button priority="tertiary" onClick={() => setEditing(null)} className={fr.cx('fr-mt-1w')}>
            Annuler
          </Button>
        </div>
      )}
    </section>
  );
}
