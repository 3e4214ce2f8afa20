// Unread dossier messages on both sides: the thread's heading counts them (« (2) », read aloud
// « (2 messages non lus) ») and, once the thread is in sight, marks them read on the server and leaves
// them marked « Nouveau »; the dashboard gives the total with a link to each dossier concerned and to
// the list (a member's dossiers, an agent's work list filtered on them); the work list keeps that
// filter in its URL.
import { screen, waitFor, within } from '@testing-library/react';
import type { DossierMessage, DossierView } from '@portail/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetLoadedUserInfo } from '../src/app/route-guard.ts';
import { filtersOf, readWorklist, writeWorklist, EMPTY_WORKLIST } from '../src/features/instruction/worklist-filters.ts';
import { DossierMessages } from '../src/features/subsidies/dossier-messages.tsx';
import { UnreadDossierMessages } from '../src/features/subsidies/unread-messages.tsx';
import { session } from '../src/lib/session/session-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeJwt, makeSession, makeUser } from './support/factories.ts';
import { renderApp } from './support/render-app.tsx';
import { renderWithQueries } from './support/render-routes.tsx';
import { DOSSIER_ID, makeDossier, makeDossierView, SERVICE_ID } from './support/subsidies.ts';

afterEach(() => {
  resetAppState();
  forgetLoadedUserInfo();
  vi.unstubAllGlobals();
});

const SERVICE = { id: SERVICE_ID, nom: 'SDJES de Paris' };
const message = (n: number, direction: DossierMessage['direction']): DossierMessage => ({
  id: `aaaaaaaa-aaaa-4aaa-8aaa-${String(n).padStart(12, '0')}`,
  direction,
  texte: `Message ${n}`,
  created_at: `2026-11-0${n}T10:00:00.000Z`,
  auteur: direction === 'vers_service' ? 'Camille Martin' : null,
  service: SERVICE,
});
const THREAD = [message(1, 'vers_association'), message(2, 'vers_service'), message(3, 'vers_association'), message(4, 'vers_association')];
const GET = `GET /api/lca-server/demande/dossiers/${DOSSIER_ID}`;
const MARK = `POST /api/lca-server/demande/dossiers/${DOSSIER_ID}/messages/lus`;

const view = (unread: number): DossierView => {
  const d = makeDossier({ etat: 'D' });
  d.instructeurs = [{ service: { ...SERVICE, type: null }, isReferent: true }];
  return makeDossierView(d, { messages_non_lus: unread });
};
const marks = (fake: ReturnType<typeof stubFetch>) => fake.requests.filter((r) => r.method === 'POST' && r.url.includes('/messages/lus'));

