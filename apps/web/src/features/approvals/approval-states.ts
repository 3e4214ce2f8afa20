// The approval dossier's states as people read them (the agrement_dossier machine's labels) and
// their badges; the service's decisions the machine knows. Pure.
import { AGREMENT_DOSSIER_STATES, agrementDossierMachine, APPROVAL_DECISIONS, type AgrementDossierState } from '@portail/contract';

export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

export const approvalStateLabel = (etat: AgrementDossierState): string => agrementDossierMachine.states[etat].label;

/** Being filled: info; at the service: new; granted: success; refused: error. */
export function approvalStateSeverity(etat: AgrementDossierState): 'info' | 'new' | 'success' | 'error' {
  if (etat === '6') return 'success';
  if (etat === '7') return 'error';
  return etat === '1' || etat === '2' ? 'info' : 'new';
}

export const APPROVAL_STATE_OPTIONS = AGREMENT_DOSSIER_STATES.map((etat) => ({ value: etat, label: approvalStateLabel(etat) }));

/** The decisions among the events the machine lets the caller fire now (the view's `evenements`). */
export const allowedDecisions = (evenements: readonly string[]): ApprovalDecision[] =>
  APPROVAL_DECISIONS.filter((decision) => evenements.includes(decision));

export const decisionLabel = (decision: ApprovalDecision): string => agrementDossierMachine.events[decision].label;
