// Who may do what on the rows of the association file, within the caller's scope (../access/).
// Pure functions: they throw the answer (404 unseen, 403 seen but not writable) or return.
import { appError } from '../../../http/errors.ts';
import { assertWritableSiret, seesSiret, type AssociationScope } from '../access/policy.ts';

export { assertWritableSiret, mayIncludeDeleted, seesSiret } from '../access/policy.ts';

/** A SIRET named in a read query must be one the caller sees (else 404). */
export function assertSeesSiret(scope: AssociationScope, siret: string | undefined) {
  if (siret && !seesSiret(scope, siret)) throw appError('NOT_FOUND');
}


/** A per-SIRET row (RIB, staff figures): visible (else 404) and writable (else 403). */
export function assertWritableRow(scope: AssociationScope, row: { idSiret: string }) {
  if (!seesSiret(scope, row.idSiret)) throw appError('NOT_FOUND');
  assertWritableSiret(scope, row.idSiret);
}

/** A representative is seen when association-wide or of the caller's SIRET. */
export const seesRepresentant = (scope: AssociationScope, row: { idSiret: string | null }) =>
  seesSiret(scope, row.idSiret, { associationWide: true });

/**
 * A representative of the whole association is changed by the head office only; one of a SIRET by
 * whoever may write that SIRET.
 */
export function assertWritableRepresentant(scope: AssociationScope, row: { idSiret: string | null }) {
  if (row.idSiret === null && scope.siret !== null) throw appError('FORBIDDEN');
  assertWritableSiret(scope, row.idSiret ?? scope.siret);
}

/** A secondary-establishment member adds or moves representatives to their own SIRET only. */
export function assertOwnSiret(scope: AssociationScope, siret: string | null) {
  if (scope.siret !== null && siret !== scope.siret) throw appError('FORBIDDEN');
}
