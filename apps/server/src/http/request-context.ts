// Who is calling: the verified access-token claims, read from the x-access-token header.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_HEADER, MESSAGES, type Access } from '@portail/contract';
import { forbidden, unauthorized } from './errors.ts';

export interface AuthClaims {
  userId: string;
  email: string;
  roles: string[];
}

export interface AccessTokenClaims {
  sub: string;
  email: string;
  roles: string[];
}

export async function readClaims(
  app: FastifyInstance,
  request: FastifyRequest,
  options: { tokenInQuery?: boolean } = {},
): Promise<AuthClaims | null> {
  const header = request.headers[ACCESS_TOKEN_HEADER];
  const queryToken = options.tokenInQuery ? (request.query as { token?: unknown } | undefined)?.token : undefined;
  const token = (Array.isArray(header) ? header[0] : header) ?? (typeof queryToken === 'string' ? queryToken : undefined);
  if (!token) return null;
  try {
    const payload = app.jwt.verify<AccessTokenClaims>(token);
    return { userId: payload.sub, email: payload.email, roles: payload.roles ?? [] };
  } catch (error) {
    const expired = (error as { code?: string }).code === 'FAST_JWT_EXPIRED';
    throw unauthorized(expired ? MESSAGES.tokenExpired : MESSAGES.unauthenticated, expired ? 'TOKEN_EXPIRED' : 'INVALID_TOKEN');
  }
}

/** Enforces a route's declared access; returns the caller (null on public routes without a token). */
export async function authorise(
  app: FastifyInstance,
  request: FastifyRequest,
  access: Access,
  options: { tokenInQuery?: boolean } = {},
): Promise<AuthClaims | null> {
  if (access === 'public') {
    // A public route still knows its caller when a valid token is sent; an invalid one is ignored.
    return readClaims(app, request, options).catch(() => null);
  }
  const claims = await readClaims(app, request, options);
  if (!claims) throw unauthorized();
  if (access !== 'authenticated' && !claims.roles.some((role) => (access as readonly string[]).includes(role))) {
    throw forbidden();
  }
  return claims;
}
