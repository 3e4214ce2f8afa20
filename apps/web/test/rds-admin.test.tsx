// The scheme administration (/administration/rds and /parametrage-custom): the services with their
// hierarchy, a scheme's campaigns, a campaign's expected document given a condition previewed on
// the campaign's dossiers then saved with the campaign, the preview without names for an
// administrator who reads no dossier, a service created under a parent, moved under another one
// and deleted after confirming (a refusal told), a campaign created (its dates checked first), and a
// custom field's definition created.
import { CAMPAIGN_MESSAGES, SERVICE_ADMIN_MESSAGES, SERVICE_FORM_MESSAGES, type ConditionPreview, type SubventionView } from '@portail/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustomSettingsPage } from '../src/features/rds-admin/custom-settings-page.tsx';
import { RdsAdminPage } from '../src/features/rds-admin/rds-admin-page.tsx';
import { session } from '../src/lib/session/session-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeJwt, makeSession, makeUser } from './support/factories.ts';
import { renderWithQueries } from './support/render-routes.tsx';

afterEach(() => {
  resetAppState();
  vi.unstubAllGlobals();
});

const RDS = '/api/rds-server';
const NATIONAL = 'aaaaaaaa-0000-4000-8000-000000000001';
const REGIONAL = 'aaaaaaaa-0000-4000-8000-000000000002';
const CAMPAIGN_ID = 'cccccccc-0000-4000-8000-000000000001';
const DOSSIER_ID = 'dddddddd-0000-4000-8000-000000000001';

function service(id: string, nom: string, niveau: 'national' | 'regional', parent: string | null, children: { id: string; nom: string; niveau_territorial: 'regional' }[] = []) {
  return {
    id, nom, email: null, pending_email: null, siren: null, siret: null, adresse: null, telephone: null, site_internet: null, type: null,
    federation_sportive: null, niveau_territorial: niveau, zone_territoriale: null, code_territoire: null, profil: null, dispositifs: ['CNDS'],
    parent, types_agrement: [], bo: {}, authId: id.replace('aaaaaaaa', 'bbbbbbbb'), children,
  };
}
const SERVICES = [
  service(NATIONAL, 'Agence nationale du sport', 'national', null, [{ id: REGIONAL, nom: 'DRAJES Bretagne', niveau_territorial: 'regional' }]),
  service(REGIONAL, 'DRAJES Bretagne', 'regional', NATIONAL),
];
const fenetre = { ouverte: true, libelle: 'Campagne ouverte jusqu’au 30/04/2026', ouvre_le: null };
const CAMPAIGN: SubventionView = {
  id: CAMPAIGN_ID, code: 'CNDS-PT-2026', label: 'CNDS Part territoriale 2026', active: true,
  dispositif: { code: 'CNDS', label: 'Part territoriale', duree_pluriannuelle: null },
  sous_dispositifs: [], campagne_exercice: 2026, type_projet: null, date_debut: '2026-01-15', date_fin: '2026-04-30', fenetre,
  champs_attendus: [],
  documents_attendus: [{ code: 'statuts', label: 'Statuts', labelCode: null, nature: 'STC', part: 'dossier', enabled: true, isDefault: false, obligatoire: true, meta: {}, asks: [] }],
  instructeurs: [{ service: { id: REGIONAL, nom: 'DRAJES Bretagne', type: null }, isReferent: true }],
};

function signInAs(role: 'rds.admin' | 'rds.appli_admin') {
  session.signIn(makeSession(makeUser({ role, roles: [role], lcaId: null, associations: [] }), makeJwt(4_000_000_000, 'admin')));
}

function fakeRds(preview: ConditionPreview) {
  return stubFetch({
    [`GET ${RDS}/services`]: () => json(200, SERVICES),
    [`GET ${RDS}/dispositifs`]: () => json(200, [{ id: 'eeeeeeee-0000-4000-8000-000000000001', code: 'CNDS', label: 'Part territoriale', duree_pluriannuelle: null, sous_dispositifs: [] }]),
    [`GET ${RDS}/subventions`]: () => json(200, [CAMPAIGN]),
    [`GET ${RDS}/subventions/CNDS-PT-2026`]: () => json(200, CAMPAIGN),
    [`GET ${RDS}/champs-attendus`]: () => json(200, []),
    [`GET ${RDS}/documents-attendus`]: () => json(200, []),
    [`POST ${RDS}/subventions/${CAMPAIGN_ID}/conditions/apercu`]: () => json(200, preview),
    [`PUT ${RDS}/subventions/${CAMPAIGN_ID}`]: (request) => json(200, { ...CAMPAIGN, ...(request.body as object), documents_attendus: CAMPAIGN.documents_attendus }),
  });
}

