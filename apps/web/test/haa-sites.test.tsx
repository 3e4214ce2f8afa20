// The food-aid sites modal (features/haa-sites/haa-sites.tsx): the form's rules before any
// call (a fixed site needs its address, an itinerant one may have none, a member of the chosen type,
// ranges and periods in order), and by keyboard alone: the modal opened, the commune found by the
// lookup and picked with the arrows and Entrée (filling postcode and INSEE code), hours and a closing
// period, the site and its address sent together; Échap closes the modal and gives focus back; a
// site removed once confirmed; the sites' table in its keyboard-scrollable region (lib/ui DataTable).
import { HAA_ACTIVITY_NATURES, HAA_MESSAGES, MESSAGES, type HaaSite } from '@portail/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyDraft, readDraft } from '../src/features/haa-sites/haa-site-draft.ts';
import { isFoodAidApproval } from '../src/features/administrative-info/agrements.tsx';
import { HAA_SITE_LOAD_FAILED, HAA_SITES_CAPTION, HaaSitesSection } from '../src/features/haa-sites/haa-sites.tsx';
import { toasts } from '../src/lib/toast/toast-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { renderWithQueries } from './support/render-routes.tsx';

afterEach(() => {
  resetAppState();
  vi.unstubAllGlobals();
});

const ID = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
const SIEGE = '73282932000074';
const BASE = '/api/proxy-asso/association/haa';

describe('the site form’s rules (before any call)', () => {
  it('a fixed site needs its address; an itinerant one may have none', () => {
    const fixed = readDraft({ ...emptyDraft(), membre_siret_id: SIEGE });
    expect(fixed.errors).toEqual({ 'adresse.cp': MESSAGES.required('code postal'), 'adresse.commune': MESSAGES.required('commune') });
    const itinerant = readDraft({ ...emptyDraft(), membre_siret_id: SIEGE, itinerant: true });
    expect(itinerant.errors).toEqual({});
    expect(itinerant.adresse).toBeNull();
  });

  it('needs the member of the chosen type, and sends only that one', () => {
    expect(readDraft({ ...emptyDraft(), itinerant: true }).errors).toEqual({ membre_siret_id: HAA_MESSAGES.membreSiretRequired });
    const association = readDraft({ ...emptyDraft(), itinerant: true, type_membre: 'association', membre_siret_id: SIEGE });
    expect(association.errors).toEqual({ membre_reseau_id: HAA_MESSAGES.membreReseauRequired });
    expect(association.site.membre_siret_id).toBeNull();
  });

  it('refuses a range ending before it starts and a period ending before it starts', () => {
    const { errors } = readDraft({
      ...emptyDraft(), membre_siret_id: SIEGE, itinerant: true,
      jours: { jeudi: [{ debut: '12:00', fin: '09:00' }] },
      periodes: [{ debut: '2026-08-31', fin: '2026-08-01', motif: '' }],
    });
    expect(errors).toEqual({ 'horaire_ouverture.0.plages.0.fin': HAA_MESSAGES.rangeEndBeforeStart, 'periode_fermeture.0.fin': HAA_MESSAGES.periodEndBeforeStart });
  });

  it('knows the food-aid approval by its type', () => {
    expect(isFoodAidApproval('HAA')).toBe(true);
    expect(isFoodAidApproval('Habilitation aide alimentaire')).toBe(true);
    expect(isFoodAidApproval('JEP')).toBe(false);
  });
});

const renderSection = () => renderWithQueries(<HaaSitesSection idAsso={ID} readOnly={false} />, { router: false });

const LYON = { type: 'Feature', geometry: null, properties: { label: 'Lyon', name: 'Lyon', postcode: '69001', citycode: '69123', context: '69, Rhône', type: 'municipality', score: 1 } };

