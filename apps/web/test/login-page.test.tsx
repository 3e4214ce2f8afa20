import { MESSAGES } from '@portail/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginPage } from '../src/features/auth/login-page.tsx';
import { session } from '../src/lib/session/session-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeSession, makeUser } from './support/factories.ts';
import { renderRoutes } from './support/render-routes.tsx';

function renderLogin(entry = '/login') {
  return renderRoutes(entry, {
    '/login': <LoginPage />,
    '/dossiers': <p>Page des dossiers</p>,
    '/user/dashboard': <p>Tableau de bord</p>,
  });
}

afterEach(resetAppState);

describe('login page', () => {
  it('shows the contract schema errors next to the fields, without calling the server', async () => {
    const fake = stubFetch();
    renderLogin();
    await userEvent.type(screen.getByLabelText('Adresse électronique'), 'pas-une-adresse');
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));

    const email = screen.getByLabelText('Adresse électronique');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(MESSAGES.badFormat('adresse e-mail'));
    expect(screen.getByLabelText('Mot de passe')).toHaveAccessibleDescription(MESSAGES.required('mot de passe'));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.invalidForm);
    // Only the ProConnect settings were asked (the page's button), no sign-in was sent.
    expect(fake.requests.filter((r) => r.url.endsWith('/login'))).toHaveLength(0);
  });

  it('shows the server message and keeps the typed input', async () => {
    const fake = stubFetch({
      'POST /api/auth-server/login': () => json(401, { message: MESSAGES.badCredentials, status: 401, code: 'BAD_CREDENTIALS' }),
    });
    renderLogin();
    await userEvent.type(screen.getByLabelText('Adresse électronique'), 'Camille@Example.org');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'mauvais');
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByText(MESSAGES.badCredentials)).toBeInTheDocument();
    expect(screen.getByLabelText('Adresse électronique')).toHaveValue('Camille@Example.org');
    expect(screen.getByLabelText('Mot de passe')).toHaveValue('mauvais');
    // the schema normalised the e-mail before sending
    expect(fake.requests.find((r) => r.url.endsWith('/login'))!.body).toEqual({ email: 'camille@example.org', password: 'mauvais' });
  });

  it('stores the session and follows redirect_url', async () => {
    const response = makeSession(makeUser());
    stubFetch({ 'POST /api/auth-server/login': () => json(200, response) });
    renderLogin('/login?redirect_url=%2Fdossiers');
    await userEvent.type(screen.getByLabelText('Adresse électronique'), 'camille.martin@example.org');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'Motdepasse-Solide-2024');
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByText('Page des dossiers')).toBeInTheDocument();
    expect(session.getState()).toMatchObject({
      token: response.token,
      refreshToken: response.refreshToken,
      user: response.user,
    });
    expect(JSON.parse(localStorage.getItem('lca.user')!)).toMatchObject({ email: 'camille.martin@example.org' });
  });

  it('without redirect_url, lands on the role page', async () => {
    stubFetch({ 'POST /api/auth-server/login': () => json(200, makeSession(makeUser())) });
    renderLogin();
    await userEvent.type(screen.getByLabelText('Adresse électronique'), 'camille.martin@example.org');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'Motdepasse-Solide-2024');
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Tableau de bord')).toBeInTheDocument();
  });
});
