// /demande-siret: the SIRET requests. A member sees those they created (and may start one for
// their association); an LCA administrator sees every request, filtered by state, with what the
// machine lets them do on each now (`options.events`, the contract's `can`), and processes one from
// here (« Traiter » opens the processing form under the list) as well as from its page.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { SIRET_REQUEST_MESSAGES, SIRET_REQUEST_STATES, siretRequestMachine, siretRequestRoutes, type SiretRequestState } from '@portail/contract';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { FilterCheckboxes } from '../../lib/ui/filter-checkboxes.tsx';
import { ScrollableTable } from '../../lib/ui/scrollable-table.tsx';
import { ProcessingPanel, processingEvents } from './siret-processing.tsx';
import { Page } from '../shell/index.ts';
import { newSiretRequestPath, siretRequestPath, siretStateLabel, siretStateSeverity } from './siret-states.ts';

export function SiretListPage() {
  const { user } = useSession();
  const admin = user?.roles.includes('lca.admin') ?? false;
  const [etats, setEtats] = useState<SiretRequestState[]>([]);
  const list = useQuery({
    queryKey: ['siret-requests', etats],
    queryFn: () => callApi(siretRequestRoutes.listSiretRequests, { query: { ...(etats.length > 0 ? { etats: etats.join(',') } : {}), limit: '200' } }),
    retry: false,
  });
  const queryClient = useQueryClient();
  // The request being processed under the list, and its panel's heading, focused when it opens.
  const [processing, setProcessing] = useState<string | null>(null);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (processing) panelHeading.current?.focus();
  }, [processing]);
  const processed = list.data?.find((demande) => demande.id === processing) ?? null;
  const toggle = (etat: SiretRequestState) => setEtats((current) => (current.includes(etat) ? current.filter((e) => e !== etat) : [...current, etat]));
  return (
    <Page title="Demandes de numéro SIRET" lead={admin ? 'Toutes les demandes, à traiter avec l’INSEE.' : 'Les demandes que vous avez faites pour vos associations.'}>
      {!admin && (
        <p>
          <Link className={fr.cx('fr-btn')} to={newSiretRequestPath()}>
            Nouvelle demande
          </Link>
        </p>
      )}
      {admin && (
        <FilterCheckboxes
          legend="États"
          name="etats"
          options={SIRET_REQUEST_STATES.map((etat) => ({ value: etat, label: siretStateLabel(etat) }))}
          selected={etats}
          onToggle={toggle}
        />
      )}
      {list.error && <Alert severity="error" small role="alert" description={errorMessage(list.error, SIRET_REQUEST_MESSAGES.failure.fetch)} />}
      {!list.data && !list.error && <p>Chargement des demandes…</p>}
      {list.data && list.data.length === 0 && <p>Aucune demande.</p>}
      {list.data && list.data.length > 0 && (
        <ScrollableTable label="Tableau des demandes de numéro SIRET">
          <table>
            <caption>Demandes de numéro SIRET ({list.data.length})</caption>
            <thead>
              <tr>
                <th scope="col">Numéro</th>
                <th scope="col">Association</th>
                <th scope="col">RNA</th>
                <th scope="col">État</th>
                <th scope="col">Créée le</th>
                {admin && <th scope="col">Actions possibles</th>}
                {admin && <th scope="col">Traitement</th>}
              </tr>
            </thead>
            <tbody>
              {list.data.map((demande) => (
                <tr key={demande.id}>
                  <td>
                    <Link to={siretRequestPath(demande.id, demande.identite.id_rna)}>Demande n° {demande.identifiant.id_fo_fonctionnel}</Link>
                  </td>
                  <td>{demande.identite.nom}</td>
                  <td>{demande.identite.id_rna ?? '-'}</td>
                  <td>
                    <Badge severity={siretStateSeverity(demande.description.code_etat)} small noIcon>
                      {siretStateLabel(demande.description.code_etat)}
                    </Badge>
                  </td>
                  <td>{new Date(demande.created_at).toLocaleDateString('fr-FR')}</td>
                  {admin && (
                    <td>
                      {demande.options.events.length === 0
                        ? '-'
                        : demande.options.events.map((event) => siretRequestMachine.events[event as 'traiter']?.label ?? event).join(', ')}
                    </td>
                  )}
                  {admin && (
                    <td>
                      {processingEvents(demande).length > 0 ? (
                        <Button
                          size="small"
                          priority="secondary"
                          onClick={() => setProcessing(demande.id)}
                          nativeButtonProps={{ 'aria-label': `Traiter la demande n° ${demande.identifiant.id_fo_fonctionnel}`, 'aria-expanded': processing === demande.id }}
                        >
                          Traiter
                        </Button>
                      ) : (
                        '-'
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollableTable>
      )}
      {admin && processed && (
        <ProcessingPanel
          key={`${processed.id}-${processed.description.code_etat}`}
          demande={processed}
          title={`Traitement de la demande n° ${processed.identifiant.id_fo_fonctionnel}`}
          headingRef={panelHeading}
          onChanged={() => {
            setProcessing(null);
            void queryClient.invalidateQueries({ queryKey: ['siret-requests'] });
          }}
        />
      )}
    </Page>
  );
}
