// The history of the changes of one audit chain's elements, read only: who, when, which element,
// which action and what changed (the server masks every secret), newest first; « Afficher plus »
// reads the next page by keyset. The content's history (/administration/lca, filtered by kind of
// element), the referentials' own (/administration/referentiels) and the approvals' catalogue's
// (/administration/rda, filtered by kind of element) are this one table, each with its route.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Select } from '@codegouvfr/react-dsfr/Select';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, CHAIN_HISTORY_PAGE, MESSAGES, type ChainHistory } from '@portail/contract';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../api/index.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import { AuditChanges, type ValueNames } from './audit-changes.tsx';
import { DataTable } from './data-table.tsx';

/** The content's fields as the history names them (notes, questions, links, templates, referentials). */
export const CONTENT_HISTORY_FIELD_LABELS: Readonly<Record<string, string>> = {
  type: 'Type',
  title: 'Titre',
  content: 'Contenu',
  routes: 'Pages',
  active: 'Affichée',
  startsAt: 'Début d’affichage',
  endsAt: 'Fin d’affichage',
  code: 'Code',
  label: 'Libellé',
  libelle: 'Libellé',
  obligatoire: 'Obligatoire',
  enabled: 'Activée',
  rang: 'Rang',
  url: 'Adresse',
  nom: 'Fichier',
  mime_type: 'Format',
  taille: 'Taille (octets)',
  date_chargement: 'Déposé le',
  categorie: 'Catégorie',
  nombre_options: 'Nombre d’options',
  options_ajoutees: 'Options ajoutées',
  options_retirees: 'Options retirées',
  options_modifiees: 'Options modifiées',
};

/** The page query of a chain's history route: `avant` is the `suivant` of the page before. */
export interface ChangeHistoryPageQuery {
  limit: string;
  avant?: string;
}

export interface ChangeHistoryProps {
  /** Its cache key (with whatever filters the page). */
  queryKey: QueryKey;
  /** Reads one page through the screen's route. */
  readPage: (query: ChangeHistoryPageQuery) => Promise<ChainHistory>;
  /** What the history holds, said under its heading. */
  intro: string;
  /** The table's name, before its count (« Modifications du contenu (3) »). */
  caption: string;
  /** A filter above the table, if any. */
  filter?: ReactNode;
  /** Said when there is nothing to show. */
  empty: string;
  /** The recorded fields as the history names them (the content's unless said). */
  fieldLabels?: Readonly<Record<string, string>>;
  /** How the screen names some fields' plain values (a note's pages by their titles), if any. */
  valueNames?: ValueNames;
}

export function ChangeHistory({ queryKey, readPage, intro, caption, filter, empty, fieldLabels = CONTENT_HISTORY_FIELD_LABELS, valueNames }: ChangeHistoryProps) {
  const history = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => readPage({ limit: String(CHAIN_HISTORY_PAGE), ...(pageParam ? { avant: String(pageParam) } : {}) }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.suivant ?? undefined,
    retry: false,
  });
  const rows = history.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <section aria-labelledby="historique-titre" className={fr.cx('fr-mb-4w')}>
      <h2 id="historique-titre" className={fr.cx('fr-h4')}>
        Historique des modifications
      </h2>
      <p>{intro} Les valeurs secrètes ne sont jamais affichées.</p>
      {filter}
      {history.error && <Alert severity="error" small description={errorMessage(history.error, MESSAGES.httpEmpty)} />}
      {history.isPending && <p aria-busy="true">Chargement de l’historique…</p>}
      {history.data &&
        (rows.length === 0 ? (
          <p>{empty}</p>
        ) : (
          <DataTable
            caption={`${caption} (${rows.length}${history.hasNextPage ? ' et plus' : ''})`}
            noCaption
            multiline
            headers={['Date', 'Auteur', 'Élément', 'Action', 'Changements']}
            data={rows.map((entry) => [
              formatTimestamp(entry.date),
              entry.auteur ?? 'Le portail',
              entry.element ? `${AUDIT_ENTITY_LABELS[entry.entite] ?? entry.entite} : ${entry.element}` : (AUDIT_ENTITY_LABELS[entry.entite] ?? entry.entite),
              AUDIT_ACTION_LABELS[entry.action] ?? entry.action,
              <AuditChanges key="changements" entry={entry} labels={fieldLabels} values={valueNames} raw />,
            ])}
          />
        ))}
      {history.hasNextPage && (
        <Button priority="secondary" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
          Afficher plus de modifications
        </Button>
      )}
    </section>
  );
}

/** The filter of a history by kind of element (every one of `entities`, or one), named by the audit's labels. */
export function HistoryKindFilter<E extends string>({ entities, value, onChange }: { entities: readonly E[]; value: E | ''; onChange: (value: E | '') => void }) {
  return (
    <Select label="Type d’élément" nativeSelectProps={{ value, onChange: (event) => onChange(event.target.value as E | '') }}>
      <option value="">Tous les éléments</option>
      {entities.map((e) => (
        <option key={e} value={e}>
          {AUDIT_ENTITY_LABELS[e] ?? e}
        </option>
      ))}
    </Select>
  );
}
