// Agents' sign-in with ProConnect on the client: the official button only when the server says
// ProConnect is on; the return page hands the provider's answer to the server and opens the session,
// or goes back to the sign-in page with the server's French message.
import { MESSAGES } from '@portail/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginPage } from '../src/features/auth/login-page.tsx';
import { ProconnectCallbackPage } from '../src/features/auth/proconnect-callback-page.tsx';
import { session } from '../src/lib/session/session-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeSession, makeUser } from './support/factories.ts';
import { fullPath, renderApp } from './support/render-app.tsx';
import { renderRoutes } from './support/render-routes.tsx';

afterEach(() => {
  resetAppState();
  sessionStorage.clear();
});

const SETTINGS = 'GET /api/auth-server/proconnect';
const CALLBACK = 'POST /api/auth-server/proconnect/callback';

describe('the ProConnect button on the sign-in page', () => {
  it('is shown when the server says ProConnect is on', async () => {
    stubFetch({ [SETTINGS]: () => json(200, { active: true }) });
    renderRoutes('/login', { '/login': <LoginPage /> });
    expect(await screen.findByRole('button', { name: /S’identifier avec\s*ProConnect/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Qu’est-ce que ProConnect/ })).toHaveAttribute('href', 'https://www.proconnect.gouv.fr/');
  });

  it('is hidden when ProConnect is off, and the password form stays', async () => {
    const fake = stubFetch({ [SETTINGS]: () => json(200, { active: false }) });
    renderRoutes('/login', { '/login': <LoginPage /> });
    await waitFor(() => expect(fake.requests.map((r) => r.url)).toContain('/api/auth-server/proconnect'));
    expect(screen.queryByRole('button', { name: /ProConnect/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
  });
});

describe('the return from ProConnect', () => {
  it("hands the provider's answer to the server and opens the agent's session", async () => {
    const agent = makeUser({ role: 'rds.user', roles: ['rds.user'], lcaId: null });
    const response = makeSession(agent);
    const fake = stubFetch({ [CALLBACK]: () => json(200, { ...response, providerLogoutUrl: 'http://idp.test/session/end?id_token_hint=x' }) });
    renderRoutes('/connexion/proconnect?code=le-code&state=l-etat&iss=http%3A%2F%2Fidp.test', {
      '/connexion/proconnect': <ProconnectCallbackPage />,
      '/instructeur': <p>Espace instructeur</p>,
    });
    expect(await screen.findByText('Espace instructeur')).toBeInTheDocument();
    expect(fake.requests[0]!.body).toEqual({ code: 'le-code', state: 'l-etat', iss: 'http://idp.test' });
    expect(session.getState()).toMatchObject({ token: response.token, refreshToken: response.refreshToken, user: agent });
    expect(sessionStorage.getItem('lca.proconnect.logout')).toBe('http://idp.test/session/end?id_token_hint=x');
  });

  it("goes back to the sign-in page with the server's French message", async () => {
    stubFetch({
      [CALLBACK]: () => json(403, { message: MESSAGES.proconnectNoAgentAccount, status: 403, code: 'PROCONNECT_NO_AGENT_ACCOUNT' }),
      [SETTINGS]: () => json(200, { active: true }),
    });
    renderRoutes('/connexion/proconnect?code=c&state=s', { '/connexion/proconnect': <ProconnectCallbackPage />, '/login': <LoginPage /> });
    expect(await screen.findByText(MESSAGES.proconnectNoAgentAccount)).toBeInTheDocument();
    expect(screen.getByText('La connexion avec ProConnect a échoué')).toBeInTheDocument();
    expect(session.getState().token).toBeNull();
  });
});

describe('the return page in the route table', () => {
  it('is open without a session (the session is opened there), and a refusal lands on /login with the message', async () => {
    const fake = stubFetch({
      [CALLBACK]: () => json(400, { message: MESSAGES.proconnectFailed, status: 400, code: 'PROCONNECT_FAILED' }),
      [SETTINGS]: () => json(200, { active: true }),
    });
    const router = renderApp('/connexion/proconnect?code=c&state=s');
    expect(await screen.findByText(MESSAGES.proconnectFailed)).toBeInTheDocument();
    expect(fullPath(router)).toBe('/login');
    expect(fake.requests.find((r) => r.url.endsWith('/proconnect/callback'))!.body).toEqual({ code: 'c', state: 's' });
  });
});
