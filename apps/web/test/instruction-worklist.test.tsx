// The work list (/instructeur, /osiris): filters ⇄ URL, selection across pages and « all matching »,
// the export's progress text, and the page itself on a scripted server: the URL's filters sent to
// the list and the counts, counts per state in the state filter, keyset pages back and forth,
// « sélectionner tous les N dossiers correspondants » sent as selectAll, the per-dossier result.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WorklistItem } from '@portail/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetLoadedUserInfo } from '../src/app/route-guard.ts';
import { progressText } from '../src/features/instruction/worklist-export.tsx';
import { EMPTY_WORKLIST, filtersOf, readWorklist, toggleValue, withChanges, writeWorklist } from '../src/features/instruction/worklist-filters.ts';
import { bulkSelection, mayActOn, NO_SELECTION, offersSelectAll, selectedCount, toggleRow, togglePage } from '../src/features/instruction/worklist-selection.ts';
import { session } from '../src/lib/session/session-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeJwt, makeSession, makeUser } from './support/factories.ts';
import { fullPath, renderApp } from './support/render-app.tsx';
import { SERVICE_ID } from './support/subsidies.ts';

afterEach(() => {
  resetAppState();
  forgetLoadedUserInfo();
  vi.unstubAllGlobals();
});

const DISPOSITIF = '12121212-1212-4121-8121-121212121212';

describe('work list filters in the URL', () => {
  it('reads and writes every filter, drops what is malformed, and any change goes back to the first page', () => {
    const query = `exercices=2026&exercices=abc&etats=D&etats=Z&statuts=incomplet&searchQuery=+club+&service=${SERVICE_ID}&service=nope&dispositif=${DISPOSITIF}&createdByType=service&includeDeleted=true&messages_non_lus=true&sort=created_at&order=asc&cursor=abc`;
    const state = readWorklist(new URLSearchParams(query));
    expect(state).toEqual({
      exercices: [2026], etats: ['D'], statuts: ['incomplet'], searchQuery: 'club', services: [SERVICE_ID], dispositifs: [DISPOSITIF], createdBy: [], createdByType: ['service'],
      includeDeleted: true, unreadMessages: true, sort: 'created_at', order: 'asc', cursor: 'abc',
    });
    expect(readWorklist(writeWorklist(state))).toEqual(state);
    expect(writeWorklist(EMPTY_WORKLIST).toString()).toBe('');
    expect(toggleValue(state, 'etats', '2')).toMatchObject({ etats: ['D', '2'], cursor: null });
    expect(withChanges(state, { sort: 'updated_at' }).cursor).toBeNull();
    expect(filtersOf(state)).toEqual({ exercices: [2026], etats: ['D'], statuts: ['incomplet'], searchQuery: 'club', id_service_instructeur: [SERVICE_ID], id_type_dispositif: [DISPOSITIF], createdByType: ['service'], includeDeleted: true, messages_non_lus: true });
    expect(filtersOf(state, { withEtats: false })).not.toHaveProperty('etats');
  });

  it('keeps a selection across pages, offers « all matching » once the page is selected, and caps a bulk at 500', () => {
    const page1 = ['a', 'b'];
    const page2 = ['c'];
    let s = togglePage(NO_SELECTION, page1);
    expect(offersSelectAll(s, page1, 3)).toBe(true);
    s = toggleRow(s, 'c', page2);
    expect(selectedCount(s)).toBe(3);
    expect(offersSelectAll(s, page1, 3)).toBe(false);
    expect(bulkSelection(s, { etats: ['D'] })).toEqual({ ids: ['a', 'b', 'c'] });
    const all = { kind: 'all' as const, total: 42 };
    expect(bulkSelection(all, { etats: ['D'] })).toEqual({ selectAll: { etats: ['D'] } });
    expect(toggleRow(all, 'a', page1)).toEqual({ kind: 'rows', ids: new Set(['b']) });
    expect(mayActOn(all)).toBe(true);
    expect(mayActOn({ kind: 'all', total: 501 })).toBe(false);
    expect(mayActOn(NO_SELECTION)).toBe(false);
  });

  it('says how much of an export came', () => {
    expect(progressText('csv', { bytes: 2048, lines: 11, totalRows: 20 })).toMatch(/^10 lignes reçues sur 20 \(2 Ko\)$/);
    expect(progressText('xlsx', { bytes: 3 * 1024 * 1024, lines: 0, totalRows: 1000 })).toMatch(/^3 Mo reçus pour 1\s000 lignes$/);
  });
});

