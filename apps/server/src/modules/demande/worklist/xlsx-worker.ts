// The XLSX export's thread (xlsx-thread.ts starts one per export): reads the rows of its ExportPlan
// batch by batch on a connection of its own, past a keyset, turns them into cells (export-cells.ts),
// writes them with exceljs (xlsx-writer.ts) and hands the zip's bytes to the server, one chunk at a
// time: the next waits until the server says the answer took it. The rows and the millions of
// short-lived objects of the workbook live in this thread's own small heap, collected often, never in
// the server's; the XML and deflate work leaves the server's event loop free for other requests.
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { xlsxCells } from './export-cells.ts';
import type { WorklistRow } from './repository.ts';
import type { FromXlsxThread, ToXlsxThread, XlsxThreadData } from './xlsx-thread.ts';
import { writeXlsx, type Cell } from './xlsx-writer.ts';

const port = parentPort!;
const { columns, labels, plan } = workerData as XlsxThreadData;
const post = (message: FromXlsxThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** The rows of the plan as cells, one keyset query per batch. */
async function* batches(): AsyncGenerator<Cell[][]> {
  if (!plan) return;
  const client = new pg.Client({ connectionString: plan.connectionString, application_name: 'portail export xlsx' });
  await client.connect();
  try {
    const values = [...plan.values];
    for (;;) {
      const { rows } = await client.query<WorklistRow>({ text: plan.text, values });
      if (rows.length > 0) yield rows.map((row) => xlsxCells(row, labels));
      if (rows.length < plan.batch) return;
      const last = rows.at(-1)!;
      values[plan.atIndex] = last.sort_at;
      values[plan.idIndex] = last.id;
    }
  } finally {
    await client.end();
  }
}

/** The chunk the server has not acknowledged yet: the writable's next write waits for it. */
let pending: (() => void) | null = null;
port.on('message', (message: ToXlsxThread) => {
  if (message.type !== 'taken') return;
  const done = pending;
  pending = null;
  done?.();
});

const bytesOut = new Writable({
  write(chunk: Buffer, _encoding, done) {
    // A copy of its own, so the buffer can be handed over without touching exceljs's pool.
    const bytes = new Uint8Array(chunk);
    pending = () => done();
    post({ type: 'bytes', bytes }, [bytes.buffer]);
  },
  final(done) {
    post({ type: 'done' });
    done();
  },
});

writeXlsx(bytesOut, columns, batches()).catch((error: unknown) => post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }));
