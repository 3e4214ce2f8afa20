// Budgets, one per year, association-wide (head office): account lines (60-79, 86, 87) with their
// totals, and an optional financial year (its end not before its start).
import { ASSOCIATION_FILE_MESSAGES, budgetChangesSchema, exerciceProblem } from '@portail/contract';
import { appError } from '../../../http/errors.ts';
import type { AssociationScope } from '../access/policy.ts';
import { invalid, parseChanges, uniqueViolationAs, type FileContext } from './checks.ts';
import { budgetLinesOf, toBudget, toDate } from './mappers.ts';
import type { SubResourceHandlers } from './sub-resource.ts';

function checkExercice(du: string | null, au: string | null) {
  const problem = exerciceProblem(du, au);
  if (problem) throw invalid({ exercice_au: problem });
}

export function createBudgets({ repository }: FileContext) {
  const read = async (scope: AssociationScope) => (await repository.budgets.list(scope.associationId)).map(toBudget);

  async function budgetOf(scope: AssociationScope, id: string) {
    const budget = await repository.budgets.find(scope.associationId, id);
    if (!budget) throw appError('NOT_FOUND');
    return budget;
  }

  const handlers: SubResourceHandlers<'Budgets', 'Budget'> = {
    list: async ({ scope }) => read(scope),

    async create({ scope }, { annee }, body) {
      checkExercice(body.exercice_du ?? null, body.exercice_au ?? null);
      const comptes = Object.fromEntries(Object.entries(body.comptes).filter(([, v]) => v !== undefined));
      return toBudget(
        await repository
          .transaction((tx) =>
            repository.budgets.create(tx, { associationId: scope.associationId, annee, exerciceDu: toDate(body.exercice_du), exerciceAu: toDate(body.exercice_au), comptes }),
          )
          .catch(uniqueViolationAs({ annee: ASSOCIATION_FILE_MESSAGES.budgetExists(annee) })),
      );
    },

    async update({ scope }, { id }, changes) {
      const budget = await budgetOf(scope, id);
      const values = parseChanges(budgetChangesSchema, changes) as Record<string, number | string | null>;
      const { exercice_du, exercice_au, ...accounts } = values;
      const du = exercice_du !== undefined ? (exercice_du as string | null) : budget.exerciceDu?.toISOString().slice(0, 10) ?? null;
      const au = exercice_au !== undefined ? (exercice_au as string | null) : budget.exerciceAu?.toISOString().slice(0, 10) ?? null;
      checkExercice(du, au);
      const comptes: Record<string, number> = { ...budgetLinesOf(budget.comptes) };
      for (const [account, amount] of Object.entries(accounts)) {
        if (amount === null) delete comptes[account];
        else comptes[account] = amount as number;
      }
      return toBudget(await repository.transaction((tx) => repository.budgets.update(tx, budget.id, { exerciceDu: toDate(du), exerciceAu: toDate(au), comptes })));
    },

    async remove({ scope }, { id }) {
      const budget = await budgetOf(scope, id);
      await repository.transaction((tx) => repository.budgets.remove(tx, budget.id));
      return { message: 'Le budget a été supprimé.' };
    },
  };
  return { ...handlers, read };
}
