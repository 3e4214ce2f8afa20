// /associations/:idSiret?/dossier/:idDossier/crf[/:idCrf]: the association's financial report of a
// granted dossier. Without :idCrf, the report of the exercise (`?exercice=`, else the dossier's
// only one, else a choice) is asked for (POST …/crf: created from the dossier or fetched), its
// message shown in an info toast, then its page opens. With it, the report (GET …/crf/:idCrf) in
// the mode the server gives, forced in the URL's `mode` (spec §2, other parameters kept): the form
// while editable, else the report read; its state, and what the service said when it sent it back.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { associationDocumentRoutes, associationRoutes, CRF_MESSAGES, crfRoutes, dossierRoutes, type CrfView } from '@portail/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { callApi, errorMessage } from '../../../lib/api/index.ts';
import { useFocusAfterRender } from '../../../lib/focus/focus.ts';
import { toast } from '../../../lib/toast/toast-store.ts';
import { Page } from '../../shell/index.ts';
import { CrfPdfButton } from '../dossier-pdf-button.tsx';
import { dossierPath } from '../paths.ts';
import { CrfForm } from './crf-form.tsx';
import { CrfReadView } from './crf-read.tsx';
import { crfOpenPath, crfPath, crfStateLabel, crfStateSeverity, dossierExercises } from './crf-states.ts';

const TITLE = 'Compte rendu financier';

export function CrfPage() {
  const { idCrf } = useParams();
  return idCrf ? <CrfReport idCrf={idCrf} /> : <CrfOpening />;
}

function useDossierView(id: string) {
  return useQuery({ queryKey: ['dossier', id], queryFn: () => callApi(dossierRoutes.getDossier, { params: { id }, query: {} }), retry: false });
}

/** The report of an exercise: asked for, its message in a toast, then its page (replacing this one in the history). */
function CrfOpening() {
  const { idSiret, idDossier } = useParams();
  const id = idDossier!;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const asked = Number(params.get('exercice')) || null;
  const dossier = useDossierView(id);
  const exercises = dossier.data ? dossierExercises(dossier.data.description) : [];
  const exercice = asked ?? (exercises.length === 1 ? exercises[0]! : null);
  const opened = useQuery({
    queryKey: ['crf-open', id, exercice],
    queryFn: () => callApi(crfRoutes.openCrf, { params: { id }, query: {}, body: { exercice: exercice! } }),
    enabled: exercice !== null,
    retry: false,
    staleTime: Infinity,
  });
  const shown = useRef(false);
  useEffect(() => {
    if (!opened.data || shown.current) return;
    shown.current = true;
    toast.info(opened.data.message);
    navigate(crfPath(idSiret, id, opened.data.crf.id, opened.data.crf.mode), { replace: true });
  }, [opened.data, idSiret, id, navigate]);

  const error = dossier.error ?? opened.error;
  if (error) {
    return (
      <Page title={TITLE}>
        <Alert severity="error" small role="alert" description={errorMessage(error, CRF_MESSAGES.failure.create)} />
        <p className={fr.cx('fr-mt-2w')}>
          <Link to={dossierPath({ id, siret: idSiret ?? null })}>Retour au dossier</Link>
        </p>
      </Page>
    );
  }
  if (dossier.data && exercice === null) {
    return (
      <Page title={`${TITLE}s du dossier n° ${dossier.data.identifiant.id_fo}`}>
        <p>Ce dossier porte sur plusieurs exercices : un compte rendu financier par exercice.</p>
        <ul>
          {exercises.map((year) => (
            <li key={year}>
              <Link to={crfOpenPath(idSiret, id, year)}>Compte rendu financier de l'exercice {year}</Link>
            </li>
          ))}
        </ul>
      </Page>
    );
  }
  return (
    <Page title={TITLE}>
      <p>Chargement du compte rendu financier…</p>
    </Page>
  );
}

