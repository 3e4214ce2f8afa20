// The rules of a financial report as pure functions (docs/domain.md « Comptes rendus financiers »):
// which dossier has reports and for which exercises, what a new report is cloned from, the
// documents rules of spec §5, and what transmission still misses.
import { CRF_DOCUMENT_CODES, CRF_MESSAGES, crfAccountsYears, type CrfBudgetLines, type CrfState } from '@portail/contract';
import type { CrfProjetData, CrfRow, CrfSourceRow } from './repository.ts';

/** Instruction states in which the dossier was granted: it owes its reports (6 granted, 7-8 being paid, 9 paid, 10 closed). */
export const GRANTED_STATES = ['6', '7', '8', '9', '10'] as const;
/** States in which the association may still change the report (the machine's editable states). */
export const EDITABLE_CRF_STATES: readonly CrfState[] = ['1', '2', '3'];

export const isGranted = (source: Pick<CrfSourceRow, 'instructions'>) => source.instructions.some((i) => (GRANTED_STATES as readonly string[]).includes(i.etat));
/** The exercises of the dossier: one report for each. */
export const exercisesOf = (dossier: { exercice: number; exerciceFin: number | null }) => {
  const to = Math.max(dossier.exercice, dossier.exerciceFin ?? dossier.exercice);
  return Array.from({ length: to - dossier.exercice + 1 }, (_, i) => dossier.exercice + i);
};

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const asArray = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

/** Adds two budgets' lines account by account. */
function addLines(into: Json, from: unknown) {
  for (const [key, value] of Object.entries(asObject(from))) {
    if (typeof value === 'number') into[key] = ((into[key] as number | undefined) ?? 0) + value;
    else if (value && typeof value === 'object') addLines((into[key] ??= {}) as Json, value);
  }
}

/** The planned budget of the exercise: the projects' budgets of that year, summed account by account. */
export function plannedBudget(source: CrfSourceRow, exercice: number): CrfBudgetLines {
  const total: Json = { charges: { comptes: {}, charges_fixes: {} }, produits: { comptes: {}, ressources_propres: {} }, contributions: {} };
  for (const budget of source.projets.flatMap((p) => p.budgets).filter((b) => b.annee === exercice)) {
    addLines(total.charges as Json, budget.charges);
    addLines(total.produits as Json, budget.produits);
    addLines(total.contributions as Json, budget.contributions);
  }
  return total as unknown as CrfBudgetLines;
}

/** A project's realised part as first cloned: its planned indicators, beneficiaries and means, its lines of the exercise. */
export function clonedProjet(projet: CrfSourceRow['projets'][number], exercice: number): CrfProjetData & { projetId: string } {
  const evaluation = asObject(projet.evaluation);
  return {
    projetId: projet.id,
    dateDebut: projet.dateDebut,
    dateFin: projet.dateFin,
    moyens: asObject(projet.moyens) as object,
    beneficiaire: asArray(projet.beneficiaire) as object[],
    evaluation: {
      commentaire: null,
      indicateurs: asArray(evaluation.indicateurs).map((i) => ({ rang: i.rang, intitule: i.intitule ?? null, prevu_min: i.prevu_min ?? null, prevu_max: i.prevu_max ?? null, realise: null })),
    },
    financements: projet.financements
      .filter((f) => f.annee === exercice && f.montantAccorde !== null)
      .map((f) => ({ annee: f.annee, id_service_instructeur: f.serviceId, montant_realise: null })),
  };
}

/** The cofinancements asked in the projects (financeur, montant), the amount obtained to fill. */
export const clonedCofinancements = (source: CrfSourceRow) =>
  source.projets.flatMap((p) => asArray(p.cofinancements)).map((c) => ({ financeur: String(c.financeur ?? ''), montant: (c.montant as number | null) ?? null, montant_obtenu: null }));

export interface CrfDocument {
  code: string;
  uuid: string;
  annee_validite: number | null;
}

/**
 * The documents as written (spec §5): the annual accounts' year is one of the two previous years
 * (the previous one when not said); no other document carries a year. Answers the message of the
 * first fault, or the documents to store.
 */
export function checkDocuments(documents: readonly { code: string; uuid: string; annee_validite?: number | null | undefined }[], currentYear: number): { motif: string } | { documents: CrfDocument[] } {
  const years = crfAccountsYears(currentYear);
  const stored: CrfDocument[] = [];
  for (const d of documents) {
    if (d.code === CRF_DOCUMENT_CODES.comptesAnnuels) {
      const annee = d.annee_validite ?? years[0];
      if (!years.includes(annee)) return { motif: CRF_MESSAGES.comptesYear(years) };
      stored.push({ code: d.code, uuid: d.uuid, annee_validite: annee });
    } else {
      if (d.annee_validite != null) return { motif: CRF_MESSAGES.anneeValiditeOnlyForComptes };
      stored.push({ code: d.code, uuid: d.uuid, annee_validite: null });
    }
  }
  return { documents: stored };
}

/**
 * What transmission still misses (empty: it may go): the signatory's attestation, the answer
 * « action réalisée », the realised amount of every financing line, and the documents of spec §5
 * (annual accounts, activity report, and the power of attorney when the legal representative and
 * the signatory both exist and differ).
 */
export function missingBeforeTransmission(crf: CrfRow, projets: readonly { id: string; intitule: string | null; rangDossier: number }[]): string[] {
  const m = CRF_MESSAGES.missing;
  const missing: string[] = [];
  if (!crf.idSignataire) missing.push(m.signataire);
  if (asObject(crf.attestation).certifie !== true) missing.push(m.attestation);
  if (crf.isRealised === null) missing.push(m.isRealised);
  for (const part of crf.projets) {
    const projet = projets.find((p) => p.id === part.projetId);
    const name = projet?.intitule ?? `projet ${projet?.rangDossier ?? ''}`.trim();
    for (const line of asArray(part.financements)) if (line.montant_realise == null) missing.push(m.montantRealise(Number(line.annee), name));
  }
  const codes = new Set(asArray(crf.documents).map((d) => String(d.code)));
  if (!codes.has(CRF_DOCUMENT_CODES.comptesAnnuels)) missing.push(m.comptesAnnuels);
  if (!codes.has(CRF_DOCUMENT_CODES.rapportActivite)) missing.push(m.rapportActivite);
  const differ = crf.idRepresentantLegal !== null && crf.idSignataire !== null && crf.idRepresentantLegal !== crf.idSignataire;
  if (differ && !codes.has(CRF_DOCUMENT_CODES.pouvoir)) missing.push(m.pouvoir);
  return missing;
}