describe('the food-aid sites modal', () => {
  it('adds a site by keyboard: member, commune from the lookup, hours, a closing period; sent with its address', async () => {
    const sites: HaaSite[] = [];
    const fake = stubFetch({
      [`GET ${BASE}/sites`]: () => json(200, sites),
      [`GET ${BASE}/membres`]: () => json(200, { etablissements: [{ siret: SIEGE, libelle: `Siège (${SIEGE})`, adresse: null }], membres_reseau: [] }),
      'GET /api/proxy-asso/adresse/search': () => json(200, { type: 'FeatureCollection', features: [LYON], query: 'Lyo', source: 'api-adresse' }),
      [`POST ${BASE}/sites_adresses`]: (request) => {
        const body = request.body as { site: Omit<HaaSite, 'id'> };
        const adresse = { id: 'a1a1a1a1-1111-4111-8111-111111111111', cplt: null, num_voie: '12', voie: 'rue de la République', bp: null, cp: '69001', commune: 'Lyon', cedex: null, code_insee: '69123', geo_X: 4.836, geo_Y: 45.76, pays: 'FRANCE', geocodage: 'adresse' as const };
        const created: HaaSite = { ...body.site, id: 'b2b2b2b2-2222-4222-8222-222222222222', membre_nom: 'Siège', adresse_membre: null, responsable_id: null, adresse_id: adresse.id, adresse };
        sites.push(created);
        return json(201, created);
      },
    });
    const user = userEvent.setup();
    renderSection();
    const opener = screen.getByRole('button', { name: 'Gérer les sites d’aide alimentaire' });
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Sites d’aide alimentaire' });
    expect(await within(dialog).findByText('Aucun site d’aide alimentaire n’est déclaré.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter un site' }));

    await user.click(await within(dialog).findByRole('button', { name: 'Enregistrer le site' }));
    expect(within(dialog).getByText(HAA_MESSAGES.membreSiretRequired)).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await waitFor(() => expect(within(dialog).getByRole('option', { name: `Siège (${SIEGE})` })).toBeInTheDocument());
    await user.selectOptions(within(dialog).getByLabelText('Établissement qui tient le site'), SIEGE);
    await user.type(within(dialog).getByLabelText('Numéro'), '12');
    await user.type(within(dialog).getByLabelText('Voie'), 'rue de la République');
    const commune = within(dialog).getByRole('combobox', { name: /Commune/ });
    await user.type(commune, 'Lyo');
    await waitFor(() => expect(commune).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(commune).toHaveValue('Lyon');
    expect(within(dialog).getByLabelText('Code postal')).toHaveValue('69001');

    await user.click(within(dialog).getByLabelText('Ouvert le mardi'));
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter une période de fermeture' }));
    await user.type(within(dialog).getByLabelText('Du (période 1)'), '2026-08-01');
    await user.type(within(dialog).getByLabelText('Au (période 1)'), '2026-08-15');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le site' }));

    await waitFor(() => expect(fake.requests.some((r) => r.method === 'POST')).toBe(true));
    const sent = fake.requests.find((r) => r.method === 'POST')!;
    expect(sent.url).toContain(`${BASE}/sites_adresses?id_asso=${ID}`);
    expect(sent.body).toEqual({
      site: {
        type_membre: 'etablissement', nature_activite: 'distribution', membre_siret_id: SIEGE, membre_reseau_id: null, itinerant: false,
        horaire_ouverture: [{ jour: 'mardi', plages: [{ debut: '09:00', fin: '12:00' }] }],
        periode_fermeture: [{ debut: '2026-08-01', fin: '2026-08-15', motif: null }],
      },
      adresse: { num_voie: '12', voie: 'rue de la République', cplt: '', cp: '69001', commune: 'Lyon', code_insee: '69123' },
    });
    expect(await within(dialog).findByRole('button', { name: 'Ajouter un site' })).toBeInTheDocument();
    // The sites' table scrolls in a focusable region named by its caption, each row headed by who runs the site.
    const region = within(dialog).getByRole('region', { name: HAA_SITES_CAPTION });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table', { name: HAA_SITES_CAPTION })).toBeInTheDocument();
    expect(within(region).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Tenu par', 'Activité', 'Adresse', 'Horaires', 'Fermetures', 'Actions']);
    expect(within(region).getByRole('rowheader', { name: 'Siège' })).toBeInTheDocument();
    const row = within(dialog).getByRole('row', { name: /Siège/ });
    expect(row).toHaveTextContent('12 rue de la République, 69001 Lyon');
    expect(row).toHaveTextContent('Mardi 09:00–12:00');
    expect(row).toHaveTextContent('du 01/08/2026 au 15/08/2026');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('removes a site only once confirmed, then lists what is left', async () => {
    const site: HaaSite = {
      id: 'b2b2b2b2-2222-4222-8222-222222222222', type_membre: 'etablissement', membre_siret_id: SIEGE, membre_reseau_id: null, membre_nom: 'Siège',
      nature_activite: HAA_ACTIVITY_NATURES[0], itinerant: true, horaire_ouverture: [], periode_fermeture: [], adresse_membre: null, responsable_id: null, adresse_id: null, adresse: null,
    };
    let sites: HaaSite[] = [site];
    const fake = stubFetch({
      [`GET ${BASE}/sites`]: () => json(200, sites),
      [`DELETE ${BASE}/sites`]: () => {
        sites = [];
        return json(200, { message: 'Le site a été supprimé.' });
      },
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(screen.getByRole('button', { name: 'Gérer les sites d’aide alimentaire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sites d’aide alimentaire' });
    await user.click(await within(dialog).findByRole('button', { name: /^Supprimer le site tenu par Siège/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer ce site d’aide alimentaire ?' });
    expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer le site' }));
    await waitFor(() => expect(fake.requests.find((r) => r.method === 'DELETE')!.url).toBe(`${BASE}/sites?id_asso=${ID}&id=${site.id}`));
    expect(await within(dialog).findByText('Aucun site d’aide alimentaire n’est déclaré.')).toBeInTheDocument();
    expect(toasts.getToasts().map((t) => t.message)).toContain('Le site a été supprimé.');
  });

  it('a list that cannot be read: the §8 toast and an empty list', async () => {
    stubFetch({ [`GET ${BASE}/sites`]: () => json(500, { message: 'Une erreur serveur est survenue.', status: 500, code: 'INTERNAL' }) });
    const user = userEvent.setup();
    renderSection();
    await user.click(screen.getByRole('button', { name: 'Gérer les sites d’aide alimentaire' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Aucun site d’aide alimentaire n’est déclaré.')).toBeInTheDocument();
    await waitFor(() => expect(toasts.getToasts().map((t) => t.message)).toContain(HAA_SITE_LOAD_FAILED));
  });
});
