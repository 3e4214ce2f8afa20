// The work list's exports (docs/domain.md « Listes de travail »): the rows of the filtered list, batch
// by batch from the database, written to the answer as they come (a million rows never sit in
// memory): CSV for French Excel (« ; », UTF-8 with BOM, CRLF) and XLSX by exceljs's streaming writer
// (xlsx-writer.ts, in a thread of its own: xlsx-thread.ts; here, its columns and cells).
// A text cell starting with =, +, -, @ (or a tab or carriage return) is written after an apostrophe:
// a spreadsheet never reads it as a formula.
import type { Writable } from 'node:stream';
import { dossierInstructionMachine, WORKLIST_EXPORT_COLUMNS, type DossierState } from '@portail/contract';
import { drained } from '../../../http/backpressure.ts';
import type { WorklistRow } from './repository.ts';
import type { Cell, XlsxColumn } from './xlsx-writer.ts';

type ColumnKey = (typeof WORKLIST_EXPORT_COLUMNS)[number][0];

const STATES = dossierInstructionMachine.states as Record<DossierState, { label: string }>;
const CREATED_BY = { association: 'Association', service: 'Service instructeur' } as Record<string, string>;

/** A text a spreadsheet would take for a formula, made plain text. */
export const neutralised = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** One exported row, by column (WORKLIST_EXPORT_COLUMNS). */
export function exportCells(row: WorklistRow): Record<ColumnKey, Cell> {
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
    etat: STATES[row.etat as DossierState]?.label ?? row.etat,
    statut: row.statut,
    cree_par: CREATED_BY[row.created_by_type] ?? row.created_by_type,
    created_at: row.created_at,
    updated_at: row.updated_at,
    supprime: row.deleted_at ? 'oui' : 'non',
  };
}

const PARIS = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });

function csvField(value: Cell): string {
  if (value === null) return '';
  if (value instanceof Date) return PARIS.format(value).replace(',', '');
  if (typeof value === 'number') return String(value);
  const text = neutralised(value);
  return /[;"\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export async function writeCsv(out: Writable, batches: AsyncIterable<WorklistRow[]>): Promise<void> {
  out.write(`\uFEFF${WORKLIST_EXPORT_COLUMNS.map(([, header]) => csvField(header)).join(';')}\r\n`);
  for await (const rows of batches) {
    let chunk = '';
    for (const row of rows) {
      const cells = exportCells(row);
      chunk += `${WORKLIST_EXPORT_COLUMNS.map(([key]) => csvField(cells[key])).join(';')}\r\n`;
    }
    out.write(chunk);
    await drained(out);
  }
  out.end();
}

/** The XLSX sheet's columns (xlsx-writer.ts): wider for the long texts, dates in the French format. */
export const XLSX_COLUMNS: XlsxColumn[] = WORKLIST_EXPORT_COLUMNS.map(([key, header]) => ({
  header,
  width: key === 'libelle_subvention' || key === 'demandeur_nom' || key === 'service' || key === 'etat' ? 36 : 18,
  ...(key === 'created_at' || key === 'updated_at' ? { numFmt: 'dd/mm/yyyy hh:mm' } : {}),
}));

/** One row of the XLSX sheet, its cells in XLSX_COLUMNS' order, texts neutralised. */
export function xlsxCells(row: WorklistRow): Cell[] {
  const cells = exportCells(row);
  return WORKLIST_EXPORT_COLUMNS.map(([key]) => {
    const value = cells[key];
    return typeof value === 'string' ? neutralised(value) : value;
  });
}
