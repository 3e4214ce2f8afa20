// Who may do what on association users and their links: pure functions of the caller and the record.
import { isAdminRole } from '@portail/contract';
import type { AuthClaims } from '../../http/request-context.ts';
import { LCA_ADMIN } from '../proxy-asso/index.ts';

const isOwn = (claims: AuthClaims, authId: string) => authId === claims.userId;

/** A user reads their own record; any administrator reads anyone's. */
export const mayReadRecord = (claims: AuthClaims, authId: string) => isOwn(claims, authId) || claims.roles.some(isAdminRole);

/** A user changes only their own links; lca.admin changes anyone's. */
export const mayChangeLinksOf = (claims: AuthClaims, authId: string) => isOwn(claims, authId) || claims.roles.includes(LCA_ADMIN);

/** lca.admin is not held to the daily join limit of an account. */
export const joinsUnlimited = (claims: AuthClaims) => claims.roles.includes(LCA_ADMIN);

/** A member announces only their own join (the account named by `email`); lca.admin anyone's. */
export const mayAnnounceJoinOf = (claims: AuthClaims, email: string) => claims.roles.includes(LCA_ADMIN) || email === claims.email.toLowerCase();
