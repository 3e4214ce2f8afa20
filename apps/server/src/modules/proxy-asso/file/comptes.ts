// Accounts summaries, one per year, association-wide (head office): whole euros, and
// resultat = produits − charges when both are known (the contract's rules).
import { applyCompteRules, ASSOCIATION_FILE_MESSAGES, compteChangesSchema, type CompteFigures } from '@portail/contract';
import type { AssociationScope } from '../access/policy.ts';
import { assertNoErrors, parseChanges, rowOf, uniqueViolationAs, type FileContext } from './checks.ts';
import { toCompte } from './mappers.ts';
import type { SubResourceHandlers } from './sub-resource.ts';

export function createComptes({ repository }: FileContext) {
  const read = async (scope: AssociationScope) => (await repository.comptes.list(scope.associationId)).map(toCompte);

  const handlers: SubResourceHandlers<'Comptes', 'Compte'> = {
    list: async ({ scope }) => read(scope),

    async create({ scope }, { annee }, body) {
      const figures: CompteFigures = { charges: body.charges ?? null, produits: body.produits ?? null, dons: body.dons ?? null, resultat: body.resultat ?? null, subv: body.subv ?? null };
      const { state, errors } = applyCompteRules(figures, body.resultat !== undefined && body.resultat !== null);
      assertNoErrors(errors);
      return toCompte(
        await repository
          .transaction((tx) => repository.comptes.create(tx, { associationId: scope.associationId, annee, ...state }))
          .catch(uniqueViolationAs({ annee: ASSOCIATION_FILE_MESSAGES.compteExists(annee) })),
      );
    },

    async update({ scope }, { id }, changes) {
      const compte = await rowOf(repository.comptes.find(scope.associationId, id));
      const values = parseChanges(compteChangesSchema, changes);
      const merged: CompteFigures = { ...toCompte(compte), ...values };
      const { state, errors } = applyCompteRules(merged, values.resultat !== undefined && values.resultat !== null);
      assertNoErrors(errors);
      const { charges, produits, dons, resultat, subv } = state;
      return toCompte(await repository.transaction((tx) => repository.comptes.update(tx, compte.id, { charges, produits, dons, resultat, subv })));
    },

    async remove({ scope }, { id }) {
      const compte = await rowOf(repository.comptes.find(scope.associationId, id));
      await repository.transaction((tx) => repository.comptes.remove(tx, compte.id));
      return { message: 'Les comptes ont été supprimés.' };
    },
  };
  return { ...handlers, read };
}
