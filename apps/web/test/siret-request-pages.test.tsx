// The SIRET request's pages (features/siret-requests/): the form in read mode when the server says so
// (§4: transmitted, or not its creator), with the transmission's message; in edit mode, the §5
// address rules refuse a save before any call; the LCA administrator's list with the state filter
// and what the machine lets them do on each request.
import { routeUrl, siretRequestRoutes, SIRET_REQUEST_MESSAGES, type SiretRequest } from '@portail/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiretListPage } from '../src/features/siret-requests/siret-list-page.tsx';
import { SiretRequestPage } from '../src/features/siret-requests/siret-request-page.tsx';
import { session } from '../src/lib/session/session-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeJwt, makeSession, makeUser } from './support/factories.ts';
import { renderRoutes } from './support/render-routes.tsx';

afterEach(() => {
  resetAppState();
  vi.unstubAllGlobals();
});

const ID = '11111111-1111-4111-8111-111111111111';
const ADDRESS = { code_insee: '69266', pays: 'FRANCE', num_voie: '3', repet_voie: null, type_voie: 'RUE', voie: 'des Lilas', cplt_1: null, bp: null, cp: '69100', commune: 'Villeurbanne', cedex: null };
function makeRequest(overrides: Partial<SiretRequest> = {}): SiretRequest {
  return {
    id: ID,
    identifiant: { step: 0, id_fo_fonctionnel: '2026-7' },
    attestation: true,
    identite: { id_rna: 'W691234567', id_correspondance: '22222222-2222-4222-8222-222222222222', nom: 'Club de Villeurbanne', sigle: null, dateCreation: null, id_forme_juridique: '9220' },
    activites: { id_objet_social1: null, lib_objet_social1: null, id_famille1: null, objet: 'Sport' },
    coordonnees: { info_siege: { domicile_entreprise: false, domicile_provisoire_rl: false }, adresse_gestion: null, adresse_siege: ADDRESS },
    documents: [],
    description: { code_etat: 'ECS', libelle_etat: 'En cours de saisie', siret_attribue: null, motif: null },
    createdBy: { id: '44444444-4444-4444-8444-444444444444', identifiant: 'Claire Martin' },
    mode: 'edit',
    options: { events: ['transmettre'], actions: ['consulter', 'modifier'] },
    created_at: '2026-11-27T00:00:00.000Z',
    updated_at: '2026-11-27T00:00:00.000Z',
    ...overrides,
  };
}

const REQUEST_ROUTES = { '/associations/:idRna?/demande-siret/:id': <SiretRequestPage /> };
const REQUEST_URL = routeUrl(siretRequestRoutes.getSiretRequest, { id: ID });

describe('a SIRET request’s page', () => {
  it('is read only once transmitted: no field to change, no transmission, the message said', async () => {
    session.signIn(makeSession(makeUser(), makeJwt(4_000_000_000, 'member')));
    stubFetch({ [`GET ${REQUEST_URL}`]: () => json(200, makeRequest({ mode: 'read', description: { code_etat: 'AEM', libelle_etat: 'À émettre', siret_attribue: null, motif: null }, options: { events: [], actions: ['consulter'] } })) });
    renderRoutes(`/associations/W691234567/demande-siret/${ID}`, REQUEST_ROUTES);
    await screen.findByRole('heading', { level: 1, name: 'Demande de numéro SIRET n° 2026-7' });
    expect(screen.getByText(SIRET_REQUEST_MESSAGES.transmitted)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Dénomination/)).toBeDisabled();
    expect(screen.getByLabelText('Commune')).toBeDisabled();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Transmettre la demande' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  });

  it('refuses a save whose head office address breaks a §5 rule, before any call', async () => {
    session.signIn(makeSession(makeUser(), makeJwt(4_000_000_000, 'member')));
    const fake = stubFetch({ [`GET ${REQUEST_URL}`]: () => json(200, makeRequest({ coordonnees: { info_siege: { domicile_entreprise: false, domicile_provisoire_rl: false }, adresse_gestion: null, adresse_siege: { ...ADDRESS, code_insee: null, repet_voie: null } } })) });
    const user = userEvent.setup();
    renderRoutes(`/associations/W691234567/demande-siret/${ID}`, REQUEST_ROUTES);
    await screen.findByRole('combobox', { name: /^Commune/ });
    // The inputs hold no more than their bound (maxLength): what is left to break is the required and the minimum.
    expect(screen.getByLabelText('Indice de répétition')).toHaveAttribute('maxLength', '1');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.getAllByText('Le champ code INSEE est obligatoire.').length).toBeGreaterThan(0));
    await user.type(screen.getByLabelText(/^Code INSEE/), '6');
    await user.clear(screen.getByRole('combobox', { name: /^Commune/ }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.getAllByText('Le champ code INSEE doit contenir au moins 2 caractère(s).').length).toBeGreaterThan(0));
    expect(screen.getAllByText('Le champ commune est obligatoire.').length).toBeGreaterThan(0);
    expect(fake.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });
});

