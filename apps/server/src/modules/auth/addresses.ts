// What the auth module says about login addresses, shared by its accounts and its instructing
// services' address proofs (a leaf: it imports nothing of the module, so neither side circles back).

/** `jean.dupont@x.fr` → `jea***@x.fr` (the first 3 characters, then asterisks). */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  return `${email.slice(0, Math.min(3, at))}***${email.slice(at)}`;
}

/**
 * The audit entity of an instructing service's login address. Services have no association: their
 * entries go to a chain of their own, keyed by the service account's id (no journal route reads it;
 * `pnpm audit:verify` checks it with the others). Addresses are kept masked.
 */
export const SERVICE_LOGIN_AUDIT_ENTITY = 'adresse_connexion_service';

/**
 * A sign-in by ProConnect, in the account's own chain (keyed by its id, like a service's addresses):
 * who signed in, when, and the provider's subject.
 */
export const PROCONNECT_SIGN_IN_AUDIT = { entity: 'connexion', action: 'connexion_proconnect' } as const;

/** Assistance page opened from the notice of an e-mail change its owner did not ask for. */
export const REPORT_EMAIL_CHANGE_PATH = `/assistance/${encodeURIComponent("Changement d'adresse non demandé")}`;
