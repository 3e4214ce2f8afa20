// The PDF of a subsidy dossier (docs/domain.md « Dossiers de subvention »): the rows read at once,
// then the form drawn from them (cerfa.ts). The dossier was reached through the route's scope.
import { appError } from '../../../http/errors.ts';
import { renderDossierPdf } from './cerfa.ts';
import type { PdfRepository } from './repository.ts';

export function createPdfService(repository: PdfRepository) {
  return {
    /** The dossier's number (for the file name) and the PDF stream; 404 if the dossier is gone. */
    async dossierPdf(dossierId: string) {
      const data = await repository.dossierForPdf(dossierId);
      if (!data || data.dossier.deletedAt) throw appError('DOSSIER_NOT_FOUND');
      return { idFo: data.dossier.idFo, stream: renderDossierPdf(data) };
    },
  };
}
export type PdfService = ReturnType<typeof createPdfService>;
