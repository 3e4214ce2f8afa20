// What other features use from the subsidy screens: the wizard's pieces (an expected document or
// field, the required mark, the step's buttons: the approval dossier's wizard is made of them), the dossier's messages, PDF, budget table,
// states' labels and badges, formats, paths, projects' loading, the expected items' rules and the
// caller's unread messages (the dashboard), the financial reports read by the services and the
// reminder of the missing ones.
export { BudgetTable } from './budget-table.tsx';
export { loadProjects } from './dossier-api.ts';
export { exerciseChoices } from './dossier-filters.ts';
export { DossierMessages } from './dossier-messages.tsx';
export { CrfPdfButton, DossierPdfButton, PdfButton } from './dossier-pdf-button.tsx';
export { useDossierSide } from './dossier-side.ts';
export { stateLabel, stateSeverity, STATE_OPTIONS, type BadgeSeverity } from './dossier-states.ts';
export { customValue, shownDossierFields, shownProjectFields } from './expected-items.ts';
export { formatDay, formatEuros } from './format.ts';
export { DOSSIERS_PATH, dossierPath, readingPath } from './paths.ts';
export { useDossier } from './use-dossier.ts';
export { UnreadDossierMessages } from './unread-messages.tsx';
export { BudgetComparison } from './crf/budget-comparison.tsx';
export { CrfReadView } from './crf/crf-read.tsx';
export { crfOpenPath, crfPath, crfStateLabel, crfStateSeverity, dossierExercises, GRANTED_DOSSIER_STATES } from './crf/crf-states.ts';
export { MissingCrfs } from './crf/missing-crfs.tsx';
export { ExpectedDocumentField, type AttachedDocument } from './wizard/expected-document-field.tsx';
export { ExpectedFieldsFieldset } from './wizard/expected-fields-fieldset.tsx';
export { RequiredLegend, RequiredMark } from './wizard/required-mark.tsx';
export { StepActions } from './wizard/step-actions.tsx';
export { useStepParam, WizardStepsNav } from './wizard/wizard-steps-nav.tsx';
export { useApplicant } from './use-applicant.ts';
export { documentProgress } from './expected-items.ts';
