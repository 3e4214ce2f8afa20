// Staff figures, one per year and establishment: non-negative counts, women + men ≤ members (the
// contract's rules); the SIRET must be an establishment of the association, writable by the caller.
import { applyRhRules, ASSOCIATION_FILE_MESSAGES, rhChangesSchema } from '@portail/contract';
import type { AssociationScope } from '../access/policy.ts';
import { assertNoErrors, assertSiretOfAssociation, parseChanges, rowOf, uniqueViolationAs, type FileContext } from './checks.ts';
import { rhData, toRh } from './mappers.ts';
import { assertSeesSiret, assertWritableRow, assertWritableSiret } from './policy.ts';
import type { SubResourceHandlers } from './sub-resource.ts';

export function createRhs(ctx: FileContext) {
  const { repository } = ctx;
  /** The figures in the scope (of `siret` when given). */
  const read = async (scope: AssociationScope, siret?: string) => (await repository.rhs.list(scope.associationId, scope.siret ?? siret)).map(toRh);

  const handlers: SubResourceHandlers<'Rhs', 'Rh'> = {
    async list({ scope }, { id_siret }) {
      assertSeesSiret(scope, id_siret);
      return read(scope, id_siret);
    },

    async create({ scope }, { id_siret: siret, annee }, body) {
      assertWritableSiret(scope, siret);
      await assertSiretOfAssociation(ctx, scope.associationId, siret);
      assertNoErrors(applyRhRules({ nb_adherents: body.nb_adherents ?? null, nb_adherents_f: body.nb_adherents_f ?? null, nb_adherents_h: body.nb_adherents_h ?? null }));
      return toRh(
        await repository
          .transaction((tx) => repository.rhs.create(tx, { associationId: scope.associationId, annee, idSiret: siret, ...rhData(body) }))
          .catch(uniqueViolationAs({ annee: ASSOCIATION_FILE_MESSAGES.rhExists(annee) })),
      );
    },

    async update({ scope }, { id }, changes) {
      const rh = await rowOf(repository.rhs.find(scope.associationId, id));
      assertWritableRow(scope, rh);
      const values = parseChanges(rhChangesSchema, changes);
      assertNoErrors(applyRhRules({ ...toRh(rh), ...values }));
      return toRh(await repository.transaction((tx) => repository.rhs.update(tx, rh.id, rhData(values))));
    },

    async remove({ scope }, { id }) {
      const rh = await rowOf(repository.rhs.find(scope.associationId, id));
      assertWritableRow(scope, rh);
      await repository.transaction((tx) => repository.rhs.remove(tx, rh.id));
      return { message: 'Les effectifs ont été supprimés.' };
    },
  };
  return { ...handlers, read };
}
