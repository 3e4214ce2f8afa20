// /associations/:idCorrespondance?/subvention-demande: a new dossier, in the wizard at its first
// step (« Étape 1 sur 5 : Dispositif », the subvention of ?subvention= preselected). Saving it
// creates the dossier on the server (POST /demande/dossiers?id_asso) for the member's
// establishment (the head office for a head-office member), then the dossier page opens on step 2.
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { dossierRoutes, MESSAGES, rdsSchemeRoutes } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { userAssociations } from '../../lib/session/associations.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { Page } from '../shell/index.ts';
import { dossierPath } from './paths.ts';
import { useApplicant } from './use-applicant.ts';
import { stepDocumentTitle } from './wizard-steps.ts';
import { DossierWizard, type WizardHandlers } from './wizard/dossier-wizard.tsx';

/** Only the creation happens here: the other steps belong to the dossier's page. */
const notYet = () => Promise.reject(new Error(MESSAGES.httpEmpty));

export function CreationPage() {
  const { idCorrespondance } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const links = userAssociations(user);
  const idAsso = idCorrespondance ?? links[0]?.id_correspondance ?? null;
  const link = links.find((l) => l.id_correspondance === idAsso);

  const subventions = useQuery({
    queryKey: ['subventions', 'open', 'wizard'],
    queryFn: () => callApi(rdsSchemeRoutes.listSubventions, { query: { active: 'true', populate: 'sous_dispositifs' } }),
    retry: false,
  });
  const { etablissements, siret } = useApplicant(idAsso, link);
  const error = subventions.error ?? etablissements.error;
  const handlers: WizardHandlers = {
    createDossier: async (choice) => {
      if (!siret || !idAsso) throw new Error(MESSAGES.httpEmpty);
      const created = await callApi(dossierRoutes.createDossier, {
        query: { id_asso: idAsso },
        body: { description: choice, demandeur: { id_siret: siret } },
      });
      navigate(dossierPath({ id: created.id, siret: created.demandeur.id_siret }, 1));
    },
    updateDossier: notYet,
    uploadDocument: notYet,
    saveProject: notYet,
    deleteProject: notYet,
    transmit: notYet,
  };

  return (
    <Page title="Demande de subvention" lead={link?.nom} documentTitle={stepDocumentTitle(0)}>
      {!idAsso && <Alert severity="info" small description="Vous n’êtes rattaché(e) à aucune association." />}
      {error && <Alert severity="error" small role="alert" description={errorMessage(error, MESSAGES.httpEmpty)} />}
      {idAsso && (subventions.isPending || etablissements.isPending) && <p>Chargement…</p>}
      {idAsso && subventions.data && etablissements.data && (
        <DossierWizard
          dossier={null}
          subvention={null}
          subventions={subventions.data}
          initialChoice={{ code_subvention: params.get('subvention') ?? undefined }}
          choices={{ etablissements: etablissements.data, representants: [], ribs: [] }}
          associationDocuments={[]}
          questions={[]}
          readOnly={false}
          canTransmit={false}
          handlers={handlers}
        />
      )}
    </Page>
  );
}
