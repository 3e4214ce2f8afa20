// Rules of a project (docs/domain.md « Dossiers de subvention »): defaults for empty required
// fields, the checks of means and evaluation, and the CNDS sub-schemes that take one project only.
import { SUBSIDY_MESSAGES } from './messages.ts';

export const SANS_OBJET = 'Sans objet';
export const RECURRENCE_DEFAULT = 'première demande';
export const RECURRENCE_RENOUVELLEMENT = 'renouvellement';
/** The two answers of « Nouveau projet ou renouvellement » (Cerfa 12156). */
export const RECURRENCES = [RECURRENCE_DEFAULT, RECURRENCE_RENOUVELLEMENT] as const;

/** A project's recurrence as its dossier answers « S'agit-il du renouvellement d'une demande ? » (null: not answered yet). */
export const recurrenceOfDossier = (renouvellement: boolean | null | undefined): string | null =>
  renouvellement === true ? RECURRENCE_RENOUVELLEMENT : renouvellement === false ? RECURRENCE_DEFAULT : null;

export interface Indicateur {
  rang: number;
  intitule?: string | null;
  prevu_min?: number | null;
  prevu_max?: number | null;
}

export interface Beneficiaire {
  id_statut?: string | null;
  lib_statut?: string | null;
  id_tranche_age?: string | null;
  lib_tranche_age?: string | null;
  id_genre?: string | null;
  lib_genre?: string | null;
  nombre?: number | null;
}

