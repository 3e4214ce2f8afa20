// Rows → the contract's shapes: a project with its lines, each budget (project's or dossier's) with
// its totals from the contract's one calculation (computeSubsidyBudgetTotals), never recomputed here.
import {
  computeSubsidyBudgetTotals,
  type ProjetField,
  type ProjetView,
  type SubsidyBudgetLines,
  type SubsidyBudgetTotals,
} from '@portail/contract';

/** What a budget row carries, for a project's year or a dossier's year. */
export interface BudgetLike {
  annee: number;
  exerciceDu: Date | null;
  exerciceAu: Date | null;
  charges: unknown;
  produits: unknown;
  contributions: unknown;
}

interface ProjetLike {
  id: string;
  rangDossier: number;
  numeroProjet: string | null;
  intitule: string | null;
  recurrence: string | null;
  periode: string;
  dateDebut: Date | null;
  dateFin: Date | null;
  objectifs: string | null;
  description: string | null;
  exercice: number;
  exerciceFin: number;
  idResponsable: string | null;
  demandeurIdSiret: string | null;
  territoires: unknown;
  beneficiaire: unknown;
  moyens: unknown;
  evaluation: unknown;
  cofinancements: unknown;
  customs: unknown;
  needValidation: boolean;
  financements: { annee: number; serviceId: string; montantDemande: { toNumber(): number } | null; montantPropose: { toNumber(): number } | null; montantAccorde: { toNumber(): number } | null }[];
  budgets: BudgetLike[];
}

export const isoDay = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);
const object = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const array = <T = unknown>(value: unknown) => (Array.isArray(value) ? (value as T[]) : []);
const amount = (value: { toNumber(): number } | null) => (value === null ? null : value.toNumber());

type Amounts = Record<string, number | undefined>;
interface Lines {
  charges: { comptes: Amounts; charges_fixes: Amounts };
  produits: { comptes: Amounts; ressources_propres: Amounts };
  contributions: Amounts;
}
/** A stored budget's lines, with the empty groups the contract's schema gives by default. */
export function budgetLines(row: Pick<BudgetLike, 'charges' | 'produits' | 'contributions'>): Lines {
  const charges = object(row.charges);
  const produits = object(row.produits);
  return {
    charges: { comptes: object(charges.comptes), charges_fixes: object(charges.charges_fixes) },
    produits: { comptes: object(produits.comptes), ressources_propres: object(produits.ressources_propres) },
    contributions: object(row.contributions),
  } as Lines;
}

/** A budget with its totals (charges, produits, contributions, excess and shortfall never below zero). */
export function budgetView(row: BudgetLike) {
  const lines = budgetLines(row);
  return { annee: row.annee, exerciceDu: isoDay(row.exerciceDu), exerciceAu: isoDay(row.exerciceAu), ...lines, totaux: computeSubsidyBudgetTotals(lines as SubsidyBudgetLines) };
}

/** Every year's lines added up, line by line, then the same calculation: the totals over a period. */
export function totalsOver(rows: readonly BudgetLike[]): SubsidyBudgetTotals {
  const addInto = (target: Record<string, number>, source: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(source)) if (typeof value === 'number') target[key] = (target[key] ?? 0) + value;
  };
  const sum = { charges: { comptes: {}, charges_fixes: {} }, produits: { comptes: {}, ressources_propres: {} }, contributions: {} } as {
    charges: { comptes: Record<string, number>; charges_fixes: Record<string, number> };
    produits: { comptes: Record<string, number>; ressources_propres: Record<string, number> };
    contributions: Record<string, number>;
  };
  for (const row of rows) {
    const lines = budgetLines(row);
    addInto(sum.charges.comptes, lines.charges.comptes ?? {});
    addInto(sum.charges.charges_fixes, lines.charges.charges_fixes ?? {});
    addInto(sum.produits.comptes, lines.produits.comptes ?? {});
    addInto(sum.produits.ressources_propres, lines.produits.ressources_propres ?? {});
    addInto(sum.contributions, lines.contributions);
  }
  return computeSubsidyBudgetTotals(sum as SubsidyBudgetLines);
}

type Beneficiaire = ProjetView['beneficiaire'][number];
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
/**
 * A stored beneficiary line in the contract's shape: a writer may leave out any of its fields (the
 * input schema makes them optional), the view answers each one, null when absent.
 */
function beneficiaireView(value: unknown): Beneficiaire {
  const line = object(value);
  return {
    id_statut: textOrNull(line.id_statut),
    lib_statut: textOrNull(line.lib_statut),
    id_tranche_age: textOrNull(line.id_tranche_age),
    lib_tranche_age: textOrNull(line.lib_tranche_age),
    id_genre: textOrNull(line.id_genre),
    lib_genre: textOrNull(line.lib_genre),
    nombre: typeof line.nombre === 'number' && Number.isInteger(line.nombre) && line.nombre >= 0 ? line.nombre : null,
  };
}

export function projetView(row: ProjetLike): ProjetView {
  const moyens = object(row.moyens);
  const evaluation = object(row.evaluation);
  const territoires = object(row.territoires);
  return {
    id: row.id,
    description: {
      intitule: row.intitule,
      recurrence: row.recurrence,
      periode: row.periode as ProjetView['description']['periode'],
      date_debut: isoDay(row.dateDebut),
      date_fin: isoDay(row.dateFin),
      objectifs: row.objectifs,
      description: row.description,
      exercice: row.exercice,
      exercice_fin: row.exerciceFin,
      id_responsable: row.idResponsable,
      rang_dossier: row.rangDossier,
      numero_projet: row.numeroProjet,
      demandeur_id_siret: row.demandeurIdSiret,
    },
    territoires: { commentaire: (territoires.commentaire as string | null | undefined) ?? null, territoires: array(territoires.territoires) },
    beneficiaire: array(row.beneficiaire).map(beneficiaireView),
    moyens: {
      commentaire: (moyens.commentaire as string | null | undefined) ?? null,
      recrutement_specifique: (moyens.recrutement_specifique as boolean | null | undefined) ?? null,
      recrutement_nb_etpt: (moyens.recrutement_nb_etpt as number | null | undefined) ?? null,
    },
    evaluation: { indicateurs: array(evaluation.indicateurs), commentaire: (evaluation.commentaire as string | null | undefined) ?? null },
    financements: row.financements.map((f) => ({
      annee: f.annee,
      id_service_instructeur: f.serviceId,
      montant_demande: amount(f.montantDemande),
      montant_propose: amount(f.montantPropose),
      montant_accorde: amount(f.montantAccorde),
    })),
    cofinancements: array(row.cofinancements),
    budgets: row.budgets.map(budgetView),
    totaux: totalsOver(row.budgets),
    customs: array(row.customs),
    need_validation: row.needValidation,
  };
}

const FIELD_KEYS: Record<Exclude<ProjetField, 'identifiant'>, keyof ProjetView> = {
  description: 'description', territoires: 'territoires', beneficiaire: 'beneficiaire', moyens: 'moyens', evaluation: 'evaluation',
  financements: 'financements', cofinancements: 'cofinancements', budgets: 'budgets', totaux: 'totaux', customs: 'customs',
  need_validation: 'need_validation',
};

/** The parts asked for, the id always. */
export function pickFields(view: ProjetView, fields: readonly ProjetField[]): Partial<ProjetView> & { id: string } {
  const picked: Partial<ProjetView> & { id: string } = { id: view.id };
  for (const field of fields) {
    if (field === 'identifiant') continue;
    const key = FIELD_KEYS[field];
    (picked as Record<string, unknown>)[key] = view[key];
  }
  return picked;
}
