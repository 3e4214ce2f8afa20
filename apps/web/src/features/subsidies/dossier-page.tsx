// /associations/:idSiret?/subvention-demande/:idDossier: the dossier wizard on the server's data.
// The dossier (GET /demande/dossiers/:id: its options and mode), its full projects (projects
// routes), its subvention with sous-dispositifs, services, expected fields and documents
// (GET /subventions/:code?populate), and the association file's rows the steps offer
// (establishments, representatives, RIBs, documents; id_asso: the applicant's SIRET). Each step
// saves on the server before the next opens; a refused save keeps what was typed. Read mode when
// the server says `mode: read`; transmission, deletion, PDF and messages as the options allow; what
// the instructing services said (sent back, refused, marked incomplete) above the steps.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import {
  associationDocumentRoutes,
  associationRoutes,
  dossierRoutes,
  MESSAGES,
  projetRoutes,
  questionRoutes,
  type Dossier,
  type DossierView,
  type Rib,
} from '@portail/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { formatEuros } from '../../lib/format/euros.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog.tsx';
import { Page } from '../shell/index.ts';
import { attachDocuments, saveProject, saveStep } from './dossier-api.ts';
import { useDossier } from './use-dossier.ts';
import { DOSSIERS_PATH } from './paths.ts';
import { GRANTED_DOSSIER_STATES } from './crf/crf-states.ts';
import { DossierCrfs } from './crf/dossier-crfs.tsx';
import { DossierMessages } from './dossier-messages.tsx';
import { DossierPdfButton } from './dossier-pdf-button.tsx';
import { DossierRibChange } from './dossier-rib.tsx';
import { DossierShare } from './dossier-share.tsx';
import { receiptOf, TransmissionReceipt } from './transmission-receipt.tsx';
import { ServiceNotices } from './service-notices.tsx';
import { DossierWizard, type WizardHandlers } from './wizard/dossier-wizard.tsx';
import { stepDocumentTitle, stepFromQuery } from './wizard-steps.ts';

