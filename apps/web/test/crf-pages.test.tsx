// The financial reports (CRF, Cerfa 15059) on the client: the member's report of an exercise
// (POST …/crf, its message in an info toast, then its page with `mode` forced in the URL), the form
// (realised amounts beside the granted ones, the budget planned against realised with its chart,
// the documents of spec §5), its save and transmission after confirmation; the report read once
// transmitted, and what the service said when it sent it back; the instructor's panel (reports per
// exercise, read only with the chart, receive or send back as the options allow, a 409 in French);
// the dashboard's reminder of the reports still owed.
import { api, CRF_MESSAGES, MESSAGES, routeUrl, SUBSIDY_MESSAGES, type CrfView, type DossierView } from '@portail/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrfPanel } from '../src/features/instruction/crf-panel.tsx';
import { accountsYears, expectedCrfDocuments } from '../src/features/subsidies/crf/crf-documents.ts';
import { CrfPage } from '../src/features/subsidies/crf/crf-page.tsx';
import { DossierCrfs } from '../src/features/subsidies/crf/dossier-crfs.tsx';
import { MissingCrfs } from '../src/features/subsidies/crf/missing-crfs.tsx';
import { PlannedRealisedChart } from '../src/features/subsidies/crf/planned-realised-chart.tsx';
import { session } from '../src/lib/session/session-store.ts';
import { toasts } from '../src/lib/toast/toast-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch, type RecordedRequest } from './support/fake-fetch.ts';
import { makeJwt, makeSession, makeUser } from './support/factories.ts';
import { locationShown, renderRoutes } from './support/render-routes.tsx';
import { CRF_ID, CRF_PROJET_ID, DOSSIER_ID, makeCrfView, makeDossier, makeDossierView, SERVICE_ID } from './support/subsidies.ts';

afterEach(() => {
  resetAppState();
  vi.unstubAllGlobals();
});

const SIRET = '73282932000074';
const ASSOCIATION_ID = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
const API = `/api/lca-server/demande/dossiers/${DOSSIER_ID}`;
const REP = 'aaaaaaaa-1111-4111-8111-111111111111';
const SIGNATORY = 'aaaaaaaa-2222-4222-8222-222222222222';

const MEMBER_ROUTES = {
  '/associations/:idSiret?/dossier/:idDossier/crf': <CrfPage />,
  '/associations/:idSiret?/dossier/:idDossier/crf/:idCrf': <CrfPage />,
};
const location = locationShown;

function grantedDossier(): DossierView {
  const d = makeDossier({ step: 4, statut: 'complet', etat: '9' });
  d.demandeur.id_siret = SIRET;
  d.instructeurs = [{ service: { id: SERVICE_ID, nom: 'SDJES de Paris', type: null }, isReferent: true }];
  return makeDossierView(d);
}

const representants = [
  { id: REP, id_siret: null, civilite: 'Mme', nom: 'Durand', prenom: 'Alice', fonction: 'Présidente', courriel: null, telephone: null, valideur_cec: false, est_representant_legal: true, publication_internet: false, deleted: false },
  { id: SIGNATORY, id_siret: null, civilite: 'M.', nom: 'Petit', prenom: 'Bruno', fonction: 'Trésorier', courriel: null, telephone: null, valideur_cec: false, est_representant_legal: false, publication_internet: false, deleted: false },
];
const associationDocument = (uuid: string, type: string, nom: string, annee: number | null) => ({
  uuid, id_siret: SIRET, type, etat: 'courant', origine: 'association', annee_validite: annee, date_chargement: '2027-01-02T10:00:00.000Z', nom, commentaire: null, mime_type: 'application/pdf', taille: 1000, url: `/x/${uuid}`,
});
const [PREVIOUS_YEAR, YEAR_BEFORE] = accountsYears();
const DOCS = [
  associationDocument('dddddddd-0001-4000-8000-000000000001', 'CPTE', 'comptes-precedents.pdf', PREVIOUS_YEAR),
  associationDocument('dddddddd-0002-4000-8000-000000000002', 'CPTE', 'comptes-anciens.pdf', YEAR_BEFORE),
  associationDocument('dddddddd-0003-4000-8000-000000000003', 'RAPACT', 'rapport.pdf', null),
  associationDocument('dddddddd-0004-4000-8000-000000000004', 'POUV', 'pouvoir.pdf', null),
];

