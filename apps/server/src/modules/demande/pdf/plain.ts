// What crosses to a PDF worker: the rows of repository.ts as plain data (structured clone keeps
// dates, maps and JSON, but not the Decimal amounts' class): amounts go as numbers and come back as
// the `{ toNumber() }` values the layout reads (projets/view.ts).
import type { PdfData } from './repository.ts';

type Financement = PdfData['dossier']['projets'][number]['financements'][number];
type Amount = 'montantDemande' | 'montantPropose' | 'montantAccorde';

type PlainFinancement = Omit<Financement, Amount> & Record<Amount, number | null>;
/** PdfData with each financing line's amounts as numbers. */
export type PlainPdfData = Omit<PdfData, 'dossier'> & {
  dossier: Omit<PdfData['dossier'], 'projets'> & {
    projets: (Omit<PdfData['dossier']['projets'][number], 'financements'> & { financements: PlainFinancement[] })[];
  };
};

export function toPlainPdfData(data: PdfData): PlainPdfData {
  return {
    ...data,
    dossier: {
      ...data.dossier,
      projets: data.dossier.projets.map((p) => ({
        ...p,
        financements: p.financements.map((f) => ({
          ...f,
          montantDemande: f.montantDemande?.toNumber() ?? null,
          montantPropose: f.montantPropose?.toNumber() ?? null,
          montantAccorde: f.montantAccorde?.toNumber() ?? null,
        })),
      })),
    },
  };
}

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
