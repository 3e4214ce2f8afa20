// The referentials' administration (/administration/referentiels): the types with their option
// counts; one opened, an option's label changed and the whole list sent; a value twice refused
// before sending; the server's « Aucun changement n'a été détécté. » shown when nothing changed; a
// list too long to send whole keeps its options. Its history tab: the referentials' changes (their
// own route), who, when, what, a page at a time, read only; a rds administrator reads it too.
import { ERRORS, REFERENTIEL_MESSAGES, type ChainHistoryEntry, type Referentiel } from '@portail/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReferentielsPage } from '../src/features/referentiels-admin/referentiels-page.tsx';
import { session } from '../src/lib/session/session-store.ts';
import { formatTimestamp } from '../src/lib/format/timestamp.ts';
import { toasts } from '../src/lib/toast/toast-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeJwt, makeSession, makeUser } from './support/factories.ts';
import { renderWithQueries } from './support/render-routes.tsx';

afterEach(() => {
  resetAppState();
  vi.unstubAllGlobals();
});

const BASE = '/api/api-declaration-server';
const CIVILITES: Referentiel = {
  _id: '99999999-0000-4000-8000-000000000001', type: 'civilites', categorie: null, label: 'Civilités', optionsCount: 2,
  options: [{ value: 'M', label: 'Monsieur', meta: null }, { value: 'Mme', label: 'Madame', meta: null }],
};
const COMMUNES: Referentiel = { _id: '99999999-0000-4000-8000-000000000002', type: 'communes', categorie: null, label: 'Communes', optionsCount: 34_955, options: [{ value: '75056', label: 'Paris', meta: null }] };

function signInAdmin() {
  session.signIn(makeSession(makeUser({ role: 'lca.admin', roles: ['lca.admin'], lcaId: null, associations: [] }), makeJwt(4_000_000_000, 'admin')));
}

