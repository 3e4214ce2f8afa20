// Approvals, association-wide (head office): type required, validity not before attribution.
import { agrementChangesSchema, applyAgrementRules } from '@portail/contract';
import type { AssociationScope } from '../access/policy.ts';
import { assertNoErrors, parseChanges, rowOf, type FileContext } from './checks.ts';
import { agrementData, toAgrement } from './mappers.ts';
import type { SubResourceHandlers } from './sub-resource.ts';

export function createAgrements({ access, repository }: FileContext) {
  const read = async (scope: AssociationScope) => (await repository.agrements.list(scope.associationId)).map(toAgrement);

  const handlers: SubResourceHandlers<'Agrements', 'Agrement'> = {
    list: async (claims, { id_asso }) => read(await access.scopeOf(claims, id_asso, 'read')),

    async create(claims, { id_asso }, body) {
      const scope = await access.scopeOf(claims, id_asso, 'write-all');
      assertNoErrors(applyAgrementRules({ date_attribution: body.date_attribution ?? null, date_validite: body.date_validite ?? null }));
      return toAgrement(
        await repository.transaction((tx) => repository.agrements.create(tx, { associationId: scope.associationId, ...agrementData(body), type: body.type })),
      );
    },

    async update(claims, { id_asso, id }, changes) {
      const scope = await access.scopeOf(claims, id_asso, 'write-all');
      const agrement = await rowOf(repository.agrements.find(scope.associationId, id));
      const values = parseChanges(agrementChangesSchema, changes);
      assertNoErrors(applyAgrementRules({ ...toAgrement(agrement), ...values }));
      return toAgrement(await repository.transaction((tx) => repository.agrements.update(tx, agrement.id, agrementData(values))));
    },

    async remove(claims, { id_asso, id }) {
      const scope = await access.scopeOf(claims, id_asso, 'write-all');
      const agrement = await rowOf(repository.agrements.find(scope.associationId, id));
      await repository.transaction((tx) => repository.agrements.remove(tx, agrement.id));
      return { message: "L'agrément a été supprimé." };
    },
  };
  return { ...handlers, read };
}
