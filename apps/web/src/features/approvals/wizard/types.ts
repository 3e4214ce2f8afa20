// What every step of the approval dossier's wizard receives.
import type { ApprovalDossierDetail, ApprovalStep } from '@portail/contract';

export interface ApprovalStepProps {
  dossier: ApprovalDossierDetail;
  readOnly: boolean;
  /** Saves the step on the server (PATCH); resolves once saved (the wizard then moves on), rejects with the server's error. */
  onSave: (body: ApprovalStep) => Promise<void>;
  onBack?: () => void;
}
