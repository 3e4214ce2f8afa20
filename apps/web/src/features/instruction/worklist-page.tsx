// /instructeur (rds roles: their service and the services below it) and /osiris (osiris roles: every
// transmitted dossier): the work list, one row per instruction. Every filter of §2 kept in the URL
// (worklist-filters.ts), counts per state beside the state filter, sorting, keyset pages
// (« Précédent » goes back through the cursors kept in the history entry), the unread messages of
// each row, a selection across pages with « sélectionner tous les N dossiers correspondants », the
// bulk action (instructors only) and the exports with their progress. Under the md breakpoint each
// row is a card: nothing hides in a sideways scroll.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Checkbox } from '@codegouvfr/react-dsfr/Checkbox';
import { FilterCheckboxes } from '../../lib/ui/filter-checkboxes.tsx';
import { Input } from '@codegouvfr/react-dsfr/Input';
import { Select } from '@codegouvfr/react-dsfr/Select';
import { DOSSIER_STATES, DOSSIER_STATUTS, isAdminRole, MESSAGES, worklistRoutes, type WorklistItem } from '@portail/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { formatDate } from '../../lib/format/date.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { NARROW_SCREEN, useMediaQuery } from '../../lib/ui/use-media-query.ts';
import { Page } from '../shell/index.ts';
import { exerciseChoices, stateLabel, stateSeverity } from '../subsidies/index.ts';
import { instructionPath } from './paths.ts';
import { WorklistBulk } from './worklist-bulk.tsx';
import { WorklistExport } from './worklist-export.tsx';
import { filtersKey, filtersOf, readWorklist, toggleValue, withChanges, writeWorklist, type ListKey, type WorklistState } from './worklist-filters.ts';
import { isSelected, NO_SELECTION, offersSelectAll, pageSelected, selectedCount, toggleRow, togglePage, type Selection } from './worklist-selection.ts';
import { ScrollableTable } from '../../lib/ui/scrollable-table.tsx';

type Space = 'instructeur' | 'osiris';
interface Option {
  value: string;
  label: string;
}

export function InstructorWorklistPage() {
  return <Worklist space="instructeur" />;
}

export function OsirisWorklistPage() {
  return <Worklist space="osiris" />;
}

/** The URL's state, and moving to another one (the cursors of the pages before kept in the history entry). */
function useWorklistState(): [WorklistState, (next: WorklistState, previous?: string[]) => void, string[]] {
  const location = useLocation();
  const navigate = useNavigate();
  const state = readWorklist(new URLSearchParams(location.search));
  const previous = ((location.state as { previous?: string[] } | null)?.previous ?? []).filter((c) => typeof c === 'string');
  return [state, (next, stack = []) => navigate({ search: writeWorklist(next).toString() }, { state: { previous: stack } }), previous];
}

