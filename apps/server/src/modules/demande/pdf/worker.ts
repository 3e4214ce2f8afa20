// A PDF worker thread (pool.ts): receives a dossier's rows as plain data, draws the Cerfa 12156
// layout and answers its bytes. Nothing here touches the database or the event loop of the server.
// The thread draws a small page as it starts (warmUp), so that the fonts, the kept text measures
// (font-measures.ts) and the drawing code are ready before the first real PDF.
import type { Readable } from 'node:stream';
import { renderDossierPdf, warmUpDrawing } from './cerfa.ts';
import { fromPlainPdfData } from './plain.ts';
import type { PlainPdfData } from './repository.ts';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

await bytesOf(warmUpDrawing() as unknown as Readable);

export default async function renderPdf(plain: PlainPdfData): Promise<Uint8Array> {
  return bytesOf(renderDossierPdf(fromPlainPdfData(plain)) as unknown as Readable);
}

/** Answers once the thread is started (pool.ts `warm`). */
export const ready = () => true;
