// The ProConnect provider seen through openid-client: discovery (kept once it worked), the
// authorization URL (code flow with PKCE S256, state, nonce, ProConnect's scopes and acr_values),
// and the return: the code exchanged, the ID token verified by openid-client (signature algorithm,
// issuer, audience, nonce, expiry; the `iss` of the answer, RFC 9207, when the provider announces
// it), then the agent's e-mail read from the user info (where ProConnect gives it, a signed JWT).
import * as oidc from 'openid-client';
import type { ProconnectConfig } from '../../../config.ts';
import { appError } from '../../../http/errors.ts';
import type { FlowSecrets } from './flow-cookie.ts';

/** Seconds each call to the provider may take before it is given up (then 503). */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** The provider's answer on the redirect URI, as the client's callback page received it. */
export type ProviderAnswer = Partial<Record<'code' | 'state' | 'iss' | 'error' | 'error_description', string>>;

export interface ProvenAgent {
  email: string;
  /** The provider's subject, for the audit entry. */
  sub: string;
  /** The ID token, the hint that ends the provider's session at logout. */
  idToken: string;
}

/** A provider that does not answer is not the agent's fault: 503, not « try again from the start ». */
function unreachable(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.name === 'AbortError' || cause.name === 'TimeoutError' || (cause instanceof TypeError && /fetch failed/i.test(cause.message))) return true;
  }
  return false;
}

/** Where the provider's refusals are told (the server's log): the answer itself only says it failed. */
export interface ProviderLog {
  warn(details: object, message: string): void;
}

export function createProconnectProvider(settings: ProconnectConfig, log: ProviderLog) {
  const refused = (key: 'PROCONNECT_FAILED' | 'PROCONNECT_UNAVAILABLE', error: unknown) => {
    log.warn({ err: error }, `ProConnect: ${key === 'PROCONNECT_FAILED' ? 'return refused' : 'provider unreachable'}`);
    return appError(key);
  };
  let configuration: Promise<oidc.Configuration> | null = null;
  // A provider on this machine (tests, development): config.ts refuses a plain http issuer in production.
  const insecure = new URL(settings.issuer).protocol === 'http:';

  /** The provider's metadata and keys, read once; a failed discovery is tried again on the next call. */
  function discovered(): Promise<oidc.Configuration> {
    configuration ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        configuration = null;
        throw refused('PROCONNECT_UNAVAILABLE', error);
      });
    return configuration;
  }

  return {
    /** The authorization URL and the secrets the return will be checked against. */
    async authorization(): Promise<{ url: string; flow: FlowSecrets }> {
      const config = await discovered();
      const flow: FlowSecrets = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: settings.scopes,
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
        ...(settings.acrValues ? { acr_values: settings.acrValues } : {}),
      });
      return { url: url.href, flow };
    },

    /**
     * The agent the provider vouches for. Any refusal (the provider's error, a state that is not this
     * browser's, a code already used or not issued for this verifier, an ID token that does not verify)
     * is PROCONNECT_FAILED; a provider that does not answer is PROCONNECT_UNAVAILABLE.
     */
    async provenAgent(answer: ProviderAnswer, flow: FlowSecrets): Promise<ProvenAgent> {
      const config = await discovered();
      const returned = new URL(settings.redirectUri);
      for (const [name, value] of Object.entries(answer)) if (value !== undefined) returned.searchParams.set(name, value);
      try {
        const tokens = await oidc.authorizationCodeGrant(config, returned, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims || !tokens.id_token) throw new Error('no ID token');
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        const email = typeof info.email === 'string' ? info.email : typeof claims.email === 'string' ? claims.email : undefined;
        if (!email) throw new Error('the provider gave no e-mail');
        return { email, sub: claims.sub, idToken: tokens.id_token };
      } catch (error) {
        throw refused(unreachable(error) ? 'PROCONNECT_UNAVAILABLE' : 'PROCONNECT_FAILED', error);
      }
    },

    /** Where the browser ends the provider's session, when the provider has an end_session_endpoint. */
    async endSessionUrl(idToken: string): Promise<string | null> {
      const config = await discovered();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return oidc
        .buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: settings.postLogoutRedirectUri, state: oidc.randomState() })
        .href;
    },
  };
}
export type ProconnectProvider = ReturnType<typeof createProconnectProvider>;
