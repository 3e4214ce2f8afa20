// Legal representatives: association-wide (no SIRET) or of one establishment; watched changes;
// at most `representantsPerAssociation` live ones; a deletion keeps the row, marked deleted.
import { representantChangesSchema, representantFonctionSiretChangesSchema, type Change, type representantFieldsSchema } from '@portail/contract';
import type { z } from 'zod';
import { appError } from '../../../http/errors.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import type { AssociationScope } from '../access/policy.ts';
import { assertSiretOfAssociation, parseChanges, watchedWrite, type FileContext } from './checks.ts';
import { representantData, toRepresentant } from './mappers.ts';
import { assertOwnSiret, assertSeesSiret, assertWritableRepresentant, assertWritableSiret, seesRepresentant } from './policy.ts';
import type { SubResourceHandlers } from './sub-resource.ts';

type Values = Partial<z.output<typeof representantFieldsSchema>>;
/** The caller of a per-SIRET change and its resolved scope. */
type WriteCaller = { auth: AuthClaims; scope: AssociationScope<'write'> };

export function createRepresentants(ctx: FileContext) {
  const { repository, limits } = ctx;

  async function representantOf(scope: AssociationScope, id: string) {
    const rep = await repository.representants.find(scope.associationId, id);
    if (!rep || !seesRepresentant(scope, rep)) throw appError('NOT_FOUND');
    return rep;
  }

  /** PATCH of a representative (whole change list or the fonction/SIRET one). */
  async function update({ auth: claims, scope }: WriteCaller, id: string, values: Values) {
    const rep = await representantOf(scope, id);
    assertWritableRepresentant(scope, rep);
    if (values.id_siret !== undefined) {
      assertOwnSiret(scope, values.id_siret);
      if (values.id_siret) await assertSiretOfAssociation(ctx, scope.associationId, values.id_siret);
    }
    return watchedWrite(ctx, claims, async (tx) => {
      const after = toRepresentant(await repository.representants.update(tx, rep.id, representantData(values)));
      return { result: after, change: { associationId: scope.associationId, entity: 'representant_legal', action: 'update', before: toRepresentant(rep), after } };
    });
  }

  /** The representatives in the scope: association-wide ones and those of the caller's SIRET (or of `siret`). */
  const read = async (scope: AssociationScope, siret?: string, includeDeleted = false) =>
    (await repository.representants.list(scope.associationId, includeDeleted))
      .filter((r) => seesRepresentant(scope, r))
      .filter((r) => !siret || r.idSiret === siret || r.idSiret === null)
      .map(toRepresentant);

  const handlers: SubResourceHandlers<'Representants', 'Representant'> = {
    async list({ scope }, { id_siret }) {
      assertSeesSiret(scope, id_siret);
      return read(scope, id_siret);
    },

    async create({ auth: claims, scope }, { id_siret }, body) {
      const siret = body.id_siret ?? id_siret ?? scope.siret;
      assertOwnSiret(scope, siret);
      assertWritableSiret(scope, siret);
      if (siret) await assertSiretOfAssociation(ctx, scope.associationId, siret);
      return watchedWrite(ctx, claims, async (tx) => {
        const count = await repository.representants.countLocked(tx, scope.associationId);
        if (count >= limits.representantsPerAssociation) throw appError('REPRESENTANTS_LIMIT', { max: limits.representantsPerAssociation });
        const created = await repository.representants.create(tx, {
          associationId: scope.associationId,
          idSiret: siret,
          civilite: body.civilite,
          nom: body.nom,
          prenom: body.prenom,
          courriel: body.courriel,
          fonction: body.fonction,
          telephone: body.telephone,
          valideurCec: body.valideur_cec ?? false,
          estRepresentantLegal: body.est_representant_legal ?? true,
          publicationInternet: body.publication_internet ?? false,
        });
        const after = toRepresentant(created);
        return { result: after, change: { associationId: scope.associationId, entity: 'representant_legal', action: 'create', before: null, after } };
      });
    },

    update: (caller, { id }, changes) => update(caller, id, parseChanges(representantChangesSchema, changes)),

    async remove({ auth: claims, scope }, { id }) {
      const rep = await representantOf(scope, id);
      assertWritableRepresentant(scope, rep);
      return watchedWrite(ctx, claims, async (tx) => {
        // Kept as a deleted row; for the trail it is gone.
        await repository.representants.update(tx, rep.id, { deleted: true, valideurCec: false });
        return {
          result: { message: 'Le représentant légal a été supprimé.' },
          change: { associationId: scope.associationId, entity: 'representant_legal', action: 'delete', before: toRepresentant(rep), after: null },
        };
      });
    },
  };

  return {
    ...handlers,
    read,
    /** PATCH /representantFonctionSiret: valideur_cec, id_siret or fonction only. */
    patchFonctionSiret: (caller: WriteCaller, id: string, changes: readonly Change[]) =>
      update(caller, id, parseChanges(representantFonctionSiretChangesSchema, changes)),
  };
}
