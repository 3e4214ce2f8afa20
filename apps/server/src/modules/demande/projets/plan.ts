// A project as it will be written (docs/domain.md « Dossiers de subvention »): the stored project
// (if any) with the caller's parts over it, checked (checkProject), completed (withProjectDefaults),
// its period realigned on its dossier (realignProject) and its lines, one financing line per year
// and instructing service and one budget per year. Only the contract's rules decide; this file
// joins them to the rows.
import {
  checkAnswers,
  checkProject,
  checkProjectLines,
  dossierEndYear,
  realignProject,
  withProjectDefaults,
  PROJET_MESSAGES,
  type AnswerDefinition,
  type DureePluriannuelle,
  type ProjetFields,
  type ProjetView,
  type projetInputSchema,
} from '@portail/contract';
import type { z } from 'zod';
import { appError } from '../../../http/errors.ts';
import type { BudgetWrite, DossierContext, FinancementWrite, ProjetColumns } from './repository.ts';

export type ProjetInputParsed = z.output<typeof projetInputSchema>;

/** The dossier facts the period rules read. */
export interface DossierFacts {
  exercice: number;
  exercice_fin: number | null;
  pluriannuel: boolean | null;
  /** The dossier's answer to « renouvellement », a new project's recurrence by default. */
  renouvellement: boolean | null;
  duree: DureePluriannuelle | null;
  serviceIds: string[];
  idResponsable: string | null;
  idSiret: string | null;
}

export function dossierFacts(dossier: DossierContext): DossierFacts {
  const duree = dossier.dispositif.dureePluriannuelle;
  return {
    exercice: dossier.exercice,
    exercice_fin: dossier.exerciceFin,
    pluriannuel: dossier.pluriannuel,
    renouvellement: dossier.renouvellement,
    duree: duree === 1 || duree === 2 ? duree : null,
    serviceIds: [...new Set(dossier.instructions.map((i) => i.serviceId))],
    idResponsable: dossier.idResponsable,
    idSiret: dossier.idSiret,
  };
}

/** The caller's parts over the stored project: description field by field, the other parts whole. */
function merge(existing: ProjetView | null, input: ProjetInputParsed): ProjetFields & { cofinancements: unknown[]; customs: ProjetView['customs'] } {
  const description = { ...(existing?.description ?? {}), ...input.description };
  return {
    description,
    territoires: input.territoires ? { ...existing?.territoires, ...input.territoires } : (existing?.territoires ?? {}),
    beneficiaire: input.beneficiaire ?? existing?.beneficiaire ?? [],
    moyens: input.moyens ? { ...existing?.moyens, ...input.moyens } : (existing?.moyens ?? {}),
    evaluation: input.evaluation ? { ...existing?.evaluation, ...input.evaluation } : (existing?.evaluation ?? {}),
    cofinancements: input.cofinancements ?? existing?.cofinancements ?? [],
    customs: input.customs ?? existing?.customs ?? [],
  };
}

const day = (value: string | null | undefined) => (value ? new Date(`${value}T00:00:00Z`) : null);
const key = (annee: number, serviceId: string) => `${annee}|${serviceId}`;

export interface ProjetPlan {
  columns: ProjetColumns;
  financements: FinancementWrite[];
  budgets: BudgetWrite[];
}

/**
 * The project to write, or a refusal (400 VALIDATION_ERROR with the French message of each problem).
 * The caller's financing lines set the requested amounts; the proposed and granted amounts are the
 * services' and stay as stored.
 */
