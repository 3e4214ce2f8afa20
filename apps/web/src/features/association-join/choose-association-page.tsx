// /ajout-association/choix-association: search the registry by name, RNA, SIREN or SIRET, then
// choose the association (stored as the session's selected association).
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Pagination } from '@codegouvfr/react-dsfr/Pagination';
import {
  api,
  ASSOCIATION_SEARCH,
  formatSiren,
  MESSAGES,
  SEARCH_MESSAGES,
  type AssociationSearchItem,
} from '@portail/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { session } from '../../lib/session/session-store.ts';
import { Page } from '../shell/index.ts';
import { joinDraft } from './join-draft.ts';
import { AssociationSearchForm, isSearchableTerm } from './association-search-form.tsx';
import { JOIN_PATHS, JoinSteps } from './join-steps.tsx';

function readPage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

const searchLink = (q: string, page: number) => `?${new URLSearchParams({ q, page: String(page) }).toString()}`;

export function ChooseAssociationPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = readPage(params.get('page'));
  const limit = ASSOCIATION_SEARCH.defaultLimit;

  const valid = q !== '' && isSearchableTerm(q);
  const search = useQuery({
    queryKey: ['association-search', q, page],
    queryFn: () => callApi(api.associationSearch.search, { query: { q, page, limit } }),
    enabled: valid,
    placeholderData: keepPreviousData,
    retry: false,
  });

  function choose(item: AssociationSearchItem) {
    session.selectAssociation(item.id_correspondance);
    // A SIRET search already names the establishment: offer it first on the next step.
    joinDraft.write({ id_correspondance: item.id_correspondance, id_siret: item.id_siret ?? null, fonction: '' });
    void navigate(JOIN_PATHS.establishment);
  }

  const result = search.data;
  const pageCount = result ? Math.max(1, Math.ceil(Math.min(result.total, ASSOCIATION_SEARCH.countCap) / limit)) : 0;

  return (
    <Page title="Choix de l’association">
      <JoinSteps current={1} />
      <p>
        Recherchez l’association à laquelle vous souhaitez vous rattacher par son nom, son numéro RNA, son numéro SIREN
        ou le SIRET d’un de ses établissements.
      </p>
      <AssociationSearchForm
        ariaLabel="Rechercher une association"
        label="Nom, numéro RNA, SIREN ou SIRET"
        inputId="field-q"
        buttonLabel="Rechercher"
        initialTerm={q}
        className={fr.cx('fr-mb-4w')}
        onSearch={(term) => setParams({ q: term, page: '1' })}
      />

      {search.isError && (
        <Alert severity="error" small role="alert" description={errorMessage(search.error, MESSAGES.httpEmpty)} />
      )}
      {search.isPending && search.fetchStatus === 'fetching' && <p>Recherche en cours…</p>}
      {result && (
        <section aria-label="Résultats de la recherche">
          <h2 className={fr.cx('fr-h4')}>
            {result.total === 0
              ? 'Aucune association ne correspond à votre recherche.'
              : `${result.total_exact ? result.total : `${result.total}+`} association${result.total > 1 ? 's' : ''} trouvée${result.total > 1 ? 's' : ''}`}
          </h2>
          {/* Only a count stopped at the cap means more results exist than can be paged. */}
          {!result.total_exact && result.total >= ASSOCIATION_SEARCH.countCap && (
            <p className={fr.cx('fr-text--sm')}>{SEARCH_MESSAGES.beyondCap}</p>
          )}
          <ul className={fr.cx('fr-raw-list')}>
            {result.items.map((item) => (
              <li key={item.id_correspondance} className={fr.cx('fr-card', 'fr-p-3w', 'fr-mb-2w')}>
                <h3 className={fr.cx('fr-h6', 'fr-mb-1w')}>
                  {item.nom}
                  {item.sigle && ` (${item.sigle})`}
                </h3>
                <p className={fr.cx('fr-text--sm', 'fr-mb-2w')}>
                  {[
                    item.id_rna && `RNA ${item.id_rna}`,
                    item.id_siren && `SIREN ${formatSiren(item.id_siren)}`,
                    [item.cp, item.commune].filter(Boolean).join(' '),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <Button
                  size="small"
                  onClick={() => choose(item)}
                  nativeButtonProps={{ 'aria-label': `Choisir ${item.nom}` }}
                >
                  {/* The visible text begins the spoken name, which adds the association (WCAG 2.5.3). */}
                  Choisir
                </Button>
              </li>
            ))}
          </ul>
          {pageCount > 1 && (
            <Pagination
              count={pageCount}
              defaultPage={Math.min(page, pageCount)}
              getPageLinkProps={(n) => ({ to: searchLink(q, n) })}
              showFirstLast
            />
          )}
        </section>
      )}
    </Page>
  );
}