describe('the thread of a dossier', () => {
  it('counts the unread messages in its heading, marks them read once shown and keeps them marked « Nouveau »', async () => {
    session.signIn(makeSession(makeUser(), makeJwt(4_000_000_000, 'member')));
    const fake = stubFetch({ [GET]: () => json(200, { ...view(2), messages: THREAD }), [MARK]: () => json(200, { lus: 2, messages_non_lus: 0 }) });
    renderWithQueries(<DossierMessages dossier={view(2)} />);
    expect(screen.getByRole('heading', { name: 'Messages avec le service instructeur (2 messages non lus)' })).toBeInTheDocument();
    // jsdom has no IntersectionObserver: the thread counts as seen once loaded.
    await waitFor(() => expect(marks(fake)).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Messages avec le service instructeur' })).toBeInTheDocument());
    const thread = screen.getByRole('list', { name: 'Fil des messages' });
    const items = within(thread).getAllByRole('listitem');
    // The two newest of the service's messages are the unread ones; the member's own is never new.
    expect(items.map((li) => li.textContent?.includes('Nouveau'))).toEqual([false, false, true, true]);
  });

  it('on the service’s side, counts the association’s messages and marks nothing before the thread comes into sight', async () => {
    session.signIn(makeSession(makeUser({ role: 'rds.user', roles: ['rds.user'], lcaId: null, associations: [] }), makeJwt(4_000_000_000, 'agent')));
    let inSight: (entries: { isIntersecting: boolean }[]) => void = () => undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof inSight) {
          inSight = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const fake = stubFetch({ [GET]: () => json(200, { ...view(1), messages: THREAD }), [MARK]: () => json(200, { lus: 1, messages_non_lus: 0 }) });
    renderWithQueries(<DossierMessages dossier={view(1)} asService />);
    expect(screen.getByRole('heading', { name: 'Messages avec l’association (1 message non lu)' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Fil des messages' });
    expect(marks(fake)).toHaveLength(0);
    inSight([{ isIntersecting: true }]);
    await waitFor(() => expect(marks(fake)).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Messages avec l’association' })).toBeInTheDocument());
    const items = within(screen.getByRole('list', { name: 'Fil des messages' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.includes('Nouveau'))).toEqual([false, true, false, false]);
  });

  it('with nothing unread, shows no count and calls nothing', async () => {
    session.signIn(makeSession(makeUser(), makeJwt(4_000_000_000, 'member')));
    const fake = stubFetch({ [GET]: () => json(200, { ...view(0), messages: THREAD }) });
    renderWithQueries(<DossierMessages dossier={view(0)} />);
    await screen.findByRole('list', { name: 'Fil des messages' });
    expect(screen.getByRole('heading', { name: 'Messages avec le service instructeur' })).toBeInTheDocument();
    expect(screen.queryByText('Nouveau')).toBeNull();
    expect(marks(fake)).toHaveLength(0);
  });
});

const UNREAD = 'GET /api/lca-server/demande/dossiers/messages/non-lus';
const OTHER_ID = '66666666-6666-4666-8666-666666666666';

describe('the unread messages on the dashboard', () => {
  it('gives a member the total, a link to each dossier and to their dossiers', async () => {
    session.signIn(makeSession(makeUser(), makeJwt(4_000_000_000, 'member')));
    stubFetch({
      [UNREAD]: () =>
        json(200, { total: 3, dossiers: [{ id: DOSSIER_ID, id_fo: '2026-000001', nom: 'Club nautique', messages_non_lus: 2 }, { id: OTHER_ID, id_fo: '2026-000002', nom: null, messages_non_lus: 1 }] }),
    });
    renderWithQueries(<UnreadDossierMessages dossierPath={(id) => `/associations/subvention-demande/${id}`} list={{ to: '/dossiers', label: 'Voir mes dossiers' }} />);
    const section = await screen.findByRole('region', { name: 'Messages des dossiers' });
    expect(section).toHaveTextContent('Vous avez 3 messages non lus dans vos dossiers.');
    expect(within(section).getByRole('link', { name: 'Dossier n° 2026-000001 – Club nautique' })).toHaveAttribute('href', `/associations/subvention-demande/${DOSSIER_ID}`);
    expect(section).toHaveTextContent('(2 messages non lus)');
    expect(section).toHaveTextContent('(1 message non lu)');
    expect(within(section).getByRole('link', { name: 'Voir mes dossiers' })).toHaveAttribute('href', '/dossiers');
  });

  it('says there is nothing to read', async () => {
    session.signIn(makeSession(makeUser(), makeJwt(4_000_000_000, 'member')));
    stubFetch({ [UNREAD]: () => json(200, { total: 0, dossiers: [] }) });
    renderWithQueries(<UnreadDossierMessages dossierPath={(id) => id} list={{ to: '/dossiers', label: 'Voir mes dossiers' }} />);
    expect(await screen.findByText('Aucun message non lu dans vos dossiers.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('sends an instructing agent to the dossier’s instruction page and to the work list filtered on unread messages', async () => {
    const user = makeUser({ role: 'rds.user', roles: ['rds.user'], lcaId: null, associations: [] });
    session.signIn(makeSession(user, makeJwt(4_000_000_000, 'agent')));
    stubFetch({
      'GET /api/lca-server/notesOnPage': () => json(200, []),
      [`GET /api/rds-server/users/${user.authId}`]: () => json(200, { _id: SERVICE_ID, nom: 'SDJES de Paris', email: null, type: null, locked: false }),
      'GET /api/lca-server/notifications/unread-count': () => json(200, { count: 1 }),
      [UNREAD]: () => json(200, { total: 1, dossiers: [{ id: DOSSIER_ID, id_fo: '2026-000001', nom: 'Club nautique', messages_non_lus: 1 }] }),
    });
    renderApp('/user/dashboard');
    const section = await screen.findByRole('region', { name: 'Messages des dossiers' }, { timeout: 10_000 });
    expect(section).toHaveTextContent('Vous avez 1 message non lu dans vos dossiers.');
    expect(within(section).getByRole('link', { name: 'Dossier n° 2026-000001 – Club nautique' })).toHaveAttribute('href', `/instructeur/dossiers/${DOSSIER_ID}`);
    expect(within(section).getByRole('link', { name: 'Voir ces dossiers dans la liste de travail' })).toHaveAttribute('href', '/instructeur?messages_non_lus=true');
  }, 20_000);
});

describe('the work list’s unread-messages filter', () => {
  it('is read from and written to the URL, and sent to the server', () => {
    const state = readWorklist(new URLSearchParams('messages_non_lus=true&etats=D'));
    expect(state.unreadMessages).toBe(true);
    expect(filtersOf(state)).toMatchObject({ messages_non_lus: true, etats: ['D'] });
    expect(writeWorklist(state).get('messages_non_lus')).toBe('true');
    expect(writeWorklist(EMPTY_WORKLIST).has('messages_non_lus')).toBe(false);
    expect(filtersOf(EMPTY_WORKLIST)).not.toHaveProperty('messages_non_lus');
  });
});
