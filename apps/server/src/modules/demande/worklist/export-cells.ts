// One exported row's cells, for the CSV (export.ts) and the XLSX sheet (the export's thread reads its
// rows itself: xlsx-worker.ts). The states' labels and the columns' order come from the caller
// (EXPORT_LABELS of export.ts): nothing of the contract is loaded here, so the thread stays small.
// A text cell starting with =, +, -, @ (or a tab or carriage return) is written after an apostrophe:
// a spreadsheet never reads it as a formula.
import type { WORKLIST_EXPORT_COLUMNS } from '@portail/contract';
import type { WorklistRow } from './repository.ts';
import type { Cell } from './xlsx-writer.ts';

export type ColumnKey = (typeof WORKLIST_EXPORT_COLUMNS)[number][0];

/** What turns a row into cells: the columns in order, the states' and creators' labels. */
export interface ExportLabels {
  keys: ColumnKey[];
  states: Record<string, string>;
  createdBy: Record<string, string>;
}

/** A text a spreadsheet would take for a formula, made plain text. */
export const neutralised = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** One exported row, by column. */
export function exportCells(row: WorklistRow, labels: ExportLabels): Record<ColumnKey, Cell> {
  return {
    id_fo: row.id_fo,
    exercice: row.exercice,
    exercice_fin: row.exercice_fin,
    libelle_subvention: row.libelle_subvention,
    code_subvention: row.code_subvention,
    libelle_dispositif: row.libelle_dispositif,
    demandeur_siret: row.id_siret,
    demandeur_nom: row.nom,
    service: row.service_nom,
    etat: labels.states[row.etat] ?? row.etat,
    statut: row.statut,
    cree_par: labels.createdBy[row.created_by_type] ?? row.created_by_type,
    created_at: row.created_at,
    updated_at: row.updated_at,
    supprime: row.deleted_at ? 'oui' : 'non',
  };
}

/** One row of the XLSX sheet, its cells in the columns' order, texts neutralised. */
export function xlsxCells(row: WorklistRow, labels: ExportLabels): Cell[] {
  const cells = exportCells(row, labels);
  return labels.keys.map((key) => {
    const value = cells[key];
    return typeof value === 'string' ? neutralised(value) : value;
  });
}
