// What other features use from the approval screens: their paths and the states' labels.
export { APPROVAL_DOSSIERS_PATH, approvalDossierPath, newApprovalPath } from './paths.ts';
export { approvalStateLabel, approvalStateSeverity } from './approval-states.ts';
