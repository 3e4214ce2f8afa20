// Profile update sends only the changed fields among email, nom, prenom, civilite (docs/domain.md « Champs »).
import { MESSAGES, type SessionUser, type UpdateUserBody } from '@portail/contract';

export const NO_CHANGE_DETECTED = MESSAGES.noChangeDetected;

export type IdentityValues = { civilite: string; nom: string; prenom: string; email: string };

export function identityOf(user: SessionUser): IdentityValues {
  return { civilite: user.civilite ?? '', nom: user.nom ?? '', prenom: user.prenom ?? '', email: user.email };
}

/** The typed address differs from the account's (compared as the contract normalises it). */
export function isNewEmail(user: SessionUser, typed: string): boolean {
  return typed.trim().toLowerCase() !== user.email;
}

/** The parsed form compared with the session: only what differs (never the current password). */
export function changedIdentityFields(user: SessionUser, parsed: UpdateUserBody): UpdateUserBody {
  const before = identityOf(user);
  const changes: UpdateUserBody = {};
  if (parsed.email !== undefined && parsed.email !== before.email) changes.email = parsed.email;
  if (parsed.nom !== undefined && parsed.nom !== before.nom) changes.nom = parsed.nom;
  if (parsed.prenom !== undefined && parsed.prenom !== before.prenom) changes.prenom = parsed.prenom;
  if (parsed.civilite !== undefined && parsed.civilite !== before.civilite) changes.civilite = parsed.civilite;
  return changes;
}
