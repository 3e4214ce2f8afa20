// In the PDF worker: the JSON text of repository.ts back to what the layout reads, as Prisma would
// have given it: dates as Date (a `date` column at midnight UTC), the named people by id, and each
// amount (a JSON number) as the `{ toNumber() }` value of projets/view.ts.
import type { PdfData } from './repository.ts';

const DATE_KEYS = ['exerciceDu', 'exerciceAu', 'createdAt', 'updatedAt', 'deletedAt', 'dateDebut', 'dateFin', 'datePublicationUtilPublique'];
const AMOUNT_KEYS = ['montantDemande', 'montantPropose', 'montantAccorde'];

/** A row with its text dates as Date and, for a financing line, its amounts as `{ toNumber() }`. */
function revive<T>(row: T): T {
  const out = { ...row } as Record<string, unknown>;
  for (const key of DATE_KEYS) {
    const value = out[key];
    if (typeof value === 'string') out[key] = new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value);
  }
  for (const key of AMOUNT_KEYS) {
    const value = out[key];
    if (typeof value === 'number') out[key] = { toNumber: () => value };
  }
  return out as T;
}

type Person = PdfData['persons'] extends Map<string, infer P> ? P : never;
type Json = Omit<PdfData['dossier'], never> & { persons: Person[]; rib: PdfData['rib'] };

export function pdfDataFromJson(json: string): PdfData {
  const { persons, rib, ...dossier } = JSON.parse(json) as Json;
  return {
    dossier: {
      ...revive(dossier),
      association: revive(dossier.association),
      budgets: dossier.budgets.map(revive),
      projets: dossier.projets.map((p) => ({ ...revive(p), budgets: p.budgets.map(revive), financements: p.financements.map(revive) })),
    },
    persons: new Map(persons.map((p) => [p.id, p])),
    rib,
  };
}