export function planProjet(args: { dossier: DossierFacts; existing: ProjetView | null; input: ProjetInputParsed; today: Date; answers: readonly AnswerDefinition[] }): ProjetPlan {
  const { dossier, existing, input } = args;
  const merged = merge(existing, input);
  // Its dates within the dossier's years, each line once, the customs it writes by their type (answers.ts).
  const years = { exercice: dossier.exercice, exercice_fin: dossierEndYear(dossier, dossier.duree) };
  const problems = [...checkProject(merged, years), ...checkProjectLines(input)];
  const answers = input.customs ? checkAnswers(input.customs, args.answers) : {};
  if (problems.length > 0 || Object.keys(answers).length > 0)
    throw appError('VALIDATION_ERROR', { fields: { ...Object.fromEntries(problems.map((p) => [p.field, p.message])), ...answers } });
  const filled = withProjectDefaults(merged, { today: args.today, idResponsable: dossier.idResponsable, renouvellement: dossier.renouvellement, period: years });
  const d = filled.description;
  const period = realignProject(dossier, { periode: d.periode, exercice: d.exercice, exercice_fin: d.exercice_fin }, dossier.serviceIds, dossier.duree);

  const fields: Record<string, string> = {};
  const stored = new Map((existing?.financements ?? []).map((f) => [key(f.annee, f.id_service_instructeur), f]));
  const kept = new Set(period.financements.map((f) => key(f.annee, f.id_service_instructeur)));
  const given = new Map<string, NonNullable<ProjetInputParsed['financements']>[number]>();
  (input.financements ?? []).forEach((line, index) => {
    if (!dossier.serviceIds.includes(line.id_service_instructeur)) fields[`financements.${index}.id_service_instructeur`] = PROJET_MESSAGES.serviceNotInstructing;
    else if (!kept.has(key(line.annee, line.id_service_instructeur))) fields[`financements.${index}.annee`] = PROJET_MESSAGES.yearOutOfPeriod(line.annee);
    else given.set(key(line.annee, line.id_service_instructeur), line);
  });
  const budgetYears = new Set(period.budgets.map((b) => b.annee));
  (input.budgets ?? []).forEach((budget, index) => {
    if (!budgetYears.has(budget.annee)) fields[`budgets.${index}.annee`] = PROJET_MESSAGES.yearOutOfPeriod(budget.annee);
  });
  if (Object.keys(fields).length > 0) throw appError('VALIDATION_ERROR', { fields });

  const financements = period.financements.map(({ annee, id_service_instructeur }): FinancementWrite => {
    const before = stored.get(key(annee, id_service_instructeur));
    const line = given.get(key(annee, id_service_instructeur));
    return {
      annee,
      serviceId: id_service_instructeur,
      montantDemande: line?.montant_demande !== undefined ? line.montant_demande : (before?.montant_demande ?? null),
      montantPropose: before?.montant_propose ?? null,
      montantAccorde: before?.montant_accorde ?? null,
    };
  });
  const storedBudgets = new Map((existing?.budgets ?? []).map((b) => [b.annee, b]));
  const givenBudgets = new Map((input.budgets ?? []).map((b) => [b.annee, b]));
  const budgets = period.budgets.map(({ annee }): BudgetWrite => {
    const line = givenBudgets.get(annee);
    if (!line) return storedBudgets.has(annee) ? { annee } : { annee, exerciceDu: new Date(Date.UTC(annee, 0, 1)), exerciceAu: new Date(Date.UTC(annee, 11, 31)) };
    return {
      annee,
      ...(line.exerciceDu !== undefined ? { exerciceDu: day(line.exerciceDu) } : {}),
      ...(line.exerciceAu !== undefined ? { exerciceAu: day(line.exerciceAu) } : {}),
      ...(line.charges ? { charges: line.charges } : {}),
      ...(line.produits ? { produits: line.produits } : {}),
      ...(line.contributions ? { contributions: line.contributions } : {}),
    };
  });

  const columns: ProjetColumns = {
    numeroProjet: d.numero_projet ?? null,
    intitule: d.intitule ?? null,
    recurrence: d.recurrence ?? null,
    periode: period.periode,
    dateDebut: day(d.date_debut),
    dateFin: day(d.date_fin),
    objectifs: d.objectifs ?? null,
    description: d.description ?? null,
    exercice: period.exercice,
    exerciceFin: period.exercice_fin,
    idResponsable: d.id_responsable ?? null,
    demandeurIdSiret: d.demandeur_id_siret ?? dossier.idSiret,
    territoires: filled.territoires as object,
    beneficiaire: filled.beneficiaire as object[],
    moyens: filled.moyens as object,
    evaluation: filled.evaluation as object,
    cofinancements: merged.cofinancements as object[],
    customs: merged.customs as object[],
  };
  return { columns, financements, budgets };
}
