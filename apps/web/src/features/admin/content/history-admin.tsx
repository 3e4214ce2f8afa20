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
  type ContentHistoryEntity,
} from '@portail/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi, errorMessage } from '../../../lib/api/index.ts';
import { formatTimestamp } from '../../../lib/format/timestamp.ts';
import { AuditChanges } from '../../../lib/ui/audit-changes.tsx';
import { DataTable } from '../../../lib/ui/data-table.tsx';

/** The content's fields as the history names them (notes, questions, links, templates, referentials). */
const FIELD_LABELS: Record<string, string> = {
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
            multiline
            headers={['Date', 'Auteur', 'Élément', 'Action', 'Changements']}
            data={rows.map((entry) => [
              formatTimestamp(entry.date),
              entry.auteur ?? 'Le portail',
              entry.element ? `${AUDIT_ENTITY_LABELS[entry.entite] ?? entry.entite} : ${entry.element}` : (AUDIT_ENTITY_LABELS[entry.entite] ?? entry.entite),
              AUDIT_ACTION_LABELS[entry.action] ?? entry.action,
              <AuditChanges key="changements" entry={entry} labels={FIELD_LABELS} raw />,
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
