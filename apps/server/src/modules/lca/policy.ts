// Who may do what on association users and their links: pure functions of the caller and the record.
import type { AuthClaims } from '../../http/request-context.ts';
import { LCA_ADMIN } from '../proxy-asso/index.ts';

// Who reads a record or changes its links is declared on the routes (contract lca.ts, account scope).

/** lca.admin is not held to the daily join limit of an account. */
export const joinsUnlimited = (claims: AuthClaims) => claims.roles.includes(LCA_ADMIN);

/** A member announces only their own join (the account named by `email`); lca.admin anyone's. */
export const mayAnnounceJoinOf = (claims: AuthClaims, email: string) => claims.roles.includes(LCA_ADMIN) || email === claims.email.toLowerCase();
