// /demande-siret: the SIRET requests. A member sees those they created (and may start one for
// their association); an LCA administrator sees every request, filtered by state, with what the
// machine lets them do on each now (`options.events`, the contract's `can`), done on its page.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { SIRET_REQUEST_MESSAGES, SIRET_REQUEST_STATES, siretRequestMachine, siretRequestRoutes, type SiretRequestState } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { FilterCheckboxes } from '../../lib/ui/filter-checkboxes.tsx';
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
        <div className={fr.cx('fr-table')}>
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
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