describe('the LCA administrator’s list', () => {
  it('filters by state and says what the machine allows on each request', async () => {
    session.signIn(makeSession(makeUser({ roles: ['lca.admin'] }), makeJwt(4_000_000_000, 'admin')));
    const fake = stubFetch({
      [`GET ${routeUrl(siretRequestRoutes.listSiretRequests)}`]: () =>
        json(200, [makeRequest({ mode: 'read', description: { code_etat: 'AEM', libelle_etat: 'À émettre', siret_attribue: null, motif: null }, options: { events: ['invalider', 'traiter'], actions: ['consulter'] } })]),
    });
    const user = userEvent.setup();
    renderRoutes('/demande-siret', { '/demande-siret': <SiretListPage /> });
    const table = await screen.findByRole('table', { name: /Demandes de numéro SIRET/ });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'Demande n° 2026-7' })).toHaveAttribute('href', `/associations/W691234567/demande-siret/${ID}`);
    expect(row).toHaveTextContent('Invalider la demande, Commencer le traitement');
    await user.click(screen.getByLabelText('À émettre'));
    await waitFor(() => expect(fake.requests.some((r) => r.url.includes('etats=AEM'))).toBe(true));
  });

  it('processes a request from the list: « Traiter » opens its form under the list, the event is sent and the list read again', async () => {
    session.signIn(makeSession(makeUser({ roles: ['lca.admin'] }), makeJwt(4_000_000_000, 'admin')));
    let state: 'AEM' | 'ENCT' = 'AEM';
    const current = () =>
      state === 'AEM'
        ? makeRequest({ mode: 'read', description: { code_etat: 'AEM', libelle_etat: 'À émettre', siret_attribue: null, motif: null }, options: { events: ['invalider', 'traiter'], actions: ['consulter'] } })
        : makeRequest({ mode: 'read', description: { code_etat: 'ENCT', libelle_etat: 'En cours de traitement', siret_attribue: null, motif: null }, options: { events: ['generer_regent', 'reinitialiser'], actions: ['consulter'] } });
    const fake = stubFetch({
      [`GET ${routeUrl(siretRequestRoutes.listSiretRequests)}`]: () => json(200, [current()]),
      [`POST ${routeUrl(siretRequestRoutes.fireSiretRequestEvent, { id: ID })}`]: () => {
        state = 'ENCT';
        return json(200, current());
      },
    });
    const user = userEvent.setup();
    renderRoutes('/demande-siret', { '/demande-siret': <SiretListPage /> });
    // The table scrolls by keyboard at 320 px: a labelled, focusable region.
    const region = await screen.findByRole('region', { name: 'Tableau des demandes de numéro SIRET' });
    expect(region).toHaveAttribute('tabindex', '0');
    await user.click(screen.getByRole('button', { name: 'Traiter la demande n° 2026-7' }));
    const heading = await screen.findByRole('heading', { name: 'Traitement de la demande n° 2026-7' });
    await waitFor(() => expect(heading).toHaveFocus());
    const form = screen.getByRole('form', { name: 'Traitement de la demande n° 2026-7' });
    await user.selectOptions(within(form).getByLabelText('Action'), 'traiter');
    await user.click(within(form).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(fake.requests.some((r) => r.method === 'POST' && (r.body as { event: string }).event === 'traiter')).toBe(true));
    // The list is read again: the request is now being processed, its next events offered.
    await waitFor(() => expect(screen.getByRole('table', { name: /Demandes de numéro SIRET/ })).toHaveTextContent('Générer le fichier Regent'));
    expect(screen.queryByRole('form', { name: 'Traitement de la demande n° 2026-7' })).toBeNull();
  });

  it('offers no processing on a request the machine lets the administrator do nothing with', async () => {
    session.signIn(makeSession(makeUser({ roles: ['lca.admin'] }), makeJwt(4_000_000_000, 'admin')));
    stubFetch({
      [`GET ${routeUrl(siretRequestRoutes.listSiretRequests)}`]: () =>
        json(200, [makeRequest({ mode: 'read', description: { code_etat: 'ACC', libelle_etat: 'Accordé', siret_attribue: '80295478500028', motif: null }, options: { events: [], actions: ['consulter'] } })]),
    });
    renderRoutes('/demande-siret', { '/demande-siret': <SiretListPage /> });
    await screen.findByRole('table', { name: /Demandes de numéro SIRET/ });
    expect(screen.queryByRole('button', { name: /^Traiter la demande/ })).toBeNull();
  });
});
