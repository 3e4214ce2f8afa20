// The instructing services' dossiers list (/dossiers) opens each one on the reading page (the work
// list of /instructeur is instruction-worklist.test.tsx).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetLoadedUserInfo } from '../src/app/route-guard.ts';
import { session } from '../src/lib/session/session-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeJwt, makeSession, makeUser } from './support/factories.ts';
import { fullPath, renderApp } from './support/render-app.tsx';
import { makeDossier, SERVICE_ID } from './support/subsidies.ts';

afterEach(() => {
  resetAppState();
  forgetLoadedUserInfo();
});

function signInInstructor() {
  const user = makeUser({ role: 'rds.user', roles: ['rds.user'], lcaId: null, associations: [] });
  session.signIn(makeSession(user, makeJwt(4_000_000_000, 'instructor')));
  const d = makeDossier({ step: 4, statut: 'complet', etat: 'D' });
  return stubFetch({
    'GET /api/lca-server/notesOnPage': () => json(200, []),
    [`GET /api/rds-server/users/${user.authId}`]: () => json(200, { _id: SERVICE_ID, nom: 'SDJES de Paris', email: null, type: null, locked: false }),
    'GET /api/lca-server/demande/dossiers/states': () => json(200, []),
    'GET /api/lca-server/demande/dossiers': () =>
      json(200, {
        total: 1,
        page: 1,
        limit: 20,
        items: [
          {
            id: d.id, id_fo: d.identifiant.id_fo, step: 4, statut: 'complet', exercice: 2026, exercice_fin: 2026, code_subvention: 'FDVA-2026', libelle_subvention: 'FDVA 2026',
            id_type_dispositif: 'FDVA', id_sous_type_dispositif: null, id_association: '66666666-6666-4666-8666-666666666666', demandeur: { id_siret: '12345678900011', nom: 'Club' },
            instructions: [{ etat: 'D', id_service_instructeur: SERVICE_ID }], createdBy: { id: null, type: 'association' }, deleted: false, created_at: '2026-11-20T10:00:00.000Z', updated_at: '2026-11-21T10:00:00.000Z', notifications: 0,
          },
        ],
      }),
    'GET /api/lca-server/notifications/unread-count': () => json(200, { count: 0 }),
    'GET /api/lca-server/notifications': () => json(200, []),
  });
}

describe('instructor space', () => {
  it('the dossiers the service received open on the reading page', async () => {
    signInInstructor();
    const router = renderApp('/dossiers');
    const row = (await screen.findByText('2026-000001')).closest('tr')!;
    expect(within(row).queryByRole('link', { name: /Modifier/ })).toBeNull();
    const consult = within(row).getByRole('link', { name: /Consulter le dossier 2026-000001/ });
    expect(consult).toHaveAttribute('href', '/dossiers/55555555-5555-4555-8555-555555555555');
    await userEvent.click(consult);
    await waitFor(() => expect(fullPath(router)).toBe('/dossiers/55555555-5555-4555-8555-555555555555'));
  });
});