/** The project fields the defaults and checks read, as the API carries them. */
export interface ProjetFields {
  description: {
    intitule?: string | null;
    recurrence?: string | null;
    periode?: 'Annuel' | 'Pluriannuel' | null;
    date_debut?: string | null;
    date_fin?: string | null;
    objectifs?: string | null;
    description?: string | null;
    exercice?: number | null;
    exercice_fin?: number | null;
    id_responsable?: string | null;
    rang_dossier?: number | null;
    numero_projet?: string | null;
    demandeur_id_siret?: string | null;
  };
  territoires?: { commentaire?: string | null; territoires?: unknown[] };
  beneficiaire?: Beneficiaire[];
  moyens?: { commentaire?: string | null; recrutement_specifique?: boolean | null; recrutement_nb_etpt?: number | null };
  evaluation?: { indicateurs?: Indicateur[]; commentaire?: string | null };
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const orDefault = <T>(value: T | null | undefined, fallback: T): T => (blank(value) ? fallback : (value as T));

/** YYYY-MM-DD of a date, in UTC. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The years a dossier covers (its exercise to its end year): its projects' dates fall within them. */
export interface ProjectPeriod {
  exercice: number;
  exercice_fin: number;
}
const periodStart = (period: ProjectPeriod) => `${period.exercice}-01-01`;
const periodEnd = (period: ProjectPeriod) => `${period.exercice_fin}-12-31`;
const clampDay = (day: string, period: ProjectPeriod) => (day < periodStart(period) ? periodStart(period) : day > periodEnd(period) ? periodEnd(period) : day);

/**
 * Fills the empty required fields (spec §5): recurrence « première demande » (« renouvellement » in a
 * dossier that renews a request), texts and labels
 * « Sans objet », period Annuel, start today and end tomorrow, numbers 0, manager from the
 * applicant. Never fills rang_dossier, numero_projet, exercice, exercice_fin nor amounts; never
 * changes a filled field.
 */
export function withProjectDefaults<P extends ProjetFields>(
  projet: P,
  context: { today: Date; idResponsable: string | null; renouvellement?: boolean | null; period?: ProjectPeriod },
): P {
  const d = projet.description;
  // Within the dossier's years: a campaign of next year starts its projects on 1 January, not today.
  const start = context.period ? clampDay(isoDay(context.today), context.period) : isoDay(context.today);
  const next = isoDay(new Date(new Date(`${start}T00:00:00Z`).getTime() + 86_400_000));
  const end = context.period ? clampDay(next, context.period) : next;
  return {
    ...projet,
    description: {
      ...d,
      // The dossier's answer to « renouvellement » when it has one.
      recurrence: orDefault(d.recurrence, recurrenceOfDossier(context.renouvellement) ?? RECURRENCE_DEFAULT),
      intitule: orDefault(d.intitule, SANS_OBJET),
      objectifs: orDefault(d.objectifs, SANS_OBJET),
      description: orDefault(d.description, SANS_OBJET),
      periode: orDefault(d.periode, 'Annuel'),
      date_debut: orDefault(d.date_debut, start),
      date_fin: orDefault(d.date_fin, end),
      id_responsable: orDefault(d.id_responsable, context.idResponsable),
    },
    territoires: { ...projet.territoires, commentaire: orDefault(projet.territoires?.commentaire, SANS_OBJET) },
    beneficiaire: (projet.beneficiaire ?? []).map((b) => ({
      ...b,
      lib_statut: orDefault(b.lib_statut, SANS_OBJET),
      lib_tranche_age: orDefault(b.lib_tranche_age, SANS_OBJET),
      lib_genre: orDefault(b.lib_genre, SANS_OBJET),
      nombre: orDefault(b.nombre, 0),
    })),
    moyens: {
      ...projet.moyens,
      commentaire: orDefault(projet.moyens?.commentaire, SANS_OBJET),
      ...(projet.moyens?.recrutement_specifique ? { recrutement_nb_etpt: orDefault(projet.moyens.recrutement_nb_etpt, 0) } : {}),
    },
    evaluation: { ...projet.evaluation, commentaire: orDefault(projet.evaluation?.commentaire, SANS_OBJET) },
  };
}

export interface ProjectProblem {
  field: string;
  message: string;
}

/**
 * The checks before a project is saved as complete (spec §5): the number of FTE when there is a
 * specific recruitment; the evaluation comment when there is no indicator, otherwise indicators
 * ranked 1, 2, 3... each with a title and a minimum not above its maximum.
 */
export function checkProject(projet: ProjetFields, period?: ProjectPeriod): ProjectProblem[] {
  const problems: ProjectProblem[] = period ? checkProjectDates(projet.description, period) : [];
  const moyens = projet.moyens ?? {};
  if (moyens.recrutement_specifique && (typeof moyens.recrutement_nb_etpt !== 'number' || !(moyens.recrutement_nb_etpt > 0)))
    problems.push({ field: 'moyens.recrutement_nb_etpt', message: SUBSIDY_MESSAGES.recrutementNbEtptRequired });
  const indicateurs = projet.evaluation?.indicateurs ?? [];
  if (indicateurs.length === 0) {
    if (blank(projet.evaluation?.commentaire))
      problems.push({ field: 'evaluation.commentaire', message: SUBSIDY_MESSAGES.evaluationCommentaireRequired });
    return problems;
  }
  const rangs = indicateurs.map((i) => i.rang).sort((a, b) => a - b);
  if (rangs.some((rang, index) => rang !== index + 1))
    problems.push({ field: 'evaluation.indicateurs', message: SUBSIDY_MESSAGES.indicateurRangs });
  for (const indicateur of indicateurs) {
    if (blank(indicateur.intitule))
      problems.push({ field: `evaluation.indicateurs.${indicateur.rang}.intitule`, message: SUBSIDY_MESSAGES.indicateurIntitule(indicateur.rang) });
    const { prevu_min: min, prevu_max: max } = indicateur;
    if (typeof min !== 'number' || typeof max !== 'number' || min < 0 || min > max)
      problems.push({ field: `evaluation.indicateurs.${indicateur.rang}`, message: SUBSIDY_MESSAGES.indicateurBounds(indicateur.rang) });
  }
  return problems;
}

/**
 * The project's dates: it may not end before it starts, nor start or end outside its dossier's years
 * (1 January of the exercise to 31 December of the end year).
 */
export function checkProjectDates(description: ProjetFields['description'], period: ProjectPeriod): ProjectProblem[] {
  const problems: ProjectProblem[] = [];
  const { date_debut: debut, date_fin: fin } = description;
  const outside = SUBSIDY_MESSAGES.projectOutsidePeriod(period.exercice, period.exercice_fin);
  if (debut && fin && fin < debut) problems.push({ field: 'description.date_fin', message: SUBSIDY_MESSAGES.projectEndsBeforeStart });
  if (debut && (debut < periodStart(period) || debut > periodEnd(period))) problems.push({ field: 'description.date_debut', message: outside });
  if (fin && (fin < periodStart(period) || fin > periodEnd(period))) problems.push({ field: 'description.date_fin', message: outside });
  return problems;
}

/** Lines given twice: a financing line per year and instructing service, a budget per year. */
export function checkProjectLines(lines: {
  financements?: readonly { annee: number; id_service_instructeur: string }[];
  budgets?: readonly { annee: number }[];
}): ProjectProblem[] {
  const problems: ProjectProblem[] = [];
  const seen = new Set<string>();
  (lines.financements ?? []).forEach((line, index) => {
    const key = `${line.annee}|${line.id_service_instructeur}`;
    if (seen.has(key)) problems.push({ field: `financements.${index}`, message: SUBSIDY_MESSAGES.financementTwice(line.annee) });
    seen.add(key);
  });
  const years = new Set<number>();
  (lines.budgets ?? []).forEach((budget, index) => {
    if (years.has(budget.annee)) problems.push({ field: `budgets.${index}`, message: SUBSIDY_MESSAGES.budgetTwice(budget.annee) });
    years.add(budget.annee);
  });
  return problems;
}

/** CNDS sub-schemes whose dossiers hold a single project (spec §4), in the spec's words. */
export const CNDS_SINGLE_PROJECT_SOUS_DISPOSITIFS = [
  'Part territoriale Apprentissage',
  'Part territoriale Emploi',
  'Emploi 1 jeune 1 solution',
  'Emploi Campus 2023',
  'Emploi Déclinaison territoriale de la gouvernance',
] as const;

/** Labels compared without case, accents, dashes or spacing: 'Part territoriale - Emploi' is 'Part territoriale Emploi'. */
export const normaliseSousDispositifLabel = (label: string) =>
  label.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
const SINGLE_PROJECT = new Set(CNDS_SINGLE_PROJECT_SOUS_DISPOSITIFS.map(normaliseSousDispositifLabel));

/** Whether a project may be added to a dossier of this scheme and sub-scheme that already has `projectCount`. */
export function canAddProject(dossier: { dispositifCode: string; sousDispositifLabel: string | null; projectCount: number }): boolean {
  if (dossier.projectCount === 0 || dossier.dispositifCode !== 'CNDS' || dossier.sousDispositifLabel === null) return true;
  return !SINGLE_PROJECT.has(normaliseSousDispositifLabel(dossier.sousDispositifLabel));
}