function signInMember() {
  session.signIn(makeSession(makeUser(), makeJwt(4_000_000_000, 'member')));
}

/** The member's server: the dossier, the report (changed by each call), the association file. */
function memberServer(initial: CrfView, answers: { transmit?: (request: RecordedRequest) => Response; routes?: Record<string, (request: RecordedRequest) => Response> } = {}) {
  let crf = initial;
  return stubFetch({
    [`GET ${API}`]: () => json(200, { ...grantedDossier(), messages: [] }),
    [`POST ${API}/crf`]: () => json(200, { outcome: 'CLONED', message: CRF_MESSAGES.cloned(2026), crf }),
    [`GET ${API}/crf/${CRF_ID}`]: () => json(200, crf),
    [`PUT ${API}/crf/${CRF_ID}`]: (request) => {
      const body = request.body as Record<string, unknown>;
      crf = { ...crf, etat: '2', options: { events: ['transmettre'], actions: ['consulter', 'modifier'] }, isRealised: (body.isRealised as boolean | null) ?? null };
      return json(200, crf);
    },
    [`PUT ${API}/crf/${CRF_ID}/projects/${CRF_PROJET_ID}`]: () => json(200, crf),
    [`POST ${API}/crf/${CRF_ID}/transmit`]: (request) => {
      if (answers.transmit) return answers.transmit(request);
      crf = { ...crf, etat: '4', mode: 'read', options: { events: [], actions: ['consulter'] } };
      return json(200, crf);
    },
    [`GET ${routeUrl(api.association.getRepresentants)}`]: () => json(200, representants),
    [`GET ${routeUrl(api.associationDocuments.listDocuments)}`]: () => json(200, DOCS),
    ...answers.routes,
  });
}

