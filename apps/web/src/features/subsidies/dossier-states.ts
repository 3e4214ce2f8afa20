// Dossier instruction states as the contract's machine names them (docs/domain.md « Machines à
// états »), and the DSFR badge each one wears in lists and in the wizard's header.
import { dossierInstructionMachine, DOSSIER_STATES, type DossierState } from '@portail/contract';

export type BadgeSeverity = 'info' | 'success' | 'warning' | 'error' | 'new';

/** The machine's label of a state (the code itself for an unknown one). */
export function stateLabel(etat: string): string {
  return (DOSSIER_STATES as readonly string[]).includes(etat)
    ? dossierInstructionMachine.states[etat as DossierState].label
    : etat;
}

const SEVERITY: Readonly<Record<DossierState, BadgeSeverity>> = {
  A: 'new',
  B: 'error',
  C: 'warning',
  D: 'info',
  '2': 'info',
  '3': 'info',
  '4': 'info',
  '6': 'success',
  '7': 'success',
  '8': 'success',
  '9': 'success',
  '10': 'success',
  '11': 'error',
  '12': 'error',
};

export function stateSeverity(etat: string): BadgeSeverity {
  return SEVERITY[etat as DossierState] ?? 'info';
}

/** The states offered by the list filter, in the machine's order. */
export const STATE_OPTIONS = DOSSIER_STATES.map((value) => ({ value, label: stateLabel(value) }));

/** A dossier whose content the association may still change (a state the machine marks editable). */
export function isEditableState(etat: string | undefined): boolean {
  return etat !== undefined && dossierInstructionMachine.states[etat as DossierState]?.editable === true;
}
