// Approvals, association-wide (head office): type required, validity not before attribution.
import { agrementChangesSchema, applyAgrementRules } from '@portail/contract';
import type { AssociationScope } from '../access/policy.ts';
import { assertNoErrors, parseChanges, rowOf, type FileContext } from './checks.ts';
import { agrementData, toAgrement } from './mappers.ts';
import type { SubResourceHandlers } from './sub-resource.ts';

export function createAgrements({ repository }: FileContext) {
  const read = async (scope: AssociationScope) => (await repository.agrements.list(scope.associationId)).map(toAgrement);

  const handlers: SubResourceHandlers<'Agrements', 'Agrement'> = {
    list: async ({ scope }) => read(scope),

    async create({ scope }, _query, body) {
      assertNoErrors(applyAgrementRules({ date_attribution: body.date_attribution ?? null, date_validite: body.date_validite ?? null }));
      return toAgrement(
        await repository.transaction((tx) => repository.agrements.create(tx, { associationId: scope.associationId, ...agrementData(body), type: body.type })),
      );
    },

    async update({ scope }, { id }, changes) {
      const agrement = await rowOf(repository.agrements.find(scope.associationId, id));
      const values = parseChanges(agrementChangesSchema, changes);
      assertNoErrors(applyAgrementRules({ ...toAgrement(agrement), ...values }));
      return toAgrement(await repository.transaction((tx) => repository.agrements.update(tx, agrement.id, agrementData(values))));
    },

    async remove({ scope }, { id }) {
      const agrement = await rowOf(repository.agrements.find(scope.associationId, id));
      await repository.transaction((tx) => repository.agrements.remove(tx, agrement.id));
      return { message: "L'agrément a été supprimé." };
    },
  };
  return { ...handlers, read };
}
