// The history of the approvals' catalogue (rda /agrements/historique): every change of an approval
// and of the approvals' expected field and document definitions, in the shared history of a chain
// (lib/ui/change-history.tsx), filtered by kind of element, with the catalogue's field labels; the
// server names the services, types, definitions and approvals its values point to.
import { APPROVAL_CATALOGUE_HISTORY_ENTITIES, approvalCatalogueRoutes, type ApprovalCatalogueHistoryEntity } from '@portail/contract';
import { useState } from 'react';
import { callApi } from '../../lib/api/index.ts';
import { ChangeHistory, HistoryKindFilter } from '../../lib/ui/change-history.tsx';

/** The catalogue's recorded fields as the history names them (an approval, a field's or a document's definition). */
const FIELD_LABELS: Record<string, string> = {
  code: 'Code',
  type_agrement: 'Type d’agrément',
  service: 'Service instructeur',
  campagne_exercice: 'Campagne',
  code_service: 'Code du service',
  duplique_de: 'Dupliqué de',
  active: 'Actif',
  champs_attendus: 'Champs attendus',
  documents_attendus: 'Documents attendus',
  label: 'Libellé',
  labelCode: 'Code du libellé',
  type: 'Type de réponse',
  nature: 'Nature (type de document)',
  enabled: 'Active',
  isDefault: 'Par défaut',
  meta: 'Paramètres',
};

export function ApprovalsHistory() {
  const [entite, setEntite] = useState<ApprovalCatalogueHistoryEntity | ''>('');
  return (
    <ChangeHistory
      queryKey={['agrements-admin', 'historique', entite]}
      readPage={(query) => callApi(approvalCatalogueRoutes.approvalCatalogueHistory, { query: { ...(entite ? { entite } : {}), ...query } })}
      intro="Chaque modification des agréments du catalogue et des définitions de leurs champs et documents attendus, de la plus récente à la plus ancienne."
      caption="Modifications du catalogue des agréments"
      empty={`Aucune modification enregistrée${entite ? ' pour ce type d’élément' : ''}.`}
      filter={<HistoryKindFilter entities={APPROVAL_CATALOGUE_HISTORY_ENTITIES} value={entite} onChange={setEntite} />}
      fieldLabels={FIELD_LABELS}
    />
  );
}
