// The portal's ProConnect sign-in driven over HTTP against the local provider (oidc-provider.ts):
// the start on the portal (its flow cookie kept), the visit at the provider, the return.
import type { ProconnectConfig } from '../../src/config.ts';
import { PROCONNECT_DEFAULT_SCOPES } from '../../src/config.ts';
import { startLocalProvider, type LocalProvider } from './oidc-provider.ts';
import type { TestApp } from './test-app.ts';

/** The test apps' public URL (test-app.ts) and the client's callback page under it. */
export const TEST_REDIRECT_URI = 'http://portail.test/client/connexion/proconnect';
export const TEST_POST_LOGOUT_URI = 'http://portail.test/client/login';

export const startTestProvider = () => startLocalProvider({ redirectUri: TEST_REDIRECT_URI, postLogoutRedirectUri: TEST_POST_LOGOUT_URI });

/** The portal's settings for the local provider. */
export function proconnectConfigFor(provider: LocalProvider): ProconnectConfig {
  return {
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    redirectUri: TEST_REDIRECT_URI,
    scopes: PROCONNECT_DEFAULT_SCOPES,
    acrValues: 'eidas1',
    postLogoutRedirectUri: TEST_POST_LOGOUT_URI,
  };
}

/** The name=value of the flow cookie the start set. */
export function flowCookieOf(setCookie: string[] | string | undefined): string {
  const cookie = [setCookie ?? []].flat().find((value) => value.startsWith('proconnect_flow='));
  if (!cookie) throw new Error('no flow cookie was set');
  return cookie.split(';')[0]!;
}

/** Starts a sign-in on the portal and signs in at the provider as `email`: the answer and the browser's flow cookie. */
export async function proconnectAnswer(t: TestApp, provider: LocalProvider, email: string) {
  const start = await t.http().post('/api/auth-server/proconnect/authorize');
  if (start.status !== 200) throw new Error(`start refused: ${start.status} ${JSON.stringify(start.body)}`);
  const answer = await provider.signIn(start.body.url as string, email);
  return { answer, cookie: flowCookieOf(start.headers['set-cookie']), url: start.body.url as string, setCookie: start.headers['set-cookie'] };
}

/** The return on the portal with the provider's answer and a flow cookie. */
export const proconnectReturn = (t: TestApp, answer: Record<string, string>, cookie?: string) => {
  const request = t.http().post('/api/auth-server/proconnect/callback');
  return (cookie ? request.set('cookie', cookie) : request).send(answer);
};