async function openCondition() {
  await userEvent.selectOptions(await screen.findByLabelText('Dispositif'), 'CNDS');
  const campaigns = await screen.findByRole('table', { name: 'Campagnes de Part territoriale' });
  await userEvent.click(within(campaigns).getByRole('button', { name: 'Modifier la campagne CNDS-PT-2026' }));
  const documents = await screen.findByRole('table', { name: 'Documents attendus de la campagne' });
  expect(within(documents).getByText('Toujours demandé')).toBeInTheDocument();
  await userEvent.click(within(documents).getByRole('button', { name: 'Conditions de Statuts' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Ajouter une condition' }));
  await userEvent.type(screen.getByLabelText('Clé'), 'description.pluriannuel');
  await userEvent.type(screen.getByLabelText('Valeur'), 'true');
}

describe('the scheme administration', () => {
  it('lists the services and opens one’s record with its parent and the services attached to it', async () => {
    signInAs('rds.admin');
    fakeRds({ total: 0, correspondants: 0, tronque: false, exemples_visibles: true, exemples: [] });
    renderWithQueries(<RdsAdminPage />);
    const table = await screen.findByRole('table', { name: 'Services instructeurs' });
    expect(table.closest('[role="region"]')).toHaveAttribute('tabindex', '0');
    const regional = within(table).getByRole('rowheader', { name: 'DRAJES Bretagne' }).closest('tr')!;
    expect(within(regional).getByText('Agence nationale du sport')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Voir la fiche de Agence nationale du sport' }));
    const fiche = await screen.findByRole('heading', { level: 3, name: 'Agence nationale du sport' });
    await waitFor(() => expect(fiche).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'DRAJES Bretagne' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'DRAJES Bretagne' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agence nationale du sport' })).toBeInTheDocument();
  });

  it('previews a document’s condition on the campaign’s dossiers, then saves it with the campaign', async () => {
    signInAs('rds.admin');
    const fake = fakeRds({ total: 3, correspondants: 2, tronque: false, exemples_visibles: true, exemples: [{ id: DOSSIER_ID, id_fo: '2026-000012', nom: 'Club de voile de Brest' }] });
    renderWithQueries(<RdsAdminPage />);
    await openCondition();
    await userEvent.click(screen.getByRole('button', { name: 'Prévisualiser les dossiers concernés' }));
    const preview = await screen.findByTestId('apercu-conditions');
    expect(preview).toHaveTextContent('2 dossiers sur 3 de la campagne remplissent ces conditions.');
    expect(within(preview).getByRole('link', { name: 'Dossier 2026-000012 — Club de voile de Brest' })).toHaveAttribute('href', `/dossiers/${DOSSIER_ID}`);
    const sent = fake.requests.find((r) => r.method === 'POST')!;
    expect(sent.body).toEqual({ part: 'dossier', asks: [{ scope: 'dossier', key: 'description.pluriannuel', operator: '==', value: true }] });

    await userEvent.click(screen.getByRole('button', { name: 'Appliquer les conditions' }));
    const documents = screen.getByRole('table', { name: 'Documents attendus de la campagne' });
    expect(within(documents).getByText('dossier.description.pluriannuel est égal à true')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la campagne' }));
    await waitFor(() => expect(fake.requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = fake.requests.find((r) => r.method === 'PUT')!.body as { documents_attendus: unknown[]; instructeurs: unknown[] };
    expect(put.documents_attendus).toEqual([{ code: 'statuts', part: 'dossier', obligatoire: true, asks: [{ scope: 'dossier', key: 'description.pluriannuel', operator: '==', value: true }] }]);
    expect(put.instructeurs).toEqual([{ service: REGIONAL, isReferent: true }]);
  }, 30_000);

  it('refuses a condition without its key before asking, and names no dossier to an administrator who reads none', async () => {
    signInAs('rds.appli_admin');
    const fake = fakeRds({ total: 3, correspondants: 2, tronque: false, exemples_visibles: false, exemples: [] });
    renderWithQueries(<RdsAdminPage />);
    await openCondition();
    await userEvent.clear(screen.getByLabelText('Clé'));
    await userEvent.click(screen.getByRole('button', { name: 'Prévisualiser les dossiers concernés' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Condition 1');
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.type(screen.getByLabelText('Clé'), 'description.pluriannuel');
    await userEvent.click(screen.getByRole('button', { name: 'Prévisualiser les dossiers concernés' }));
    const preview = await screen.findByTestId('apercu-conditions');
    expect(preview).toHaveTextContent('2 dossiers sur 3');
    expect(within(preview).queryByRole('link')).toBeNull();
    expect(preview).toHaveTextContent('ne sont nommés qu’aux administrateurs');
  }, 30_000);
});

describe('administering the services and the campaigns', () => {
  const OTHER_NATIONAL = 'aaaaaaaa-0000-4000-8000-000000000003';
  const CREATED = 'aaaaaaaa-0000-4000-8000-000000000004';

  /** The services as the server holds them, changed by the fake's writes. */
  function fakeServices(options: { refuseDeletion?: string; refuseParent?: string } = {}) {
    let list = [...SERVICES, service(OTHER_NATIONAL, 'Direction des sports', 'national', null)];
    const fake = stubFetch({
      [`GET ${RDS}/services`]: () => json(200, list),
      [`GET ${RDS}/dispositifs`]: () => json(200, [{ id: 'eeeeeeee-0000-4000-8000-000000000001', code: 'CNDS', label: 'Part territoriale', duree_pluriannuelle: null, sous_dispositifs: [] }]),
      [`GET ${RDS}/subventions`]: () => json(200, [CAMPAIGN]),
      ['POST /api/auth-server/services']: (request) => {
        const { email, service: fields } = request.body as { email: string; service: { nom: string; parent: string } };
        const created = service(CREATED, fields.nom, 'regional', fields.parent);
        list = [...list, created];
        return json(201, { authId: created.authId, email, pendingEmail: null, roles: ['rds.service'], enabled: true, locked: false, service: created });
      },
      [`PATCH ${RDS}/services/${REGIONAL}`]: (request) => {
        const refused = options.refuseParent;
        if (refused) return json(400, { statusCode: 400, status: 400, code: 'SERVICE_PARENT_CYCLE', message: refused, fields: { parent: refused } });
        const { parent } = request.body as { parent: string };
        list = list.map((s) => (s.id === REGIONAL ? { ...s, parent } : s));
        return json(200, list.find((s) => s.id === REGIONAL));
      },
      [`DELETE ${RDS}/services/${REGIONAL}`]: () => {
        if (options.refuseDeletion) return json(409, { statusCode: 409, code: 'SERVICE_HAS_SCHEMES', message: options.refuseDeletion });
        list = list.filter((s) => s.id !== REGIONAL);
        return json(200, { message: 'Le service « DRAJES Bretagne » a été supprimé.' });
      },
      [`POST ${RDS}/subventions`]: (request) => json(201, { ...CAMPAIGN, ...(request.body as object), dispositif: CAMPAIGN.dispositif, id: 'cccccccc-0000-4000-8000-000000000002' }),
    });
    const reads = () => fake.requests.filter((r) => r.method === 'GET' && r.url.split('?')[0] === `${RDS}/services`).length;
    return { fake, reads };
  }

  it('creates a service under a parent of the level above, after focusing the first field the form refuses', async () => {
    signInAs('rds.admin');
    const { fake, reads } = fakeServices();
    renderWithQueries(<RdsAdminPage />);
    await screen.findByRole('table', { name: 'Services instructeurs' });
    await userEvent.click(screen.getByRole('button', { name: 'Créer un service' }));
    const form = screen.getByRole('form', { name: 'Nouveau service instructeur' });
    await userEvent.selectOptions(within(form).getByLabelText('Niveau territorial'), 'regional');
    await userEvent.click(within(form).getByRole('button', { name: 'Créer le service' }));
    const nom = within(form).getByLabelText('Nom du service');
    await waitFor(() => expect(nom).toHaveFocus());
    expect(nom).toHaveAttribute('aria-invalid', 'true');
    expect(nom).toHaveAccessibleDescription(expect.stringContaining('Indiquez le nom du service.'));
    const parent = within(form).getByLabelText('Service parent');
    expect(parent).toHaveAccessibleDescription(expect.stringContaining(SERVICE_FORM_MESSAGES.parentRequired));
    // Only the national services may hold a regional one.
    expect(within(parent).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choisir le service parent', 'Agence nationale du sport', 'Direction des sports']);
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.type(nom, 'DRAJES Normandie');
    await userEvent.type(within(form).getByLabelText('Adresse électronique de connexion'), 'drajes.normandie@example.org');
    await userEvent.selectOptions(parent, 'Direction des sports');
    const before = reads();
    await userEvent.click(within(form).getByRole('button', { name: 'Créer le service' }));
    await waitFor(() => expect(fake.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(fake.requests.find((r) => r.method === 'POST')!.body).toEqual({
      email: 'drajes.normandie@example.org', roles: ['rds.service'],
      service: { nom: 'DRAJES Normandie', niveau_territorial: 'regional', parent: OTHER_NATIONAL, code_territoire: null },
    });
    // The list is read again, and the new service's record opens.
    expect(await screen.findByRole('heading', { level: 3, name: 'DRAJES Normandie' })).toBeInTheDocument();
    expect(reads()).toBeGreaterThan(before);
    expect(within(screen.getByRole('table', { name: 'Services instructeurs' })).getByRole('rowheader', { name: 'DRAJES Normandie' })).toBeInTheDocument();
  }, 30_000);

  it('moves a service under another parent, then deletes it once confirmed, the list read again each time', async () => {
    signInAs('rds.admin');
    const { fake, reads } = fakeServices();
    renderWithQueries(<RdsAdminPage />);
    const table = await screen.findByRole('table', { name: 'Services instructeurs' });
    await userEvent.click(within(table).getByRole('button', { name: 'Voir la fiche de DRAJES Bretagne' }));
    await screen.findByRole('heading', { level: 3, name: 'DRAJES Bretagne' });
    const reparent = screen.getByRole('form', { name: 'Rattachement de DRAJES Bretagne' });
    // Its current parent is not offered.
    expect(within(reparent).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choisir le service parent', 'Direction des sports']);
    await userEvent.click(within(reparent).getByRole('button', { name: 'Changer le service parent' }));
    await waitFor(() => expect(within(reparent).getByLabelText('Nouveau service parent')).toHaveFocus());
    expect(fake.requests.some((r) => r.method === 'PATCH')).toBe(false);
    await userEvent.selectOptions(within(reparent).getByLabelText('Nouveau service parent'), 'Direction des sports');
    const before = reads();
    await userEvent.click(within(reparent).getByRole('button', { name: 'Changer le service parent' }));
    await waitFor(() => expect(fake.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ parent: OTHER_NATIONAL }));
    const row = () => within(screen.getByRole('table', { name: 'Services instructeurs' })).getByRole('rowheader', { name: 'DRAJES Bretagne' }).closest('tr')!;
    await waitFor(() => expect(within(row()).getByText('Direction des sports')).toBeInTheDocument());
    expect(reads()).toBeGreaterThan(before);

    await userEvent.click(screen.getByRole('button', { name: 'Supprimer le service DRAJES Bretagne' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer le service « DRAJES Bretagne » ?' });
    expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    await waitFor(() => expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'DRAJES Bretagne' })).toBeNull());
    // Its record gone, the focus goes back to the list.
    await waitFor(() => expect(screen.getByRole('table', { name: 'Services instructeurs' }).closest('[role="region"]')).toHaveFocus());
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Services instructeurs' })).queryByRole('rowheader', { name: 'DRAJES Bretagne' })).toBeNull());
  }, 30_000);

  it('shows the server’s refusal of a new parent under its field, and focuses it', async () => {
    signInAs('rds.admin');
    const reason = SERVICE_ADMIN_MESSAGES.parentCycle('DRAJES Bretagne');
    const { fake } = fakeServices({ refuseParent: reason });
    renderWithQueries(<RdsAdminPage />);
    const table = await screen.findByRole('table', { name: 'Services instructeurs' });
    await userEvent.click(within(table).getByRole('button', { name: 'Voir la fiche de DRAJES Bretagne' }));
    const reparent = await screen.findByRole('form', { name: 'Rattachement de DRAJES Bretagne' });
    const select = within(reparent).getByLabelText('Nouveau service parent');
    await userEvent.selectOptions(select, 'Direction des sports');
    await userEvent.click(within(reparent).getByRole('button', { name: 'Changer le service parent' }));
    await waitFor(() => expect(select).toHaveFocus());
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription(expect.stringContaining(reason));
    expect(fake.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  }, 30_000);

  it('tells why a deletion is refused and keeps the service; cancelling sends nothing', async () => {
    signInAs('rds.admin');
    const reason = 'Ce service est encore rattaché au dispositif CNDS : retirez-le de ces dispositifs, campagnes ou agréments avant de le supprimer.';
    const { fake } = fakeServices({ refuseDeletion: reason });
    renderWithQueries(<RdsAdminPage />);
    const table = await screen.findByRole('table', { name: 'Services instructeurs' });
    await userEvent.click(within(table).getByRole('button', { name: 'Voir la fiche de DRAJES Bretagne' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer le service DRAJES Bretagne' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer le service DRAJES Bretagne' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer définitivement' }));
    const alert = await screen.findByText(reason);
    await waitFor(() => expect(alert.closest('[tabindex="-1"]')).toHaveFocus());
    expect(screen.getByRole('heading', { level: 3, name: 'DRAJES Bretagne' })).toBeInTheDocument();
  }, 30_000);

  it('creates a campaign of the chosen scheme, its closing date checked against its opening first', async () => {
    signInAs('rds.admin');
    const { fake } = fakeServices();
    renderWithQueries(<RdsAdminPage />);
    await userEvent.selectOptions(await screen.findByLabelText('Dispositif'), 'CNDS');
    await screen.findByRole('table', { name: 'Campagnes de Part territoriale' });
    await userEvent.click(screen.getByRole('button', { name: 'Créer une campagne de Part territoriale' }));
    const form = screen.getByRole('form', { name: 'Nouvelle campagne de Part territoriale' });
    await userEvent.type(within(form).getByLabelText('Libellé de la campagne'), 'ANS Part territoriale 2027');
    await userEvent.type(within(form).getByLabelText('Code de la campagne'), 'CNDS-PT-2027');
    await userEvent.clear(within(form).getByLabelText('Exercice'));
    await userEvent.type(within(form).getByLabelText('Exercice'), '2027');
    await userEvent.type(within(form).getByLabelText('Date d’ouverture'), '2027-03-01');
    await userEvent.type(within(form).getByLabelText('Date de clôture'), '2027-02-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Créer la campagne' }));
    const closing = within(form).getByLabelText('Date de clôture');
    await waitFor(() => expect(closing).toHaveFocus());
    expect(closing).toHaveAccessibleDescription(expect.stringContaining(CAMPAIGN_MESSAGES.datesOrder));
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.clear(closing);
    await userEvent.type(closing, '2027-05-31');
    const listReads = fake.requests.filter((r) => r.url.includes('/subventions') && r.method === 'GET').length;
    await userEvent.click(within(form).getByRole('button', { name: 'Créer la campagne' }));
    await waitFor(() => expect(fake.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(fake.requests.find((r) => r.method === 'POST')!.body).toEqual({
      code: 'CNDS-PT-2027', label: 'ANS Part territoriale 2027', campagne_exercice: 2027, date_debut: '2027-03-01', date_fin: '2027-05-31', active: false, dispositif: 'CNDS',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Nouvelle campagne de Part territoriale' })).toBeNull());
    await waitFor(() => expect(fake.requests.filter((r) => r.url.includes('/subventions') && r.method === 'GET').length).toBeGreaterThan(listReads));
  }, 30_000);
});

describe('the custom settings', () => {
  it('creates a custom field’s definition and shows the server’s refusal of a code taken', async () => {
    signInAs('rds.admin');
    let taken = false;
    const fake = stubFetch({
      [`GET ${RDS}/champs-attendus`]: () => json(200, [{ id: 'ffffffff-0000-4000-8000-000000000001', code: 'nb_licencies', label: 'Nombre de licenciés', labelCode: null, type: 'number', enabled: true, isDefault: false, meta: {} }]),
      [`GET ${RDS}/documents-attendus`]: () => json(200, []),
      [`POST ${RDS}/champs-attendus`]: (request) =>
        taken
          ? json(409, { statusCode: 409, code: 'EXPECTED_ITEM_CODE_TAKEN', message: 'Ce code est déjà pris.' })
          : json(201, { id: 'ffffffff-0000-4000-8000-000000000002', labelCode: null, isDefault: false, meta: {}, enabled: true, ...(request.body as object) }),
    });
    renderWithQueries(<CustomSettingsPage />);
    const table = await screen.findByRole('table', { name: 'Champs personnalisés des dispositifs' });
    expect(within(table).getByText('Nombre entier')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Nouveau champ' }));
    const form = screen.getByRole('form', { name: 'Nouveau champ' });
    await userEvent.type(within(form).getByLabelText(/^Code/), 'nb_benevoles');
    await userEvent.type(within(form).getByLabelText(/^Libellé/), 'Nombre de bénévoles');
    await userEvent.selectOptions(within(form).getByLabelText('Type de réponse'), 'number');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(fake.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(fake.requests.find((r) => r.method === 'POST')!.body).toMatchObject({ code: 'nb_benevoles', label: 'Nombre de bénévoles', type: 'number', enabled: true });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Nouveau champ' })).toBeNull());

    taken = true;
    await userEvent.click(screen.getByRole('button', { name: 'Nouveau champ' }));
    const again = screen.getByRole('form', { name: 'Nouveau champ' });
    await userEvent.type(within(again).getByLabelText(/^Code/), 'nb_licencies');
    await userEvent.type(within(again).getByLabelText(/^Libellé/), 'Licenciés');
    await userEvent.click(within(again).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(again).findByRole('alert')).toHaveTextContent('Ce code est déjà pris.');
  }, 30_000);
});