export function DossierPage() {
  const { idSiret, idDossier } = useParams();
  const id = idDossier!;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useSession();
  const [params] = useSearchParams();
  // Set when the member has just transmitted: the receipt then takes the focus.
  const [justTransmitted, setJustTransmitted] = useState(false);
  const { view, projets, subvention } = useDossier(id);
  const idAsso = idSiret ?? view.data?.demandeur.id_siret ?? null;
  const file = useQuery({
    queryKey: ['dossier-association-file', idAsso],
    queryFn: async () => {
      const query = { id_asso: idAsso! };
      const [etablissements, representants, ribs] = await Promise.all([
        callApi(associationRoutes.getEtablissements, { query }),
        callApi(associationRoutes.getRepresentants, { query }),
        callApi(associationRoutes.getRibs, { query }),
      ]);
      return { etablissements, representants, ribs };
    },
    enabled: idAsso !== null,
    retry: false,
  });
  const questions = useQuery({
    queryKey: ['questions', 'enabled'],
    queryFn: () => callApi(questionRoutes.listQuestions, { query: { enabled: 'true' } }),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const documents = useQuery({
    queryKey: ['association-documents', idAsso, null],
    queryFn: () => callApi(associationDocumentRoutes.listDocuments, { query: { id_asso: idAsso! } }),
    enabled: idAsso !== null,
    retry: false,
  });

  const error = view.error ?? projets.error ?? subvention.error ?? file.error ?? questions.error;
  const title = view.data ? `Dossier de demande de subvention n° ${view.data.identifiant.id_fo}` : 'Dossier de demande de subvention';
  if (error) {
    return (
      <Page title={title}>
        <Alert severity="error" small role="alert" description={errorMessage(error, MESSAGES.httpEmpty)} />
      </Page>
    );
  }
  if (!view.data || !projets.data || !subvention.data || !file.data || !questions.data) {
    return (
      <Page title={title}>
        <p>Chargement du dossier…</p>
      </Page>
    );
  }

  const current = view.data;
  const dossier: Dossier = { ...current, projets: projets.data };
  const setView = (next: DossierView) => queryClient.setQueryData(['dossier', id], next);
  const refreshProjects = () => queryClient.invalidateQueries({ queryKey: ['dossier', id] });
  const { events } = current.options;
  const receipt = receiptOf(current);

  const handlers: WizardHandlers = {
    createDossier: () => Promise.reject(new Error(MESSAGES.httpEmpty)),
    updateDossier: async (changes, step) => {
      const next = await saveStep(id, step, changes);
      setView(next);
      // A change of exercise or multi-year realigns the projects on the server.
      if (step === 0 || step === 2) await queryClient.invalidateQueries({ queryKey: ['dossier', id, 'projets'] });
      return { ...next, projets: projets.data };
    },
    uploadDocument: async (type, upload, { idSiret, onProgress } = {}) => {
      const formData = new FormData();
      formData.append('file', upload);
      const siret = idSiret ?? current.demandeur.id_siret;
      const created = await callApi(associationDocumentRoutes.uploadDocument, {
        query: { id_asso: idAsso!, type, ...(siret ? { id_siret: siret } : {}) },
        formData,
        ...(onProgress ? { onUploadProgress: onProgress } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: ['association-documents', idAsso] });
      return created;
    },
    saveProject: async (projet) => {
      await saveProject(id, projet);
      toast.success('Le projet a été enregistré.');
      await refreshProjects();
    },
    deleteProject: async (idProjet) => {
      const { message } = await callApi(projetRoutes.deleteProjet, { params: { id, idProjet } });
      toast.success(message);
      await refreshProjects();
    },
    transmit: async () => {
      const next = await callApi(dossierRoutes.transmitDossier, { params: { id }, query: {} });
      setView(next);
      setJustTransmitted(true);
    },
    attachDocuments: async (documents) => {
      setView(await attachDocuments(id, documents));
      toast.success('Les documents sont joints au dossier. Déclarez-le complet quand rien ne manque plus.');
    },
  };

  return (
    <Page title={title} lead={subvention.data.label} documentTitle={stepDocumentTitle(stepFromQuery(params.get('etape'), dossier))}>
      <ServiceNotices dossier={current} onChanged={setView} />
      {receipt && <TransmissionReceipt dossier={current} transmission={receipt} focus={justTransmitted} />}
      <DossierWizard
        dossier={dossier}
        subvention={subvention.data}
        subventions={[subvention.data]}
        choices={file.data}
        associationDocuments={documents.data ?? []}
        questions={questions.data}
        readOnly={current.mode === 'read'}
        documentsOnly={current.options.actions.includes('completer')}
        canTransmit={events.includes('transmettre') || events.includes('retransmettre')}
        handlers={handlers}
        draftKey={user ? `dossier:${user.authId}:${id}` : undefined}
        aside={
          <DossierAside
            dossier={current}
            ribs={file.data.ribs}
            onRibChanged={setView}
            onDeleted={() => {
              void queryClient.invalidateQueries({ queryKey: ['dossiers'] });
              navigate(DOSSIERS_PATH);
            }}
          />
        }
      />
    </Page>
  );
}

/** Under the steps: the financial report once granted, the amounts granted, the PDF, deletion when the options allow it (after the confirmation modal), the RIB after grant, the messages, sharing. */
function DossierAside({ dossier, ribs, onRibChanged, onDeleted }: { dossier: DossierView; ribs: readonly Rib[]; onRibChanged: (next: DossierView) => void; onDeleted: () => void }) {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  async function remove() {
    try {
      const { message } = await callApi(dossierRoutes.deleteDossier, { params: { id: dossier.id }, query: {} });
      setConfirmingDelete(false);
      toast.success(message);
      onDeleted();
    } catch (e) {
      setConfirmingDelete(false);
      toast.error(errorMessage(e, MESSAGES.httpEmpty));
    }
  }
  const serviceName = (idService: string) => dossier.instructeurs?.find((i) => i.service.id === idService)?.service.nom ?? 'Service instructeur';
  const granted = dossier.instructions.filter((i) => i.montant_accorde != null);
  return (
    <section aria-labelledby="dossier-outils" className={fr.cx('fr-mt-6w')}>
      <h2 id="dossier-outils" className={fr.cx('fr-h4')}>
        Le dossier
      </h2>
      {dossier.instructions.some((i) => GRANTED_DOSSIER_STATES.includes(i.etat)) && <DossierCrfs dossier={dossier} />}
      {granted.length > 0 && (
        <ul data-testid="montants-accordes">
          {granted.map((i) => (
            <li key={i.id_service_instructeur}>
              Montant accordé par {serviceName(i.id_service_instructeur)} : <strong>{formatEuros(i.montant_accorde!)}</strong>
            </li>
          ))}
        </ul>
      )}
      <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md')}>
        <li>
          <DossierPdfButton dossier={dossier} />
        </li>
        {dossier.options.events.includes('supprimer') && (
          <li>
            <Button priority="tertiary" onClick={() => setConfirmingDelete(true)}>
              Supprimer le dossier
            </Button>
          </li>
        )}
      </ul>
      <ConfirmDialog
        open={confirmingDelete}
        title={`Supprimer le dossier n° ${dossier.identifiant.id_fo} ?`}
        confirmLabel="Supprimer le dossier"
        confirmAriaLabel={`Confirmer la suppression du dossier n° ${dossier.identifiant.id_fo}`}
        onConfirm={remove}
        onClose={() => setConfirmingDelete(false)}
      >
        <p>Le dossier ne sera plus proposé à la saisie ni à la transmission.</p>
      </ConfirmDialog>
      {dossier.options.actions.includes('changer_rib') && <DossierRibChange dossier={dossier} ribs={ribs} onChanged={onRibChanged} />}
      <DossierMessages dossier={dossier} />
      <DossierShare dossier={dossier} />
    </section>
  );
}
