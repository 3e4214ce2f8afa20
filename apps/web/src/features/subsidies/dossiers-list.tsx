// The association's dossiers (/dossiers): the spec §2 filters kept in the URL (exercices, etats,
// statuts, searchQuery, page), states as DSFR badges with the machine's labels, unread
// notifications and unread messages per dossier, pagination, and per-dossier actions exactly as the server's options
// say (consult, edit, delete: nothing is offered that the server did not list).
import { fr } from '@codegouvfr/react-dsfr';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Input } from '@codegouvfr/react-dsfr/Input';
import { Pagination } from '@codegouvfr/react-dsfr/Pagination';
import { DOSSIER_STATUTS, type Dossier } from '@portail/contract';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FilterCheckboxes } from '../../lib/ui/filter-checkboxes.tsx';
import { NARROW_SCREEN, useMediaQuery } from '../../lib/ui/use-media-query.ts';
import { formatEuros } from './format.ts';
import { exerciseChoices, readFilters, toggle, writeFilters, type DossierFilters } from './dossier-filters.ts';
import { stateLabel, stateSeverity, STATE_OPTIONS } from './dossier-states.ts';
import { ScrollableTable } from '../../lib/ui/scrollable-table.tsx';

export interface DossierRow {
  dossier: Pick<Dossier, 'id' | 'identifiant' | 'instructions'> & {
    description: Pick<Dossier['description'], 'code_subvention' | 'id_type_dispositif' | 'exercice' | 'exercice_fin' | 'statut'> & { libelle_subvention?: string };
    demandeur: Pick<Dossier['demandeur'], 'id_siret' | 'nom'>;
  };
  /** The options the server gives this user on this dossier (machine actions and events). */
  actions: readonly string[];
  unread: number;
  /** Messages of the instructing services this user has not read (the work list's column, on this side). */
  unreadMessages: number;
}

interface DossiersListProps {
  rows: readonly DossierRow[];
  total: number;
  pageSize: number;
  /** The dossier page of a row. */
  dossierPath: (row: DossierRow, mode: 'read' | 'edit') => string;
  onDelete?: (row: DossierRow) => void;
  currentYear: number;
  /** The states' labels as the server names them (GET …/states); the machine's otherwise. */
  stateLabels?: ReadonlyMap<string, string>;
}

export function useDossierFilters(): [DossierFilters, (next: DossierFilters) => void] {
  const [params, setParams] = useSearchParams();
  return [readFilters(params), (next) => setParams(writeFilters(next))];
}

export function DossiersList({ rows, total, pageSize, dossierPath, onDelete, currentYear, stateLabels }: DossiersListProps) {
  const labelOf = (etat: string) => stateLabels?.get(etat) ?? stateLabel(etat);
  const [filters, setFilters] = useDossierFilters();
  const [search, setSearch] = useState(filters.searchQuery);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // On a phone each dossier is a card: every column (state, actions) stays in sight without a sideways scroll.
  const narrow = useMediaQuery(NARROW_SCREEN);
  const parts = (row: DossierRow) => rowParts(row, { labelOf, dossierPath, onDelete });
  const checkboxes = <K extends 'exercices' | 'etats' | 'statuts'>(legend: string, key: K, options: { value: DossierFilters[K][number]; label: string }[]) => (
    <FilterCheckboxes<string | number>
      legend={legend}
      name={key}
      options={options}
      selected={filters[key] as (string | number)[]}
      onToggle={(value) => setFilters(toggle(filters, key, value as DossierFilters[K][number]))}
    />
  );


  return (
    <>
      <form
        role="search"
        aria-label="Filtrer les dossiers"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters({ ...filters, searchQuery: search, page: 1 });
        }}
      >
        {checkboxes(
          'Exercices',
          'exercices',
          exerciseChoices(currentYear, filters.exercices).map((y) => ({ value: y, label: String(y) })),
        )}
        {checkboxes('États', 'etats', STATE_OPTIONS.filter((s) => s.value !== 'B').map((s) => ({ value: s.value, label: labelOf(s.value) })))}
        {checkboxes('Statuts', 'statuts', DOSSIER_STATUTS.map((s) => ({ value: s, label: s === 'complet' ? 'Complet' : 'Incomplet' })))}
        <div className={fr.cx('fr-grid-row', 'fr-grid-row--bottom', 'fr-grid-row--gutters')}>
          <div className={fr.cx('fr-col')}>
            <Input label="Rechercher (numéro, subvention, établissement)" nativeInputProps={{ id: 'dossiers-recherche', type: 'search', value: search, onChange: (e) => setSearch(e.target.value) }} />
          </div>
          <div className={fr.cx('fr-col-12', 'fr-col-md-3')}>
            <Button type="submit">Rechercher</Button>
          </div>
        </div>
      </form>

      <p role="status">{total === 0 ? 'Aucun dossier ne correspond à ces critères.' : `${total} dossier(s)`}</p>
      {rows.length > 0 && (narrow ? <DossierCards rows={rows} parts={parts} /> : <DossierTable rows={rows} parts={parts} />)}
      {pageCount > 1 && (
        <Pagination
          count={pageCount}
          defaultPage={filters.page}
          getPageLinkProps={(page) => ({ to: `?${writeFilters({ ...filters, page }).toString()}` })}
        />
      )}
    </>
  );
}