describe('the referentials’ administration', () => {
  it('sends an option changed, refuses a value twice, and shows that a second save changes nothing', async () => {
    signInAdmin();
    let stored = CIVILITES;
    const fake = stubFetch({
      [`GET ${BASE}/referentiels`]: () => json(200, [COMMUNES, { ...stored, options: stored.options.slice(0, 1) }]),
      [`GET ${BASE}/referentiel`]: () => json(200, stored),
      [`PATCH ${BASE}/referentiels/${CIVILITES._id}`]: (request) => {
        const body = request.body as Pick<Referentiel, 'options' | 'label'>;
        if (JSON.stringify(body.options) === JSON.stringify(stored.options) && body.label === stored.label)
          return json(400, { statusCode: 400, code: 'NO_CHANGE_DETECTED', message: ERRORS.NO_CHANGE_DETECTED.message });
        stored = { ...stored, ...body };
        return json(200, stored);
      },
    });
    renderWithQueries(<ReferentielsPage />);
    const types = await screen.findByRole('table', { name: 'Types de référentiels' });
    expect(within(types).getByRole('rowheader', { name: 'Communes' }).closest('tr')).toHaveTextContent('34955');
    await userEvent.click(within(types).getByRole('button', { name: 'Modifier le référentiel Civilités' }));
    const label = await screen.findByLabelText('Libellé de l’option 2');
    await userEvent.clear(label);
    await userEvent.type(label, 'Madame (Mme)');

    const value = screen.getByLabelText('Valeur de l’option 2');
    await userEvent.clear(value);
    await userEvent.type(value, 'M');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le référentiel' }));
    expect(await screen.findByText(REFERENTIEL_MESSAGES.duplicateValue('M'))).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'PATCH')).toEqual([]);

    await userEvent.clear(value);
    await userEvent.type(value, 'Mme');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le référentiel' }));
    await waitFor(() => expect(fake.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1));
    expect(fake.requests.find((r) => r.method === 'PATCH')!.body).toEqual({
      label: 'Civilités', categorie: null,
      options: [{ value: 'M', label: 'Monsieur', meta: null }, { value: 'Mme', label: 'Madame (Mme)', meta: null }],
    });
    await waitFor(() => expect(toasts.getToasts().some((t) => t.message === 'Le référentiel « Civilités » est enregistré.')).toBe(true));

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le référentiel' }));
    expect(await screen.findByText(ERRORS.NO_CHANGE_DETECTED.message)).toBeInTheDocument();
    expect(ERRORS.NO_CHANGE_DETECTED.message).toBe('Aucun changement n\'a été détécté.');
    expect(toasts.getToasts().some((t) => t.severity === 'info' && t.message === ERRORS.NO_CHANGE_DETECTED.message)).toBe(true);
  }, 30_000);

  it('keeps the options of a list too long to send whole: only its label and category go', async () => {
    signInAdmin();
    const fake = stubFetch({
      [`GET ${BASE}/referentiels`]: () => json(200, [COMMUNES]),
      [`GET ${BASE}/referentiel`]: () => json(200, COMMUNES),
      [`PATCH ${BASE}/referentiels/${COMMUNES._id}`]: (request) => json(200, { ...COMMUNES, ...(request.body as object) }),
    });
    renderWithQueries(<ReferentielsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier le référentiel Communes' }));
    expect(await screen.findByText(/trop pour être modifiées ici/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Catégorie'), 'territoire');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le référentiel' }));
    await waitFor(() => expect(fake.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ label: 'Communes', categorie: 'territoire' }));
  }, 30_000);

  it('shows the history of the referentials’ changes in its own tab, a page at a time, read only', async () => {
    session.signIn(makeSession(makeUser({ role: 'rds.admin', roles: ['rds.admin'], lcaId: null, associations: [] }), makeJwt(4_000_000_000, 'rds')));
    const entry = (seq: number, over: Partial<ChainHistoryEntry> = {}): ChainHistoryEntry => ({
      id: `eeeeeeee-0000-4000-8000-${String(seq).padStart(12, '0')}`, seq, date: '2026-11-27T09:05:00.000Z', auteur: 'admin.rds@demo.example.org',
      entite: 'referentiel', entite_id: CIVILITES._id, element: 'Civilités', action: 'update', id_siret: null,
      changements: [{ champ: 'options_ajoutees', avant: null, apres: 'Mx' }, { champ: 'nombre_options', avant: '2', apres: '3' }], ...over,
    });
    const fake = stubFetch({
      [`GET ${BASE}/referentiels`]: () => json(200, [CIVILITES]),
      [`GET ${BASE}/referentiels/historique`]: (request) => {
        const query = new URL(request.url, 'http://portail').searchParams;
        if (query.get('avant') === '8') return json(200, { entries: [entry(3, { element: 'Domaines', auteur: null, changements: [{ champ: 'label', avant: 'Domaine', apres: 'Domaines' }] })], suivant: null });
        return json(200, { entries: [entry(12), entry(8, { changements: [{ champ: 'categorie', avant: null, apres: 'identite' }] })], suivant: 8 });
      },
    });
    renderWithQueries(<ReferentielsPage />);
    expect(await screen.findByRole('table', { name: 'Types de référentiels' })).toBeInTheDocument();
    expect(fake.requests.some((r) => r.url.includes('/historique'))).toBe(false);

    await userEvent.click(screen.getByRole('tab', { name: 'Historique des modifications' }));
    const region = await screen.findByRole('region', { name: 'Modifications des référentiels (2 et plus)' });
    expect(region).toHaveAttribute('tabindex', '0');
    const rows = within(region).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      formatTimestamp('2026-11-27T09:05:00.000Z'),
      'admin.rds@demo.example.org',
      'Référentiel : Civilités',
      'Modification',
      'Options ajoutées : — → MxNombre d’options : 2 → 3',
    ]);
    expect(rows[1]).toHaveTextContent('Catégorie : — → identite');
    expect(fake.requests.at(-1)!.url).toContain('limit=50');
    expect(fake.requests.at(-1)!.headers['x-access-token']).toBe(session.getState().token);

    await userEvent.click(screen.getByRole('button', { name: 'Afficher plus de modifications' }));
    const all = await screen.findByRole('region', { name: 'Modifications des référentiels (3)' });
    expect(within(all).getAllByRole('row').at(-1)).toHaveTextContent('Le portail');
    expect(within(all).getAllByRole('row').at(-1)).toHaveTextContent('Référentiel : Domaines');
    expect(fake.requests.at(-1)!.url).toContain('avant=8');
    expect(screen.queryByRole('button', { name: 'Afficher plus de modifications' })).toBeNull();
    // Read only, and only the referentials': no filter by kind of element, nothing to change from this tab.
    expect(screen.queryByLabelText('Type d’élément')).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Modifier|Supprimer|Ajouter|Enregistrer)/ })).toBeNull();
  }, 30_000);
});
