// The dossier wizard (spec §4), from a new dossier's first step to the attestation: the DSFR
// stepper over steps 0-4 (shown to people as 1 to 5, the stepper's own numbering, creation
// included; ?etape= keeps the spec's 0-4), the stepper's heading focused on each step change, read
// mode when the dossier is not editable. Each step saves on the server through the handlers the
// page gives, then moves on. The page titles the browser tab by the step (stepDocumentTitle).
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import type { AssociationDocument, Dossier, Question, Subvention } from '@portail/contract';
import type { ReactNode } from 'react';
import { stateLabel, stateSeverity } from '../dossier-states.ts';
import { LAST_STEP, openSteps, stepFromQuery, WIZARD_STEPS, type WizardStep } from '../wizard-steps.ts';
import type { ProjectDraft } from './project/project-editor.tsx';
import { StepApplicant } from './step-applicant.tsx';
import { StepAttestation } from './step-attestation.tsx';
import { StepDocuments } from './step-documents.tsx';
import { StepProjects } from './step-projects.tsx';
import { StepScheme, type SchemeChoice } from './step-scheme.tsx';
import type { ApplicantChoices, DossierChanges } from './types.ts';
import { useStepParam, WizardStepsNav } from './wizard-steps-nav.tsx';

export interface WizardHandlers {
  createDossier: (choice: SchemeChoice, subvention: Subvention) => Promise<void>;
  /** Saves `changes` and records that `step` is done. */
  updateDossier: (changes: DossierChanges & { description?: Partial<Dossier['description']> }, step: WizardStep) => Promise<Dossier>;
  /** Uploads to the association's documents, for the applicant establishment (`idSiret`, else the dossier's). */
  uploadDocument: (type: string, file: File, options?: { idSiret?: string; onProgress?: (fraction: number) => void }) => Promise<AssociationDocument>;
  saveProject: (projet: ProjectDraft) => Promise<void>;
  deleteProject: (id: string) => Promise<void>;
  transmit: () => Promise<void>;
  /** Attaches the expected documents alone (a dossier a service marked incomplete: the rest is read only). */
  attachDocuments?: (documents: Dossier['documents']) => Promise<void>;
}

interface DossierWizardProps {
  dossier: Dossier | null;
  subvention: Subvention | null;
  subventions: readonly Subvention[];
  choices: ApplicantChoices;
  associationDocuments: readonly AssociationDocument[];
  /** The questions every dossier answers (enabled ones), shown in step 2 and awaited by transmission. */
  questions: readonly Question[];
  readOnly: boolean;
  /**
   * In read mode, the expected documents may still be attached: a dossier a service marked
   * incomplete that the member may complete (action completer, spec §4).
   */
  documentsOnly?: boolean;
  canTransmit: boolean;
  handlers: WizardHandlers;
  /** Shown under the steps (PDF link, messages). */
  aside?: ReactNode;
  /** Where the steps keep their unsaved input (per person and dossier); none: nothing kept. */
  draftKey?: string;
  /** A new dossier's first choice (the subvention the directory led to). */
  initialChoice?: Partial<SchemeChoice>;
}

export function DossierWizard({ dossier, subvention, subventions, choices, associationDocuments, questions, readOnly, documentsOnly = false, canTransmit, handlers, aside, draftKey, initialChoice = {} }: DossierWizardProps) {
  const [etape, goTo] = useStepParam();
  const step = stepFromQuery(etape, dossier);
  const open = openSteps(dossier);

  const save = async (changes: DossierChanges, done: WizardStep) => {
    await handlers.updateDossier(changes, done);
    if (done < LAST_STEP) goTo(done + 1);
  };
  const info = WIZARD_STEPS[step];
  const stepDraftKey = (n: WizardStep) => (draftKey && !readOnly ? `${draftKey}:etape-${n}` : null);
  const etat = dossier?.instructions[0]?.etat;

  return (
    <>
      {dossier && (
        <p>
          Dossier n° <strong>{dossier.identifiant.id_fo}</strong>{' '}
          {etat && (
            <Badge severity={stateSeverity(etat) === 'new' ? 'new' : stateSeverity(etat)} small noIcon>
              {stateLabel(etat)}
            </Badge>
          )}{' '}
          <Badge severity={dossier.description.statut === 'complet' ? 'success' : 'warning'} small noIcon>
            {dossier.description.statut === 'complet' ? 'Complet' : 'Incomplet'}
          </Badge>
        </p>
      )}
      {readOnly && dossier && (
        <Alert
          severity="info"
          small
          className={fr.cx('fr-mb-2w')}
          description={
            documentsOnly
              ? 'Ce dossier est en lecture seule, sauf ses documents : joignez à l’étape 3 ce qui manque, puis déclarez le dossier complet.'
              : 'Ce dossier est en lecture seule : il n’est pas modifiable dans son état actuel.'
          }
        />
      )}
      <WizardStepsNav steps={WIZARD_STEPS} step={step} open={open} goTo={goTo} />
      <p className={fr.cx('fr-text--sm')}>{info.hint}</p>

      {step === 0 && (
        <StepScheme
          subventions={subventions}
          readOnly={readOnly}
          initial={dossier ? { code_subvention: dossier.description.code_subvention, id_sous_type_dispositif: dossier.description.id_sous_type_dispositif, exercice: dossier.description.exercice } : initialChoice}
          onSave={async (choice, chosen) => {
            if (!dossier) return handlers.createDossier(choice, chosen);
            await save({ description: { code_subvention: choice.code_subvention, id_type_dispositif: chosen.dispositif.code, id_sous_type_dispositif: choice.id_sous_type_dispositif, exercice: choice.exercice } }, 0);
          }}
        />
      )}
      {dossier && subvention && step === 1 && (
        <StepApplicant
          dossier={dossier}
          subvention={subvention}
          readOnly={readOnly}
          draftKey={stepDraftKey(1)}
          choices={choices}
          associationDocuments={associationDocuments}
          onUpload={handlers.uploadDocument}
          onBack={() => goTo(0)}
          onSave={(c) => save(c, 1)}
        />
      )}
      {dossier && subvention && step === 2 && (
        <StepDocuments
          dossier={dossier}
          subvention={subvention}
          readOnly={readOnly}
          draftKey={stepDraftKey(2)}
          associationDocuments={associationDocuments}
          questions={questions}
          onUpload={handlers.uploadDocument}
          onBack={() => goTo(1)}
          onSave={(c) => save(c, 2)}
          {...(readOnly && documentsOnly && handlers.attachDocuments ? { onAttachDocuments: handlers.attachDocuments } : {})}
        />
      )}
      {dossier && subvention && step === 3 && (
        <StepProjects
          dossier={dossier}
          subvention={subvention}
          readOnly={readOnly}
          draftKey={stepDraftKey(3)}
          onSaveProject={handlers.saveProject}
          onDeleteProject={handlers.deleteProject}
          onBack={() => goTo(2)}
          onNext={() => (readOnly ? goTo(4) : void save({}, 3))}
        />
      )}
      {dossier && subvention && step === 4 && (
        <StepAttestation dossier={dossier} subvention={subvention} readOnly={readOnly} draftKey={stepDraftKey(4)} questions={questions} canTransmit={canTransmit} onBack={() => goTo(3)} onSave={(c) => save(c, 4)} onTransmit={handlers.transmit} />
      )}
      {aside}
    </>
  );
}