interface RowParts {
  idFo: string;
  subvention: string;
  exercice: string;
  state: ReactNode;
  /** What the services granted, in all (null until one grants). */
  granted: string | null;
  statut: ReactNode;
  unread: ReactNode;
  messages: ReactNode;
  actions: ReactNode;
}

/** What a dossier shows, whatever the layout. */
function rowParts(row: DossierRow, { labelOf, dossierPath, onDelete }: { labelOf: (etat: string) => string; dossierPath: DossiersListProps['dossierPath']; onDelete: DossiersListProps['onDelete'] }): RowParts {
  const { dossier } = row;
  const etat = dossier.instructions[0]?.etat;
  const mayEdit = row.actions.includes('modifier');
  const mayConsult = row.actions.includes('consulter');
  const mayDelete = row.actions.includes('supprimer') && onDelete;
  const d = dossier.description;
  const grants = dossier.instructions.flatMap((i) => (i.montant_accorde == null ? [] : [i.montant_accorde]));
  return {
    idFo: dossier.identifiant.id_fo,
    subvention: d.libelle_subvention ?? `${d.id_type_dispositif} – ${d.code_subvention}`,
    exercice: `${d.exercice}${d.exercice_fin && d.exercice_fin !== d.exercice ? `–${d.exercice_fin}` : ''}`,
    state: etat && (
      <Badge small noIcon severity={stateSeverity(etat)}>
        {labelOf(etat)}
      </Badge>
    ),
    granted: grants.length === 0 ? null : formatEuros(grants.reduce((sum, amount) => sum + amount, 0)),
    statut: (
      <Badge small noIcon severity={d.statut === 'complet' ? 'success' : 'warning'}>
        {d.statut === 'complet' ? 'Complet' : 'Incomplet'}
      </Badge>
    ),
    unread: row.unread > 0 ? <Badge small severity="new">{`${row.unread} non lue(s)`}</Badge> : '—',
    messages: row.unreadMessages > 0 ? <Badge small severity="new">{`${row.unreadMessages} non lu(s)`}</Badge> : '—',
    actions: (
      <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-sm', 'fr-btns-group--sm')}>
        {mayEdit && (
          <li>
            <Link className={fr.cx('fr-btn', 'fr-btn--sm')} to={dossierPath(row, 'edit')}>
              Modifier<span className={fr.cx('fr-sr-only')}> le dossier {dossier.identifiant.id_fo}</span>
            </Link>
          </li>
        )}
        {!mayEdit && mayConsult && (
          <li>
            <Link className={fr.cx('fr-btn', 'fr-btn--sm', 'fr-btn--secondary')} to={dossierPath(row, 'read')}>
              Consulter<span className={fr.cx('fr-sr-only')}> le dossier {dossier.identifiant.id_fo}</span>
            </Link>
          </li>
        )}
        {mayDelete && (
          <li>
            <Button size="small" priority="tertiary" onClick={() => onDelete(row)}>
              Supprimer<span className={fr.cx('fr-sr-only')}> le dossier {dossier.identifiant.id_fo}</span>
            </Button>
          </li>
        )}
      </ul>
    ),
  };
}

function DossierTable({ rows, parts }: { rows: readonly DossierRow[]; parts: (row: DossierRow) => RowParts }) {
  return (
    <ScrollableTable label="Dossiers de demande de subvention">
      <table>
        <caption>Dossiers de demande de subvention</caption>
        <thead>
          <tr>
            <th scope="col">Numéro</th>
            <th scope="col">Subvention</th>
            <th scope="col">Exercice</th>
            <th scope="col">État</th>
            <th scope="col">Statut</th>
            <th scope="col">Notifications</th>
            <th scope="col">Messages</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const p = parts(row);
            return (
              <tr key={row.dossier.id}>
                <td>{p.idFo}</td>
                <td>{p.subvention}</td>
                <td>{p.exercice}</td>
                <td>
                  {p.state}
                  {p.granted && <p className={fr.cx('fr-text--sm', 'fr-mt-1v', 'fr-mb-0')}>Montant accordé : {p.granted}</p>}
                </td>
                <td>{p.statut}</td>
                <td>{p.unread}</td>
                <td>{p.messages}</td>
                <td>{p.actions}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollableTable>
  );
}

/** Under the md breakpoint: one card per dossier, its number as a heading, then each column by its name. */
function DossierCards({ rows, parts }: { rows: readonly DossierRow[]; parts: (row: DossierRow) => RowParts }) {
  return (
    <ul aria-label="Dossiers de demande de subvention" className="lca-dossier-cards">
      {rows.map((row) => {
        const p = parts(row);
        return (
          <li key={row.dossier.id} className={fr.cx('fr-p-2w', 'fr-mb-2w')} data-testid="dossier-card">
            <h3 className={fr.cx('fr-h6', 'fr-mb-1w')}>Dossier n° {p.idFo}</h3>
            <p className={fr.cx('fr-mb-1w')}>{p.subvention}</p>
            <dl>
              <dt>Exercice</dt>
              <dd>{p.exercice}</dd>
              <dt>État</dt>
              <dd>{p.state}</dd>
              {p.granted && (
                <>
                  <dt>Montant accordé</dt>
                  <dd>{p.granted}</dd>
                </>
              )}
              <dt>Statut</dt>
              <dd>{p.statut}</dd>
              <dt>Notifications</dt>
              <dd>{p.unread}</dd>
              <dt>Messages</dt>
              <dd>{p.messages}</dd>
            </dl>
            {p.actions}
          </li>
        );
      })}
    </ul>
  );
}
