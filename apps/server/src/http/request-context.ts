// Who is calling: the verified access-token claims, read from the x-access-token header, and the
// entry checks of docs/domain.md « Parcours » (validated address, password to change, locked service) enforced here,
// for every non-public route, from the account's current state: read in the database, or kept by
// this instance's cache while the database announces every change to it (account-state-cache.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_HEADER, isUuid, type RouteDefinition } from '@portail/contract';
import { readRows } from '../db/read-rows.ts';
import { appError } from './errors.ts';

export interface AuthClaims {
  userId: string;
  email: string;
  roles: readonly string[];
  /** Refresh family of the caller's session (absent on tokens signed before families were carried). */
  sessionId?: string;
}

export interface AccessTokenClaims {
  sub: string;
  email: string;
  roles: string[];
  /** Refresh family of the session. */
  sid?: string;
  /** The account's session version when signed (users.session_version). */
  sv?: number;
  /** Expiry and start of validity, in seconds (set and checked by @fastify/jwt). */
  exp?: number;
  nbf?: number;
}

export interface VerifiedToken {
  claims: AuthClaims;
  sessionVersion: number;
}

/** The access token travels in its header only: never in a URL (logs, history, Referer). */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[ACCESS_TOKEN_HEADER];
  return Array.isArray(header) ? header[0] : header;
}

async function verifyToken(app: FastifyInstance, request: FastifyRequest): Promise<VerifiedToken | null> {
  const token = tokenOf(request);
  if (!token) return null;
  const kept = app.verifiedTokens.get(token);
  if (kept) return kept;
  let payload: AccessTokenClaims;
  try {
    // Algorithm, issuer and audience are pinned by the plugin's verify options (app.ts).
    payload = app.jwt.verify<AccessTokenClaims>(token);
  } catch (error) {
    const expired = (error as { code?: string }).code === 'FAST_JWT_EXPIRED';
    throw appError(expired ? 'TOKEN_EXPIRED' : 'INVALID_TOKEN');
  }
  const roles = Object.freeze([...(payload.roles ?? [])]);
  const verified: VerifiedToken = Object.freeze({
    claims: Object.freeze({ userId: payload.sub, email: payload.email, roles, sessionId: payload.sid }),
    sessionVersion: payload.sv ?? 0,
  });
  // Kept until its expiry; a token not valid before some time is verified on each call.
  if (typeof payload.exp === 'number' && payload.nbf === undefined) app.verifiedTokens.keep(token, verified, payload.exp * 1000);
  return verified;
}

/** The verified claims of the request's token, or null without one (401 when it is invalid). */
export async function readClaims(app: FastifyInstance, request: FastifyRequest): Promise<AuthClaims | null> {
  return (await verifyToken(app, request))?.claims ?? null;
}

export interface AccountState {
  enabled: boolean;
  must_change_password: boolean;
  session_version: number;
  locked: boolean | null;
  /** The roles the account holds now (a role taken away stops working at once). */
  roles: readonly string[] | null;
  /** The token's refresh family has no live token left (logout, reuse of a rotated token, password
   * change elsewhere): its session is over. */
  session_revoked: boolean;
}


const ACCOUNT_STATE_SQL = `
  SELECT u.enabled, u.must_change_password, u.session_version, s.locked,
         (SELECT array_agg(r.role) FROM user_roles r WHERE r.user_id = u.id) AS roles,
         NOT EXISTS (SELECT 1 FROM refresh_tokens t WHERE t.family_id = $2::uuid AND t.revoked_at IS NULL) AS session_revoked
  FROM users u LEFT JOIN service_accounts s ON s.auth_id = u.id
  WHERE u.id = $1::uuid`;

/**
 * The state the entry checks need, as it is now (not as the token says): one read by primary key,
 * straight on the pool (db/read-rows.ts), unless this instance's cache holds it. Frozen: the cache
 * hands the same object to every call.
 */
async function accountState(app: FastifyInstance, userId: string, sessionId: string): Promise<AccountState | null> {
  if (!isUuid(userId) || !isUuid(sessionId)) return null;
  // Ids as the database writes them (lower case), so that its announcements reach the kept state.
  return app.accountStates.get(userId.toLowerCase(), sessionId.toLowerCase(), async () => {
    const state = (await readRows<AccountState>(app.services.db, ACCOUNT_STATE_SQL, [userId, sessionId]))[0];
    if (!state) return null;
    if (state.roles) Object.freeze(state.roles);
    return Object.freeze(state);
  });
}

export type RouteAccess = Pick<RouteDefinition, 'access' | 'allowUnvalidated' | 'allowPasswordChange'>;

/** Enforces a route's declared access and the entry checks; returns the caller (null on public routes without a token). */
export async function authorise(app: FastifyInstance, request: FastifyRequest, route: RouteAccess): Promise<AuthClaims | null> {
  if (route.access === 'public') {
    // A public route still knows its caller when a valid token is sent; an invalid one is ignored.
    return readClaims(app, request).catch(() => null);
  }
  const verified = await verifyToken(app, request);
  if (!verified) throw appError('UNAUTHENTICATED');
  const { claims } = verified;

  const state = await accountState(app, claims.userId, claims.sessionId ?? '');
  // A deleted account, a signed-out session, or a token from before a password change or reset:
  // the session is over.
  if (!state) throw appError('INVALID_TOKEN');
  if (state.session_version !== verified.sessionVersion || state.session_revoked) {
    throw appError('SESSION_REVOKED');
  }
  if (state.locked) throw appError('USER_LOCKED');
  if (!state.enabled && !route.allowUnvalidated) {
    throw appError('EMAIL_NOT_VALIDATED');
  }
  if (state.must_change_password && !route.allowPasswordChange) {
    throw appError('PASSWORD_CHANGE_REQUIRED');
  }

  const current = { ...claims, roles: state.roles ?? [] };
  const access = route.access;
  if (access !== 'authenticated' && !current.roles.some((role) => (access as readonly string[]).includes(role))) {
    throw appError('FORBIDDEN');
  }
  return current;
}
