// PDFs are drawn off the event loop (docs/architecture.md « PDF ») by a small pool of worker
// threads (piscina): at most `threads` at once, the next ones wait in a bounded queue; beyond it,
// 429 with Retry-After. Threads are started once and kept: a thread's start (its modules, fonts
// and a first drawing, worker.ts) costs more than a PDF, so only the first PDF waits for one. They
// start with the first PDF asked for, or with the server (`warm`, PDF_WARM=1).
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { PdfPoolConfig } from '../../../config.ts';
import { appError } from '../../../http/errors.ts';

/**
 * The worker's file: under the TypeScript sources (this file ends in .ts), a bootstrap that registers
 * tsx; in the built server, pdf-worker.js, an entry of the bundle beside this chunk (scripts/build.mjs).
 */
export function pdfWorkerFile(moduleUrl = import.meta.url): string {
  const fromSources = moduleUrl.endsWith('.ts');
  return fileURLToPath(new URL(fromSources ? './worker-entry.mjs' : './pdf-worker.js', moduleUrl));
}

export function createPdfPool(config: PdfPoolConfig) {
  let pool: Piscina | null = null;
  const started = () =>
    (pool ??= new Piscina({ filename: pdfWorkerFile(), minThreads: config.threads, maxThreads: config.threads, maxQueue: config.queue }));
  return {
    /** Starts the threads now and resolves when each is ready to draw (called at the server's start when `warm`). */
    async warm(): Promise<void> {
      const workers = started();
      // One trivial task per thread: each answers once its modules are loaded and its first drawing done.
      await Promise.all(Array.from({ length: config.threads }, () => workers.run(null, { name: 'ready' })));
    },
    /** The PDF's bytes, drawn by a worker thread from the rows read by the repository (their JSON text). */
    async render(json: string): Promise<Buffer> {
      const workers = started();
      if (workers.queueSize >= config.queue) throw appError('TOO_MANY_REQUESTS').retryAfter(5);
      const bytes = (await workers.run(json)) as Uint8Array;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    /** PDFs being drawn and waiting (bench, tests). */
    stats: () => ({ threads: pool?.threads.length ?? 0, queued: pool?.queueSize ?? 0 }),
    async close() {
      const running = pool;
      pool = null;
      await running?.destroy();
    },
  };
}
export type PdfPool = ReturnType<typeof createPdfPool>;
