// The history of the portal content's changes (lca /contenus/historique): the shared change
// history, filtered by kind of element (notes, questions, links, templates, referentials); a note's
// pages read by their titles, its type by its label.
import { CONTENT_HISTORY_ENTITIES, lcaContentRoutes, type ContentHistoryEntity } from '@portail/contract';
import { useState } from 'react';
import { callApi } from '../../../lib/api/index.ts';
import { ChangeHistory, HistoryKindFilter } from '../../../lib/ui/change-history.tsx';
import { NOTE_TYPE_LABELS } from './notes-admin.tsx';
import { pageTitle } from './page-names.ts';

/** A note's pages by their titles, its type by its label (the server gives their names). */
const VALUE_NAMES = { routes: pageTitle, type: (type: string) => (NOTE_TYPE_LABELS as Readonly<Record<string, string>>)[type] ?? type };

export function HistoryAdmin() {
  const [entite, setEntite] = useState<ContentHistoryEntity | ''>('');
  return (
    <ChangeHistory
      queryKey={['lca-content', 'historique', entite]}
      readPage={(query) => callApi(lcaContentRoutes.contentHistory, { query: { ...(entite ? { entite } : {}), ...query } })}
      intro="Chaque modification des notes, questions, liens, modèles de documents et référentiels, de la plus récente à la plus ancienne."
      caption="Modifications du contenu"
      empty={`Aucune modification enregistrée${entite ? ' pour ce type d’élément' : ''}.`}
      filter={<HistoryKindFilter entities={CONTENT_HISTORY_ENTITIES} value={entite} onChange={setEntite} />}
      valueNames={VALUE_NAMES}
    />
  );
}
