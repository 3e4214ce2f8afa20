// The approval dossiers' pages (features/approvals/): the caller's list with its states and filter;
// a new request refused by the server in its own French words; the wizard's steps saved as the
// contract's step bodies, the HAA block for a HAA approval only, read mode (« Ce dossier n'est pas
// éditable. »), the transmission with the cerfa; the service's decisions offered exactly as the
// view's `evenements` allow, a refusal needing its reason before anything is sent.
import {
  approvalCatalogueRoutes,
  approvalDossierRoutes,
  APPROVAL_DOSSIER_MESSAGES,
  associationDocumentRoutes,
  associationRoutes,
  dossierRoutes,
  HAA_MESSAGES,
  haaRoutes,
  projetRoutes,
  routeUrl,
  type AgrementView,
  type ApprovalDossierDetail,
  type ApprovalDossierSummary,
  type HaaSite,
} from '@portail/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ApprovalCreationPage } from '../src/features/approvals/approval-creation-page.tsx';
import { ApprovalDossierPage } from '../src/features/approvals/approval-dossier-page.tsx';
import { ApprovalDossiersPage } from '../src/features/approvals/approval-dossiers-page.tsx';
import { session } from '../src/lib/session/session-store.ts';
import { toasts } from '../src/lib/toast/toast-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeJwt, makeSession, makeUser } from './support/factories.ts';
import { renderRoutes } from './support/render-routes.tsx';

afterEach(resetAppState);

const ID = '11111111-1111-4111-8111-111111111111';
const SERVICE = '55555555-5555-4555-8555-555555555555';
const ASSO = '66666666-6666-4666-8666-666666666666';
const REP = '77777777-7777-4777-8777-777777777777';
const DOC = '88888888-8888-4888-8888-888888888888';
const SIRET = '73282932000074';

const expected = { labelCode: null, part: 'dossier' as const, enabled: true, isDefault: false, meta: {}, asks: [] };
function makeAgrement(overrides: Partial<AgrementView> = {}): AgrementView {
  return {
    _id: '99999999-9999-4999-8999-999999999999',
    code: 'JEP',
    type_agrement: 'JEP',
    type_agrement_label: 'Jeunesse et éducation populaire',
    categorie: null,
    service: SERVICE,
    service_nom: 'DJEPVA',
    campagne_exercice: 2026,
    code_service: null,
    active: true,
    champs_attendus: [{ ...expected, code: 'nb_adherents', label: "Nombre d'adhérents", type: 'number', obligatoire: true }],
    documents_attendus: [{ ...expected, code: 'statuts', label: 'Statuts à jour', nature: 'STC', obligatoire: true }],
    ...overrides,
  };
}
function makeDetail(overrides: Partial<ApprovalDossierDetail> = {}): ApprovalDossierDetail {
  return {
    id: ID,
    id_fo: '2026-000042',
    service: 'agrement',
    step: 2,
    etat: '2',
    etat_libelle: 'En cours de saisie',
    statut: 'incomplet',
    exercice: 2026,
    id_association: ASSO,
    description: { code_agrement: 'JEP', id_type_agrement: 'JEP', id_service_instructeur: SERVICE, service_instructeur: 'DJEPVA', exercice: 2026, statut: 'incomplet' },
    demandeur: { id_siret: SIRET, nom: 'Club sportif de Tours', id_representant_legal: null, id_signataire: null, id_responsable: null },
    documents: [],
    tca: null,
    haa: null,
    customs: [],
    createdBy: { id: 'x', type: 'association' },
    deleted: false,
    mode: 'edit',
    evenements: ['enregistrer'],
    agrement: makeAgrement(),
    ...overrides,
  };
}
const representant = { id: REP, id_siret: null, civilite: 'Mme', nom: 'Durand', prenom: 'Claire', fonction: 'Présidente', courriel: null, telephone: null, valideur_cec: false, est_representant_legal: true, publication_internet: false, deleted: false };
const document = { uuid: DOC, id_siret: null, type: 'STC', etat: 'courant', origine: 'association', annee_validite: null, date_chargement: '2026-01-01', nom: 'statuts.pdf', commentaire: null, mime_type: 'application/pdf', taille: 10, url: '/x' };