function CrfReport({ idCrf }: { idCrf: string }) {
  const { idSiret, idDossier } = useParams();
  const id = idDossier!;
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const moveFocus = useFocusAfterRender();
  const dossier = useDossierView(id);
  const crf = useQuery({ queryKey: ['crf', id, idCrf], queryFn: () => callApi(crfRoutes.getCrf, { params: { id, idCrf }, query: {} }), retry: false });
  const idAsso = idSiret ?? dossier.data?.demandeur.id_siret ?? null;
  const editing = crf.data?.mode === 'edit';
  const file = useQuery({
    queryKey: ['crf-association-file', idAsso],
    queryFn: async () => {
      const query = { id_asso: idAsso! };
      const [representants, documents] = await Promise.all([callApi(associationRoutes.getRepresentants, { query }), callApi(associationDocumentRoutes.listDocuments, { query })]);
      return { representants, documents };
    },
    enabled: idAsso !== null && editing,
    retry: false,
  });

  // The URL says the mode the server gives (spec §2), the other parameters kept.
  const mode = crf.data?.mode;
  useEffect(() => {
    if (!mode || params.get('mode') === mode) return;
    const next = new URLSearchParams(params);
    next.set('mode', mode);
    setParams(next, { replace: true });
  }, [mode, params, setParams]);

  const error = crf.error ?? dossier.error ?? file.error;
  const title = crf.data ? `${TITLE} – exercice ${crf.data.exercice}` : TITLE;
  if (error) {
    return (
      <Page title={title}>
        <Alert severity="error" small role="alert" description={errorMessage(error, CRF_MESSAGES.failure.fetch)} />
      </Page>
    );
  }
  if (!crf.data || !dossier.data || (editing && !file.data)) {
    return (
      <Page title={title}>
        <p>Chargement du compte rendu financier…</p>
      </Page>
    );
  }
  const view = crf.data;
  const setView = (next: CrfView) => queryClient.setQueryData(['crf', id, idCrf], next);
  const serviceName = (serviceId: string) => dossier.data.instructeurs.find((s) => s.service.id === serviceId)?.service.nom ?? 'Service instructeur';
  const back = dossierPath({ id, siret: idAsso });
  return (
    <Page title={title} lead={`Dossier de demande de subvention n° ${dossier.data.identifiant.id_fo}`}>
      <div className={fr.cx('fr-mb-3w')}>
        <span>État : </span>
        <Badge severity={crfStateSeverity(view.etat)} small noIcon>
          {crfStateLabel(view.etat)}
        </Badge>
      </div>
      {view.etat === '3' && view.commentaire && (
        <Alert className={fr.cx('fr-mb-3w')} severity="warning" title="Compte rendu renvoyé pour correction par le service instructeur" description={view.commentaire} />
      )}
      {view.etat === '4' && <p id="crf-transmis" tabIndex={-1} role="status">{CRF_MESSAGES.transmitted}</p>}
      {view.etat === '5' && <p role="status">{CRF_MESSAGES.received}</p>}
      {editing ? (
        <CrfForm
          crf={view}
          idDossier={id}
          representants={file.data!.representants}
          associationDocuments={file.data!.documents}
          serviceName={serviceName}
          onChanged={setView}
          onTransmitted={(next) => {
            setView(next);
            moveFocus('crf-transmis');
          }}
          upload={async (type, upload, annee, onProgress) => {
            const formData = new FormData();
            formData.append('file', upload);
            const created = await callApi(associationDocumentRoutes.uploadDocument, {
              query: { id_asso: idAsso!, type, ...(annee ? { annee_validite: annee } : {}) },
              formData,
              onUploadProgress: onProgress,
            });
            await queryClient.invalidateQueries({ queryKey: ['crf-association-file', idAsso] });
            return created;
          }}
        />
      ) : (
        <CrfReadView crf={view} serviceName={serviceName} />
      )}
      <p className={fr.cx('fr-mt-4w')}>
        <CrfPdfButton dossierId={id} crf={view} />
      </p>
      <p className={fr.cx('fr-mt-2w')}>
        <Link to={back}>Retour au dossier</Link>
      </p>
    </Page>
  );
}
