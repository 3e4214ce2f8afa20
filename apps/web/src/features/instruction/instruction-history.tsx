// A dossier's history per instruction (GET …/dossiers/:id/history, from state_history): for each
// service's instruction it reaches, who changed its state, when, from which state to which, by
// which event, with which comment (and the payment recorded). An agent reads their service's only.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { instructionRoutes, MESSAGES } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { formatTimestamp } from '../../lib/format/timestamp.ts';
import { formatDay, formatEuros, stateLabel } from '../subsidies/index.ts';
import { DataTable } from '../../lib/ui/data-table.tsx';

export function InstructionHistory({ dossierId }: { dossierId: string }) {
  const history = useQuery({
    queryKey: ['dossier', dossierId, 'historique'],
    queryFn: () => callApi(instructionRoutes.dossierHistory, { params: { id: dossierId } }),
    retry: false,
  });
  return (
    <section aria-labelledby="dossier-historique" className={fr.cx('fr-mt-4w')}>
      <h2 id="dossier-historique" className={fr.cx('fr-h4')}>
        Historique de l’instruction
      </h2>
      {history.isPending && <p>Chargement de l’historique…</p>}
      {history.isError && <Alert severity="error" small description={errorMessage(history.error, MESSAGES.httpEmpty)} />}
      {history.data?.instructions.map((instruction) =>
        instruction.historique.length === 0 ? (
          <p key={instruction.id_service_instructeur}>Aucun changement d’état pour l’instruction de {instruction.service}.</p>
        ) : (
          <DataTable
            rowHeaders
            bordered
            multiline
            key={instruction.id_service_instructeur}
            caption={`Historique de l’instruction de ${instruction.service} (actuellement « ${stateLabel(instruction.etat)} »)`}
            headers={['Date', 'Événement', 'De', 'Vers', 'Par', 'Commentaire']}
            data={instruction.historique.map((h) => [
              formatTimestamp(h.date),
              h.libelle,
              stateLabel(h.de),
              stateLabel(h.vers),
              h.auteur ?? (h.cote === 'association' ? 'L’association' : h.cote === 'service' ? 'Le service instructeur' : '—'),
              [h.commentaire, h.paiement ? `Paiement de ${formatEuros(h.paiement.montant)} le ${formatDay(h.paiement.date)}` : null].filter(Boolean).join(' – ') || '—',
            ])}
          />
        ),
      )}
    </section>
  );
}
