// The secrets of one ProConnect sign-in in progress (state, nonce, PKCE verifier), kept by the
// browser in a short-lived cookie signed with HMAC-SHA256 under a key derived from the server secret:
// nothing is stored server-side, and a cookie altered, expired or made by anyone else is refused.
// HttpOnly (no script reads it), SameSite=Lax, limited to the ProConnect routes' path.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export const PROCONNECT_FLOW_COOKIE = 'proconnect_flow';
/** Long enough to sign in at the provider, short enough that a forgotten tab's secrets lapse. */
export const PROCONNECT_FLOW_TTL_SECONDS = 10 * 60;

export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

interface SignedFlow extends FlowSecrets {
  /** Expiry, in seconds since the epoch. */
  exp: number;
}

export interface FlowCookieOptions {
  /** The server secret (JWT_SECRET or the one kept in the database). */
  serverSecret: () => Promise<string>;
  /** The path the cookie is sent to (the ProConnect routes). */
  path: string;
  /** Secure flag: on when the portal is served over https. */
  secure: boolean;
}

/** The value of `name` in a Cookie request header. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

export function createFlowCookie({ serverSecret, path, secure }: FlowCookieOptions) {
  let key: Promise<Buffer> | null = null;
  const getKey = () =>
    (key ??= serverSecret().then((secret) => Buffer.from(hkdfSync('sha256', secret, 'le-compte-association', 'proconnect-flow/hmac-sha256', 32))));
  const sign = async (payload: string) => createHmac('sha256', await getKey()).update(payload).digest();
  const attributes = (maxAge: number) =>
    `Path=${path}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

  return {
    /** The Set-Cookie value carrying `flow` for PROCONNECT_FLOW_TTL_SECONDS. */
    async issue(flow: FlowSecrets, now = Date.now()): Promise<string> {
      const signed: SignedFlow = { ...flow, exp: Math.floor(now / 1000) + PROCONNECT_FLOW_TTL_SECONDS };
      const payload = Buffer.from(JSON.stringify(signed)).toString('base64url');
      const signature = (await sign(payload)).toString('base64url');
      return `${PROCONNECT_FLOW_COOKIE}=${payload}.${signature}; ${attributes(PROCONNECT_FLOW_TTL_SECONDS)}`;
    },

    /** The flow the request's cookie carries, or null: absent, altered, signed under another secret, or expired. */
    async read(cookieHeader: string | undefined, now = Date.now()): Promise<FlowSecrets | null> {
      const value = cookieValue(cookieHeader, PROCONNECT_FLOW_COOKIE);
      const [payload, signature, extra] = (value ?? '').split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const expected = await sign(payload);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let flow: SignedFlow;
      try {
        flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SignedFlow;
      } catch {
        return null;
      }
      if (typeof flow.exp !== 'number' || flow.exp * 1000 <= now) return null;
      if (![flow.state, flow.nonce, flow.codeVerifier].every((part) => typeof part === 'string' && part.length > 0)) return null;
      return { state: flow.state, nonce: flow.nonce, codeVerifier: flow.codeVerifier };
    },

    /** The Set-Cookie value that removes the cookie (one flow, one return). */
    cleared(): string {
      return `${PROCONNECT_FLOW_COOKIE}=; ${attributes(0)}`;
    },
  };
}
export type FlowCookie = ReturnType<typeof createFlowCookie>;
