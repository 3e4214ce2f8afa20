// The notifications panel of /dossiers: unread count, each notification's type, text and dossier
// link, « mark as read » calling the server and refreshing the panel; a failed list says so.
import type { NotificationView } from '@portail/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetLoadedUserInfo } from '../src/app/route-guard.ts';
import { session } from '../src/lib/session/session-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeJwt, makeLcaUser, makeLink, makeSession, makeUser } from './support/factories.ts';
import { renderApp } from './support/render-app.tsx';

const ASSO = makeLink().id_correspondance;
const DOSSIER = '11111111-2222-4333-8444-555555555555';

function notification(overrides: Partial<NotificationView>): NotificationView {
  return {
    id: 'n1',
    id_correspondance: ASSO,
    type: 5,
    type_libelle: 'message',
    payload: { dossier: DOSSIER, id_fo: '2026-000042', texte: 'Nouveau message sur le dossier n° 2026-000042 :\nMerci de joindre le bilan.' },
    read_at: null,
    created_at: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}

function setup(notifications: () => Response) {
  const user = makeUser();
  session.signIn(makeSession(user, makeJwt(4_000_000_000, 'notif-user')));
  let read = false;
  const fake = stubFetch({
    'GET /api/lca-server/notesOnPage': () => json(200, []),
    [`GET /api/lca-server/users/${user.lcaId}`]: () => json(200, makeLcaUser(user)),
    'GET /api/lca-server/demande/dossiers/states': () => json(200, []),
    'GET /api/lca-server/demande/dossiers': () => json(200, { total: 0, page: 1, limit: 20, items: [] }),
    'GET /api/lca-server/notifications/unread-count': () => json(200, { count: read ? 0 : 1 }),
    'GET /api/lca-server/notifications': () => (read ? json(200, [notification({ read_at: '2026-11-21T10:00:00.000Z' })]) : notifications()),
    'PATCH /api/lca-server/notifications/n1/read': () => {
      read = true;
      return json(200, notification({ read_at: '2026-11-21T10:00:00.000Z' }));
    },
  });
  return fake;
}

afterEach(() => {
  resetAppState();
  forgetLoadedUserInfo();
});

describe('notifications of /dossiers', () => {
  it('shows the unread count, the type, the text and a link to the dossier; marking read asks the server and refreshes', async () => {
    const fake = setup(() => json(200, [notification({}), notification({ id: 'n2', type: 1, type_libelle: 'modification_etat_dossier', payload: {}, read_at: '2026-11-19T08:00:00.000Z' })]));
    renderApp('/dossiers');
    const panel = await screen.findByRole('region', { name: /Notifications/ });
    await within(panel).findByText('1 non lue(s)');
    const unread = (await within(panel).findByText(/Nouveau message sur le dossier/)).closest('li')!;
    expect(unread).toHaveTextContent('Non lue – Nouveau message – 20/11/2026 – Nouveau message sur le dossier n° 2026-000042 :');
    expect(within(unread).getByRole('link', { name: 'Voir le dossier 2026-000042' })).toHaveAttribute('href', `/associations/subvention-demande/${DOSSIER}`);
    const older = (await within(panel).findByText(/Changement d’état du dossier/)).closest('li')!;
    expect(within(older).queryByRole('link')).toBeNull();
    expect(within(older).queryByRole('button')).toBeNull();

    await userEvent.click(within(unread).getByRole('button', { name: 'Marquer comme lue' }));
    await waitFor(() => expect(within(panel).queryByText('1 non lue(s)')).toBeNull());
    expect(fake.requests.some((r) => r.method === 'PATCH' && r.url === '/api/lca-server/notifications/n1/read')).toBe(true);
    expect(within(panel).queryByRole('button', { name: 'Marquer comme lue' })).toBeNull();
  });

  it('names the dossier of a change of state, its new state, the service, its comment, the amount granted and who did it', async () => {
    const sentBack = notification({
      id: 'n3', type: 1, type_libelle: 'modification_etat_dossier',
      payload: { dossier: DOSSIER, id_fo: '2026-000042', libelle_subvention: 'FDVA 2026', vers: 'C', libelle_etat: 'Renvoyé au compte asso', service: 'SDJES du Rhône', auteur: 'SDJES du Rhône', commentaire: 'Il manque le budget signé.' },
    });
    const granted = notification({
      id: 'n4', type: 1, type_libelle: 'modification_etat_dossier',
      payload: { dossier: DOSSIER, id_fo: '2026-000042', vers: '6', libelle_etat: 'Accordé', service: 'SDJES du Rhône', montant_accorde: 3500 },
    });
    setup(() => json(200, [sentBack, granted]));
    renderApp('/dossiers');
    const panel = await screen.findByRole('region', { name: /Notifications/ });
    const back = (await within(panel).findByText(/Il manque le budget signé/)).closest('li')!;
    expect(back).toHaveTextContent('par SDJES du Rhône – Dossier n° 2026-000042 (FDVA 2026) : nouvel état « Renvoyé au compte asso », SDJES du Rhône.');
    expect(back).toHaveTextContent('Commentaire du service : Il manque le budget signé.');
    expect(within(back).getByRole('link', { name: 'Voir le dossier 2026-000042' })).toBeInTheDocument();
    const grant = within(panel).getByText(/nouvel état « Accordé »/).closest('li')!;
    expect(grant).toHaveTextContent(/Montant accordé : 3\s500\s€/);
    expect(panel.textContent).not.toContain('@');
  });

  it('says so when the notifications cannot be read', async () => {
    setup(() => json(500, { message: 'Une erreur serveur est survenue.' }));
    renderApp('/dossiers');
    const panel = await screen.findByRole('region', { name: /Notifications/ });
    await within(panel).findByText('Une erreur serveur est survenue.');
  });
});
