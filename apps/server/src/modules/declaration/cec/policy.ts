// Who gets which CEC declaration (spec §6, docs/domain.md « Déclarations CEC »): pure functions of the
// caller's e-mail, their reach on the association (head office: siret null; secondary establishment:
// its SIRET) and the association's validators (flagged, not deleted legal representatives).

export interface CecValidator {
  /** The establishment the representative is designated for (null: the whole association). */
  idSiret: string | null;
  courriel: string | null;
}

const sameEmail = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The caller is a CEC validator of the association: one of its validators has the caller's e-mail. */
export const isCecValidator = (validators: readonly CecValidator[], email: string): boolean => validators.some((v) => sameEmail(v.courriel, email));

/**
 * Whether a declaration of `etabSiret` is addressed to the caller: a secondary establishment's member
 * gets only their establishment's; and whoever the caller, a declaration of an establishment that has
 * designated validators goes to them only (the head office gets those of establishments without one).
 */
export function receivesDeclaration(caller: { email: string; siret: string | null }, validators: readonly CecValidator[], etabSiret: string): boolean {
  if (caller.siret !== null && etabSiret !== caller.siret) return false;
  const designated = validators.filter((v) => v.idSiret === etabSiret);
  return designated.length === 0 || designated.some((v) => sameEmail(v.courriel, caller.email));
}
