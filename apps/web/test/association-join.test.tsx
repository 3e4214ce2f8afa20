// Joining an association: search → choose → establishment → certificate → PATCH lca users/:lcaId,
// session refresh (one join at a time, a refusal in the focused error summary); the entry checks'
// redirects; leaving from the dashboard.
import { ASSOCIATION_FILE_MESSAGES, type AssociationLight, type AssociationSearchResult, errorBody, MEMBERSHIP_MESSAGES, MESSAGES, SEARCH_MESSAGES } from '@portail/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetLoadedUserInfo } from '../src/app/route-guard.ts';
import { CERTIFICATE_LABEL } from '../src/features/association-join/certificate-page.tsx';
import { joinDraft } from '../src/features/association-join/join-draft.ts';
import { session } from '../src/lib/session/session-store.ts';
import { toasts } from '../src/lib/toast/toast-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeLcaUser, makeLink, makeSession, makeUser } from './support/factories.ts';
import { renderApp } from './support/render-app.tsx';
import { expectRefusalInFocusedSummary, heldAnswer, sendTwiceWhileHeld } from './support/sending.ts';

const ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const SIREN = '732829320';
const SIEGE = '73282932000074';
const SECONDARY = '73282932000082';
const NO_NOTES = { 'GET /api/lca-server/notesOnPage': () => json(200, []) };

const searchResult: AssociationSearchResult = {
  type: 'siren',
  total: 1,
  total_exact: true,
  page: 1,
  limit: 20,
  items: [
    {
      id_correspondance: ID,
      nom: 'Club sportif de Tours',
      sigle: 'CST',
      id_rna: 'W372000123',
      id_siren: SIREN,
      id_siret_siege: SIEGE,
      cp: '37000',
      commune: 'Tours',
      nb_etablissements: 2,
    },
  ],
};

const light: AssociationLight = {
  id_correspondance: ID,
  nom: 'Club sportif de Tours',
  sigle: 'CST',
  id_rna: 'W372000123',
  id_siren: SIREN,
  id_siret_siege: SIEGE,
  etablissements: [
    { siret: SIEGE, enseigne: 'Siège du club', est_siege: true, cp: '37000', commune: 'Tours' },
    { siret: SECONDARY, enseigne: 'Antenne de Joué', est_siege: false, cp: '37300', commune: 'Joué-lès-Tours' },
  ],
};

afterEach(() => {
  resetAppState();
  forgetLoadedUserInfo();
  joinDraft.clear();
});

