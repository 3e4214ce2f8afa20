// A local OpenID Connect provider standing for ProConnect (oidc-provider, certified by the OpenID
// Foundation): one confidential client with the portal's redirect URI, PKCE required, RS256 keys,
// ProConnect's scopes (each claim its own scope), the e-mail in a signed user info (application/jwt)
// as ProConnect gives it, acr eidas1, and an end-session endpoint. Its sign-in page takes any
// address: the account's subject is a fixed digest of it, its e-mail claim the address as typed.
// Used by the server tests (HTTP, signIn below) and the browser journey (the page's form).
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './free-port.ts';

export interface LocalProviderOptions {
  redirectUri: string;
  postLogoutRedirectUri?: string;
  clientId?: string;
  clientSecret?: string;
}

const subjectOf = (email: string) => createHash('sha256').update(email).digest('hex').slice(0, 32);

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startLocalProvider(options: LocalProviderOptions) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = options.clientId ?? 'portail-test';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  /** Addresses signed in, by subject (the account's claims come from here). */
  const emails = new Map<string, string>();

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: options.postLogoutRedirectUri ? [options.postLogoutRedirectUri] : [],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'RS256',
        userinfo_signed_response_alg: 'RS256',
      },
    ],
    jwks: { keys: [{ ...jwk, kid: 'local-proconnect', alg: 'RS256', use: 'sig' }] },
    claims: { openid: ['sub'], email: ['email'], given_name: ['given_name'], usual_name: ['usual_name'] },
    scopes: ['openid', 'email', 'given_name', 'usual_name'],
    acrValues: ['eidas1'],
    features: {
      devInteractions: { enabled: false },
      jwtUserinfo: { enabled: true },
      rpInitiatedLogout: { enabled: true },
    },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    cookies: { keys: [randomBytes(24).toString('base64url')] },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      const email = emails.get(sub);
      if (!email) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email, given_name: 'Agent', usual_name: 'Public' }),
      };
    },
  });

  /** The provider's sign-in page: an address, then « Se connecter ». */
  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, submitted: boolean) {
    const details = await provider.interactionDetails(req, res);
    if (!submitted) {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><html lang="fr"><head><title>Fournisseur d'identité de test</title></head><body><main>
<h1>Fournisseur d'identité de test</h1>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label for="email">Adresse électronique</label> <input id="email" name="email" type="email" required>
<button type="submit">Se connecter</button></form></main></body></html>`);
      return;
    }
    const email = (await formBody(req)).get('email') ?? '';
    const sub = subjectOf(email);
    emails.set(sub, email);
    const grant = new provider.Grant({ accountId: sub, clientId: details.params.client_id! });
    grant.addOIDCScope(details.params.scope ?? 'openid');
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  const handle = provider.callback();
  const server = createServer((req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(new URL(req.url ?? '/', issuer).pathname);
    if (!match) return handle(req, res);
    interaction(req, res, match[1]!, req.method === 'POST' && match[2] !== undefined).catch((error: unknown) => {
      res.statusCode = 400;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    issuer,
    clientId,
    clientSecret,
    /**
     * A browser's visit without the browser: from the authorization URL, signs in as `email` at the
     * provider and follows its redirects (with its cookies) up to the redirect URI; its query.
     */
    async signIn(authorizationUrl: string, email: string): Promise<Record<string, string>> {
      const jar = new Map<string, string>();
      const send = async (url: string, init: RequestInit = {}) => {
        const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
        const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as object), ...(cookie ? { cookie } : {}) } });
        for (const set of response.headers.getSetCookie()) {
          const [pair] = set.split(';');
          const at = pair!.indexOf('=');
          jar.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
        return response;
      };
      let response = await send(authorizationUrl);
      let location = response.headers.get('location');
      if (!location) throw new Error(`the provider did not redirect: ${response.status} ${await response.text()}`);
      const uid = /\/interaction\/([\w-]+)/.exec(location)?.[1];
      if (!uid) throw new Error(`unexpected redirect ${location}`);
      response = await send(new URL(`/interaction/${uid}/login`, issuer).href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email }).toString(),
      });
      for (let hops = 0; hops < 5; hops += 1) {
        location = response.headers.get('location');
        if (!location) throw new Error(`the provider stopped: ${response.status} ${await response.text()}`);
        const next = new URL(location, issuer);
        if (next.href.startsWith(options.redirectUri)) return Object.fromEntries(next.searchParams);
        response = await send(next.href);
      }
      throw new Error('too many redirects at the provider');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type LocalProvider = Awaited<ReturnType<typeof startLocalProvider>>;
