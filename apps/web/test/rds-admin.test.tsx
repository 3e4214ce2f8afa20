// The scheme administration (/administration/rds and /parametrage-custom): the services with their
// hierarchy, a scheme's campaigns, a campaign's expected document given a condition previewed on
// the campaign's dossiers then saved with the campaign, the preview without names for an
// administrator who reads no dossier, and a custom field's definition created.
import type { ConditionPreview, SubventionView } from '@portail/contract';
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
