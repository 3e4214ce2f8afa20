// /associations/:idRna?/demande-siret[/:id]: the SIRET request of an association. Without :id, a new
// request is created on demand, pre-filled by the server from the association's file, and its page
// opens. With it, the request in the mode the server gives (§4: read unless its creator or an LCA
// administrator may still change it), its PDF, and for an LCA administrator the processing events
// the machine allows now (its `options.events`).
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { routeUrl, SIRET_REQUEST_MESSAGES, siretRequestRoutes, type SiretRequest } from '@portail/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { fetchWithToken, saveBlob } from '../../lib/api/download.ts';
import { useSending } from '../../lib/forms/use-sending.ts';
import { ErrorSummary } from '../../lib/forms/error-summary.tsx';
import { userAssociations } from '../../lib/session/associations.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { Page } from '../shell/index.ts';
import { SiretForm } from './siret-form.tsx';
import { ProcessingPanel, processingEvents } from './siret-processing.tsx';
import { siretRequestPath, siretStateLabel, siretStateSeverity } from './siret-states.ts';

const TITLE = 'Demande de numéro SIRET';

export function SiretRequestPage() {
  const { id } = useParams();
  return id ? <SiretRequestDetail id={id} /> : <NewSiretRequest />;
}

/** The association named in the path (its RNA number or id), else the user's first one. */
function NewSiretRequest() {
  const { idRna } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const idAsso = idRna ?? userAssociations(user)[0]?.id_correspondance ?? null;
  const { summary, send, sending } = useSending();
  async function create() {
    await send(async () => {
      const created = await callApi(siretRequestRoutes.createSiretRequest, { query: { id_asso: idAsso! }, body: {} });
      toast.success('La demande a été créée à partir du dossier de votre association.');
      navigate(siretRequestPath(created.id, created.identite.id_rna), { replace: true });
    });
  }
  return (
    <Page title={TITLE} lead="Obtenir un numéro SIRET auprès de l'INSEE pour une association qui n'en a pas.">
      <ErrorSummary {...summary} />
      {idAsso === null ? (
        <p>Ajoutez d'abord votre association à votre compte.</p>
      ) : (
        <>
          <p>
            La demande est pré-remplie à partir du dossier de votre association : vérifiez-la, complétez l'adresse du siège, joignez le récépissé de
            déclaration, les statuts et la liste des dirigeants, puis transmettez-la.
          </p>
          <Button onClick={() => void create()} disabled={sending}>
            Créer la demande
          </Button>
        </>
      )}
      <p className={fr.cx('fr-mt-4w')}>
        <Link to="/demande-siret">Mes demandes de numéro SIRET</Link>
      </p>
    </Page>
  );
}

async function downloadPdf(demande: SiretRequest) {
  try {
    const response = await fetchWithToken(routeUrl(siretRequestRoutes.siretRequestPdf, { id: demande.id }), () =>
      callApi(siretRequestRoutes.getSiretRequest, { params: { id: demande.id }, query: {} }),
    );
    saveBlob(await response.blob(), `demande-siret-${demande.identifiant.id_fo_fonctionnel}.pdf`);
  } catch (error) {
    toast.error(errorMessage(error, SIRET_REQUEST_MESSAGES.failure.pdf));
  }
}

function SiretRequestDetail({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const request = useQuery({ queryKey: ['siret-request', id], queryFn: () => callApi(siretRequestRoutes.getSiretRequest, { params: { id }, query: {} }), retry: false });
  if (request.error) {
    return (
      <Page title={TITLE}>
        <Alert severity="error" small role="alert" description={errorMessage(request.error, SIRET_REQUEST_MESSAGES.failure.fetch)} />
        <p className={fr.cx('fr-mt-2w')}>
          <Link to="/demande-siret">Retour aux demandes</Link>
        </p>
      </Page>
    );
  }
  if (!request.data) {
    return (
      <Page title={TITLE}>
        <p>Chargement de la demande…</p>
      </Page>
    );
  }
  const demande = request.data;
  const setView = (next: SiretRequest) => queryClient.setQueryData(['siret-request', id], next);
  const etat = demande.description.code_etat;
  return (
    <Page title={`${TITLE} n° ${demande.identifiant.id_fo_fonctionnel}`} lead={demande.identite.nom}>
      <div className={fr.cx('fr-mb-3w')}>
        <span>État : </span>
        <Badge severity={siretStateSeverity(etat)} small noIcon>
          {siretStateLabel(etat)}
        </Badge>
      </div>
      {etat === 'ACC' && demande.description.siret_attribue && (
        <Alert className={fr.cx('fr-mb-3w')} severity="success" title="Numéro SIRET attribué" description={`SIRET du siège : ${demande.description.siret_attribue}`} />
      )}
      {demande.description.motif && (
        <Alert className={fr.cx('fr-mb-3w')} severity={etat === 'INV' ? 'warning' : 'error'} title={`Motif (${siretStateLabel(etat).toLowerCase()})`} description={demande.description.motif} />
      )}
      {etat === 'AEM' && <p role="status">{SIRET_REQUEST_MESSAGES.transmitted}</p>}
      <Button priority="tertiary" iconId="fr-icon-download-line" onClick={() => void downloadPdf(demande)}>
        Télécharger la demande (PDF)
      </Button>
      {/* Keyed by state: a transition gives the form the request as it now stands; a save keeps what is typed. */}
      <SiretForm key={etat} demande={demande} readOnly={demande.mode === 'read'} onChanged={setView} />
      {processingEvents(demande).length > 0 && <ProcessingPanel demande={demande} onChanged={setView} />}
      <p className={fr.cx('fr-mt-4w')}>
        <Link to="/demande-siret">Retour aux demandes</Link>
      </p>
    </Page>
  );
}