describe('the member’s financial report', () => {
  it('opens the report of the exercise: the server’s message in an info toast, then its page with the mode in the URL', async () => {
    signInMember();
    const fake = memberServer(makeCrfView());
    renderRoutes(`/associations/${SIRET}/dossier/${DOSSIER_ID}/crf?exercice=2026`, MEMBER_ROUTES, { showLocation: true });
    await waitFor(() => expect(location()).toBe(`/associations/${SIRET}/dossier/${DOSSIER_ID}/crf/${CRF_ID}?mode=edit`));
    expect(fake.requests.find((r) => r.method === 'POST')!.body).toEqual({ exercice: 2026 });
    expect(toasts.getToasts()).toEqual([expect.objectContaining({ severity: 'info', message: CRF_MESSAGES.cloned(2026) })]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Compte rendu financier – exercice 2026' })).toBeInTheDocument();
    expect(await screen.findByText('À saisir')).toBeInTheDocument();
  }, 20_000);

  it('forces the mode the server gives in the URL, keeping the other parameters; the report transmitted is read only', async () => {
    signInMember();
    memberServer(makeCrfView({ etat: '4', mode: 'read', options: { events: [], actions: ['consulter'] } }));
    renderRoutes(`/associations/${SIRET}/dossier/${DOSSIER_ID}/crf/${CRF_ID}?mode=edit&onglet=budget`, MEMBER_ROUTES, { showLocation: true });
    await waitFor(() => expect(location()).toBe(`/associations/${SIRET}/dossier/${DOSSIER_ID}/crf/${CRF_ID}?mode=read&onglet=budget`));
    expect(await screen.findByTestId('crf-lecture')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(screen.getByText('Transmis au service instructeur')).toBeInTheDocument();
  }, 20_000);

  it('shows what the service said when it sent the report back, and the form again', async () => {
    signInMember();
    memberServer(makeCrfView({ etat: '3', commentaire: 'Le réalisé du compte 64 manque.', options: { events: ['transmettre'], actions: ['consulter', 'modifier'] } }));
    renderRoutes(`/associations/${SIRET}/dossier/${DOSSIER_ID}/crf/${CRF_ID}`, MEMBER_ROUTES, { showLocation: true });
    expect(await screen.findByText('Le réalisé du compte 64 manque.')).toBeInTheDocument();
    expect(screen.getByText('Compte rendu renvoyé pour correction par le service instructeur')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Transmettre au service instructeur' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toContain('mode=edit'));
  }, 20_000);

  it('fills the realised amounts beside the granted ones and the budget with its chart, saves, then transmits after confirmation', async () => {
    signInMember();
    const fake = memberServer(makeCrfView());
    renderRoutes(`/associations/${SIRET}/dossier/${DOSSIER_ID}/crf/${CRF_ID}`, MEMBER_ROUTES, { showLocation: true });
    const form = await screen.findByRole('form', { name: 'Compte rendu financier' });
    // The granted amount beside the realised input of the line.
    const financing = within(form).getByRole('table', { name: 'Financements du projet 1 : accordé et réalisé' });
    expect(within(financing).getByRole('row', { name: /SDJES de Paris 2026 3\s000\s€/ })).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Montant réalisé – SDJES de Paris, 2026 (€)'), '2 800');
    await userEvent.type(within(form).getByLabelText(/Enfants formés – valeur réalisée/), '45');
    await userEvent.click(within(form).getAllByLabelText('Oui')[0]!);
    await userEvent.type(within(form).getByLabelText(/Montant de la subvention utilisé/), '2800');

    // The budget: the table planned against realised, the chart beside it drawn from the same rows.
    const charges = within(form).getByRole('table', { name: 'Charges : prévu et réalisé – exercice 2026' });
    await userEvent.type(within(charges).getByLabelText('64 – Charges de personnel – réalisé (€)'), '3300');
    const chart = within(form).getByRole('img', { name: /Graphique : Charges : prévu et réalisé – exercice 2026/ });
    expect(chart).toHaveTextContent(/prévu 3\s000\s€/);
    expect(chart).toHaveTextContent(/réalisé 3\s300\s€/);

    // Documents of spec §5: the accounts' years offered, the previous one by default; no power of attorney while nobody differs.
    const year = within(form).getByLabelText('Année des comptes annuels');
    expect(within(year).getAllByRole('option').map((o) => o.textContent)).toEqual([String(PREVIOUS_YEAR), String(YEAR_BEFORE)]);
    expect(year).toHaveValue(String(PREVIOUS_YEAR));
    expect(within(form).queryByText('Pouvoir du représentant légal au signataire')).toBeNull();
    await userEvent.selectOptions(within(form).getByLabelText('Représentant légal'), REP);
    await userEvent.selectOptions(within(form).getByLabelText('Signataire du compte rendu'), SIGNATORY);
    expect(within(form).getByText('Pouvoir du représentant légal au signataire')).toBeInTheDocument();
    await userEvent.selectOptions(within(form).getByLabelText('Choisir un document déjà déposé', { selector: '#doc-comptes_annuels-existing' }), 'dddddddd-0001-4000-8000-000000000001');
    await userEvent.selectOptions(form.querySelector('#doc-rapport_activite-existing')!, 'dddddddd-0003-4000-8000-000000000003');
    await userEvent.selectOptions(form.querySelector('#doc-pouvoir-existing')!, 'dddddddd-0004-4000-8000-000000000004');
    await userEvent.click(within(form).getByLabelText(/Je certifie exactes/));

    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(document.getElementById('crf-enregistre')).toHaveFocus());
    const [put, putProjet] = fake.requests.filter((r) => r.method === 'PUT');
    expect(put!.body).toMatchObject({
      description: { montant_realise: 2800 },
      isRealised: true,
      budgetCrf: { realise: { charges: { comptes: { '64': 3300 } } } },
      demandeur: { id_representant_legal: REP, id_signataire: SIGNATORY },
      documents: [
        { code: 'comptes_annuels', uuid: 'dddddddd-0001-4000-8000-000000000001', annee_validite: PREVIOUS_YEAR },
        { code: 'rapport_activite', uuid: 'dddddddd-0003-4000-8000-000000000003' },
        { code: 'pouvoir', uuid: 'dddddddd-0004-4000-8000-000000000004' },
      ],
      attestation: { certifie: true },
    });
    expect(putProjet!.body).toMatchObject({ financements: [{ annee: 2026, id_service_instructeur: SERVICE_ID, montant_realise: 2800 }], evaluation: { indicateurs: [{ rang: 1, realise: 45 }] } });

    await userEvent.click(screen.getByRole('button', { name: 'Transmettre au service instructeur' }));
    const dialog = await screen.findByRole('dialog', { name: "Transmettre le compte rendu financier de l'exercice 2026 ?" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Transmettre le compte rendu financier' }));
    await waitFor(() => expect(document.getElementById('crf-transmis')).toHaveFocus());
    expect(fake.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/transmit'))).toHaveLength(1);
    expect(toasts.getToasts().map((t) => t.message)).toContain(CRF_MESSAGES.transmitted);
    expect(await screen.findByTestId('crf-lecture')).toBeInTheDocument();
    await waitFor(() => expect(location()).toContain('mode=read'));
  }, 40_000);

  it('refuses an unreadable amount in the focused summary, linked to its field, and shows the server’s refusal to transmit', async () => {
    signInMember();
    const missing = CRF_MESSAGES.notTransmittable([CRF_MESSAGES.missing.comptesAnnuels, CRF_MESSAGES.missing.rapportActivite]);
    const fake = memberServer(makeCrfView({ etat: '2', options: { events: ['transmettre'], actions: ['consulter', 'modifier'] } }), {
      transmit: () => json(400, { message: missing, status: 400, code: 'CRF_NOT_TRANSMITTABLE' }),
    });
    renderRoutes(`/associations/${SIRET}/dossier/${DOSSIER_ID}/crf/${CRF_ID}`, MEMBER_ROUTES, { showLocation: true });
    const form = await screen.findByRole('form', { name: 'Compte rendu financier' });
    const line = within(form).getByLabelText('Montant réalisé – SDJES de Paris, 2026 (€)');
    await userEvent.type(line, 'deux mille');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    const summary = await within(form).findByTestId('error-summary');
    await waitFor(() => expect(summary).toHaveFocus());
    await userEvent.click(within(summary).getByRole('link', { name: MESSAGES.badFormat('montant réalisé') }));
    expect(line).toHaveFocus();
    expect(fake.requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await userEvent.clear(line);
    await userEvent.type(line, '2000');
    await userEvent.click(within(form).getByRole('button', { name: 'Transmettre au service instructeur' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Transmettre le compte rendu financier' }));
    await waitFor(() => expect(within(form).getByTestId('error-summary')).toHaveTextContent(missing));
    await waitFor(() => expect(within(form).getByTestId('error-summary')).toHaveFocus());
  }, 30_000);
});

describe('what the report says of each project and of the other funders', () => {
  it('sends the realised dates, the recruitment, the means, the publics reached and the funders; refuses an end before the start and an unnamed public before anything is sent', async () => {
    signInMember();
    const crf = makeCrfView();
    const withPublic = { ...crf, projets: [{ ...crf.projets[0]!, beneficiaire: [{ id_statut: null, lib_statut: 'Enfants de 6 à 11 ans', id_tranche_age: null, lib_tranche_age: null, id_genre: null, lib_genre: null, nombre: 40 }] }], cofinancements: [{ financeur: 'Ville de Paris', montant: 1500, montant_obtenu: null }] };
    const fake = memberServer(withPublic);
    renderRoutes(`/associations/${SIRET}/dossier/${DOSSIER_ID}/crf/${CRF_ID}`, MEMBER_ROUTES, { showLocation: true });
    const form = await screen.findByRole('form', { name: 'Compte rendu financier' });
    // Cloned from the dossier: the public asked and the funder, each on its own line.
    expect(within(form).getByLabelText(/^Public/, { selector: '#crf-projets-0-beneficiaire-0-lib_statut' })).toHaveValue('Enfants de 6 à 11 ans');
    expect(within(form).getByLabelText(/^Financeur/, { selector: '#crf-cofinancements-0-financeur' })).toHaveValue('Ville de Paris');

    const dates = within(form).getByRole('group', { name: 'Dates de réalisation' });
    await userEvent.type(within(dates).getByLabelText('Début'), '2026-09-01');
    await userEvent.type(within(dates).getByLabelText('Fin'), '2026-03-31');
    expect(within(form).queryByLabelText(/Équivalents temps plein/)).toBeNull();
    await userEvent.click(within(within(form).getByRole('group', { name: 'Un recrutement spécifique a-t-il été fait pour ce projet ?' })).getByLabelText('Oui'));
    await userEvent.type(within(form).getByLabelText(/Équivalents temps plein/), '0,5');
    await userEvent.type(within(form).getByLabelText('Moyens humains et matériels mobilisés'), 'Deux maîtres-nageurs, le bassin municipal.');
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter un public' }));
    expect(form.querySelector('#crf-projets-0-beneficiaire-1-lib_statut')).toHaveFocus();
    await userEvent.type(within(form).getByLabelText(/^Montant obtenu/, { selector: '#crf-cofinancements-0-montant_obtenu' }), '1 200');

    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    const summary = await within(form).findByTestId('error-summary');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('link', { name: SUBSIDY_MESSAGES.projectEndsBeforeStart })).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'PUT')).toEqual([]);
    await userEvent.click(within(summary).getByRole('link', { name: SUBSIDY_MESSAGES.projectEndsBeforeStart }));
    expect(within(dates).getByLabelText('Fin')).toHaveFocus();
    await userEvent.clear(within(dates).getByLabelText('Fin'));
    await userEvent.type(within(dates).getByLabelText('Fin'), '2027-03-31');

    // The new public has no name: the contract's rule, as the server would say it.
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(within(form).getByTestId('error-summary')).toHaveTextContent(MESSAGES.pleaseFill('public bénéficiaire')));
    expect(fake.requests.filter((r) => r.method === 'PUT')).toEqual([]);
    await userEvent.type(form.querySelector<HTMLInputElement>('#crf-projets-0-beneficiaire-1-lib_statut')!, 'Parents');

    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(document.getElementById('crf-enregistre')).toHaveFocus());
    const [put, putProjet] = fake.requests.filter((r) => r.method === 'PUT');
    expect(put!.body).toMatchObject({ cofinancements: [{ financeur: 'Ville de Paris', montant: 1500, montant_obtenu: 1200 }] });
    expect(putProjet!.body).toMatchObject({
      description: { date_debut: '2026-09-01', date_fin: '2027-03-31' },
      moyens: { commentaire: 'Deux maîtres-nageurs, le bassin municipal.', recrutement_specifique: true, recrutement_nb_etpt: 0.5 },
      beneficiaire: [{ lib_statut: 'Enfants de 6 à 11 ans', nombre: 40 }, { lib_statut: 'Parents' }],
    });
  }, 40_000);

  it('offers the report’s PDF and says in French when it cannot be had', async () => {
    signInMember();
    const busy = 'Le serveur prépare déjà beaucoup de PDF : réessayez dans un instant.';
    const fake = memberServer(makeCrfView({ etat: '4', mode: 'read', options: { events: [], actions: ['consulter'] } }), {
      routes: { [`GET ${API}/crf/${CRF_ID}/pdf`]: () => json(429, { message: busy, status: 429, code: 'TOO_MANY_REQUESTS' }) },
    });
    renderRoutes(`/associations/${SIRET}/dossier/${DOSSIER_ID}/crf/${CRF_ID}`, MEMBER_ROUTES, { showLocation: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Télécharger le compte rendu 2026 (PDF)' }));
    await waitFor(() => expect(toasts.getToasts().map((t) => t.message)).toContain(busy));
    const pdf = fake.requests.find((r) => r.url === `${API}/crf/${CRF_ID}/pdf`)!;
    expect(pdf.method).toBe('GET');
    expect(pdf.headers['x-access-token']).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Télécharger le compte rendu 2026 (PDF)' })).toBeEnabled();
  }, 20_000);
});

describe('the reports on the association’s dossier page', () => {
  it('lists one report per exercise: the started one with its state and its link, the other to start', () => {
    const view = makeDossierView(makeDossier({ etat: '9', exercice: 2025, exercice_fin: 2026 }), { crfs: [{ id: CRF_ID, exercice: 2025, etat: '3' }] });
    renderRoutes('/', { '/': <DossierCrfs dossier={{ ...view, demandeur: { ...view.demandeur, id_siret: SIRET } }} /> });
    const started = screen.getByRole('link', { name: 'Compte rendu financier 2025' });
    expect(started).toHaveAttribute('href', `/associations/${SIRET}/dossier/${DOSSIER_ID}/crf/${CRF_ID}`);
    expect(started.parentElement).toHaveTextContent('Renvoyé au compte asso');
    const toStart = screen.getByRole('link', { name: 'Commencer le compte rendu financier 2026' });
    expect(toStart).toHaveAttribute('href', `/associations/${SIRET}/dossier/${DOSSIER_ID}/crf?exercice=2026`);
    expect(toStart.parentElement).toHaveTextContent('Pas encore commencé');
  });
});

describe('the documents of a report (spec §5)', () => {
  it('asks for the power of attorney only when the legal representative and the signatory both exist and differ', () => {
    const codes = (r: string | null, s: string | null) => expectedCrfDocuments({ id_representant_legal: r, id_signataire: s }).map((d) => d.code);
    expect(codes(REP, SIGNATORY)).toEqual(['comptes_annuels', 'rapport_activite', 'pouvoir']);
    expect(codes(REP, REP)).toEqual(['comptes_annuels', 'rapport_activite']);
    expect(codes(null, SIGNATORY)).toEqual(['comptes_annuels', 'rapport_activite']);
    expect(accountsYears(new Date('2027-03-01T12:00:00Z'))).toEqual([2026, 2025]);
  });
});

describe('the planned against realised chart', () => {
  it('is an image named by its title and described, its bars told apart by pattern and by words, not by colour alone', () => {
    render(
      <PlannedRealisedChart
        title="Charges : prévu et réalisé"
        rows={[
          { section: 'charges.comptes', key: '60', label: '60 – Achats', prevu: 1200, realise: 1500 },
          { section: 'charges.comptes', key: '64', label: '64 – Charges de personnel', prevu: 3000, realise: undefined },
        ]}
      />,
    );
    const chart = screen.getByRole('img', { name: /^Charges : prévu et réalisé Barres horizontales/ });
    expect(chart).toHaveTextContent(/prévu 1\s200\s€/);
    expect(chart).toHaveTextContent(/réalisé 1\s500\s€/);
    expect(chart).toHaveTextContent('réalisé non renseigné');
    expect(chart.querySelector('desc')).toHaveTextContent('2 ligne(s) : 1 au-dessus du prévu, 1 en dessous.');
    // Planned bars hatched (a pattern), realised ones solid.
    const bars = [...chart.querySelectorAll('rect[x="0"]')];
    expect(bars[0]!.getAttribute('fill')).toMatch(/^url\(#.*-hatch\)$/);
    expect(bars[1]!.getAttribute('fill')).toBe('#000091');
    // Scaled by its viewBox: it grows with the page's zoom instead of overflowing.
    expect(chart.getAttribute('viewBox')).toMatch(/^0 0 640 /);
    expect(screen.getByText('Prévu (barre hachurée)')).toBeInTheDocument();
  });
});

describe('the instructor’s panel of financial reports', () => {
  function signInAgent() {
    session.signIn(makeSession(makeUser({ role: 'rds.user', roles: ['rds.user'], lcaId: null, associations: [] }), makeJwt(4_000_000_000, 'agent')));
  }
  const serviceName = () => 'SDJES de Paris';
  const transmitted = () =>
    makeCrfView({
      etat: '4',
      mode: 'read',
      options: { events: ['renvoyer', 'receptionner'], actions: ['consulter'] },
      budgetCrf: { ...makeCrfView().budgetCrf, realise: { charges: { comptes: { '60': 1000, '64': 3300 }, charges_fixes: {} }, produits: { comptes: { '74': 4300 }, ressources_propres: {} }, contributions: {} } },
      documents: [{ code: 'comptes_annuels', uuid: 'dddddddd-0001-4000-8000-000000000001', nom: 'comptes.pdf', annee_validite: PREVIOUS_YEAR }],
    });

  it('lists the reports per exercise; the one opened is read only with its chart; « renvoyer » needs a comment, then its result takes the focus', async () => {
    signInAgent();
    // The dossier says which reports are started: 2025 not yet, 2026 transmitted.
    const view = makeDossierView(makeDossier({ etat: '9', exercice: 2025, exercice_fin: 2026 }), { crfs: [{ id: CRF_ID, exercice: 2026, etat: '4' }] });
    const sent: unknown[] = [];
    const fake = stubFetch({
      [`GET ${API}/crf/${CRF_ID}`]: () => json(200, transmitted()),
      [`POST ${API}/crf/${CRF_ID}/events`]: (request) => {
        sent.push(request.body);
        return json(200, { ...transmitted(), etat: '3', commentaire: 'Le compte 64 est à justifier.', options: { events: [], actions: ['consulter'] } });
      },
    });
    renderRoutes('/', { '/': <CrfPanel view={view} serviceName={serviceName} /> });
    const panel = await screen.findByRole('region', { name: 'Comptes rendus financiers' });
    const table = within(panel).getByRole('table', { name: 'Comptes rendus financiers du dossier, par exercice' });
    expect(within(table).getByText("Pas encore commencé par l'association")).toBeInTheDocument();
    expect(within(table).getByText('Transmis au service instructeur')).toBeInTheDocument();
    // The states come with the dossier: nothing is asked before a report is opened, and the service never creates one.
    expect(fake.requests).toEqual([]);
    expect(within(table).getAllByRole('button').map((b) => b.textContent)).toEqual(['Consulter le compte rendu 2026']);
    await userEvent.click(within(table).getByRole('button', { name: 'Consulter le compte rendu 2026' }));
    await within(panel).findByRole('heading', { name: "Compte rendu financier de l'exercice 2026" });
    expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${API}/crf/${CRF_ID}`]);
    expect(within(panel).getByRole('button', { name: 'Télécharger le compte rendu 2026 (PDF)' })).toBeInTheDocument();
    expect(within(panel).getByRole('img', { name: /Graphique : Charges : prévu et réalisé – exercice 2026/ })).toBeInTheDocument();
    expect(within(panel).getByRole('table', { name: 'Charges : prévu et réalisé – exercice 2026' })).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox')).toBeNull();
    expect(within(panel).getByRole('button', { name: /comptes\.pdf/ })).toBeInTheDocument();
    expect(within(panel).getAllByRole('button').map((b) => b.textContent)).toEqual(expect.arrayContaining(['Accuser réception', 'Renvoyer au compte association']));

    await userEvent.click(within(panel).getByRole('button', { name: 'Renvoyer au compte association' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renvoyer au compte association – compte rendu financier 2026' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmer : Renvoyer au compte association' }));
    const summary = await within(dialog).findByTestId('error-summary');
    await waitFor(() => expect(summary).toHaveFocus());
    await userEvent.click(within(summary).getByRole('link', { name: 'Le champ commentaire est obligatoire.' }));
    expect(document.getElementById('crf-evt-comment')).toHaveFocus();
    expect(sent).toEqual([]);
    await userEvent.type(document.getElementById('crf-evt-comment')!, 'Le compte 64 est à justifier.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmer : Renvoyer au compte association' }));
    await waitFor(() => expect(document.getElementById('crf-resultat')).toHaveFocus());
    expect(document.getElementById('crf-resultat')).toHaveTextContent(CRF_MESSAGES.sentBack);
    expect(document.getElementById('crf-resultat')).toHaveTextContent('« Renvoyé au compte asso »');
    expect(sent).toEqual([{ event: 'renvoyer', comment: 'Le compte 64 est à justifier.' }]);
    // Nothing more to do on it: no button offered.
    expect(within(panel).queryByRole('button', { name: 'Accuser réception' })).toBeNull();
  }, 30_000);

  it('offers only the events of the options, and says in French that the report changed meanwhile on a 409', async () => {
    signInAgent();
    const view = makeDossierView(makeDossier({ etat: '9' }), { crfs: [{ id: CRF_ID, exercice: 2026, etat: '4' }] });
    stubFetch({
      [`GET ${API}/crf/${CRF_ID}`]: () => json(200, { ...transmitted(), options: { events: ['receptionner'], actions: ['consulter'] } }),
      [`POST ${API}/crf/${CRF_ID}/events`]: () => json(409, { message: "L'événement « receptionner » n'est pas possible depuis l'état « Reçu par le service instructeur ».", status: 409, code: 'TRANSITION_WRONG_STATE' }),
    });
    renderRoutes('/', { '/': <CrfPanel view={view} serviceName={serviceName} /> });
    const panel = await screen.findByRole('region', { name: 'Comptes rendus financiers' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Consulter le compte rendu 2026' }));
    expect(within(panel).queryByRole('button', { name: 'Renvoyer au compte association' })).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Accuser réception' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmer : Accuser réception' }));
    await waitFor(() => expect(document.getElementById('crf-resultat')).toHaveFocus());
    expect(document.getElementById('crf-resultat')).toHaveTextContent(/Le compte rendu financier a changé entre-temps.*n'est pas possible depuis l'état « Reçu par le service instructeur »/);
  }, 30_000);

  it('says there is no report while the subsidy is not granted, and asks for none', () => {
    signInAgent();
    const fake = stubFetch({});
    renderRoutes('/', { '/': <CrfPanel view={makeDossierView(makeDossier({ etat: '2' }))} serviceName={serviceName} /> });
    expect(screen.getByText("Aucun compte rendu financier : la subvention n'est pas accordée.")).toBeInTheDocument();
    expect(fake.requests).toEqual([]);
  });
});

describe('the dashboard’s reminder of the reports still owed', () => {
  it('lists each missing report with its message, linking to the report started or to the exercise’s', async () => {
    signInMember();
    stubFetch({
      'GET /api/lca-server/demande/missing-crf': () =>
        json(200, [
          { id_dossier: DOSSIER_ID, id_fo: '2026-000001', id_association: ASSOCIATION_ID, nom: 'Club nautique', exercice: 2025, id_crf: null, etat: null, message: CRF_MESSAGES.notTransmitted(2025) },
          { id_dossier: DOSSIER_ID, id_fo: '2026-000001', id_association: ASSOCIATION_ID, nom: 'Club nautique', exercice: 2026, id_crf: CRF_ID, etat: '3', message: CRF_MESSAGES.notTransmitted(2026) },
        ]),
    });
    renderRoutes('/', { '/': <MissingCrfs /> });
    const region = await screen.findByRole('region', { name: 'Comptes rendus financiers à transmettre' });
    const links = within(region).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Dossier n° 2026-000001 – Club nautique, exercice 2025', `/associations/dossier/${DOSSIER_ID}/crf?exercice=2025`],
      ['Dossier n° 2026-000001 – Club nautique, exercice 2026', `/associations/dossier/${DOSSIER_ID}/crf/${CRF_ID}`],
    ]);
    expect(region).toHaveTextContent(CRF_MESSAGES.notTransmitted(2025));
    expect(within(region).getByText('Renvoyé au compte asso')).toBeInTheDocument();
  });
});
