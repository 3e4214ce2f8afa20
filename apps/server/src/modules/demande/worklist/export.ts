// The work list's exports (docs/domain.md « Listes de travail »): the rows of the filtered list, batch
// by batch from the database, written to the answer as they come (a million rows never sit in
// memory): CSV for French Excel (« ; », UTF-8 with BOM, CRLF) and XLSX by exceljs's streaming writer.
// A text cell starting with =, +, -, @ (or a tab or carriage return) is written after an apostrophe:
// a spreadsheet never reads it as a formula.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { dossierInstructionMachine, WORKLIST_EXPORT_COLUMNS, type DossierState } from '@portail/contract';
import { drained } from '../../../http/backpressure.ts';
import type { WorklistRow } from './repository.ts';

type Cell = string | number | Date | null;
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

/**
 * exceljs's sheet stream hands its bytes to the zip's entry (a userland PassThrough, hence the
 * writable state read directly) without heeding its backpressure: while deflate lags behind, the
 * rows pile up in memory (370 MB for 300 000 rows). Waits, after each batch, until the entry has
 * taken them.
 */
async function zipCaughtUp(sheet: ReturnType<ExcelJS.stream.xlsx.WorkbookWriter['addWorksheet']>): Promise<void> {
  type Entry = Writable & { _writableState?: { needDrain?: boolean } };
  const entries = (sheet as unknown as { stream?: { pipes?: Entry[] } }).stream?.pipes ?? [];
  await Promise.all(entries.map((entry) => (entry._writableState?.needDrain ? once(entry, 'drain') : undefined)));
}

export async function writeXlsx(out: Writable, batches: AsyncIterable<WorklistRow[]>): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Dossiers', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = WORKLIST_EXPORT_COLUMNS.map(([key, header]) => ({
    header,
    key,
    width: key === 'libelle_subvention' || key === 'demandeur_nom' || key === 'service' || key === 'etat' ? 36 : 18,
    ...(key === 'created_at' || key === 'updated_at' ? { style: { numFmt: 'dd/mm/yyyy hh:mm' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const rows of batches) {
    for (const row of rows) {
      const cells = exportCells(row);
      sheet.addRow(Object.fromEntries(Object.entries(cells).map(([key, value]) => [key, typeof value === 'string' ? neutralised(value) : value]))).commit();
    }
    await zipCaughtUp(sheet);
    await drained(out);
  }
  sheet.commit();
  await workbook.commit();
}
