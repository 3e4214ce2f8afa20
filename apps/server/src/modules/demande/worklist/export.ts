// The work list's exports (docs/domain.md « Listes de travail »): the rows of the filtered list, batch
// by batch from the database, written to the answer as they come (a million rows never sit in
// memory): CSV for French Excel (« ; », UTF-8 with BOM, CRLF) and XLSX by exceljs's streaming writer
// (xlsx-writer.ts, in a thread of its own that reads its rows itself: xlsx-thread.ts; here, its
// columns and the cells' labels). Cells: export-cells.ts.
import type { Writable } from 'node:stream';
import { dossierInstructionMachine, WORKLIST_EXPORT_COLUMNS } from '@portail/contract';
import { drained } from '../../../http/backpressure.ts';
import { exportCells, neutralised, type ExportLabels } from './export-cells.ts';
import type { WorklistRow } from './repository.ts';
import type { Cell, XlsxColumn } from './xlsx-writer.ts';

/** The labels of the exported cells (export-cells.ts), also handed to the XLSX thread. */
export const EXPORT_LABELS: ExportLabels = {
  keys: WORKLIST_EXPORT_COLUMNS.map(([key]) => key),
  states: Object.fromEntries(Object.entries(dossierInstructionMachine.states).map(([state, { label }]) => [state, label])),
  createdBy: { association: 'Association', service: 'Service instructeur' },
};

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
      const cells = exportCells(row, EXPORT_LABELS);
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
