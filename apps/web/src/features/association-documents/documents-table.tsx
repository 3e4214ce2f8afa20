// The current documents of the file: type, name, year of validity, date, size, download (through a
// single-use ticket, so no access token ever sits in a URL) and deletion after confirmation.
import { fr } from '@codegouvfr/react-dsfr';
import { DataTable } from '../../lib/ui/data-table.tsx';
import { formatSiret, type AssociationDocument } from '@portail/contract';
import { ConfirmAction } from '../../lib/ui/confirm-action.tsx';
import { formatDate, formatSize } from './format.ts';

interface DocumentsTableProps {
  documents: AssociationDocument[];
  typeLabel: (code: string) => string;
  showSiret: boolean;
  onDownload: (document: AssociationDocument) => Promise<void>;
  onDelete: (document: AssociationDocument) => Promise<void>;
}

export function DocumentsTable({ documents, typeLabel, showSiret, onDownload, onDelete }: DocumentsTableProps) {
  const headers = [
    'Type',
    'Nom',
    ...(showSiret ? ['Établissement'] : []),
    'Année de validité',
    'Date de dépôt',
    'Taille',
    'Actions',
  ];
  const data = documents.map((document) => [
    typeLabel(document.type),
    document.nom,
    ...(showSiret ? [document.id_siret ? formatSiret(document.id_siret) : 'Association'] : []),
    document.annee_validite ?? '—',
    formatDate(document.date_chargement),
    formatSize(document.taille),
    <div key="actions" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem 1rem' }}>
      <button
        type="button"
        className={fr.cx('fr-link', 'fr-link--sm', 'fr-icon-download-line', 'fr-link--icon-left')}
        onClick={() => void onDownload(document)}
        aria-label={`Télécharger ${document.nom}`}
      >
        Télécharger
      </button>
      <ConfirmAction
        label="Supprimer"
        ariaLabel={`Supprimer ${document.nom}`}
        confirmLabel="Confirmer la suppression"
        confirmAriaLabel={`Confirmer la suppression de ${document.nom}`}
        onConfirm={() => onDelete(document)}
      />
    </div>,
  ]);

  return <DataTable caption="Documents courants" headers={headers} data={data} />;
}
