// Builds the session's user part from an account.
import { defaultRole, type SessionUser } from '@portail/contract';
import { toUserAssociationLink } from '../../lca/index.ts';
import type { Account } from './repository.ts';

export function toSessionUser(account: Account, role: string | null = defaultRole(account.roles.map((r) => r.role))): SessionUser {
  const roles = account.roles.map((r) => r.role);
  const service = account.serviceAccount;
  return {
    _id: account.id,
    authId: account.id,
    lcaId: account.associationUser?.id ?? null,
    email: account.email,
    civilite: account.civilite,
    nom: account.nom,
    prenom: account.prenom,
    role,
    roles,
    enabled: account.enabled,
    mustChangePassword: account.mustChangePassword,
    pendingEmail: account.pendingEmail,
    associations: account.associationUser?.links.map(toUserAssociationLink(account.email)) ?? [],
    rds: service ? { _id: service.id, nom: service.nom, email: service.email, type: service.type, locked: service.locked } : null,
    session: null,
  };
}
