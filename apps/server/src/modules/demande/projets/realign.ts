// The projects of a dossier realigned on its current exercise, end year and multi-year flag
// (docs/domain.md « Dossiers de subvention », spec §4 « Project period rules »): the dossier's
// wizard calls it in the transaction that changes those, through the demande module's index.
import { realignProject, recurrenceOfDossier } from '@portail/contract';
import type { DbTransaction } from '../../../db/transaction.ts';
import { appError } from '../../../http/errors.ts';
import { dossierFacts } from './plan.ts';
import { findDossierContext, listProjetRows, setRecurrence, syncProjetLines, updateProjetColumns } from './repository.ts';

/** First and last day of a year, the default period of a new yearly budget. */
export const yearBounds = (annee: number) => ({ exerciceDu: new Date(Date.UTC(annee, 0, 1)), exerciceAu: new Date(Date.UTC(annee, 11, 31)) });

/**
 * Realigns every project of the dossier, in the caller's transaction: an annual dossier makes its
 * projects Annuel on the campaign exercise; a multi-year one makes them Pluriannuel, starting no
 * earlier than the campaign and ending no later than the dossier (with it, for a project that was
 * annual); then one financing line per year
 * and instructing service and one budget per year, the lines outside the period removed (the
 * amounts of the lines kept untouched).
 */
export async function realignProjects(tx: DbTransaction, dossierId: string): Promise<void> {
  const dossier = await findDossierContext(tx, dossierId);
  if (!dossier) throw appError('DOSSIER_NOT_FOUND');
  const facts = dossierFacts(dossier);
  for (const projet of await listProjetRows(tx, dossierId)) {
    // An annual project's end year was no choice of the association: turned multi-year, it ends with the dossier.
    const annual = projet.periode === 'Annuel';
    const stored = { periode: projet.periode as 'Annuel' | 'Pluriannuel', exercice: projet.exercice, exercice_fin: annual ? null : projet.exerciceFin };
    const period = realignProject(facts, stored, facts.serviceIds, facts.duree);
    await updateProjetColumns(tx, projet.id, { periode: period.periode, exercice: period.exercice, exerciceFin: period.exercice_fin });
    const budgetYears = new Set(projet.budgets.map((b) => b.annee));
    await syncProjetLines(tx, projet.id, {
      financements: period.financements.map((f) => ({ annee: f.annee, serviceId: f.id_service_instructeur })),
      budgets: period.budgets.map(({ annee }) => (budgetYears.has(annee) ? { annee } : { annee, ...yearBounds(annee) })),
    });
  }
}

/**
 * The dossier's answer to « S'agit-il du renouvellement d'une demande ? » changed from `before` to
 * `after` (step 2, which realigns the projects on what it sets, spec §4): every project takes what
 * the new answer gives (« renouvellement » or « première demande »). A project may then be set
 * otherwise in the editor (a renewal request may hold a new project, Cerfa 12156), and keeps that
 * choice while the dossier's answer stays; the same answer saved again changes nothing. In the
 * caller's transaction.
 */
export async function followDossierRenewal(tx: DbTransaction, dossierId: string, before: boolean | null, after: boolean | null): Promise<void> {
  const next = recurrenceOfDossier(after);
  if (next === null || before === after) return;
  await setRecurrence(tx, dossierId, next);
}