const row = (n: number, overrides: Partial<WorklistItem> = {}): WorklistItem => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  dossier_id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  id_fo: `2026-${String(n).padStart(6, '0')}`,
  exercice: 2026, exercice_fin: null, statut: 'complet', code_subvention: 'FDVA-2026', libelle_subvention: 'FDVA 2026', id_type_dispositif: DISPOSITIF, libelle_dispositif: 'FDVA',
  id_association: '66666666-6666-4666-8666-666666666666', demandeur: { id_siret: '12345678900011', nom: `Club ${n}` }, service: { id: SERVICE_ID, nom: 'SDJES de Paris' }, etat: 'D', is_referent: true,
  createdBy: { id: null, type: 'association' }, deleted: false, created_at: '2026-11-20T10:00:00.000Z', updated_at: '2026-11-21T10:00:00.000Z', messages_non_lus: n === 1 ? 2 : 0,
  ...overrides,
});

const OTHER_SERVICE = '34343434-3434-4343-8343-343434343434';

function signInInstructor(role: 'rds.user' | 'osiris.admin-programme' = 'rds.user') {
  const user = makeUser({ role, roles: [role], lcaId: null, associations: [] });
  session.signIn(makeSession(user, makeJwt(4_000_000_000, 'instructor')));
  return stubFetch({
    'GET /api/lca-server/notesOnPage': () => json(200, []),
    [`GET /api/rds-server/users/${user.authId}`]: () => json(200, { _id: SERVICE_ID, nom: 'SDJES de Paris', email: null, type: null, locked: false }),
    'GET /api/lca-server/demande/instructeur/dossiers': (request) => {
      const cursor = new URL(request.url, 'http://x').searchParams.get('cursor');
      return cursor === 'page-2' ? json(200, { items: [row(3)], limit: 2, next_cursor: null }) : json(200, { items: [row(1), row(2)], limit: 2, next_cursor: 'page-2' });
    },
    'GET /api/lca-server/demande/instructeur/dossiers/counts': () => json(200, { total: 3, par_etat: [{ etat: 'D', label: 'Transmis', count: 3 }, { etat: '2', label: 'En cours', count: 4 }] }),
    'GET /api/lca-server/demande/instructeur/dossiers/facets': () =>
      json(200, { services: [{ id: SERVICE_ID, nom: 'SDJES de Paris' }, { id: OTHER_SERVICE, nom: 'DRAJES Occitanie' }], dispositifs: [{ id: DISPOSITIF, label: 'FDVA' }] }),
    'POST /api/lca-server/demande/instructeur/dossiers/bulk': () =>
      json(200, { done: [{ id: row(1).id, id_fo: '2026-000001', etat: '2' }, { id: row(2).id, id_fo: '2026-000002', etat: '2' }], refused: [{ id: row(3).id, id_fo: '2026-000003', code: 'TRANSITION_WRONG_STATE', message: "L'action n'est pas possible depuis cet état." }] }),
    'GET /api/lca-server/notifications/unread-count': () => json(200, { count: 0 }),
  });
}

