// The files of the demo documents (never in production): small one-page PDFs marked as demonstration
// documents, stored through the configured storage driver (local folder or S3) as an upload is, so
// that every seeded document row points at a file that opens.
import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { UPLOAD_MAX_BYTES } from '@portail/contract';
import type { FileStorage, StoredFile } from '../storage/index.ts';

/** A one-page PDF of a demo document, marked as such. */
export function demoPdf(titre: string, association: string, lignes: readonly string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', info: { Title: `${titre} – ${association}`, Author: association, Creator: 'Le compte association (démonstration)' }, lang: 'fr-FR' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text(titre).moveDown(0.5);
    doc.fontSize(12).text(association).moveDown();
    for (const ligne of lignes) doc.fontSize(11).text(ligne).moveDown(0.5);
    doc.moveDown().fontSize(9).fillColor('#666666').text('Document de démonstration du portail, sans valeur.');
    doc.end();
  });
}

/** Draws a demo PDF and stores it as an upload is stored (within the upload's size limit). */
export async function storeDemoPdf(storage: FileStorage, titre: string, association: string, lignes: readonly string[]): Promise<StoredFile> {
  return storage.save(Readable.from([await demoPdf(titre, association, lignes)]), { maxBytes: UPLOAD_MAX_BYTES });
}
