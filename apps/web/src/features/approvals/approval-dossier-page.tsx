// /associations/:idSiret?/demande-agrement/:idDossier: the approval dossier's wizard (spec §4) on
// the server's data (GET /demande/dossiers/:id/agrement: the dossier, the approval it asks for with
// its expected fields and documents, `mode` and `evenements`). Steps 0-4 in the DSFR stepper, the
// stepper's heading focused on each step change; each step saves (PATCH) then the next opens. Read
// mode when the server says so: « Ce dossier n'est pas éditable. » (spec §4). The association side
// reads its file for the people and documents; the instructing service decides as `evenements` allow.
// Both download the dossier's PDF (GET …/pdf?from=rda).
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import {
  APPROVAL_DOSSIER_MESSAGES,
  approvalDossierRoutes,
  associationDocumentRoutes,
  associationRoutes,
  MESSAGES,
  SUBSIDY_MESSAGES,
  type ApprovalDossierDetail,
  type ApprovalDossierView,
  type ApprovalStep,
} from '@portail/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { useFocusAfterRender } from '../../lib/focus/focus.ts';
import { Page } from '../shell/index.ts';
import { PdfButton, useDossierSide, useStepParam, WizardStepsNav } from '../subsidies/index.ts';
import { downloadApprovalPdf } from './approval-pdf.ts';
import { ApprovalDecisions } from './approval-decisions.tsx';
import { approvalStateLabel, approvalStateSeverity } from './approval-states.ts';
import { APPROVAL_STEPS, approvalStepFromQuery, approvalStepTitle, LAST_APPROVAL_STEP, openApprovalSteps, type ApprovalStepNumber } from './approval-steps.ts';
import { StepApplicant } from './wizard/step-applicant.tsx';
import { StepApproval } from './wizard/step-approval.tsx';
import { StepCriteria } from './wizard/step-criteria.tsx';
import { StepDocuments } from './wizard/step-documents.tsx';
import { StepTransmission, type ApprovalCerfa } from './wizard/step-transmission.tsx';

export function ApprovalDossierPage() {
  const { idSiret, idDossier } = useParams();
  const id = idDossier!;
  const queryClient = useQueryClient();
  const side = useDossierSide();
  const view = useQuery({ queryKey: ['approval-dossier', id], queryFn: () => callApi(approvalDossierRoutes.getApprovalDossier, { params: { id }, query: {} }), retry: false });
  const idAsso = idSiret ?? view.data?.demandeur.id_siret ?? null;
  // The association side reads its file (people, documents); an agent who may change the dossier
  // (filling it for the association) reads the same through the dossier; an agent reading it does not.
  const serviceFills = side === 'service' && view.data?.mode === 'edit';
  const file = useQuery({
    queryKey: ['approval-association-file', serviceFills ? id : idAsso],
    queryFn: async () => {
      if (serviceFills) return callApi(approvalDossierRoutes.getApprovalDossierFile, { params: { id }, query: {} });
      const query = { id_asso: idAsso! };
      const [representants, documents] = await Promise.all([callApi(associationRoutes.getRepresentants, { query }), callApi(associationDocumentRoutes.listDocuments, { query })]);
      return { representants, documents };
    },
    enabled: serviceFills || (side === 'association' && idAsso !== null),
    retry: false,
  });
  const readsFile = side === 'association' || serviceFills;

  const title = view.data ? `Dossier de demande d’agrément n° ${view.data.id_fo}` : 'Dossier de demande d’agrément';
  const error = view.error ?? file.error;
  if (error) {
    return (
      <Page title={title}>
        <Alert severity="error" small role="alert" description={errorMessage(error, MESSAGES.httpEmpty)} />
      </Page>
    );
  }
  if (!view.data || (readsFile && !file.data)) {
    return (
      <Page title={title}>
        <p>Chargement du dossier…</p>
      </Page>
    );
  }
  const setView = (next: ApprovalDossierView) => {
    queryClient.setQueryData<ApprovalDossierDetail>(['approval-dossier', id], (current) => (current ? { ...current, ...next } : current));
    void queryClient.invalidateQueries({ queryKey: ['approval-dossiers'] });
  };
  return (
    <ApprovalWizard
      title={title}
      dossier={view.data}
      file={readsFile ? (file.data ?? null) : null}
      idAsso={idAsso}
      mayUpload={side === 'association'}
      onChanged={setView}
    />
  );
}

interface ApprovalWizardProps {
  title: string;
  dossier: ApprovalDossierDetail;
  file: { representants: Parameters<typeof StepApplicant>[0]['representants']; documents: Parameters<typeof StepDocuments>[0]['associationDocuments'] } | null;
  idAsso: string | null;
  /** The association side adds to its documents; the service chooses among them. */
  mayUpload: boolean;
  onChanged: (next: ApprovalDossierView) => void;
}

