// The documents of a financial report (spec §5): the annual accounts (of the previous year by
// default, or the one before), the activity report, and the power of attorney when the legal
// representative and the signatory are both given and differ; any other is optional. Comfort
// only: the server applies the same rule at transmission.
import { CRF_DOCUMENT_CODES, crfAccountsYears } from '@portail/contract';

export interface CrfExpectedDocument {
  code: string;
  label: string;
  /** The association file's document type offered for it (its candidates and uploads; referential « types-documents »). */
  nature: string;
  required: boolean;
}

/** The years the annual accounts may be of: the previous one (default) then the one before (spec §9). */
export const accountsYears = (today: Date = new Date()): [number, number] => crfAccountsYears(today.getFullYear());

export function expectedCrfDocuments(demandeur: { id_representant_legal: string | null; id_signataire: string | null }): CrfExpectedDocument[] {
  const { id_representant_legal: representative, id_signataire: signatory } = demandeur;
  const documents: CrfExpectedDocument[] = [
    { code: CRF_DOCUMENT_CODES.comptesAnnuels, label: 'Comptes annuels', nature: 'CPTE', required: true },
    { code: CRF_DOCUMENT_CODES.rapportActivite, label: "Rapport d'activité", nature: 'RAPACT', required: true },
  ];
  if (representative && signatory && representative !== signatory) {
    documents.push({ code: CRF_DOCUMENT_CODES.pouvoir, label: 'Pouvoir du représentant légal au signataire', nature: 'POUV', required: true });
  }
  return documents;
}