describe('work list page', () => {
  it('sends the URL’s filters, counts per state, pages by cursor back and forth, selects all matching and shows the bulk result', async () => {
    const fake = signInInstructor();
    const router = renderApp('/instructeur?etats=D&exercices=2026');
    const table = await screen.findByRole('table', { name: 'Dossiers de la liste de travail' }, { timeout: 10_000 });
    const listCall = fake.requests.find((r) => r.url.includes('/instructeur/dossiers?'))!;
    expect(new URL(listCall.url, 'http://x').searchParams.getAll('etats')).toEqual(['D']);
    expect(new URL(listCall.url, 'http://x').searchParams.getAll('exercices')).toEqual(['2026']);
    expect(await screen.findByLabelText('Transmis au service instructeur (3)')).toBeChecked();
    expect(screen.getByLabelText("En cours d'instruction (4)")).not.toBeChecked();
    expect(within(table).getByRole('row', { name: /2026-000001.*Club 1.*2 non lu/ })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Dossier 2026-000001' })).toHaveAttribute('href', `/instructeur/dossiers/${row(1).dossier_id}`);

    // A filter goes into the URL, back on the first page.
    await userEvent.click(screen.getByLabelText("En cours d'instruction (4)"));
    await waitFor(() => expect(fullPath(router)).toBe('/instructeur?exercices=2026&etats=D&etats=2'));

    await waitFor(() => expect(screen.getByLabelText("En cours d'instruction (4)")).toBeChecked());
    // Next page and back.
    await userEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(fullPath(router)).toContain('cursor=page-2'));
    expect(await screen.findByRole('row', { name: /2026-000003/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Précédent' }));
    await waitFor(() => expect(fullPath(router)).toBe('/instructeur?exercices=2026&etats=D&etats=2'));
    await screen.findByRole('row', { name: /2026-000001/ });

    // The page's box, then « all matching ».
    await userEvent.click(screen.getByLabelText('Sélectionner les dossiers de la page'));
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('2 dossier(s) sélectionné(s).');
    await userEvent.click(screen.getByRole('button', { name: 'Sélectionner tous les 3 dossiers correspondants' }));
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('Les 3 dossiers correspondants sont sélectionnés.');

    await userEvent.selectOptions(screen.getByLabelText('Événement'), "Commencer l'instruction");
    await userEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Appliquer à 3 dossier(s)' }));
    const result = await screen.findByTestId('bulk-result');
    await waitFor(() => expect(result).toHaveFocus());
    expect(result).toHaveTextContent('2 dossier(s) traité(s), 1 refusé(s)');
    expect(result).toHaveTextContent("Dossier n° 2026-000003 : L'action n'est pas possible depuis cet état.");
    const bulk = fake.requests.find((r) => r.method === 'POST')!;
    expect(bulk.body).toEqual({ selectAll: { exercices: [2026], etats: ['D', '2'] }, event: 'ouvrir_instruction' });
  });

  it('a payment stage asks for the day and the share of each granted amount, checked as the server checks them', async () => {
    const fake = signInInstructor();
    renderApp('/instructeur?etats=6');
    await screen.findByRole('table', { name: 'Dossiers de la liste de travail' }, { timeout: 10_000 });
    await userEvent.click(screen.getByLabelText('Sélectionner les dossiers de la page'));
    await userEvent.selectOptions(screen.getByLabelText('Événement'), 'Mettre en paiement');
    const share = screen.getByLabelText(/Part du montant accordé à verser/);
    expect(share).toHaveValue(100);
    await userEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByText('Le champ date du paiement est obligatoire.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/Date du paiement/), '2026-11-02');
    await userEvent.clear(share);
    await userEvent.type(share, '120');
    await userEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByText("La valeur du champ part du montant accordé n'est pas au bon format.")).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.clear(share);
    await userEvent.type(share, '40');
    await userEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Appliquer à 2 dossier(s)' }));
    await screen.findByTestId('bulk-result');
    const bulk = fake.requests.find((r) => r.method === 'POST')!;
    expect(bulk.body).toEqual({ ids: [row(1).id, row(2).id], event: 'mettre_en_paiement', payload: { paiement: { date: '2026-11-02', pourcentage: 40 } } });
  });

  it('Osiris filters on every service and scheme of its reach, not only those of the rows shown, and has no bulk action', async () => {
    const fake = signInInstructor('osiris.admin-programme');
    const router = renderApp('/osiris');
    await screen.findByRole('table', { name: 'Dossiers de la liste de travail' }, { timeout: 10_000 });
    const services = screen.getByRole('combobox', { name: 'Service instructeur' });
    await waitFor(() => expect(within(services).getByRole('option', { name: 'DRAJES Occitanie' })).toBeInTheDocument());
    expect(within(screen.getByRole('combobox', { name: 'Dispositif' })).getByRole('option', { name: 'FDVA' })).toBeInTheDocument();
    await userEvent.selectOptions(services, 'DRAJES Occitanie');
    await waitFor(() => expect(fullPath(router)).toBe(`/osiris?service=${OTHER_SERVICE}`));
    await waitFor(() => expect(fake.requests.some((r) => new URL(r.url, 'http://x').searchParams.get('id_service_instructeur') === OTHER_SERVICE)).toBe(true));
    expect(screen.queryByRole('form', { name: 'Action groupée sur les dossiers sélectionnés' })).not.toBeInTheDocument();
  });
});
