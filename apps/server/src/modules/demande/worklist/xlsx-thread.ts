// The XLSX export off the event loop (modules/demande/README.md, docs/operations.md « Mémoire »): each
// export writes its workbook in a worker thread of its own (xlsx-worker.ts) with a small heap, which
// reads the rows itself on a connection of its own (the repository's ExportPlan) and answers the
// zip's bytes. The server's thread only forwards them to the answer: each chunk is acknowledged once
// the answer has taken it, so the thread reads the database no faster than the client downloads,
// and no row ever lives in the server's heap. At most `XLSX_THREADS` exports at once on an
// instance; beyond, 429 with Retry-After (the exports are also limited per account, contract limits).
import { fileURLToPath } from 'node:url';
import type { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { appError } from '../../../http/errors.ts';
import { drained } from '../../../http/backpressure.ts';
import { EXPORT_LABELS, XLSX_COLUMNS } from './export.ts';
import type { ExportLabels } from './export-cells.ts';
import type { ExportPlan } from './repository.ts';
import type { XlsxColumn } from './xlsx-writer.ts';

/** What the thread starts with: the sheet's columns, the cells' labels, and how to read its rows (null: none). */
export interface XlsxThreadData {
  columns: XlsxColumn[];
  labels: ExportLabels;
  plan: ExportPlan | null;
}
/** The server acknowledges each chunk of bytes once the answer has taken it. */
export type ToXlsxThread = { type: 'taken' };
export type FromXlsxThread = { type: 'bytes'; bytes: Uint8Array } | { type: 'done' } | { type: 'failed'; message: string };

/** Exports writing at once on one instance: each thread holds up to its heap's limit and one database connection. */
export const XLSX_THREADS = 2;
/** The thread's heap: enough for a batch of rows, its cells and exceljs's state; a small old generation is collected often. */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 };

let running = 0;

/** The thread's file: under the sources, a bootstrap that registers tsx; built, xlsx-worker.js beside this chunk (scripts/build.mjs). */
export function xlsxWorkerFile(moduleUrl = import.meta.url): string {
  return fileURLToPath(new URL(moduleUrl.endsWith('.ts') ? './xlsx-worker-entry.mjs' : './xlsx-worker.js', moduleUrl));
}

/** Takes one of the instance's export threads, or refuses with 429 before anything is sent; call the result when done. */
export function reserveXlsxThread(): () => void {
  if (running >= XLSX_THREADS) throw appError('TOO_MANY_REQUESTS').retryAfter(10);
  running += 1;
  let released = false;
  return () => {
    if (!released) running -= 1;
    released = true;
  };
}

/** Writes the workbook of the rows `plan` reads to `out` from a thread of its own; `out` is ended when the file is whole. */
export async function writeXlsxOffThread(out: Writable, plan: ExportPlan | null): Promise<void> {
  const workerData: XlsxThreadData = { columns: XLSX_COLUMNS, labels: EXPORT_LABELS, plan };
  const worker = new Worker(xlsxWorkerFile(), { resourceLimits: RESOURCE_LIMITS, workerData });
  const taken = () => worker.postMessage({ type: 'taken' } satisfies ToXlsxThread);
  try {
    await new Promise<void>((resolve, reject) => {
      worker.on('message', (message: FromXlsxThread) => {
        if (message.type === 'bytes') {
          out.write(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
          // A client gone away never drains: the export fails and its thread is stopped.
          drained(out).then(taken, reject);
        } else if (message.type === 'done') resolve();
        else reject(new Error(`export XLSX : ${message.message}`));
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`export XLSX : fil arrêté (code ${code})`)));
    });
    out.end();
  } finally {
    await worker.terminate();
  }
}
