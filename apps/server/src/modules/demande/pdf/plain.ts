// In the PDF worker: the plain rows it receives (repository.ts, amounts as numbers, since structured
// clone keeps dates, maps and JSON but not the Decimal amounts' class) back to what the layout reads:
// each amount as the `{ toNumber() }` value of projets/view.ts.
import type { PdfData, PlainPdfData } from './repository.ts';

const decimal = (value: number | null) => (value === null ? null : { toNumber: () => value });

/** Back to what the layout reads (only `toNumber` of an amount is ever used). */
export function fromPlainPdfData(plain: PlainPdfData): PdfData {
  return {
    ...plain,
    dossier: {
      ...plain.dossier,
      projets: plain.dossier.projets.map((p) => ({
        ...p,
        financements: p.financements.map((f) => ({
          ...f,
          montantDemande: decimal(f.montantDemande),
          montantPropose: decimal(f.montantPropose),
          montantAccorde: decimal(f.montantAccorde),
        })),
      })),
    },
  } as unknown as PdfData;
}
