// /validate/:token: the server's message; a login address validated clears the stale session and
// offers to sign in, a service's contact address leaves whoever is signed in here signed in.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../src/lib/session/session-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeJwt, makeSession, makeUser } from './support/factories.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(() => resetAppState());

describe('validation link', () => {
  it('a login address: the server’s message, the session cleared, « Se connecter »', async () => {
    session.signIn(makeSession(makeUser(), makeJwt(4_000_000_000, 'validate-user')));
    stubFetch({ 'POST /api/auth-server/validate/tok-connexion': () => json(200, { message: 'Votre adresse e-mail est validée. Vous pouvez vous connecter.', adresse: 'connexion' }) });
    renderApp('/validate/tok-connexion');
    expect(await screen.findByText('Votre adresse e-mail est validée. Vous pouvez vous connecter.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Se connecter' })).toBeInTheDocument();
    await waitFor(() => expect(session.getState().token).toBeNull());
  });

  it('a service’s contact address: the server’s message, the session kept', async () => {
    session.signIn(makeSession(makeUser(), makeJwt(4_000_000_000, 'validate-user')));
    const message = 'L’adresse de contact du service est validée : les courriels des dossiers y sont désormais envoyés.';
    stubFetch({ 'POST /api/auth-server/validate/tok-contact': () => json(200, { message, adresse: 'contact' }) });
    renderApp('/validate/tok-contact');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Se connecter' })).toBeNull();
    expect(session.getState().token).not.toBeNull();
  });
});
