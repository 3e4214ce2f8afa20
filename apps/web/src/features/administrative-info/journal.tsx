// Journal des modifications: the association's audit trail as the server lets the member read it
// (RIBs, legal representatives, members joining or detached), newest first: when, who, what, and
// each changed field before → after (IBANs come masked from the server).
import { api, AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api/index.ts';
import { formatTimestamp } from '../../lib/format/timestamp.ts';
import { AuditChanges } from '../../lib/ui/audit-changes.tsx';
import { PartSection, PartTable } from './part-section.tsx';
import { adminKeys } from './use-administrative-data.ts';

const FIELD_LABELS: Record<string, string> = {
  titulaire: 'Titulaire',
  banque: 'Banque',
  domiciliation: 'Domiciliation',
  iban: 'IBAN',
  bic: 'BIC',
  id_siret: 'SIRET',
  civilite: 'Civilité',
  nom: 'Nom',
  prenom: 'Prénom',
  fonction: 'Fonction',
  courriel: 'Courriel',
  telephone: 'Téléphone',
  valideur_cec: 'Valideur CEC',
  est_representant_legal: 'Représentant légal',
  publication_internet: 'Publication internet',
  email: 'Adresse du membre',
  type: 'Type de rattachement',
};


export function Journal({ idAsso }: { idAsso: string }) {
  const query = useQuery({
    queryKey: adminKeys.part(idAsso, 'journal'),
    queryFn: () => callApi(api.audit.getJournal, { query: { id_asso: idAsso } }),
    retry: false,
  });
  return (
    <PartSection id="journal-title" title="Journal des modifications">
      <p>
        Chaque ajout, modification ou suppression des coordonnées bancaires et des représentants légaux, et chaque
        rattachement d’un membre, est inscrit ici et ne peut plus être effacé.
      </p>
      <PartTable
        query={query}
        loading="Chargement du journal…"
        empty="Aucune modification n’a encore été enregistrée."
        caption="Modifications du dossier, de la plus récente à la plus ancienne"
        headers={['Date', 'Personne', 'Modification', 'Détail']}
        cells={(entry) => [
          formatTimestamp(entry.date),
          entry.auteur ?? 'Le compte association',
          `${AUDIT_ACTION_LABELS[entry.action] ?? entry.action} – ${AUDIT_ENTITY_LABELS[entry.entite] ?? entry.entite}`,
          <AuditChanges key={entry.id} entry={entry} labels={FIELD_LABELS} />,
        ]}
      />
    </PartSection>
  );
}