const DETAIL_URL = routeUrl(approvalDossierRoutes.getApprovalDossier, { id: ID });
const PATCH_URL = routeUrl(approvalDossierRoutes.updateApprovalDossier, { id: ID });
const FILE_ROUTES = {
  [`GET ${routeUrl(associationRoutes.getRepresentants)}`]: () => json(200, [representant]),
  [`GET ${routeUrl(associationDocumentRoutes.listDocuments)}`]: () => json(200, [document]),
};

const DOSSIER_ROUTES = { '/associations/:idSiret?/demande-agrement/:idDossier': <ApprovalDossierPage /> };
const member = () => session.signIn(makeSession(makeUser(), makeJwt(4_000_000_000, 'member')));
const agent = () => session.signIn(makeSession(makeUser({ role: 'rds.user', roles: ['rds.user'], associations: [] }), makeJwt(4_000_000_000, 'agent')));

describe('the list of approval dossiers', () => {
  const summary: ApprovalDossierSummary = {
    id: ID, id_fo: '2026-000042', etat: '4', etat_libelle: 'Transmis au service instructeur', statut: 'complet', exercice: 2026, code_agrement: 'JEP', id_type_agrement: 'JEP',
    service_instructeur: { id: SERVICE, nom: 'DJEPVA' }, id_association: ASSO, demandeur: { id_siret: SIRET, nom: 'Club sportif de Tours' }, updated_at: '2026-11-27T08:00:00.000Z',
  };
  it('shows each dossier with its state and a link to its wizard, filters by state, and lets a member start a request', async () => {
    member();
    const fake = stubFetch({ [`GET ${routeUrl(approvalDossierRoutes.listApprovalDossiers)}`]: () => json(200, { total: 1, page: 1, limit: 100, items: [summary] }) });
    const user = userEvent.setup();
    renderRoutes('/demande-agrements/dossiers', { '/demande-agrements/dossiers': <ApprovalDossiersPage /> });
    const table = await screen.findByRole('table', { name: /Dossiers de demande d’agrément \(1\)/ });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'Dossier n° 2026-000042' })).toHaveAttribute('href', `/associations/${SIRET}/demande-agrement/${ID}`);
    expect(within(row).getByText('Transmis au service instructeur')).toBeInTheDocument();
    expect(within(row).getByText('DJEPVA')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nouvelle demande d’agrément' })).toHaveAttribute('href', `/associations/${SIRET}/demande-agrement`);
    await user.click(screen.getByRole('checkbox', { name: 'Agrément accordé' }));
    await waitFor(() => expect(fake.requests.at(-1)!.url).toContain('etats=6'));
  });

  it('offers no new request to an agent', async () => {
    agent();
    stubFetch({ [`GET ${routeUrl(approvalDossierRoutes.listApprovalDossiers)}`]: () => json(200, { total: 0, page: 1, limit: 100, items: [] }) });
    renderRoutes('/demande-agrements/dossiers', { '/demande-agrements/dossiers': <ApprovalDossiersPage /> });
    expect(await screen.findByText('Aucun dossier de demande d’agrément.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nouvelle demande d’agrément' })).toBeNull();
  });
});

describe('a new approval request', () => {
  const etablissement = { siret: SIRET, nic: '00074', est_siege: true, actif: true, enseigne: null, note: null, courriel: null, telephone: null, adresse: null };
  it('needs an approval chosen, then shows the server’s refusal in its words (a secondary establishment)', async () => {
    member();
    const fake = stubFetch({
      [`GET ${routeUrl(approvalCatalogueRoutes.listAgrements)}`]: () => json(200, [makeAgrement()]),
      [`GET ${routeUrl(associationRoutes.getEtablissements)}`]: () => json(200, [etablissement]),
      [`POST ${routeUrl(dossierRoutes.createDossier)}`]: () => json(403, { code: 'APPROVAL_SECONDARY_ESTABLISHMENT', message: APPROVAL_DOSSIER_MESSAGES.secondaryEstablishment }),
    });
    const user = userEvent.setup();
    renderRoutes(`/associations/${SIRET}/demande-agrement`, { '/associations/:idSiret?/demande-agrement': <ApprovalCreationPage /> });
    const create = await screen.findByRole('button', { name: 'Créer le dossier de demande' });
    await user.click(create);
    expect(await screen.findByText('Veuillez renseigner le champ agrément demandé.', { selector: 'a' })).toBeInTheDocument();
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('radio', { name: /Jeunesse et éducation populaire \(JEP\)/ }));
    await user.click(create);
    expect(await screen.findByText(APPROVAL_DOSSIER_MESSAGES.secondaryEstablishment)).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === 'POST')!.body).toEqual({
      description: { code_agrement: 'JEP', id_type_agrement: 'JEP', id_service_instructeur: SERVICE, exercice: 2026 },
      demandeur: { id_siret: SIRET },
    });
  });
});

