// Affiliation networks, association-wide (head office): one per SIREN (when known) and per name
// (trimmed, lower case) in an association; the affiliation to a parent association of the registry.
import { applyReseauRules, ASSOCIATION_FILE_MESSAGES, reseauChangesSchema, TEXT_LIMITS } from '@portail/contract';
import type { DbTransaction } from '../../../db/transaction.ts';
import type { AppError } from '../../../http/errors.ts';
import type { AssociationScope } from '../access/policy.ts';
import { assertNoErrors, invalid, parseChanges, rowOf, type FileContext } from './checks.ts';
import { addressLine, reseauData, toReseau } from './mappers.ts';
import type { SubResourceHandlers } from './sub-resource.ts';

export function createReseaux({ access, repository }: FileContext) {
  /** Checked under a per-association lock, so two parallel additions cannot both pass. */
  async function assertNoDuplicate(tx: DbTransaction, associationId: string, nom: string, siren: string | null, exceptId?: string) {
    const rows = await repository.reseaux.othersLocked(tx, associationId, exceptId);
    const name = nom.trim().toLowerCase();
    const duplicate = rows.find((r) => (siren !== null && r.idSiren === siren) || r.nom.trim().toLowerCase() === name);
    if (duplicate) throw invalid({ [siren !== null && duplicate.idSiren === siren ? 'id_siren' : 'nom']: ASSOCIATION_FILE_MESSAGES.reseauExists });
  }

  const read = async (scope: AssociationScope) => (await repository.reseaux.list(scope.associationId)).map(toReseau);

  const handlers: SubResourceHandlers<'ReseauxAffiliation', 'ReseauAffiliation'> = {
    list: async ({ scope }) => read(scope),

    async create({ scope }, _query, body) {
      assertNoErrors(applyReseauRules({ nb_licencies: body.nb_licencies ?? null, nb_licencies_f: body.nb_licencies_f ?? null, nb_licencies_h: body.nb_licencies_h ?? null }));
      return toReseau(
        await repository.transaction(async (tx) => {
          await assertNoDuplicate(tx, scope.associationId, body.nom, body.id_siren ?? null);
          return repository.reseaux.create(tx, { associationId: scope.associationId, ...reseauData(body), nom: body.nom });
        }),
      );
    },

    async update({ scope }, { id }, changes) {
      const reseau = await rowOf(repository.reseaux.find(scope.associationId, id));
      const values = parseChanges(reseauChangesSchema, changes);
      const merged = { ...toReseau(reseau), ...values };
      assertNoErrors(applyReseauRules(merged));
      return toReseau(
        await repository.transaction(async (tx) => {
          if (values.nom !== undefined || values.id_siren !== undefined) await assertNoDuplicate(tx, scope.associationId, merged.nom, merged.id_siren, reseau.id);
          return repository.reseaux.update(tx, reseau.id, reseauData(values));
        }),
      );
    },

    async remove({ scope }, { id }) {
      const reseau = await rowOf(repository.reseaux.find(scope.associationId, id));
      await repository.transaction((tx) => repository.reseaux.remove(tx, reseau.id));
      return { message: "Le réseau d'affiliation a été supprimé." };
    },
  };

  return {
    ...handlers,
    read,
    /**
     * Affiliates the member association (written by the caller) to a parent association of the
     * registry: a network row with the parent's name, SIREN, object and head-office address.
     */
    async affiliate(scope: AssociationScope<'write-all'>, idParent: string) {
      const parentId = await access.findAssociationId(idParent);
      if (!parentId) throw invalid({ id_asso_parent: ASSOCIATION_FILE_MESSAGES.parentAssociationNotFound });
      if (parentId === scope.associationId) throw invalid({ id_asso_parent: ASSOCIATION_FILE_MESSAGES.selfAffiliation });
      const parent = await repository.association.find(parentId);
      return toReseau(
        await repository.transaction(async (tx) => {
          await assertNoDuplicate(tx, scope.associationId, parent.nom, parent.idSiren).catch((error: unknown) => {
            throw (error as AppError).status === 400 ? invalid({ id_asso_parent: ASSOCIATION_FILE_MESSAGES.reseauExists }) : error;
          });
          return repository.reseaux.create(tx, {
            associationId: scope.associationId,
            nom: parent.nom.slice(0, 200),
            idSiren: parent.idSiren,
            objet: parent.objet?.slice(0, TEXT_LIMITS.object) ?? null,
            adresse: addressLine(parent.adresseSiege),
          });
        }),
      );
    },
  };
}
