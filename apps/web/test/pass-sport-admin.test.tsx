// Pass'Sport's administration page (features/pass-sport/admin/): an exercise closed by one PATCH;
// the dossiers of a state with the events the server offers, fired after a confirmation; a
// federation added to the referential by saving its whole list; the affiliation certificates, a
// document opened by a single-use link.
import { passSportRoutes, referentielRoutes, routeUrl, type PspAdminDossier, type PspAffiliation, type PspExercice } from '@portail/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PassSportAdminPage } from '../src/features/pass-sport/admin/pass-sport-admin-page.tsx';
import { session } from '../src/lib/session/session-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch, type RecordedRequest } from './support/fake-fetch.ts';
import { makeJwt, makeSession, makeUser } from './support/factories.ts';
import { renderRoutes } from './support/render-routes.tsx';

afterEach(() => {
  resetAppState();
  vi.unstubAllGlobals();
});
beforeEach(() => {
  session.signIn(makeSession(makeUser({ role: 'rds.admin', roles: ['rds.admin'], associations: [] }), makeJwt(4_000_000_000, 'admin')));
});

const EXERCICES: PspExercice[] = [
  { id: 26, id_exercice: 2026, active: true, date_debut: '2026-01-01', date_fin: '2026-12-31' },
  { id: 25, id_exercice: 2025, active: false, date_debut: '2025-01-01', date_fin: '2025-12-31' },
];
const DOSSIER: PspAdminDossier = {
  id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', numero: 7, id_etat: '2', libelle_etat: 'En cours de traitement',
  structure: { id_siret: '73282932000074', nom: 'Club sportif de Tours' }, association: { id: 'a', nom: 'Club sportif de Tours' }, inscriptions: 12,
  options: { events: ['mettre_en_paiement', 'refuser'] }, updated_at: '2026-03-01T10:00:00.000Z',
};
const REFERENTIEL = {
  _id: 'rrrrrrrr-rrrr-4rrr-8rrr-rrrrrrrrrrrr', type: 'federations-sportives', categorie: 'Sport', label: 'Fédérations sportives agréées', optionsCount: 1,
  options: [{ value: 'football', label: 'Fédération française de football', meta: { groupe: 'Olympique', sigle: 'FFF', siren: null } }],
};

const CERTIFICATES: PspAffiliation[] = [
  {
    id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', association: { id: 'a', nom: 'Club sportif de Tours', id_siren: '732829320' }, siren_federation: '775671357',
    nom_federation: 'Fédération française de football', exercice_id: 26, document_id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee', created_at: '2026-03-02T09:30:00.000Z',
  },
  {
    id: 'cccccccc-cccc-4ccc-8ccc-ccccccccccc2', association: { id: 'b', nom: 'Tennis club de Blois', id_siren: null }, siren_federation: '784301475',
    nom_federation: 'Fédération française de tennis', exercice_id: 25, document_id: null, created_at: '2025-03-02T09:30:00.000Z',
  },
];

function serve() {
  return stubFetch({
    [`GET ${routeUrl(passSportRoutes.listPspExercices)}`]: () => json(200, EXERCICES),
    [`PATCH ${routeUrl(passSportRoutes.updatePspExercice, { id: 26 })}`]: () => json(200, { ...EXERCICES[0], active: false }),
    [`GET ${routeUrl(passSportRoutes.listPspAdminDossiers)}`]: () => json(200, [DOSSIER]),
    [`POST ${routeUrl(passSportRoutes.firePspDossierEvent, { id: DOSSIER.id })}`]: () =>
      json(200, {
        id: DOSSIER.id, numero: 7, id_etat: '3', libelle_etat: 'En cours de paiement', structure: { ...DOSSIER.structure, id_rib: null }, shared_with: [], federations: [],
        created_by: null, inscriptions: [], exercices: EXERCICES, options: { events: ['rembourser'], modifier: false }, created_at: DOSSIER.updated_at, updated_at: DOSSIER.updated_at,
      }),
    [`GET ${routeUrl(passSportRoutes.listPspAffiliations)}`]: () => json(200, CERTIFICATES),
    [`POST ${routeUrl(passSportRoutes.pspCertificateTicket, { id: CERTIFICATES[0]!.id })}`]: () => json(201, { url: '/api/proxy-asso/association/documents/ticket/t0k3n', expires_in: 60 }),
    [`GET ${routeUrl(referentielRoutes.get)}`]: () => json(200, REFERENTIEL),
    [`PATCH ${routeUrl(referentielRoutes.update, { id: REFERENTIEL._id })}`]: (r: RecordedRequest) => json(200, { ...REFERENTIEL, options: (r.body as { options: unknown[] }).options }),
  });
}
const writes = (fake: ReturnType<typeof stubFetch>) => fake.requests.filter((r) => r.method !== 'GET').map((r) => ({ method: r.method, url: r.url.split('?')[0], body: r.body }));
const render = () => renderRoutes('/administration/psp', { '/administration/psp': <PassSportAdminPage /> });