function ApprovalWizard({ title, dossier, file, idAsso, mayUpload, onChanged }: ApprovalWizardProps) {
  const queryClient = useQueryClient();
  const [etape, goTo] = useStepParam();
  const readOnly = dossier.mode === 'read';
  const step = approvalStepFromQuery(etape, dossier.step, readOnly);
  const open = openApprovalSteps(dossier.step, readOnly);
  const [transmitted, setTransmitted] = useState(false);
  const moveFocus = useFocusAfterRender();

  const save = async (body: ApprovalStep) => {
    onChanged(await callApi(approvalDossierRoutes.updateApprovalDossier, { params: { id: dossier.id }, query: {}, body }));
    if (body.step < LAST_APPROVAL_STEP) goTo(body.step + 1);
  };
  const transmit = async (cerfa: ApprovalCerfa) => {
    onChanged(await callApi(approvalDossierRoutes.transmitApprovalDossier, { params: { id: dossier.id }, query: {}, body: { cerfa: { ...cerfa } } }));
    setTransmitted(true);
    moveFocus('dossier-transmis');
  };
  const upload = async (type: string, file: File, onProgress: (fraction: number) => void) => {
    const formData = new FormData();
    formData.append('file', file);
    const created = await callApi(associationDocumentRoutes.uploadDocument, { query: { id_asso: idAsso!, type }, formData, onUploadProgress: onProgress });
    await queryClient.invalidateQueries({ queryKey: ['approval-association-file', idAsso] });
    return created;
  };
  const info = APPROVAL_STEPS[step];
  const back = step > 0 ? () => goTo(step - 1) : undefined;
  const common = { dossier, readOnly, onSave: save, onBack: back };

  return (
    <Page title={title} lead={`${dossier.agrement.type_agrement_label} – ${dossier.demandeur.nom ?? ''}`} documentTitle={approvalStepTitle(step)}>
      <p>
        <Badge severity={approvalStateSeverity(dossier.etat)} small noIcon>
          {approvalStateLabel(dossier.etat)}
        </Badge>{' '}
        <Badge severity={dossier.statut === 'complet' ? 'success' : 'warning'} small noIcon>
          {dossier.statut === 'complet' ? 'Complet' : 'Incomplet'}
        </Badge>
      </p>
      {transmitted && (
        <div id="dossier-transmis" tabIndex={-1}>
          <Alert severity="success" small className={fr.cx('fr-mb-2w')} description={`Le dossier a été transmis au service instructeur (${dossier.description.service_instructeur}).`} />
        </div>
      )}
      {readOnly && !transmitted && (
        <Alert severity="info" small className={fr.cx('fr-mb-2w')} description={dossier.deleted ? APPROVAL_DOSSIER_MESSAGES.withdrawn : SUBSIDY_MESSAGES.dossierNotEditable} />
      )}
      <WizardStepsNav steps={APPROVAL_STEPS} step={step} open={open} goTo={goTo} />
      <p className={fr.cx('fr-text--sm')}>{info.hint}</p>
      <StepBody step={step} common={common} file={file} upload={mayUpload ? upload : null} sitesOf={mayUpload ? idAsso : null} transmit={transmit} />
      <p className={fr.cx('fr-mt-4w')}>
        <PdfButton label="Télécharger le dossier (PDF)" download={() => downloadApprovalPdf(dossier.id, `demande-agrement-${dossier.id_fo}.pdf`)} />
      </p>
      <ApprovalDecisions dossier={dossier} onDecided={onChanged} />
    </Page>
  );
}

function StepBody({
  step,
  common,
  file,
  upload,
  sitesOf,
  transmit,
}: {
  step: ApprovalStepNumber;
  common: Parameters<typeof StepApproval>[0];
  file: ApprovalWizardProps['file'];
  upload: Parameters<typeof StepDocuments>[0]['onUpload'];
  /** The association whose food-aid sites the criteria step manages (the association side). */
  sitesOf: string | null;
  transmit: (cerfa: ApprovalCerfa) => Promise<void>;
}) {
  switch (step) {
    case 0:
      return <StepApproval {...common} />;
    case 1:
      return <StepApplicant {...common} representants={file?.representants ?? null} />;
    case 2:
      return <StepDocuments {...common} associationDocuments={file?.documents ?? null} onUpload={upload} />;
    case 3:
      return <StepCriteria {...common} sitesOf={sitesOf} />;
    default:
      return <StepTransmission dossier={common.dossier} onBack={common.onBack} canTransmit={common.dossier.evenements.includes('transmettre')} onTransmit={transmit} />;
  }
}
