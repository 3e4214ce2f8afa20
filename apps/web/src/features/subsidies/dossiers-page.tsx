// /dossiers: the association's subsidy dossiers (lca-server GET /demande/dossiers, bound to the
// caller by the server) with the filters of the URL, the states' labels from GET …/states, the
// unread notifications and messages per dossier (select_notifications) and the notifications panel. The list
// carries no machine options: a row offers « Modifier » in the states where the machine's
// « modifier » action exists (A, C), else « Consulter »; the dossier page then follows its own
// options from the server. Deletion is offered on the dossier page (its options say when). An
// instructing service's agent sees its service's transmitted dossiers, each opened on the reading page.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { dossierInstructionMachine, dossierRoutes, MESSAGES, type DossierSummary } from '@portail/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { userAssociations } from '../../lib/session/associations.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { Page } from '../shell/index.ts';
import { DossierNotifications } from './dossier-notifications.tsx';
import { DossiersList, useDossierFilters, type DossierRow } from './dossiers-list.tsx';
import { useDossierSide } from './dossier-side.ts';
import { creationPath, openDossierPath } from './paths.ts';

const PAGE_SIZE = 20;

/** The actions a row offers: « modifier » where the machine has it for the association side, « consulter » always. */
export function rowActions(summary: Pick<DossierSummary, 'instructions'>, side: 'association' | 'service' = 'association'): string[] {
  if (side === 'service') return ['consulter'];
  const editableIn = dossierInstructionMachine.actions.modifier.in as readonly string[];
  const editable = summary.instructions.some((i) => editableIn.includes(i.etat));
  return editable ? ['consulter', 'modifier'] : ['consulter'];
}

export function toRow(s: DossierSummary, side: 'association' | 'service' = 'association'): DossierRow {
  return {
    dossier: {
      id: s.id,
      identifiant: { id_fo: s.id_fo, step: s.step },
      description: {
        code_subvention: s.code_subvention,
        libelle_subvention: s.libelle_subvention,
        id_type_dispositif: s.id_type_dispositif,
        exercice: s.exercice,
        exercice_fin: s.exercice_fin,
        statut: s.statut,
      },
      instructions: s.instructions,
      demandeur: { id_siret: s.demandeur.id_siret, nom: s.demandeur.nom },
    },
    actions: rowActions(s, side),
    unread: s.notifications ?? 0,
    unreadMessages: s.messages_non_lus ?? 0,
  };
}

export function DossiersPage() {
  const { user } = useSession();
  const side = useDossierSide();
  const [filters] = useDossierFilters();
  const states = useQuery({ queryKey: ['dossier-states'], queryFn: () => callApi(dossierRoutes.dossierStates), retry: false, staleTime: Infinity });
  const list = useQuery({
    queryKey: ['dossiers', filters],
    queryFn: () =>
      callApi(dossierRoutes.listDossiers, {
        query: {
          exercices: filters.exercices,
          etats: filters.etats as DossierSummary['instructions'][number]['etat'][],
          statuts: filters.statuts as DossierSummary['statut'][],
          ...(filters.searchQuery ? { searchQuery: filters.searchQuery } : {}),
          select_notifications: true,
          page: filters.page,
          limit: PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const association = userAssociations(user)[0];
  const labels = new Map((states.data ?? []).map((s) => [s.code as string, s.label]));

  return (
    <Page title="Mes dossiers" lead="Les demandes de subvention de vos associations.">
      {association && (
        <p>
          <Link className={fr.cx('fr-btn', 'fr-icon-add-line', 'fr-btn--icon-left')} to={creationPath(association.id_correspondance)}>
            Nouvelle demande de subvention
          </Link>
        </p>
      )}
      <DossierNotifications />
      <h2 className={fr.cx('fr-h4')}>Dossiers</h2>
      {list.isError && <Alert severity="error" small role="alert" description={errorMessage(list.error, MESSAGES.httpEmpty)} />}
      {list.isPending && <p>Chargement des dossiers…</p>}
      {list.data && (
        <DossiersList
          rows={list.data.items.map((s) => toRow(s, side))}
          total={list.data.total}
          pageSize={PAGE_SIZE}
          stateLabels={labels}
          dossierPath={(row) => openDossierPath(side, { id: row.dossier.id, siret: row.dossier.demandeur.id_siret })}
          currentYear={new Date().getFullYear()}
        />
      )}
    </Page>
  );
}
