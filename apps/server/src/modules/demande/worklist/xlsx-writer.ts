// The XLSX sheet written by exceljs's streaming writer from rows of plain cells (export.ts makes
// them). Run in the export's thread (xlsx-worker.ts): it imports exceljs and nothing of the
// contract, so the thread loads little.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { drained } from '../../../http/backpressure.ts';

export type Cell = string | number | Date | null;
export interface XlsxColumn {
  header: string;
  width: number;
  numFmt?: string;
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

export async function writeXlsx(out: Writable, columns: readonly XlsxColumn[], batches: AsyncIterable<readonly Cell[][]>): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Dossiers', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ header: column.header, width: column.width, ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const rows of batches) {
    for (const cells of rows) sheet.addRow(cells as Cell[]).commit();
    await zipCaughtUp(sheet);
    await drained(out);
  }
  sheet.commit();
  await workbook.commit();
}
