// The association's dossiers (/dossiers): the spec §2 filters kept in the URL (exercices, etats,
// statuts, searchQuery, page), states as DSFR badges with the machine's labels, unread
// notifications per dossier, pagination, and per-dossier actions exactly as the server's options
// say (consult, edit, delete: nothing is offered that the server did not list).
import { fr } from '@codegouvfr/react-dsfr';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Checkbox } from '@codegouvfr/react-dsfr/Checkbox';
import { Input } from '@codegouvfr/react-dsfr/Input';
import { Pagination } from '@codegouvfr/react-dsfr/Pagination';
import { DOSSIER_STATUTS, type Dossier } from '@portail/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { exerciseChoices, readFilters, toggle, writeFilters, type DossierFilters } from './dossier-filters.ts';
import { stateLabel, stateSeverity, STATE_OPTIONS } from './dossier-states.ts';

export interface DossierRow {
  dossier: Pick<Dossier, 'id' | 'identifiant' | 'instructions'> & {
    description: Pick<Dossier['description'], 'code_subvention' | 'id_type_dispositif' | 'exercice' | 'exercice_fin' | 'statut'> & { libelle_subvention?: string };
    demandeur: Pick<Dossier['demandeur'], 'id_siret' | 'nom'>;
  };
  /** The options the server gives this user on this dossier (machine actions and events). */
  actions: readonly string[];
  unread: number;
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
  const checkboxes = <K extends 'exercices' | 'etats' | 'statuts'>(legend: string, key: K, options: { value: DossierFilters[K][number]; label: string }[]) => (
    <Checkbox
      legend={legend}
      small
      orientation="horizontal"
      options={options.map((o) => ({
        label: o.label,
        nativeInputProps: {
          name: key,
          value: String(o.value),
          checked: (filters[key] as (string | number)[]).includes(o.value),
          onChange: () => setFilters(toggle(filters, key, o.value)),
        },
      }))}
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
      {rows.length > 0 && (
        <div className={fr.cx('fr-table')}>
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
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const { dossier } = row;
                const etat = dossier.instructions[0]?.etat;
                const mayEdit = row.actions.includes('modifier');
                const mayConsult = row.actions.includes('consulter');
                const mayDelete = row.actions.includes('supprimer') && onDelete;
                const d = dossier.description;
                return (
                  <tr key={dossier.id}>
                    <td>{dossier.identifiant.id_fo}</td>
                    <td>
                      {d.libelle_subvention ?? `${d.id_type_dispositif} – ${d.code_subvention}`}
                    </td>
                    <td>
                      {d.exercice}
                      {d.exercice_fin && d.exercice_fin !== d.exercice ? `–${d.exercice_fin}` : ''}
                    </td>
                    <td>
                      {etat && (
                        <Badge small noIcon severity={stateSeverity(etat)}>
                          {labelOf(etat)}
                        </Badge>
                      )}
                    </td>
                    <td>
                      <Badge small noIcon severity={d.statut === 'complet' ? 'success' : 'warning'}>
                        {d.statut === 'complet' ? 'Complet' : 'Incomplet'}
                      </Badge>
                    </td>
                    <td>{row.unread > 0 ? <Badge small severity="new">{`${row.unread} non lue(s)`}</Badge> : '—'}</td>
                    <td>
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
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
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