function Worklist({ space }: { space: Space }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [state, go, previous] = useWorklistState();
  const key = filtersKey(state);
  const filters = filtersOf(state);
  // Kept with the filters it was made under: another list (a change of filters or sort) starts empty.
  const [selected, setSelected] = useState<{ key: string; value: Selection }>({ key, value: NO_SELECTION });
  const selection = selected.key === key ? selected.value : NO_SELECTION;
  const setSelection = (next: Selection | ((s: Selection) => Selection)) => setSelected({ key, value: typeof next === 'function' ? next(selection) : next });
  const narrow = useMediaQuery(NARROW_SCREEN);
  const instructor = space === 'instructeur';

  const list = useQuery({
    queryKey: ['worklist', space, key, state.cursor],
    queryFn: () => callApi(worklistRoutes.listWorklist, { query: { ...filters, sort: state.sort, order: state.order, ...(state.cursor ? { cursor: state.cursor } : {}) } }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const counts = useQuery({
    queryKey: ['worklist-counts', space, key],
    queryFn: () => callApi(worklistRoutes.countWorklist, { query: filtersOf(state) }),
    retry: false,
  });
  // The service and scheme choices: those of the caller's reach, whatever the page shows.
  const facets = useQuery({ queryKey: ['worklist-facets', space], queryFn: () => callApi(worklistRoutes.facetsWorklist), staleTime: 5 * 60_000, retry: false });
  const rows = list.data?.items ?? [];
  const serviceOptions: Option[] = (facets.data?.services ?? []).map((s) => ({ value: s.id, label: s.nom }));
  const dispositifOptions: Option[] = (facets.data?.dispositifs ?? []).map((d) => ({ value: d.id, label: d.label }));

  const total = counts.data?.total ?? null;
  const pageIds = rows.map((r) => r.id);
  const mayIncludeDeleted = (user?.roles ?? []).some((role) => isAdminRole(role) || role === 'osiris.appli_admin');
  const title = instructor ? 'Espace instructeur' : 'Espace Osiris';

  return (
    <Page title={title} lead={instructor ? 'Les dossiers transmis à votre service et aux services qui en dépendent, à instruire.' : 'Les dossiers de subvention transmis, tous services confondus.'}>
      {instructor && user?.rds && (
        <p>
          <Link to="/instructeur/webhooks">Webhooks du service</Link> : recevoir chaque changement d’état dans vos outils.
        </p>
      )}
      <WorklistFiltersForm state={state} onChange={(next) => go(next)} counts={counts.data?.par_etat ?? []} services={serviceOptions} dispositifs={dispositifOptions} userId={user?.authId ?? null} mayIncludeDeleted={mayIncludeDeleted} />
      <h2 className={fr.cx('fr-h4', 'fr-mt-4w')}>Dossiers</h2>
      <p role="status" aria-live="polite">
        {total === null ? 'Comptage des dossiers…' : total === 0 ? 'Aucun dossier ne correspond à ces critères.' : `${total.toLocaleString('fr-FR')} dossier(s) correspondent à ces critères.`}
      </p>
      {list.isError && <Alert severity="error" small role="alert" description={errorMessage(list.error, MESSAGES.httpEmpty)} />}
      {counts.isError && !list.isError && <Alert severity="error" small role="alert" description={errorMessage(counts.error, MESSAGES.httpEmpty)} />}
      {list.isPending && <p>Chargement des dossiers…</p>}
      {instructor && rows.length > 0 && (
        <SelectionBar selection={selection} pageIds={pageIds} total={total} onChange={setSelection} />
      )}
      {rows.length > 0 &&
        (narrow ? (
          <WorklistCards rows={rows} instructor={instructor} selection={selection} onToggle={(id) => setSelection((s) => toggleRow(s, id, pageIds))} />
        ) : (
          <WorklistTable rows={rows} instructor={instructor} selection={selection} onToggle={(id) => setSelection((s) => toggleRow(s, id, pageIds))} onTogglePage={() => setSelection((s) => togglePage(s, pageIds))} pageIds={pageIds} />
        ))}
      <nav role="navigation" aria-label="Pages de la liste" className={fr.cx('fr-mt-2w')}>
        <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-sm')}>
          <li>
            <Button priority="secondary" disabled={!state.cursor} onClick={() => go({ ...state, cursor: previous.at(-1) ?? null }, previous.slice(0, -1))}>
              Précédent
            </Button>
          </li>
          <li>
            <Button priority="secondary" disabled={!list.data?.next_cursor} onClick={() => go({ ...state, cursor: list.data!.next_cursor }, state.cursor ? [...previous, state.cursor] : [...previous, ''])}>
              Suivant
            </Button>
          </li>
        </ul>
      </nav>
      {instructor && (
        <WorklistBulk
          selection={selection}
          filters={filters}
          onDone={() => {
            setSelection(NO_SELECTION);
            void queryClient.invalidateQueries({ queryKey: ['worklist'] });
            void queryClient.invalidateQueries({ queryKey: ['worklist-counts'] });
          }}
        />
      )}
      <WorklistExport filters={filters} sort={{ sort: state.sort, order: state.order }} />
    </Page>
  );
}

interface FiltersFormProps {
  state: WorklistState;
  onChange: (next: WorklistState) => void;
  counts: readonly { etat: string; label: string; count: number }[];
  services: readonly Option[];
  dispositifs: readonly Option[];
  userId: string | null;
  mayIncludeDeleted: boolean;
}

function WorklistFiltersForm({ state, onChange, counts, services, dispositifs, userId, mayIncludeDeleted }: FiltersFormProps) {
  // What is typed, until the URL's search changes (back, a link): then the URL's.
  const [typed, setTyped] = useState({ from: state.searchQuery, text: state.searchQuery });
  const search = typed.from === state.searchQuery ? typed.text : state.searchQuery;
  const setSearch = (text: string) => setTyped({ from: state.searchQuery, text });
  const countOf = new Map(counts.map((c) => [c.etat, c.count]));
  const boxes = <K extends ListKey>(legend: string, key: K, options: { value: WorklistState[K][number]; label: string }[]) => (
    <FilterCheckboxes<string | number>
      legend={legend}
      name={key}
      options={options}
      selected={state[key] as (string | number)[]}
      onToggle={(value) => onChange(toggleValue(state, key, value as WorklistState[K][number]))}
    />
  );
  const select = (label: string, id: string, key: 'services' | 'dispositifs', options: readonly Option[]) => (
    <Select
      label={label}
      nativeSelectProps={{
        id,
        value: state[key][0] ?? '',
        onChange: (e) => onChange(withChanges(state, { [key]: e.target.value ? [e.target.value] : [] })),
      }}
    >
      <option value="">Tous</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
      {state[key][0] && !options.some((o) => o.value === state[key][0]) && <option value={state[key][0]}>Choix en cours</option>}
    </Select>
  );
  return (
    <form
      role="search"
      aria-label="Filtrer les dossiers"
      onSubmit={(e) => {
        e.preventDefault();
        onChange(withChanges(state, { searchQuery: search.trim() }));
      }}
    >
      <div className={fr.cx('fr-grid-row', 'fr-grid-row--bottom', 'fr-grid-row--gutters')}>
        <div className={fr.cx('fr-col-12', 'fr-col-md-9')}>
          <Input label="Rechercher (numéro, association, SIRET, subvention)" nativeInputProps={{ id: 'worklist-recherche', type: 'search', value: search, onChange: (e) => setSearch(e.target.value) }} />
        </div>
        <div className={fr.cx('fr-col-12', 'fr-col-md-3')}>
          <Button type="submit">Rechercher</Button>
        </div>
      </div>
      {boxes(
        'États (nombre de dossiers sous les autres filtres)',
        'etats',
        DOSSIER_STATES.filter((s) => s !== 'A' && s !== 'B').map((s) => ({ value: s, label: `${stateLabel(s)} (${(countOf.get(s) ?? 0).toLocaleString('fr-FR')})` })),
      )}
      {boxes('Exercices', 'exercices', exerciseChoices(new Date().getFullYear(), state.exercices).map((y) => ({ value: y, label: String(y) })))}
      {boxes('Statuts', 'statuts', DOSSIER_STATUTS.map((s) => ({ value: s, label: s === 'complet' ? 'Complet' : 'Incomplet' })))}
      {boxes('Type de créateur', 'createdByType', [
        { value: 'association', label: 'Association' },
        { value: 'service', label: 'Service instructeur' },
      ])}
      <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
        <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>{select('Service instructeur', 'worklist-service', 'services', services)}</div>
        <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>{select('Dispositif', 'worklist-dispositif', 'dispositifs', dispositifs)}</div>
        <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
          <Select
            label="Trier par"
            nativeSelectProps={{
              id: 'worklist-tri',
              value: `${state.sort}:${state.order}`,
              onChange: (e) => {
                const [sort, order] = e.target.value.split(':') as [WorklistState['sort'], WorklistState['order']];
                onChange(withChanges(state, { sort, order }));
              },
            }}
          >
            <option value="updated_at:desc">Dernière modification, la plus récente d’abord</option>
            <option value="updated_at:asc">Dernière modification, la plus ancienne d’abord</option>
            <option value="created_at:desc">Création, la plus récente d’abord</option>
            <option value="created_at:asc">Création, la plus ancienne d’abord</option>
          </Select>
        </div>
      </div>
      <Checkbox
        legend="Autres critères"
        small
        options={[
          ...(userId
            ? [{ label: 'Créés par moi', nativeInputProps: { name: 'createdBy', checked: state.createdBy.includes(userId), onChange: () => onChange(toggleValue(state, 'createdBy', userId)) } }]
            : []),
          {
            label: 'Avec des messages non lus',
            nativeInputProps: { name: 'messages_non_lus', checked: state.unreadMessages, onChange: () => onChange(withChanges(state, { unreadMessages: !state.unreadMessages })) },
          },
          ...(mayIncludeDeleted
            ? [{ label: 'Inclure les dossiers supprimés', nativeInputProps: { name: 'includeDeleted', checked: state.includeDeleted, onChange: () => onChange(withChanges(state, { includeDeleted: !state.includeDeleted })) } }]
            : []),
        ]}
      />
    </form>
  );
}

function SelectionBar({ selection, pageIds, total, onChange }: { selection: Selection; pageIds: readonly string[]; total: number | null; onChange: (s: Selection) => void }) {
  const count = selectedCount(selection);
  return (
    <div className={fr.cx('fr-mb-2w')} data-testid="selection-bar">
      <p className={fr.cx('fr-mb-1w')}>{selection.kind === 'all' ? `Les ${count.toLocaleString('fr-FR')} dossiers correspondants sont sélectionnés.` : `${count.toLocaleString('fr-FR')} dossier(s) sélectionné(s).`}</p>
      <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-sm', 'fr-btns-group--sm')}>
        {total !== null && offersSelectAll(selection, pageIds, total) && (
          <li>
            <Button size="small" priority="tertiary" onClick={() => onChange({ kind: 'all', total })}>
              Sélectionner tous les {total.toLocaleString('fr-FR')} dossiers correspondants
            </Button>
          </li>
        )}
        {count > 0 && (
          <li>
            <Button size="small" priority="tertiary" onClick={() => onChange(NO_SELECTION)}>
              Vider la sélection
            </Button>
          </li>
        )}
      </ul>
    </div>
  );
}

interface RowsProps {
  rows: readonly WorklistItem[];
  instructor: boolean;
  selection: Selection;
  onToggle: (id: string) => void;
}

/** What a row shows, whatever the layout. */
function rowParts(row: WorklistItem, instructor: boolean): Record<'number' | 'demandeur' | 'subvention' | 'exercice' | 'service' | 'etat' | 'statut' | 'messages' | 'modifie', ReactNode> {
  return {
    // A dossier's number on one line: cut at its hyphen, « 2026- » and « 000006 » read as two things.
    number: instructor ? (
      <Link to={instructionPath(row.dossier_id)} className="lca-nowrap">
        <span className={fr.cx('fr-sr-only')}>Dossier </span>
        {row.id_fo}
      </Link>
    ) : (
      <span className="lca-nowrap">{row.id_fo}</span>
    ),
    demandeur: (
      <>
        {row.demandeur.nom ?? '—'}
        {row.deleted && (
          <Badge small noIcon severity="error" className={fr.cx('fr-ml-1w')}>
            Supprimé
          </Badge>
        )}
      </>
    ),
    subvention: `${row.libelle_subvention} (${row.libelle_dispositif})`,
    exercice: row.exercice_fin && row.exercice_fin !== row.exercice ? `${row.exercice}–${row.exercice_fin}` : String(row.exercice),
    service: `${row.service.nom}${row.is_referent ? ' (référent)' : ''}`,
    etat: (
      <Badge small noIcon severity={stateSeverity(row.etat)}>
        {stateLabel(row.etat)}
      </Badge>
    ),
    statut: row.statut === 'complet' ? 'Complet' : 'Incomplet',
    messages: row.messages_non_lus > 0 ? <Badge small severity="new">{`${row.messages_non_lus} non lu(s)`}</Badge> : '—',
    modifie: formatDate(row.updated_at),
  };
}

function RowBox({ row, selection, onToggle }: { row: WorklistItem; selection: Selection; onToggle: (id: string) => void }) {
  const id = `select-${row.id}`;
  return (
    <div className={fr.cx('fr-checkbox-group', 'fr-checkbox-group--sm')}>
      <input type="checkbox" id={id} checked={isSelected(selection, row.id)} onChange={() => onToggle(row.id)} />
      <label className={fr.cx('fr-label')} htmlFor={id}>
        <span className={fr.cx('fr-sr-only')}>Sélectionner le dossier {row.id_fo} ({row.service.nom})</span>
      </label>
    </div>
  );
}

function WorklistTable({ rows, instructor, selection, onToggle, onTogglePage, pageIds }: RowsProps & { onTogglePage: () => void; pageIds: readonly string[] }) {
  return (
    <ScrollableTable label="Dossiers de la liste de travail" bordered>
      <table>
        <caption>Dossiers de la liste de travail</caption>
        <thead>
          <tr>
            {instructor && (
              <th scope="col">
                <div className={fr.cx('fr-checkbox-group', 'fr-checkbox-group--sm')}>
                  <input type="checkbox" id="select-page" checked={pageSelected(selection, pageIds)} onChange={onTogglePage} />
                  <label className={fr.cx('fr-label')} htmlFor="select-page">
                    <span className={fr.cx('fr-sr-only')}>Sélectionner les dossiers de la page</span>
                  </label>
                </div>
              </th>
            )}
            <th scope="col">N° de dossier</th>
            <th scope="col">Demandeur</th>
            <th scope="col">Subvention</th>
            <th scope="col">Exercice</th>
            <th scope="col">Service</th>
            <th scope="col">État</th>
            <th scope="col">Statut</th>
            <th scope="col">Messages</th>
            <th scope="col">Modifié le</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const p = rowParts(row, instructor);
            return (
              <tr key={row.id} aria-selected={instructor ? isSelected(selection, row.id) : undefined}>
                {instructor && (
                  <td>
                    <RowBox row={row} selection={selection} onToggle={onToggle} />
                  </td>
                )}
                <th scope="row">{p.number}</th>
                <td>{p.demandeur}</td>
                <td>{p.subvention}</td>
                <td>{p.exercice}</td>
                <td>{p.service}</td>
                <td>{p.etat}</td>
                <td>{p.statut}</td>
                <td>{p.messages}</td>
                <td>{p.modifie}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollableTable>
  );
}

/** Under the md breakpoint: one card per row, its number as a heading, every column by its name. */
function WorklistCards({ rows, instructor, selection, onToggle }: RowsProps) {
  return (
    <ul aria-label="Dossiers de la liste de travail" className="lca-dossier-cards">
      {rows.map((row) => {
        const p = rowParts(row, instructor);
        return (
          <li key={row.id} className={fr.cx('fr-p-2w', 'fr-mb-2w')} data-testid="worklist-card">
            {/* The instructor's link says « Dossier » to screen readers; the plain number needs it written. */}
            <h3 className={fr.cx('fr-h6', 'fr-mb-1w')}>{instructor ? p.number : <>Dossier n° {p.number}</>}</h3>
            {instructor && <RowBox row={row} selection={selection} onToggle={onToggle} />}
            <dl>
              <dt>Demandeur</dt>
              <dd>{p.demandeur}</dd>
              <dt>Subvention</dt>
              <dd>{p.subvention}</dd>
              <dt>Exercice</dt>
              <dd>{p.exercice}</dd>
              <dt>Service</dt>
              <dd>{p.service}</dd>
              <dt>État</dt>
              <dd>{p.etat}</dd>
              <dt>Statut</dt>
              <dd>{p.statut}</dd>
              <dt>Messages</dt>
              <dd>{p.messages}</dd>
              <dt>Modifié le</dt>
              <dd>{p.modifie}</dd>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