describe('the approval dossier’s wizard', () => {
  it('saves the applicant as the contract’s step body and opens the documents step', async () => {
    member();
    const fake = stubFetch({
      [`GET ${DETAIL_URL}`]: () => json(200, makeDetail({ step: 0 })),
      [`PATCH ${PATCH_URL}`]: () => json(200, { ...makeDetail({ step: 1 }), agrement: undefined }),
      ...FILE_ROUTES,
    });
    const user = userEvent.setup();
    renderRoutes(`/associations/${SIRET}/demande-agrement/${ID}?etape=1`, DOSSIER_ROUTES);
    await screen.findByRole('heading', { level: 1, name: 'Dossier de demande d’agrément n° 2026-000042' });
    await user.click(screen.getByRole('button', { name: 'Enregistrer et continuer' }));
    expect(await screen.findByText('Veuillez renseigner le champ représentant légal.', { selector: 'a' })).toBeInTheDocument();
    expect(fake.requests.some((r) => r.method === 'PATCH')).toBe(false);
    for (const label of ['Représentant légal *', 'Signataire *', 'Responsable du dossier *']) await user.selectOptions(screen.getByLabelText(label), REP);
    await user.click(screen.getByRole('button', { name: 'Enregistrer et continuer' }));
    await waitFor(() => expect(fake.requests.find((r) => r.method === 'PATCH')!.body).toEqual({ step: 1, demandeur: { id_representant_legal: REP, id_signataire: REP, id_responsable: REP } }));
    expect(await screen.findByRole('heading', { level: 2, name: /Documents/ })).toBeInTheDocument();
  });

  it('attaches the expected documents and declares the dossier complete; the required ones are checked first', async () => {
    member();
    const fake = stubFetch({ [`GET ${DETAIL_URL}`]: () => json(200, makeDetail()), [`PATCH ${PATCH_URL}`]: () => json(200, makeDetail({ step: 2 })), ...FILE_ROUTES });
    const user = userEvent.setup();
    renderRoutes(`/associations/${SIRET}/demande-agrement/${ID}?etape=2`, DOSSIER_ROUTES);
    await user.click(await screen.findByRole('button', { name: 'Enregistrer et continuer' }));
    expect(await screen.findByText('Le document « Statuts à jour » est obligatoire.', { selector: 'a' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Choisir un document déjà déposé'), DOC);
    await user.click(screen.getByRole('button', { name: 'Enregistrer et continuer' }));
    await waitFor(() => expect(fake.requests.find((r) => r.method === 'PATCH')!.body).toEqual({ step: 2, documents: [{ code: 'statuts', id_document: DOC }], statut: 'complet' }));
  });

  it('asks the common criteria and the expected fields, and the food-aid block for a HAA approval only', async () => {
    member();
    const fake = stubFetch({ [`GET ${DETAIL_URL}`]: () => json(200, makeDetail({ step: 3 })), [`PATCH ${PATCH_URL}`]: () => json(200, makeDetail({ step: 3 })), ...FILE_ROUTES });
    const user = userEvent.setup();
    const { unmount } = renderRoutes(`/associations/${SIRET}/demande-agrement/${ID}?etape=3`, DOSSIER_ROUTES);
    await screen.findByRole('group', { name: 'Tronc commun d’agrément' });
    expect(screen.queryByRole('group', { name: 'Habilitation à l’aide alimentaire' })).toBeNull();
    await user.click(screen.getByLabelText(/objet d’intérêt général/));
    await user.type(screen.getByLabelText(/Nombre d'adhérents/), '120');
    await user.click(screen.getByRole('button', { name: 'Enregistrer et continuer' }));
    await waitFor(() =>
      expect(fake.requests.find((r) => r.method === 'PATCH')!.body).toEqual({
        step: 3,
        tca: { objet_interet_general: true, fonctionnement_democratique: false, transparence_financiere: false },
        customs: [{ code: 'nb_adherents', value: 120 }],
      }),
    );
    unmount();
    stubFetch({ [`GET ${DETAIL_URL}`]: () => json(200, makeDetail({ step: 3, agrement: makeAgrement({ type_agrement: 'HAA', code: 'HAA-IDF', type_agrement_label: 'Habilitation aide alimentaire' }) })), ...FILE_ROUTES });
    renderRoutes(`/associations/${SIRET}/demande-agrement/${ID}?etape=3`, DOSSIER_ROUTES);
    expect(await screen.findByRole('group', { name: 'Habilitation à l’aide alimentaire' })).toBeInTheDocument();
  });

  it('shows a HAA approval’s food-aid sites in the criteria step and manages them in their modal, the step itself not saved', async () => {
    member();
    const haa = makeDetail({ step: 3, agrement: makeAgrement({ type_agrement: 'HAA', code: 'HAA-IDF', type_agrement_label: 'Habilitation aide alimentaire', champs_attendus: [] }) });
    const existing: HaaSite = {
      id: 'c3c3c3c3-3333-4333-8333-333333333333', type_membre: 'etablissement', membre_siret_id: SIRET, membre_reseau_id: null, membre_nom: 'Épicerie solidaire',
      nature_activite: 'distribution', itinerant: true, horaire_ouverture: [], periode_fermeture: [], adresse_membre: null, responsable_id: null, adresse_id: null, adresse: null,
    };
    const sites: HaaSite[] = [existing];
    const fake = stubFetch({
      [`GET ${DETAIL_URL}`]: () => json(200, haa),
      [`PATCH ${PATCH_URL}`]: () => json(200, haa),
      [`GET ${routeUrl(haaRoutes.getHaaSites)}`]: () => json(200, sites),
      [`GET ${routeUrl(haaRoutes.getHaaMembres)}`]: () => json(200, { etablissements: [{ siret: SIRET, libelle: `Siège (${SIRET})`, adresse: null }], membres_reseau: [] }),
      [`POST ${routeUrl(haaRoutes.postHaaSite)}`]: (request) => {
        const created: HaaSite = { ...existing, ...(request.body as object), id: 'd4d4d4d4-4444-4444-8444-444444444444', membre_nom: 'Siège' };
        sites.push(created);
        return json(201, created);
      },
      ...FILE_ROUTES,
    });
    const user = userEvent.setup();
    renderRoutes(`/associations/${SIRET}/demande-agrement/${ID}?etape=3`, DOSSIER_ROUTES);
    // The association's sites, listed in the step (read through the association named by the page).
    const inline = await screen.findByRole('table', { name: 'Sites d’aide alimentaire de l’association' });
    expect(within(inline).getByRole('rowheader', { name: 'Épicerie solidaire' })).toBeInTheDocument();
    expect(fake.requests.find((r) => r.url.includes('/haa/sites'))!.url).toContain(`id_asso=${SIRET}`);

    await user.click(screen.getByRole('button', { name: 'Gérer les sites d’aide alimentaire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sites d’aide alimentaire' });
    await user.click(await within(dialog).findByRole('button', { name: 'Ajouter un site' }));
    await waitFor(() => expect(within(dialog).getByRole('option', { name: `Siège (${SIRET})` })).toBeInTheDocument());
    await user.selectOptions(within(dialog).getByLabelText('Établissement qui tient le site'), SIRET);
    await user.click(within(dialog).getByLabelText(/^Site itinérant/));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le site' }));
    await waitFor(() => expect(fake.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(fake.requests.find((r) => r.method === 'POST')!.url).toContain(`id_asso=${SIRET}`);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The new site shows in the step at once; the site's form did not submit the step's.
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Sites d’aide alimentaire de l’association' })).getAllByRole('row')).toHaveLength(3));
    expect(fake.requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('lists the food-aid sites without managing them in read mode, and shows the instructing agent those the association declares', async () => {
    member();
    const agrement = makeAgrement({ type_agrement: 'HAA', code: 'HAA-IDF', type_agrement_label: 'Habilitation aide alimentaire', champs_attendus: [] });
    stubFetch({
      [`GET ${DETAIL_URL}`]: () => json(200, makeDetail({ step: 4, etat: '4', mode: 'read', evenements: [], agrement })),
      [`GET ${routeUrl(haaRoutes.getHaaSites)}`]: () => json(200, []),
      ...FILE_ROUTES,
    });
    const { unmount } = renderRoutes(`/associations/${SIRET}/demande-agrement/${ID}?etape=3`, DOSSIER_ROUTES);
    expect(await screen.findByText('Aucun site d’aide alimentaire n’est déclaré.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gérer les sites d’aide alimentaire' })).toBeNull();
    unmount();
    resetAppState();
    agent();
    const site: HaaSite = {
      id: 'c3c3c3c3-3333-4333-8333-333333333333', type_membre: 'etablissement', membre_siret_id: SIRET, membre_reseau_id: null, membre_nom: 'Épicerie solidaire',
      nature_activite: 'distribution', itinerant: false, horaire_ouverture: [{ jour: 'mardi', plages: [{ debut: '09:00', fin: '12:00' }] }],
      periode_fermeture: [{ debut: '2026-08-01', fin: '2026-08-23', motif: null }], adresse_membre: null, responsable_id: null, adresse_id: 'a1a1a1a1-1111-4111-8111-111111111111',
      adresse: {
        id: 'a1a1a1a1-1111-4111-8111-111111111111', cplt: null, num_voie: '12', voie: 'rue de la République', bp: null, cp: '69001', commune: 'Lyon', cedex: null,
        code_insee: '69123', geo_X: null, geo_Y: null, pays: 'FRANCE', geocodage: 'commune-hors-ligne',
      },
    };
    const fake = stubFetch({
      [`GET ${DETAIL_URL}`]: () => json(200, makeDetail({ step: 4, etat: '4', mode: 'read', evenements: [], agrement })),
      [`GET ${routeUrl(approvalDossierRoutes.getApprovalDossierHaaSites, { id: ID })}`]: () => json(200, [site]),
    });
    renderRoutes(`/associations/${SIRET}/demande-agrement/${ID}?etape=3`, DOSSIER_ROUTES);
    // The agent reads them through the dossier, in the same table, with nothing to change.
    const table = await screen.findByRole('table', { name: 'Sites d’aide alimentaire de l’association' });
    const row = within(table).getByRole('rowheader', { name: 'Épicerie solidaire' }).closest('tr')!;
    expect(within(row).getByText('Distribution de denrées aux personnes')).toBeInTheDocument();
    expect(within(row).getByText('12 rue de la République, 69001 Lyon')).toBeInTheDocument();
    expect(within(row).getByText('Mardi 09:00–12:00')).toBeInTheDocument();
    expect(within(row).getByText('du 01/08/2026 au 23/08/2026')).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Gérer les sites d’aide alimentaire' })).toBeNull();
    expect(screen.queryByText(/onglet « Agréments »/)).toBeNull();
    expect(fake.requests.some((r) => r.url.includes('/haa/'))).toBe(false);
  });

  it('tells the instructing agent, in the server’s words, why the food-aid sites cannot be read', async () => {
    agent();
    const agrement = makeAgrement({ type_agrement: 'HAA', code: 'HAA-IDF', type_agrement_label: 'Habilitation aide alimentaire', champs_attendus: [] });
    stubFetch({
      [`GET ${DETAIL_URL}`]: () => json(200, makeDetail({ step: 4, etat: '4', mode: 'read', evenements: [], agrement })),
      [`GET ${routeUrl(approvalDossierRoutes.getApprovalDossierHaaSites, { id: ID })}`]: () => json(400, { code: 'VALIDATION_ERROR', message: HAA_MESSAGES.sirenMissing }),
    });
    renderRoutes(`/associations/${SIRET}/demande-agrement/${ID}?etape=3`, DOSSIER_ROUTES);
    expect(await screen.findByRole('alert')).toHaveTextContent(HAA_MESSAGES.sirenMissing);
  });

  it('shows no food-aid sites to the instructing agent of another approval', async () => {
    agent();
    const fake = stubFetch({ [`GET ${DETAIL_URL}`]: () => json(200, makeDetail({ step: 4, etat: '4', mode: 'read', evenements: [] })) });
    renderRoutes(`/associations/${SIRET}/demande-agrement/${ID}?etape=3`, DOSSIER_ROUTES);
    expect(await screen.findByRole('form', { name: 'Critères d’agrément' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sites d’aide alimentaire' })).toBeNull();
    expect(fake.requests.some((r) => r.url.includes('sites-aide-alimentaire'))).toBe(false);
  });

  it('asks only the expected items whose conditions hold on the dossier and whose definition is active', async () => {
    member();
    const holds = [{ scope: 'description', key: 'exercice', operator: '==' as const, value: 2026 }];
    const fails = [{ scope: 'demandeur', key: 'id_siret', operator: '!=' as const, value: SIRET }];
    const agrement = makeAgrement({
      champs_attendus: [
        { ...expected, code: 'nb_adherents', label: "Nombre d'adhérents", type: 'number', obligatoire: true, asks: holds },
        { ...expected, code: 'nb_salaries', label: 'Nombre de salariés', type: 'number', obligatoire: true, asks: fails },
        { ...expected, code: 'ancien', label: 'Champ retiré', type: 'text', obligatoire: true, enabled: false },
      ],
      documents_attendus: [
        { ...expected, code: 'statuts', label: 'Statuts à jour', nature: 'STC', obligatoire: true, asks: fails },
        { ...expected, code: 'reglement', label: 'Règlement intérieur', nature: 'RI', obligatoire: false, asks: holds },
      ],
    });
    const fake = stubFetch({ [`GET ${DETAIL_URL}`]: () => json(200, makeDetail({ step: 3, agrement })), [`PATCH ${PATCH_URL}`]: () => json(200, makeDetail({ step: 3, agrement })), ...FILE_ROUTES });
    const user = userEvent.setup();
    const { unmount } = renderRoutes(`/associations/${SIRET}/demande-agrement/${ID}?etape=2`, DOSSIER_ROUTES);
    expect(await screen.findByRole('group', { name: /Règlement intérieur/ })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Statuts à jour/ })).toBeNull();
    expect(screen.getByText('0 document(s) joint(s) sur 1')).toBeInTheDocument();
    // The statutes are not asked: nothing stops the step.
    await user.click(screen.getByRole('button', { name: 'Enregistrer et continuer' }));
    await waitFor(() => expect(fake.requests.find((r) => r.method === 'PATCH')!.body).toEqual({ step: 2, documents: [], statut: 'complet' }));
    unmount();
    renderRoutes(`/associations/${SIRET}/demande-agrement/${ID}?etape=3`, DOSSIER_ROUTES);
    expect(await screen.findByLabelText(/Nombre d'adhérents/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Nombre de salariés/)).toBeNull();
    expect(screen.queryByLabelText(/Champ retiré/)).toBeNull();
  });

  it('transmits with the cerfa’s attestation once certified, and says it', async () => {
    member();
    const transmitted = makeDetail({ step: 4, etat: '4', etat_libelle: 'Transmis au service instructeur', mode: 'read', evenements: [], statut: 'complet' });
    const fake = stubFetch({
      [`GET ${DETAIL_URL}`]: () => json(200, makeDetail({ step: 3, statut: 'complet', evenements: ['transmettre'] })),
      [`POST ${routeUrl(approvalDossierRoutes.transmitApprovalDossier, { id: ID })}`]: () => json(200, transmitted),
      ...FILE_ROUTES,
    });
    const user = userEvent.setup();
    renderRoutes(`/associations/${SIRET}/demande-agrement/${ID}?etape=4`, DOSSIER_ROUTES);
    const send = await screen.findByRole('button', { name: 'Transmettre le dossier au service instructeur' });
    await user.click(send);
    expect(await screen.findByText('Veuillez certifier l’exactitude des informations du dossier.', { selector: 'a' })).toBeInTheDocument();
    await user.click(screen.getByLabelText(/Je certifie exactes/));
    await user.type(screen.getByLabelText('Fait à *'), 'Tours');
    await user.click(send);
    expect(await screen.findByText('Le dossier a été transmis au service instructeur (DJEPVA).')).toBeInTheDocument();
    const body = fake.requests.find((r) => r.method === 'POST')!.body as { cerfa: Record<string, unknown> };
    expect(body.cerfa).toMatchObject({ certifie: true, lieu: 'Tours' });
  });

  it('is read only when the server says so: « Ce dossier n’est pas éditable. », nothing to change or save', async () => {
    member();
    stubFetch({
      [`GET ${DETAIL_URL}`]: () => json(200, makeDetail({ mode: 'read', evenements: [], demandeur: { ...makeDetail().demandeur, id_representant_legal: REP } })),
      ...FILE_ROUTES,
    });
    const user = userEvent.setup();
    renderRoutes(`/associations/${SIRET}/demande-agrement/${ID}?etape=1`, DOSSIER_ROUTES);
    expect(await screen.findByText("Ce dossier n'est pas éditable.")).toBeInTheDocument();
    expect(screen.getByLabelText('Représentant légal')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Enregistrer et continuer' })).toBeNull();
    // Every step may be read.
    await user.click(screen.getByRole('button', { name: '4. Critères d’agrément' }));
    expect(screen.getByLabelText(/objet d’intérêt général/)).toBeDisabled();
    expect(screen.queryByRole('heading', { name: 'Décision du service instructeur' })).toBeNull();
  });

  it('lets an agent filling a draft choose the people and documents among the association file read through the dossier, with no upload', async () => {
    agent();
    const fake = stubFetch({
      [`GET ${DETAIL_URL}`]: () => json(200, makeDetail({ step: 2, createdBy: { id: 'agent', type: 'service' } })),
      [`GET ${routeUrl(approvalDossierRoutes.getApprovalDossierFile, { id: ID })}`]: () => json(200, { representants: [representant], documents: [document] }),
      [`PATCH ${PATCH_URL}`]: () => json(200, makeDetail({ step: 2 })),
    });
    const user = userEvent.setup();
    renderRoutes(`/associations/${SIRET}/demande-agrement/${ID}?etape=1`, DOSSIER_ROUTES);
    for (const label of ['Représentant légal *', 'Signataire *', 'Responsable du dossier *']) await user.selectOptions(await screen.findByLabelText(label), REP);
    expect(screen.queryByText(/choisi par l’association|non renseigné/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enregistrer et continuer' }));
    await waitFor(() => expect(fake.requests.find((r) => r.method === 'PATCH')!.body).toEqual({ step: 1, demandeur: { id_representant_legal: REP, id_signataire: REP, id_responsable: REP } }));
    await screen.findByRole('heading', { level: 2, name: /Documents/ });
    await user.selectOptions(screen.getByLabelText('Choisir un document déjà déposé'), DOC);
    expect(screen.queryByLabelText(/Déposer un nouveau fichier/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enregistrer et continuer' }));
    await waitFor(() => expect(fake.requests.filter((r) => r.method === 'PATCH')[1]!.body).toEqual({ step: 2, documents: [{ code: 'statuts', id_document: DOC }], statut: 'complet' }));
    // The association's own file routes are not the agent's.
    expect(fake.requests.some((r) => r.url.includes('/association/documents') || r.url.includes('representants_legaux'))).toBe(false);
  });

  it('says a withdrawn dossier is only consulted, with nothing to change', async () => {
    member();
    stubFetch({ [`GET ${DETAIL_URL}`]: () => json(200, makeDetail({ step: 0, etat: '1', deleted: true, mode: 'read', evenements: [] })), ...FILE_ROUTES });
    renderRoutes(`/associations/${SIRET}/demande-agrement/${ID}?etape=1`, DOSSIER_ROUTES);
    expect(await screen.findByText(APPROVAL_DOSSIER_MESSAGES.withdrawn)).toBeInTheDocument();
    expect(screen.queryByText("Ce dossier n'est pas éditable.")).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enregistrer et continuer' })).toBeNull();
  });
});

describe('the approval dossier’s PDF', () => {
  it('is asked with from=rda and the token in a header, and a refusal is said in French', async () => {
    agent();
    const busy = 'Le serveur prépare déjà beaucoup de PDF : réessayez dans un instant.';
    const pdfUrl = routeUrl(projetRoutes.dossierPdf, { id: ID });
    const fake = stubFetch({
      [`GET ${DETAIL_URL}`]: () => json(200, makeDetail({ mode: 'read', evenements: [] })),
      [`GET ${pdfUrl}`]: () => json(429, { message: busy, status: 429, code: 'TOO_MANY_REQUESTS' }),
    });
    const user = userEvent.setup();
    renderRoutes(`/associations/${SIRET}/demande-agrement/${ID}`, DOSSIER_ROUTES);
    await user.click(await screen.findByRole('button', { name: 'Télécharger le dossier (PDF)' }));
    await waitFor(() => expect(toasts.getToasts().map((t) => t.message)).toContain(busy));
    const pdf = fake.requests.find((r) => r.url.startsWith(pdfUrl))!;
    expect(pdf.url).toBe(`${pdfUrl}?from=rda`);
    expect(pdf.headers['x-access-token']).toBeTruthy();
  });
});

describe('the instructing service’s decisions', () => {
  const sent = (evenements: string[]) => makeDetail({ step: 4, etat: '4', etat_libelle: 'Transmis au service instructeur', mode: 'read', statut: 'complet', evenements });
  const EVENTS_URL = routeUrl(approvalDossierRoutes.decideApprovalDossier, { id: ID });

  it('offers exactly the decisions the machine allows, and none when it allows none', async () => {
    agent();
    stubFetch({ [`GET ${DETAIL_URL}`]: () => json(200, sent(['accorder', 'refuser'])) });
    const { unmount } = renderRoutes(`/associations/${SIRET}/demande-agrement/${ID}`, DOSSIER_ROUTES);
    await screen.findByRole('heading', { name: 'Décision du service instructeur' });
    expect(screen.getByRole('button', { name: 'Accorder l\'agrément' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refuser l\'agrément' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Ouvrir l'instruction" })).toBeNull();
    unmount();
    stubFetch({ [`GET ${DETAIL_URL}`]: () => json(200, sent([])) });
    renderRoutes(`/associations/${SIRET}/demande-agrement/${ID}`, DOSSIER_ROUTES);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: 'Décision du service instructeur' })).toBeNull();
  });

  it('refuses only with a reason (checked before sending), grants with the number given', async () => {
    agent();
    const fake = stubFetch({
      [`GET ${DETAIL_URL}`]: () => json(200, sent(['ouvrir_instruction', 'accorder', 'refuser'])),
      [`POST ${EVENTS_URL}`]: (request) => {
        const event = (request.body as { event: string }).event;
        return json(200, { ...sent(event === 'ouvrir_instruction' ? ['accorder', 'refuser'] : []), etat: event === 'accorder' ? '6' : '5', etat_libelle: event === 'accorder' ? 'Agrément accordé' : "En cours d'instruction", agrement: undefined });
      },
    });
    const user = userEvent.setup();
    renderRoutes(`/associations/${SIRET}/demande-agrement/${ID}`, DOSSIER_ROUTES);
    await user.click(await screen.findByRole('button', { name: "Refuser l'agrément" }));
    expect(await screen.findByText(APPROVAL_DOSSIER_MESSAGES.refusalReason, { selector: 'a' })).toBeInTheDocument();
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: "Ouvrir l'instruction" }));
    await waitFor(() => expect(screen.queryByRole('button', { name: "Ouvrir l'instruction" })).toBeNull());
    await user.type(screen.getByLabelText(/Numéro de l’agrément/), 'JEP-37-001');
    await user.click(screen.getByRole('button', { name: "Accorder l'agrément" }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Décision du service instructeur' })).toBeNull());
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ event: 'ouvrir_instruction' }, { event: 'accorder', numero: 'JEP-37-001' }]);
    expect(screen.getAllByText('Agrément accordé').length).toBeGreaterThan(0);
  });
});
