// The history of the portal content's changes (lca /contenus/historique), read only: who, when,
// which kind of element, which action and what changed (the server masks every secret), newest
// first, filtered by kind; « Afficher plus » reads the next page by keyset.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Select } from '@codegouvfr/react-dsfr/Select';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  CONTENT_HISTORY_ENTITIES,
  CONTENT_HISTORY_PAGE,
  lcaContentRoutes,
  MESSAGES,
  type AuditEntryView,
  type ContentHistoryEntity,
} from '@portail/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi, errorMessage } from '../../../lib/api/index.ts';
import { formatTimestamp } from '../../../lib/format/timestamp.ts';
import { DataTable } from '../../../lib/ui/data-table.tsx';
import { LongText } from './content-section.tsx';

const MAX_VALUE = 160;

/** A changed value as one line of text, cut when long (a note's HTML). */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(vide)';
  const text = typeof value === 'string' ? value : typeof value === 'boolean' ? (value ? 'oui' : 'non') : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}

function changeText({ champ, avant, apres }: AuditEntryView['changements'][number]): string {
  if (avant === null || avant === undefined) return `${champ} : « ${valueText(apres)} »`;
  if (apres === null || apres === undefined) return `${champ} : « ${valueText(avant)} » retiré`;
  return `${champ} : « ${valueText(avant)} » devient « ${valueText(apres)} »`;
}

function Changes({ entry }: { entry: AuditEntryView }) {
  if (entry.changements.length === 0) return <>—</>;
  return (
    <ul className={fr.cx('fr-raw-list')}>
      {entry.changements.map((change) => (
        <li key={change.champ}>
          <LongText>{changeText(change)}</LongText>
        </li>
      ))}
    </ul>
  );
}

export function HistoryAdmin() {
  const [entite, setEntite] = useState<ContentHistoryEntity | ''>('');
  const history = useInfiniteQuery({
    queryKey: ['lca-content', 'historique', entite],
    queryFn: ({ pageParam }) =>
      callApi(lcaContentRoutes.contentHistory, {
        query: { ...(entite ? { entite } : {}), limit: String(CONTENT_HISTORY_PAGE), ...(pageParam ? { avant: String(pageParam) } : {}) },
      }),
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
      <p>
        Chaque modification des notes, questions, liens, modèles de documents et référentiels, de la plus récente à la plus ancienne. Les valeurs
        secrètes ne sont jamais affichées.
      </p>
      <Select label="Type d’élément" nativeSelectProps={{ value: entite, onChange: (event) => setEntite(event.target.value as ContentHistoryEntity | '') }}>
        <option value="">Tous les éléments</option>
        {CONTENT_HISTORY_ENTITIES.map((e) => (
          <option key={e} value={e}>
            {AUDIT_ENTITY_LABELS[e] ?? e}
          </option>
        ))}
      </Select>
      {history.error && <Alert severity="error" small description={errorMessage(history.error, MESSAGES.httpEmpty)} />}
      {history.isPending && <p aria-busy="true">Chargement de l’historique…</p>}
      {history.data &&
        (rows.length === 0 ? (
          <p>Aucune modification enregistrée{entite ? ' pour ce type d’élément' : ''}.</p>
        ) : (
          <DataTable
            caption={`Modifications du contenu (${rows.length}${history.hasNextPage ? ' et plus' : ''})`}
            noCaption
            headers={['Date', 'Auteur', 'Élément', 'Action', 'Changements']}
            data={rows.map((entry) => [
              formatTimestamp(entry.date),
              entry.auteur ?? 'Le portail',
              AUDIT_ENTITY_LABELS[entry.entite] ?? entry.entite,
              AUDIT_ACTION_LABELS[entry.action] ?? entry.action,
              <Changes key="changements" entry={entry} />,
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