describe('joining an association', () => {
  it('searches, chooses the association and its establishment, certifies, joins and refreshes the session', async () => {
    const user = makeUser({ associations: [] });
    session.signIn(makeSession(user));
    const joined = makeLink({ id_correspondance: ID, id_siret: SIEGE, fonction: 'Trésorière' });
    const fake = stubFetch({
      ...NO_NOTES,
      [`GET /api/lca-server/users/${user.lcaId}`]: () => json(200, makeLcaUser(user, { associations: [] })),
      'GET /api/proxy-asso/association/search': () => json(200, searchResult),
      'GET /api/proxy-asso/association-light': () => json(200, light),
      [`PATCH /api/lca-server/users/${user.lcaId}`]: () =>
        json(200, makeLcaUser(user, { associations: [joined] })),
      'GET /api/auth-server/me': () => json(200, { ...user, role: null, associations: [joined] }),
      'POST /api/lca-server/users/joinAssociationNotification': () => json(200, { message: 'ok', sent: 1 }),
    });
    const router = renderApp('/user/dashboard');

    // No association yet: the entry checks send the user to choix-association.
    const search = await screen.findByRole('searchbox', { name: 'Nom, numéro RNA, SIREN ou SIRET' });
    expect(router.state.location.pathname).toBe('/ajout-association/choix-association');

    // A short term is refused with the contract's message, without calling the server.
    await userEvent.type(search, 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(search).toHaveAccessibleDescription(SEARCH_MESSAGES.termTooShort);
    expect(fake.requests.some((r) => r.url.includes('/association/search'))).toBe(false);

    await userEvent.clear(search);
    await userEvent.type(search, '732 829 320');
    await userEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByText('1 association trouvée')).toBeInTheDocument();
    expect(screen.getByText(/SIREN 732 829 320/)).toBeInTheDocument();
    expect(screen.getByText(/RNA W372000123/)).toBeInTheDocument();
    expect(screen.getByText(/37000 Tours/)).toBeInTheDocument();
    const searchCall = fake.requests.find((r) => r.url.includes('/association/search'))!;
    expect(new URL(searchCall.url, 'http://x').searchParams.get('q')).toBe('732 829 320');

    await userEvent.click(screen.getByRole('button', { name: 'Choisir Club sportif de Tours' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choix de l’établissement' })).toBeInTheDocument();
    expect(session.getState().selectedAssociation).toBe(ID);

    // Establishments: SIRET 3-3-3-5, the head office badge. The heading comes before the association's
    // light record is asked for: its request is read once the establishments it brings are shown.
    const group = await screen.findByRole('group', { name: 'Établissement auquel vous vous rattachez' });
    expect(fake.requests.find((r) => r.url.startsWith('/api/proxy-asso/association-light'))!.url).toBe(
      `/api/proxy-asso/association-light?q=${ID}`,
    );
    expect(within(group).getByText('SIRET 732 829 320 00074')).toBeInTheDocument();
    expect(within(group).getByText('Siège')).toBeInTheDocument();
    expect(within(group).getByText(/Antenne de Joué/)).toBeInTheDocument();

    // No establishment chosen: refused.
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(screen.getByText(ASSOCIATION_FILE_MESSAGES.associationRequiresSiret)).toBeInTheDocument();

    await userEvent.click(within(group).getByRole('radio', { name: /732 829 320 00074/ }));
    await userEvent.type(screen.getByLabelText('Votre fonction dans l’association (facultatif)'), 'Trésorière');
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Attestation sur l’honneur' })).toBeInTheDocument();

    // The certificate is required.
    await userEvent.click(screen.getByRole('button', { name: "Rejoindre l'association" }));
    expect(within(screen.getByRole('group', { name: /Attestation/ })).getByText(MESSAGES.requiredCheckbox)).toBeInTheDocument();
    const summary = screen.getByTestId('error-summary');
    expect(within(summary).getByRole('link', { name: MESSAGES.requiredCheckbox })).toHaveAttribute('href', '#field-certificat-0');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(fake.requests.some((r) => r.method === 'PATCH')).toBe(false);

    await userEvent.click(screen.getByRole('checkbox', { name: CERTIFICATE_LABEL }));
    await userEvent.click(screen.getByRole('button', { name: "Rejoindre l'association" }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeInTheDocument();
    const patch = fake.requests.find((r) => r.method === 'PATCH')!;
    expect(patch.url).toBe(`/api/lca-server/users/${user.lcaId}`);
    expect(patch.body).toEqual({ associations: [{ id_correspondance: ID, id_siret: SIEGE, fonction: 'Trésorière' }] });
    expect(fake.requests.some((r) => r.url === '/api/auth-server/me')).toBe(true);
    const notification = fake.requests.find((r) => r.url.endsWith('/joinAssociationNotification'))!;
    expect(notification.body).toEqual({ id_correspondance: ID, id_rna: 'W372000123', id_siren: SIREN, email: user.email });

    // The session carries the link (role kept), the selection is gone, the dashboard lists it.
    expect(session.getState().user?.associations).toEqual([joined]);
    expect(session.getState().user?.role).toBe('lca.association');
    expect(session.getState().selectedAssociation).toBeNull();
    expect(toasts.getToasts().map((t) => t.message)).toContain(MEMBERSHIP_MESSAGES.associationJoined);
    expect(router.state.location.pathname).toBe('/user/dashboard');
    expect(screen.getByRole('heading', { level: 3, name: /Club sportif de Tours/ })).toBeInTheDocument();
  });

  it('shows the server message of a refused join and keeps the user on the certificate', async () => {
    const user = makeUser({ associations: [] });
    session.signIn(makeSession(user));
    session.selectAssociation(ID);
    joinDraft.write({ id_correspondance: ID, id_siret: SECONDARY, fonction: '' });
    stubFetch({
      ...NO_NOTES,
      [`GET /api/lca-server/users/${user.lcaId}`]: () => json(200, makeLcaUser(user, { associations: [] })),
      'GET /api/proxy-asso/association-light': () => json(200, light),
      [`PATCH /api/lca-server/users/${user.lcaId}`]: () =>
        json(400, {
          message: ASSOCIATION_FILE_MESSAGES.siretNotInAssociation,
          status: 400,
          code: 'VALIDATION_ERROR',
          fields: { id_siret: ASSOCIATION_FILE_MESSAGES.siretNotInAssociation },
        }),
    });
    const router = renderApp('/ajout-association/certificat-honneur');
    await userEvent.click(await screen.findByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: "Rejoindre l'association" }));
    expect(await screen.findByText(ASSOCIATION_FILE_MESSAGES.siretNotInAssociation)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ajout-association/certificat-honneur');
    expect(screen.getByRole('checkbox')).toBeChecked();
    expect(session.getState().selectedAssociation).toBe(ID);
  });

  it('sends one join at a time, the button saying so, and shows the server’s refusal in the focused summary', async () => {
    const user = makeUser({ associations: [] });
    session.signIn(makeSession(user));
    session.selectAssociation(ID);
    joinDraft.write({ id_correspondance: ID, id_siret: SECONDARY, fonction: '' });
    const held = heldAnswer();
    const fake = stubFetch({
      ...NO_NOTES,
      [`GET /api/lca-server/users/${user.lcaId}`]: () => json(200, makeLcaUser(user, { associations: [] })),
      'GET /api/proxy-asso/association-light': () => json(200, light),
      [`PATCH /api/lca-server/users/${user.lcaId}`]: () => held.respond(),
    });
    const router = renderApp('/ajout-association/certificat-honneur');
    const clicks = userEvent.setup();
    await clicks.click(await screen.findByRole('checkbox'));
    await sendTwiceWhileHeld({
      user: clicks, label: "Rejoindre l'association", busyLabel: 'Rattachement…', sent: () => fake.requests.filter((r) => r.method === 'PATCH').length,
      release: () => held.release(() => json(400, errorBody('SIRET_NOT_IN_ASSOCIATION'))),
    });
    await expectRefusalInFocusedSummary(ASSOCIATION_FILE_MESSAGES.siretNotInAssociation);
    expect(router.state.location.pathname).toBe('/ajout-association/certificat-honneur');
  });
});

describe('search counts', () => {
  async function searchFor(result: AssociationSearchResult) {
    const user = makeUser({ associations: [] });
    session.signIn(makeSession(user));
    stubFetch({
      ...NO_NOTES,
      [`GET /api/lca-server/users/${user.lcaId}`]: () => json(200, makeLcaUser(user, { associations: [] })),
      'GET /api/proxy-asso/association/search': () => json(200, result),
    });
    renderApp('/ajout-association/choix-association');
    const search = await screen.findByRole('searchbox', { name: 'Nom, numéro RNA, SIREN ou SIRET' });
    await userEvent.type(search, 'club sportif');
    await userEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
  }

  it('says more results exist only when the count stopped at its cap', async () => {
    await searchFor({ ...searchResult, type: 'nom', total: 1000, total_exact: false });
    expect(await screen.findByText('1000+ associations trouvées')).toBeInTheDocument();
    expect(screen.getByText(SEARCH_MESSAGES.beyondCap)).toBeInTheDocument();
  });

  it('shows an inexact count below the cap as a lower bound, without the cap notice', async () => {
    await searchFor({ ...searchResult, type: 'nom', total: 37, total_exact: false });
    expect(await screen.findByText('37+ associations trouvées')).toBeInTheDocument();
    expect(screen.queryByText(SEARCH_MESSAGES.beyondCap)).not.toBeInTheDocument();
  });
});

describe('entry checks of the later steps', () => {
  for (const step of ['choix-etablissement', 'certificat-honneur']) {
    it(`${step} without a selected association goes to choix-association`, async () => {
      const user = makeUser();
      session.signIn(makeSession(user));
      stubFetch({ ...NO_NOTES, [`GET /api/lca-server/users/${user.lcaId}`]: () => json(200, makeLcaUser(user)) });
      const router = renderApp(`/ajout-association/${step}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Choix de l’association' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/ajout-association/choix-association');
    });
  }

  it('/ajout-association starts with choix-association', async () => {
    const user = makeUser();
    session.signIn(makeSession(user));
    stubFetch({ ...NO_NOTES, [`GET /api/lca-server/users/${user.lcaId}`]: () => json(200, makeLcaUser(user)) });
    const router = renderApp('/ajout-association');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choix de l’association' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ajout-association/choix-association');
  });

  it('certificat-honneur with an association but no establishment chosen goes back to choix-etablissement', async () => {
    const user = makeUser();
    session.signIn(makeSession(user));
    session.selectAssociation(ID);
    stubFetch({
      ...NO_NOTES,
      [`GET /api/lca-server/users/${user.lcaId}`]: () => json(200, makeLcaUser(user)),
      'GET /api/proxy-asso/association-light': () => json(200, light),
    });
    const router = renderApp('/ajout-association/certificat-honneur');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choix de l’établissement' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ajout-association/choix-etablissement');
  });
});

describe('leaving an association', () => {
  it('asks for confirmation, calls exit with the association, refreshes the session', async () => {
    const other = makeLink({ id_correspondance: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', nom: 'Amis du patrimoine' });
    const user = makeUser({ associations: [makeLink(), other] });
    session.signIn(makeSession(user));
    const fake = stubFetch({
      ...NO_NOTES,
      [`GET /api/lca-server/users/${user.lcaId}`]: () => json(200, makeLcaUser(user)),
      [`PATCH /api/lca-server/users/${user.authId}/exit`]: () => json(200, { associations: [other] }),
      'GET /api/auth-server/me': () => json(200, { ...user, associations: [other] }),
    });
    renderApp('/user/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: "Quitter l'association Club sportif de Tours" }));
    expect(fake.requests.some((r) => r.method === 'PATCH')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer : quitter Club sportif de Tours' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 3, name: /Club sportif de Tours/ })).not.toBeInTheDocument(),
    );
    const exit = fake.requests.find((r) => r.method === 'PATCH')!;
    expect(exit.url).toBe(`/api/lca-server/users/${user.authId}/exit?idAsso=${makeLink().id_correspondance}`);
    expect(session.getState().user?.associations).toEqual([other]);
    expect(screen.getByRole('heading', { level: 3, name: /Amis du patrimoine/ })).toBeInTheDocument();
  });
});
