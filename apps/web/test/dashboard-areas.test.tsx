// The dashboard's areas: the CEC declarations are offered only to a member whom the session says is
// a CEC validator of one of their associations (spec §6, the links' isValideurCEC).
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../src/lib/session/session-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeJwt, makeLcaUser, makeLink, makeSession, makeUser } from './support/factories.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(() => {
  resetAppState();
  vi.unstubAllGlobals();
});

function signInMember(isValideurCEC: boolean) {
  const user = makeUser({ associations: [makeLink(), makeLink({ id_correspondance: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', nom: 'Théâtre', isValideurCEC })] });
  session.signIn(makeSession(user, makeJwt(4_000_000_000, 'member')));
  stubFetch({
    'GET /api/lca-server/notesOnPage': () => json(200, []),
    'GET /api/lca-server/notifications/unread-count': () => json(200, { count: 0 }),
    [`GET /api/lca-server/users/${user.lcaId}`]: () => json(200, makeLcaUser(user)),
  });
}
const areas = async () => {
  await screen.findByRole('heading', { level: 2, name: 'Mes dossiers' }, { timeout: 10_000 });
  return screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
};

describe('the dashboard’s areas', () => {
  it('offers the CEC declarations to a validator of one of their associations', async () => {
    signInMember(true);
    renderApp('/user/dashboard');
    expect(await areas()).toContain('Déclarations');
    expect(screen.getByRole('link', { name: /Déclarations/ })).toHaveAttribute('href', '/declarations');
  }, 20_000);

  it('does not offer them to a member who validates for none', async () => {
    signInMember(false);
    renderApp('/user/dashboard');
    const shown = await areas();
    expect(shown).toContain("Pass'Sport");
    expect(shown).not.toContain('Déclarations');
  }, 20_000);
});
