// Project period rules (docs/domain.md « Dossiers de subvention »): which years a project covers in
// its dossier, and the financing and budget lines those years call for. One pure function, run by
// the server when a dossier or project is written and by the client to preview the lines.

/** A multi-year dossier ends exercise + 1 or + 2 years, as its scheme says (dispositifs.duree_pluriannuelle). */
export type DureePluriannuelle = 1 | 2;

export interface DossierPeriodInput {
  /** The campaign exercise of the dossier. */
  exercice: number;
  exercice_fin: number | null;
  pluriannuel: boolean | null;
}

export interface ProjectPeriodInput {
  periode?: 'Annuel' | 'Pluriannuel' | null;
  exercice?: number | null;
  exercice_fin?: number | null;
}

export interface LineKey {
  annee: number;
  id_service_instructeur: string;
}

export interface RealignedProject {
  periode: 'Annuel' | 'Pluriannuel';
  exercice: number;
  exercice_fin: number;
  /** One financing line per year and instructing service. */
  financements: LineKey[];
  /** One budget per year. */
  budgets: { annee: number }[];
}

/** The last year of a multi-year dossier of this scheme; null when the scheme is not multi-year. */
export function multiYearEndYear(exercice: number, duree: DureePluriannuelle | null): number | null {
  return duree === null ? null : exercice + duree;
}

/**
 * The dossier's last year: the exercise itself when it is not multi-year; for a multi-year dossier,
 * the scheme's span, else the year the dossier gives, else exercise + 1 (our default rule).
 */
export function dossierEndYear(dossier: DossierPeriodInput, duree: DureePluriannuelle | null): number {
  if (!dossier.pluriannuel) return dossier.exercice;
  const fromScheme = multiYearEndYear(dossier.exercice, duree);
  if (fromScheme !== null) return fromScheme;
  return dossier.exercice_fin !== null && dossier.exercice_fin > dossier.exercice ? dossier.exercice_fin : dossier.exercice + 1;
}

/**
 * The end years a multi-year dossier may take (§9: exercise + 1 or + 2): the scheme's span when it
 * has one, else either.
 */
export function allowedEndYears(exercice: number, duree: DureePluriannuelle | null): number[] {
  return duree === null ? [exercice + 1, exercice + 2] : [exercice + duree];
}

/** The end year step 2 writes: the exercise for a one-year dossier, else the given one if allowed (null: refused). */
export function chosenEndYear(dossier: DossierPeriodInput, duree: DureePluriannuelle | null): number | null {
  if (!dossier.pluriannuel) return dossier.exercice;
  const allowed = allowedEndYears(dossier.exercice, duree);
  if (dossier.exercice_fin === null) return allowed[0]!;
  return allowed.includes(dossier.exercice_fin) ? dossier.exercice_fin : null;
}

/** The years from `from` to `to`, both included. */
export const yearsBetween = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/**
 * The project's period in its dossier and the lines it calls for. A project starting before the
 * campaign year moves to it; a multi-year dossier makes it Pluriannuel, ending at the latest with
 * the dossier (and at the earliest its start year); otherwise it is Annuel on the campaign exercise.
 */
export function realignProject(
  dossier: DossierPeriodInput,
  projet: ProjectPeriodInput,
  serviceIds: readonly string[],
  duree: DureePluriannuelle | null,
): RealignedProject {
  const endOfDossier = dossierEndYear(dossier, duree);
  let periode: RealignedProject['periode'];
  let exercice: number;
  let exercice_fin: number;
  if (dossier.pluriannuel) {
    periode = 'Pluriannuel';
    exercice = Math.min(Math.max(projet.exercice ?? dossier.exercice, dossier.exercice), endOfDossier);
    exercice_fin = Math.max(exercice, Math.min(projet.exercice_fin ?? endOfDossier, endOfDossier));
  } else {
    periode = 'Annuel';
    exercice = dossier.exercice;
    exercice_fin = dossier.exercice;
  }
  const years = yearsBetween(exercice, exercice_fin);
  const services = [...new Set(serviceIds)];
  return {
    periode,
    exercice,
    exercice_fin,
    financements: years.flatMap((annee) => services.map((id_service_instructeur) => ({ annee, id_service_instructeur }))),
    budgets: years.map((annee) => ({ annee })),
  };
}

/** Existing lines the realigned project no longer has: to remove. */
export function linesToRemove<T extends { annee: number; id_service_instructeur?: string }>(existing: readonly T[], kept: readonly { annee: number; id_service_instructeur?: string }[]): T[] {
  const key = (line: { annee: number; id_service_instructeur?: string }) => `${line.annee}|${line.id_service_instructeur ?? ''}`;
  const keep = new Set(kept.map(key));
  return existing.filter((line) => !keep.has(key(line)));
}
