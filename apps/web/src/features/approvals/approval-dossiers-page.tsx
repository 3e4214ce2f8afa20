// /demande-agrements/dossiers: the approval dossiers the caller sees (GET /demande/dossiers/agrements:
// a member their associations', an agent those transmitted to their service, admins all), each with
// its state, filtered by state (the table scrolls by keyboard at 320 px); a member starts a new
// request for their association from here.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { approvalDossierRoutes, formatSiret, MESSAGES, ROLE_SETS, type AgrementDossierState } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { userAssociations } from '../../lib/session/associations.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { FilterCheckboxes } from '../../lib/ui/filter-checkboxes.tsx';
import { ScrollableTable } from '../../lib/ui/scrollable-table.tsx';
import { Page } from '../shell/index.ts';
import { APPROVAL_STATE_OPTIONS, approvalStateLabel, approvalStateSeverity } from './approval-states.ts';
import { approvalDossierPath, newApprovalPath } from './paths.ts';

export function ApprovalDossiersPage() {
  const { user } = useSession();
  const member = (user?.roles ?? []).some((role) => (ROLE_SETS.associationMembers as readonly string[]).includes(role));
  const first = userAssociations(user)[0];
  const [etats, setEtats] = useState<AgrementDossierState[]>([]);
  const list = useQuery({
    queryKey: ['approval-dossiers', etats],
    queryFn: () => callApi(approvalDossierRoutes.listApprovalDossiers, { query: { ...(etats.length > 0 ? { etats: etats.join(',') } : {}), limit: '100' } }),
    retry: false,
  });
  const toggle = (etat: AgrementDossierState) => setEtats((current) => (current.includes(etat) ? current.filter((e) => e !== etat) : [...current, etat]));
  const items = list.data?.items ?? [];
  return (
    <Page
      title="Dossiers de demande d’agrément"
      lead={member ? 'Les demandes d’agrément de vos associations et leur état.' : 'Les demandes d’agrément transmises à votre service, à instruire.'}
    >
      {member && first && (
        <p>
          <Link className={fr.cx('fr-btn')} to={newApprovalPath(first.siegeSiret ?? first.id_siret)}>
            Nouvelle demande d’agrément
          </Link>
        </p>
      )}
      <FilterCheckboxes legend="États" name="etats" options={APPROVAL_STATE_OPTIONS} selected={etats} onToggle={toggle} />
      {list.error && <Alert severity="error" small role="alert" description={errorMessage(list.error, MESSAGES.httpEmpty)} />}
      {list.isPending && <p>Chargement des dossiers…</p>}
      {list.data && items.length === 0 && <p>Aucun dossier de demande d’agrément.</p>}
      {items.length > 0 && (
        <ScrollableTable label={`Dossiers de demande d’agrément (${list.data!.total})`}>
          <table>
            <caption>Dossiers de demande d’agrément ({list.data!.total})</caption>
            <thead>
              <tr>
                <th scope="col">Dossier</th>
                <th scope="col">Agrément</th>
                <th scope="col">Demandeur</th>
                <th scope="col">Service instructeur</th>
                <th scope="col">Exercice</th>
                <th scope="col">État</th>
                <th scope="col">Modifié le</th>
              </tr>
            </thead>
            <tbody>
              {items.map((dossier) => (
                <tr key={dossier.id}>
                  <td>
                    <Link to={approvalDossierPath({ id: dossier.id, siret: dossier.demandeur.id_siret })}>Dossier n° {dossier.id_fo}</Link>
                  </td>
                  <td>
                    {dossier.code_agrement} ({dossier.id_type_agrement})
                  </td>
                  <td>
                    {dossier.demandeur.nom ?? '-'}
                    {dossier.demandeur.id_siret && (
                      <>
                        <br />
                        <span className={fr.cx('fr-text--xs')}>SIRET {formatSiret(dossier.demandeur.id_siret)}</span>
                      </>
                    )}
                  </td>
                  <td>{dossier.service_instructeur.nom}</td>
                  <td>{dossier.exercice}</td>
                  <td>
                    <Badge severity={approvalStateSeverity(dossier.etat)} small noIcon>
                      {approvalStateLabel(dossier.etat)}
                    </Badge>
                  </td>
                  <td>{new Date(dossier.updated_at).toLocaleDateString('fr-FR')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollableTable>
      )}
    </Page>
  );
}
