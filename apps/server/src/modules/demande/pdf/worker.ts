// A PDF worker thread (pool.ts): receives a dossier's rows as plain data, draws the Cerfa 12156
// layout and answers its bytes. Nothing here touches the database or the event loop of the server.
import type { Readable } from 'node:stream';
import { renderDossierPdf } from './cerfa.ts';
import { fromPlainPdfData, type PlainPdfData } from './plain.ts';

export default async function renderPdf(plain: PlainPdfData): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of renderDossierPdf(fromPlainPdfData(plain)) as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
