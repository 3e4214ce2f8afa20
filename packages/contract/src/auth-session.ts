// auth-server: the session itself — the signed-in user, the tokens and the three calls that keep a
// session going (refresh, logout, me). Kept apart from the sign-in and account calls (auth.ts),
// whose `authRoutes` includes these, so that what only holds a session (the client at start)
// does not load the account forms' schemas.
import { z } from 'zod';
import { userAssociationLinkSchema } from './association-link.ts';
import { defineRoute, messageSchema } from './http.ts';
import { scope } from './scope.ts';

const gateway = 'auth-server' as const;

/** Instructing-service information carried by a service user's session. */
export const serviceInfoSchema = z.object({
  _id: z.string(),
  nom: z.string(),
  email: z.string().nullable(),
  type: z.string().nullable(),
  locked: z.boolean(),
});
export type ServiceInfo = z.infer<typeof serviceInfoSchema>;

/** The user part of a session (docs/domain.md « Données »), without the tokens. */
export const sessionUserSchema = z.object({
  _id: z.string(),
  authId: z.string(),
  lcaId: z.string().nullable(),
  email: z.string(),
  civilite: z.string().nullable(),
  nom: z.string().nullable(),
  prenom: z.string().nullable(),
  role: z.string().nullable(),
  roles: z.array(z.string()),
  enabled: z.boolean(),
  mustChangePassword: z.boolean(),
  /** A new address waiting for its validation link (the login stays `email` until then). */
  pendingEmail: z.string().nullable().optional(),
  /** The associations the user is linked to (docs/domain.md « Données »). */
  associations: z.array(userAssociationLinkSchema),
  rds: serviceInfoSchema.nullable(),
  session: z.unknown().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const tokenPairSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const sessionResponseSchema = tokenPairSchema.extend({ user: sessionUserSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** Payload of the access token (JWT). */
export const accessTokenPayloadSchema = z.object({
  sub: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  /** Refresh family of the session the token belongs to. */
  sid: z.string().optional(),
  /** The account's session version when signed; a password change or reset bumps it. */
  sv: z.number().int().optional(),
  exp: z.number(),
  iat: z.number(),
  iss: z.string().optional(),
  aud: z.string().optional(),
});
export type AccessTokenPayload = z.infer<typeof accessTokenPayloadSchema>;

/** The calls of a session under way; part of `authRoutes` (auth.ts). */
export const authSessionRoutes = {
  refreshToken: defineRoute({
    method: 'GET', gateway, path: '/refreshToken/:refreshToken', access: 'public', sendsAccessToken: false,
    errors: ['TOKEN_EXPIRED', 'REFRESH_TOKEN_REUSED', 'SESSION_USER_NOT_FOUND', 'USER_LOCKED'],
    summary: 'Échange du jeton de rafraîchissement (rotation)',
    params: z.object({ refreshToken: z.string().min(16).max(200) }), response: tokenPairSchema,
  }),
  logout: defineRoute({
    method: 'POST', gateway, path: '/logout', access: 'public', sendsAccessToken: false,
    summary: 'Déconnexion : révoque le jeton de rafraîchissement',
    body: z.object({ refreshToken: z.string().max(200).optional() }), response: messageSchema,
  }),
  me: defineRoute({
    method: 'GET', gateway, path: '/me', access: 'authenticated', scope: scope.caller, allowUnvalidated: true, allowPasswordChange: true,
    errors: ['USER_NOT_FOUND'],
    summary: 'Session de l’utilisateur connecté', response: sessionUserSchema,
  }),
};
