// auth-server: agents' sign-in with ProConnect, the state's OpenID Connect provider for civil servants
// (docs/security.md « ProConnect »). Off unless configured: then the settings route answers
// `active: false` and the two others 404. Part of `authRoutes` (auth.ts).
import { z } from 'zod';
import { sessionResponseSchema } from './auth-session.ts';
import { defineRoute } from './http.ts';

const gateway = 'auth-server' as const;

/** Where the client's ProConnect callback page is, under the client's base (the redirect URI's usual path). */
export const PROCONNECT_CALLBACK_PATH = '/connexion/proconnect';

export const proconnectSettingsSchema = z.object({ active: z.boolean() });

export const proconnectAuthorizeResponseSchema = z.object({
  /** The provider's authorization URL the browser goes to. */
  url: z.string(),
});

/** A parameter of the provider's answer, as the browser received it on the redirect URI. */
const answerParameter = z.string().max(2048).optional();

/** The provider's answer on the redirect URI, handed over by the client's callback page as it came. */
export const proconnectCallbackBodySchema = z
  .object({
    code: answerParameter,
    state: answerParameter,
    iss: answerParameter,
    error: answerParameter,
    error_description: answerParameter,
  })
  .strict();
export type ProconnectCallbackBody = z.infer<typeof proconnectCallbackBodySchema>;

/**
 * The same session as a password sign-in, and where the browser ends the provider's session at
 * logout (null: the provider has no end_session_endpoint).
 */
export const proconnectSessionSchema = sessionResponseSchema.extend({ providerLogoutUrl: z.string().nullable() });
export type ProconnectSession = z.infer<typeof proconnectSessionSchema>;

export const proconnectRoutes = {
  proconnectSettings: defineRoute({
    method: 'GET', gateway, path: '/proconnect', access: 'public',
    summary: 'Connexion des agents avec ProConnect : proposée ou non sur ce portail',
    response: proconnectSettingsSchema,
  }),
  proconnectAuthorize: defineRoute({
    method: 'POST', gateway, path: '/proconnect/authorize', access: 'public',
    errors: ['PROCONNECT_OFF', 'PROCONNECT_UNAVAILABLE', 'TOO_MANY_REQUESTS'],
    summary:
      'Début de la connexion avec ProConnect : adresse d’autorisation du fournisseur (code avec PKCE, `state` et `nonce` gardés dans un cookie signé de courte durée)',
    response: proconnectAuthorizeResponseSchema,
  }),
  proconnectCallback: defineRoute({
    method: 'POST', gateway, path: '/proconnect/callback', access: 'public',
    errors: ['PROCONNECT_OFF', 'PROCONNECT_FAILED', 'PROCONNECT_NO_AGENT_ACCOUNT', 'PROCONNECT_UNAVAILABLE', 'USER_LOCKED', 'TOO_MANY_REQUESTS'],
    summary:
      'Retour de ProConnect : le code est échangé, le jeton d’identité vérifié, et le compte d’agent de même adresse électronique reçoit la même session qu’une connexion par mot de passe',
    body: proconnectCallbackBodySchema, response: proconnectSessionSchema,
  }),
};
