// A PDF worker thread (pool.ts): receives a dossier's rows as JSON text (repository.ts), draws the Cerfa 12156
// layout and answers its bytes; or a financial report's view, drawn in the Cerfa 15059 layout; or a SIRET request's, in INSEE's form;
// or an approval dossier's; or a Pass'Sport dossier's. Nothing here touches the database or the event loop of the server.
// The thread draws a small page as it starts (warmUp), so that the fonts, the kept text measures
// (font-measures.ts) and the drawing code are ready before the first real PDF.
import type { Readable } from 'node:stream';
import { renderApprovalDossierPdf, type ApprovalDossierPdfData } from './approval-form.ts';
import { renderDossierPdf, warmUpDrawing } from './cerfa.ts';
import { renderCrfPdf, type CrfPdfData } from './crf-cerfa.ts';
import { renderPassSportPdf, type PassSportPdfData } from './pass-sport-form.ts';
import { pdfDataFromJson } from './plain.ts';
import { renderSiretRequestPdf, type SiretRequestPdfData } from './siret-form.ts';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

await bytesOf(warmUpDrawing() as unknown as Readable);

/** The JSON text of a financial report starts with its kind (crf-cerfa.ts); any other is a dossier's rows. */
const CRF_PREFIX = '{"kind":"crf"';
/** The same for a SIRET request (siret-form.ts). */
const SIRET_REQUEST_PREFIX = '{"kind":"demande_siret"';
/** The same for an approval dossier (approval-form.ts). */
const APPROVAL_DOSSIER_PREFIX = '{"kind":"agrement_dossier"';
/** The same for a Pass'Sport dossier (pass-sport-form.ts). */
const PASS_SPORT_PREFIX = '{"kind":"pass_sport"';

export default async function renderPdf(json: string): Promise<Uint8Array> {
  if (json.startsWith(CRF_PREFIX)) return bytesOf(renderCrfPdf(JSON.parse(json) as CrfPdfData) as unknown as Readable);
  if (json.startsWith(APPROVAL_DOSSIER_PREFIX)) return bytesOf(renderApprovalDossierPdf(JSON.parse(json) as ApprovalDossierPdfData) as unknown as Readable);
  if (json.startsWith(PASS_SPORT_PREFIX)) return bytesOf(renderPassSportPdf(JSON.parse(json) as PassSportPdfData) as unknown as Readable);
  if (json.startsWith(SIRET_REQUEST_PREFIX)) return bytesOf(renderSiretRequestPdf(JSON.parse(json) as SiretRequestPdfData) as unknown as Readable);
  return bytesOf(renderDossierPdf(pdfDataFromJson(json)) as unknown as Readable);
}

/** Answers once the thread is started (pool.ts `warm`). */
export const ready = () => true;
