// The XLSX export off the event loop (modules/demande/README.md, docs/operations.md « Mémoire »): each export writes its
// workbook in a worker thread of its own (xlsx-worker.ts) with a small heap, fed one batch at a time
// and answering the zip's bytes, which go to the answer as they come, the next batch waiting for
// the answer to drain. At most `XLSX_THREADS` exports at once on an instance; beyond, 429 with
// Retry-After (the exports are also limited per account, contract limits).
import { fileURLToPath } from 'node:url';
import type { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { appError } from '../../../http/errors.ts';
import { drained } from '../../../http/backpressure.ts';
import { XLSX_COLUMNS, xlsxCells } from './export.ts';
import type { WorklistRow } from './repository.ts';
import type { Cell } from './xlsx-writer.ts';

/** The rows go as plain cells (export.ts): the thread needs neither the contract nor the states' labels. */
export type ToXlsxThread = { type: 'rows'; rows: Cell[][] } | { type: 'end' };
export type FromXlsxThread = { type: 'more' } | { type: 'bytes'; bytes: Uint8Array } | { type: 'done' } | { type: 'failed'; message: string };

/** Exports writing at once on one instance: each thread holds up to its heap's limit. */
export const XLSX_THREADS = 2;
/** The thread's heap: enough for a batch and exceljs's state; a small old generation is collected often. */
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

/** Writes the workbook of `batches` to `out` from a thread of its own; `out` is ended when the file is whole. */
export async function writeXlsxOffThread(out: Writable, batches: AsyncIterable<WorklistRow[]>): Promise<void> {
  const worker = new Worker(xlsxWorkerFile(), { resourceLimits: RESOURCE_LIMITS, workerData: { columns: XLSX_COLUMNS } });
  let askedMore: () => void = () => undefined;
  let more = new Promise<void>((resolve) => (askedMore = resolve));
  const finished = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: FromXlsxThread) => {
      if (message.type === 'more') askedMore();
      else if (message.type === 'bytes') out.write(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
      else if (message.type === 'done') resolve();
      else reject(new Error(`export XLSX : ${message.message}`));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`export XLSX : fil arrêté (code ${code})`)));
  });
  // A failure while the thread still waits for rows must not go unhandled before we await it.
  finished.catch(() => undefined);
  try {
    for await (const rows of batches) {
      await Promise.race([more, finished]);
      more = new Promise<void>((resolve) => (askedMore = resolve));
      worker.postMessage({ type: 'rows', rows: rows.map(xlsxCells) } satisfies ToXlsxThread);
      await drained(out);
    }
    await Promise.race([more, finished]);
    worker.postMessage({ type: 'end' } satisfies ToXlsxThread);
    await finished;
    out.end();
  } finally {
    await worker.terminate();
  }
}
