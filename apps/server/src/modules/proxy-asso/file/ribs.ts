// Bank details, per establishment: watched changes (trail, mails, notifications); one IBAN once
// per SIRET.
import { ASSOCIATION_FILE_MESSAGES, ribChangesSchema } from '@portail/contract';
import type { DbTransaction } from '../../../db/transaction.ts';
import { appError } from '../../../http/errors.ts';
import type { AssociationScope } from '../access/policy.ts';
import { assertSiretOfAssociation, invalid, parseChanges, uniqueViolationAs, watchedWrite, type FileContext } from './checks.ts';
import { toRib } from './mappers.ts';
import { assertSeesSiret, assertWritableSiret, seesSiret } from './policy.ts';
import type { SubResourceHandlers } from './sub-resource.ts';

export function createRibs(ctx: FileContext) {
  const { repository } = ctx;
  const duplicate = uniqueViolationAs({ iban: ASSOCIATION_FILE_MESSAGES.duplicateRib });

  async function ribOf(scope: AssociationScope, id: string) {
    const rib = await repository.ribs.find(scope.associationId, id);
    if (!rib || !seesSiret(scope, rib.idSiret)) throw appError('NOT_FOUND');
    return rib;
  }

  async function assertNoDuplicate(tx: DbTransaction, siret: string, iban: string, exceptId?: string) {
    if (await repository.ribs.findDuplicate(tx, siret, iban, exceptId)) throw invalid({ iban: ASSOCIATION_FILE_MESSAGES.duplicateRib });
  }

  /** The RIBs in the scope (of `siret` when given). */
  const read = async (scope: AssociationScope, siret?: string) => (await repository.ribs.list(scope.associationId, scope.siret ?? siret)).map(toRib);

  const handlers: SubResourceHandlers<'Ribs', 'Rib'> = {
    async list({ scope }, { id_siret }) {
      assertSeesSiret(scope, id_siret);
      return read(scope, id_siret);
    },

    async create({ auth: claims, scope }, { id_siret: siret }, body) {
      assertWritableSiret(scope, siret);
      await assertSiretOfAssociation(ctx, scope.associationId, siret);
      return watchedWrite(ctx, claims, async (tx) => {
        await assertNoDuplicate(tx, siret, body.iban);
        const after = toRib(
          await repository.ribs.create(tx, {
            associationId: scope.associationId, idSiret: siret, titulaire: body.titulaire, banque: body.banque ?? null,
            domiciliation: body.domiciliation ?? null, iban: body.iban, bic: body.bic,
          }),
        );
        return { result: after, change: { associationId: scope.associationId, entity: 'rib', action: 'create', before: null, after } };
      }).catch(duplicate);
    },

    async update({ auth: claims, scope }, { id, id_siret: siret }, changes) {
      const rib = await ribOf(scope, id);
      if (siret && siret !== rib.idSiret) throw appError('NOT_FOUND');
      assertWritableSiret(scope, rib.idSiret);
      const values = parseChanges(ribChangesSchema, changes);
      return watchedWrite(ctx, claims, async (tx) => {
        if (values.iban) await assertNoDuplicate(tx, rib.idSiret, values.iban, rib.id);
        const after = toRib(await repository.ribs.update(tx, rib.id, values));
        return { result: after, change: { associationId: scope.associationId, entity: 'rib', action: 'update', before: toRib(rib), after } };
      }).catch(duplicate);
    },

    async remove({ auth: claims, scope }, { id }) {
      const rib = await ribOf(scope, id);
      assertWritableSiret(scope, rib.idSiret);
      return watchedWrite(ctx, claims, async (tx) => {
        await repository.ribs.remove(tx, rib.id);
        return {
          result: { message: 'Le RIB a été supprimé.' },
          change: { associationId: scope.associationId, entity: 'rib', action: 'delete', before: toRib(rib), after: null },
        };
      });
    },
  };
  return { ...handlers, read };
}
