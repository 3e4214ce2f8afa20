// The XLSX export's thread (xlsx-thread.ts starts one per export): receives the sheet's columns, then
// its rows of cells batch by batch, writes them with exceljs (xlsx-writer.ts) and hands the zip's
// bytes back as they come. The
// millions of short-lived objects of the workbook live in this thread's own small heap, collected
// often, not in the server's (where they were promoted and held its memory up during a long export),
// and the XML and deflate work leaves the server's event loop free for the other requests.
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import type { FromXlsxThread, ToXlsxThread } from './xlsx-thread.ts';
import { writeXlsx, type Cell, type XlsxColumn } from './xlsx-writer.ts';

const port = parentPort!;
const post = (message: FromXlsxThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

let deliver: ((message: ToXlsxThread) => void) | null = null;
port.on('message', (message: ToXlsxThread) => deliver?.(message));

/** The batches as the server sends them: one asked for at a time, so at most one is in flight. */
async function* batches(): AsyncGenerator<Cell[][]> {
  for (;;) {
    const next = new Promise<ToXlsxThread>((resolve) => (deliver = resolve));
    post({ type: 'more' });
    const message = await next;
    if (message.type === 'end') return;
    yield message.rows;
  }
}

const bytesOut = new Writable({
  write(chunk: Buffer, _encoding, done) {
    // A copy of its own, so the buffer can be handed over without touching exceljs's pool.
    const bytes = new Uint8Array(chunk);
    post({ type: 'bytes', bytes }, [bytes.buffer]);
    done();
  },
  final(done) {
    post({ type: 'done' });
    done();
  },
});

const columns = (workerData as { columns: XlsxColumn[] }).columns;
writeXlsx(bytesOut, columns, batches()).catch((error: unknown) => post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }));
