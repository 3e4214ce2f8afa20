// The PDF of a subsidy dossier (docs/domain.md « Dossiers de subvention »): the rows read at once,
// then the form drawn from them (cerfa.ts) by a worker thread of the pool (pool.ts), off the event
// loop. The dossier was reached through the route's scope.
import { appError } from '../../../http/errors.ts';
import type { ApprovalDossierPdfData } from './approval-form.ts';
import type { CrfPdfData } from './crf-cerfa.ts';
import type { PdfPool } from './pool.ts';
import type { PassSportPdfData } from './pass-sport-form.ts';
import type { SiretRequestPdfData } from './siret-form.ts';
import type { PdfRepository } from './repository.ts';

export function createPdfService(repository: PdfRepository, pool: PdfPool) {
  return {
    /** The dossier's number (for the file name) and the PDF's bytes; 404 if the dossier is gone. */
    async dossierPdf(dossierId: string) {
      const rows = await repository.dossierForPdf(dossierId);
      if (!rows || rows.deletedAt) throw appError('DOSSIER_NOT_FOUND');
      return { idFo: rows.idFo, bytes: await pool.render(rows.json) };
    },
    /** A financial report's PDF (Cerfa 15059), drawn by a worker thread from its view (crf-cerfa.ts `CrfPdfData`). */
    crfPdf: (data: CrfPdfData) => pool.render(JSON.stringify(data)),
    /** A SIRET request's PDF (INSEE's form), drawn by a worker thread from its view (siret-form.ts); `kind` first, as the worker reads it. */
    siretRequestPdf: (data: SiretRequestPdfData) => pool.render(JSON.stringify({ kind: data.kind, demande: data.demande })),
    /** An approval dossier's PDF, drawn by a worker thread from its view (approval-form.ts); `kind` first, as the worker reads it. */
    approvalDossierPdf: (data: ApprovalDossierPdfData) =>
      pool.render(JSON.stringify({ kind: data.kind, dossier: data.dossier, association: data.association, personnes: data.personnes, documents: data.documents })),
    /** A Pass'Sport dossier's PDF, drawn by a worker thread from its view (pass-sport-form.ts); `kind` first, as the worker reads it. */
    passSportPdf: (data: PassSportPdfData) => pool.render(JSON.stringify({ kind: data.kind, dossier: data.dossier })),
    /** Starts the drawing threads ahead of the first PDF (at the server's start). */
    warm: () => pool.warm(),
    close: () => pool.close(),
  };
}
export type PdfService = ReturnType<typeof createPdfService>;
