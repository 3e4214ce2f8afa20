// Financial report states as the contract's machine names them, the badge each one wears, and the
// paths of the report's pages (route-table.ts).
import { crfMachine, CRF_STATES, type CrfState } from '@portail/contract';
import type { BadgeSeverity } from '../dossier-states.ts';

export function crfStateLabel(etat: string): string {
  return (CRF_STATES as readonly string[]).includes(etat) ? crfMachine.states[etat as CrfState].label : etat;
}

const SEVERITY: Readonly<Record<CrfState, BadgeSeverity>> = { '1': 'new', '2': 'new', '3': 'warning', '4': 'info', '5': 'success' };

export const crfStateSeverity = (etat: string): BadgeSeverity => SEVERITY[etat as CrfState] ?? 'info';

const base = (idSiret: string | null | undefined, idDossier: string) =>
  idSiret ? `/associations/${encodeURIComponent(idSiret)}/dossier/${idDossier}/crf` : `/associations/dossier/${idDossier}/crf`;

/** The report of an exercise (POST …/crf), then its page. */
export const crfOpenPath = (idSiret: string | null | undefined, idDossier: string, exercice?: number) =>
  `${base(idSiret, idDossier)}${exercice === undefined ? '' : `?exercice=${exercice}`}`;

/** One report; `mode` is the server's (spec §2), the other query parameters kept by the page. */
export const crfPath = (idSiret: string | null | undefined, idDossier: string, idCrf: string, mode?: 'edit' | 'read') =>
  `${base(idSiret, idDossier)}/${idCrf}${mode ? `?mode=${mode}` : ''}`;

/** Dossier states of a granted subsidy: the association owes its financial reports from then on. */
export const GRANTED_DOSSIER_STATES: readonly string[] = ['6', '7', '8', '9', '10'];

/** The exercises of a dossier (one report each). */
export function dossierExercises(description: { exercice: number; exercice_fin: number | null }): number[] {
  const last = description.exercice_fin ?? description.exercice;
  return Array.from({ length: Math.max(1, last - description.exercice + 1) }, (_, i) => description.exercice + i);
}