describe('the Pass’Sport administration page', () => {
  it('closes an exercise with one PATCH', async () => {
    const fake = serve();
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: "Clore l'exercice 2026" }));
    expect(await screen.findByText("L'exercice 2026 est clos.")).toBeInTheDocument();
    expect(writes(fake)).toEqual([{ method: 'PATCH', url: routeUrl(passSportRoutes.updatePspExercice, { id: 26 }), body: { active: false } }]);
  });

  it('lists the dossiers in processing and moves one to payment after a confirmation', async () => {
    const fake = serve();
    const user = userEvent.setup();
    render();
    const table = await screen.findByRole('table', { name: /^Dossiers Pass'Sport \(1\)/ });
    const row = within(table).getByRole('row', { name: /n° 7/ });
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(fake.requests.find((r) => r.url.startsWith(routeUrl(passSportRoutes.listPspAdminDossiers)))!.url).toContain('etat=2');
    await user.click(within(row).getByRole('button', { name: 'Mettre en paiement : dossier n° 7' }));
    await user.click(await screen.findByRole('button', { name: 'Mettre en paiement' }));
    expect(await screen.findByText('Dossier n° 7 (Club sportif de Tours) : en cours de paiement.')).toBeInTheDocument();
    expect(writes(fake)).toEqual([{ method: 'POST', url: routeUrl(passSportRoutes.firePspDossierEvent, { id: DOSSIER.id }), body: { event: 'mettre_en_paiement' } }]);
  });

  it('lists the affiliation certificates and opens one’s document by a single-use link', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fake = serve();
    const user = userEvent.setup();
    render();
    const table = await screen.findByRole('table', { name: "Attestations d'affiliation déposées (2)" });
    expect(within(table).getByText('Non déposé en ligne')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: /Attestation de Club sportif de Tours \(Fédération française de football, 2026\)/ }));
    expect(writes(fake)).toEqual([{ method: 'POST', url: routeUrl(passSportRoutes.pspCertificateTicket, { id: CERTIFICATES[0]!.id }), body: undefined }]);
    expect(assign).toHaveBeenCalledWith('/api/proxy-asso/association/documents/ticket/t0k3n');
  });

  it('adds a federation to the referential by saving its whole list', async () => {
    const fake = serve();
    const user = userEvent.setup();
    render();
    const form = await screen.findByRole('form', { name: 'Ajouter une fédération' });
    await user.type(within(form).getByRole('textbox', { name: 'Nom de la fédération' }), 'Fédération française de pétanque');
    await user.type(within(form).getByRole('textbox', { name: 'Sigle' }), 'FFPJP');
    await user.click(within(form).getByRole('button', { name: 'Ajouter la fédération' }));
    expect(await screen.findByText('La fédération Fédération française de pétanque est ajoutée.')).toBeInTheDocument();
    expect(writes(fake)).toEqual([
      {
        method: 'PATCH',
        url: routeUrl(referentielRoutes.update, { id: REFERENTIEL._id }),
        body: {
          options: [
            REFERENTIEL.options[0],
            { value: 'federation-francaise-de-petanque', label: 'Fédération française de pétanque', meta: { groupe: 'Olympique', sigle: 'FFPJP', siren: null } },
          ],
        },
      },
    ]);
  });
});
