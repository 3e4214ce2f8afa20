// Agents' sign-in with ProConnect (docs/security.md « ProConnect »): off unless configured. The start
// hands the browser the provider's URL and this flow's secrets in a signed cookie; the return checks
// them through the provider (provider.ts), then the auth service opens the agent's session exactly as
// a password sign-in does (AuthService.signInWithProconnect).
import { appError } from '../../../http/errors.ts';
import type { AuthService } from '../service.ts';
import type { FlowCookie } from './flow-cookie.ts';
import type { ProconnectProvider, ProviderAnswer } from './provider.ts';

export interface ProconnectServiceDeps {
  /** Undefined when ProConnect is off (no PROCONNECT_ISSUER). */
  provider: ProconnectProvider | undefined;
  flowCookie: FlowCookie;
  auth: Pick<AuthService, 'signInWithProconnect'>;
}

export function createProconnectService({ provider, flowCookie, auth }: ProconnectServiceDeps) {
  const active = () => {
    if (!provider) throw appError('PROCONNECT_OFF');
    return provider;
  };

  return {
    settings: () => ({ active: provider !== undefined }),

    /** The provider's authorization URL, and the cookie that keeps this flow's secrets. */
    async start(): Promise<{ url: string; setCookie: string }> {
      const { url, flow } = await active().authorization();
      return { url, setCookie: await flowCookie.issue(flow) };
    },

    /**
     * The provider's answer, checked against the secrets of this browser's cookie (none, altered or
     * expired: refused before the provider is asked). The cookie is removed whatever the outcome: one
     * flow, one return.
     */
    async finish(answer: ProviderAnswer, cookieHeader: string | undefined, clearCookie: (value: string) => void) {
      const provider = active();
      clearCookie(flowCookie.cleared());
      const flow = await flowCookie.read(cookieHeader);
      if (!flow) throw appError('PROCONNECT_FAILED');
      const agent = await provider.provenAgent(answer, flow);
      const session = await auth.signInWithProconnect(agent.email, agent.sub);
      return { ...session, providerLogoutUrl: await provider.endSessionUrl(agent.idToken) };
    },
  };
}
export type ProconnectService = ReturnType<typeof createProconnectService>;
