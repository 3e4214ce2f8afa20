// Who may see and change which document, within the caller's scope (../access/): documents of
// the whole association (no SIRET) and of the caller's establishment are seen; only those of a
// SIRET the caller may write are added or removed.
import { appError } from '../../../http/errors.ts';
import { assertWritableSiret, seesSiret, type AssociationScope } from '../access/policy.ts';

export { assertWritableSiret };

/** A document is seen when association-wide or of a SIRET in the scope. */
export const seesDocument = (scope: AssociationScope, document: { idSiret: string | null }) =>
  seesSiret(scope, document.idSiret, { associationWide: true });

/** A SIRET named in a list query must be one the caller sees (else 404). */
export function assertSeesSiret(scope: AssociationScope, siret: string | undefined) {
  if (siret && !seesSiret(scope, siret)) throw appError('NOT_FOUND');
}

/**
 * The SIRETs a listing covers: the one asked for; else, for a secondary-establishment member,
 * theirs and the association-wide documents (null); else all (null: no filter).
 */
export const listedSirets = (scope: AssociationScope, siret: string | undefined): (string | null)[] | null =>
  siret ? [siret] : scope.siret ? [scope.siret, null] : null;
