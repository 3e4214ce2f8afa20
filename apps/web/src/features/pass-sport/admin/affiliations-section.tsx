// The affiliation certificates the associations uploaded (the newest first), filtered by exercise,
// each document opened by a single-use link.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Select } from '@codegouvfr/react-dsfr/Select';
import { formatSiren, MESSAGES, passSportRoutes } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi, errorMessage } from '../../../lib/api/index.ts';
import { formatTimestamp } from '../../../lib/format/timestamp.ts';
import { DataTable } from '../../../lib/ui/data-table.tsx';
import { TicketLink } from '../../../lib/ui/ticket-link.tsx';

export function AffiliationsSection({ id }: { id: string }) {
  const exercices = useQuery({ queryKey: ['psp-exercices'], queryFn: () => callApi(passSportRoutes.listPspExercices), retry: false });
  const [exercice, setExercice] = useState('');
  const affiliations = useQuery({
    queryKey: ['psp-affiliations', exercice],
    queryFn: () => callApi(passSportRoutes.listPspAffiliations, { query: exercice ? { exerciceId: exercice } : {} }),
    retry: false,
  });
  const yearOf = (exerciceId: number) => exercices.data?.find((x) => x.id === exerciceId)?.id_exercice ?? exerciceId;

  return (
    <section id={id} aria-labelledby={`${id}-titre`} className={fr.cx('fr-mb-6w')}>
      <h2 id={`${id}-titre`}>Attestations d'affiliation</h2>
      <Select label="Exercice des attestations" nativeSelectProps={{ value: exercice, onChange: (e) => setExercice(e.target.value) }}>
        <option value="">Tous les exercices</option>
        {(exercices.data ?? []).map((x) => (
          <option key={x.id} value={String(x.id)}>
            {`Exercice ${x.id_exercice}`}
          </option>
        ))}
      </Select>
      {affiliations.error && <Alert severity="error" small description={errorMessage(affiliations.error, MESSAGES.httpEmpty)} />}
      {affiliations.data &&
        (affiliations.data.length === 0 ? (
          <p>Aucune attestation déposée.</p>
        ) : (
          <DataTable
            caption={`Attestations d'affiliation déposées (${affiliations.data.length})`}
            rowHeaders
            headers={['Association', 'SIREN', 'Fédération', 'Exercice', 'Déposée le', 'Document']}
            data={affiliations.data.map((a) => [
              a.association.nom,
              a.association.id_siren ? formatSiren(a.association.id_siren) : '—',
              a.nom_federation,
              String(yearOf(a.exercice_id)),
              formatTimestamp(a.created_at),
              a.document_id ? (
                <TicketLink
                  key="document"
                  name="Attestation"
                  context={`de ${a.association.nom} (${a.nom_federation}, ${yearOf(a.exercice_id)})`}
                  issue={() => callApi(passSportRoutes.pspCertificateTicket, { params: { id: a.id } })}
                />
              ) : (
                'Non déposé en ligne'
              ),
            ])}
          />
        ))}
    </section>
  );
}
