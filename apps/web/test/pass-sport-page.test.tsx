// The structure's Pass'Sport page (features/pass-sport/): a structure that is not eligible goes back
// to /; one without a dossier creates it (the server's toast text); a code is checked as it is typed
// with the contract's format message and no call, the server's refusals of §8 are said under the
// field, a registered beneficiary is announced; the inscriptions are filtered; a removal is confirmed
// first and sends one DELETE; an affiliation certificate is filed one at a time, a refusal said in the
// focused error summary.
import {
  DOCUMENT_MESSAGES,
  ERRORS,
  errorBody,
  MESSAGES,
  PASS_SPORT_MESSAGES as M,
  passSportRoutes,
  routeUrl,
  type PspDossier,
  type PspExercice,
  type PspInscription,
  type PspStructure,
} from '@portail/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PassSportPage } from '../src/features/pass-sport/pass-sport-page.tsx';
import { session } from '../src/lib/session/session-store.ts';
import { toasts } from '../src/lib/toast/toast-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch, type RecordedRequest } from './support/fake-fetch.ts';
import { makeJwt, makeLink, makeSession, makeUser } from './support/factories.ts';
import { locationShown, renderRoutes } from './support/render-routes.tsx';
import { expectRefusalInFocusedSummary, heldAnswer, sendTwiceWhileHeld } from './support/sending.ts';

afterEach(() => {
  resetAppState();
  vi.unstubAllGlobals();
});
beforeEach(() => {
  session.signIn(makeSession(makeUser(), makeJwt(4_000_000_000, 'member')));
});

const SIRET = '73282932000074';
const DOSSIER_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const STRUCTURE: PspStructure = {
  id_siret: SIRET, id_siren: '732829320', id_correspondance: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', nom: 'Club sportif de Tours', eligible: true,
  affiliations_reconnues: ['Fédération française de football'], agrements_eligibles: [], attestations: [], ribs: [], membres: [],
  federations_declarees: [{ nom: 'Fédération française de football', siren: '775671357' }, { nom: 'Ligue sans SIREN', siren: null }],
};
const EXERCICES: PspExercice[] = [{ id: 26, id_exercice: 26, active: true, date_debut: '2026-01-01', date_fin: '2026-12-31' }];

let n = 0;
function inscription(prenom: string, nom: string, overrides: Partial<PspInscription> = {}): PspInscription {
  n += 1;
  return {
    id: `0000000${n}-0000-4000-8000-000000000000`, exercice_id: 26, federation: { siren: null, nom: null }, id_etat: '1', libelle_etat: 'Inscrit',
    beneficiaire: {
      id: `1000000${n}-0000-4000-8000-000000000000`, id_psp: `26-ABCD-EFG${'HJKLMNPQ'[n % 8]}`, exercice_id: 26, prenom, nom, date_naissance: null,
      adresse: { commune: 'Tours', code_postal: '37000' },
    },
    created_at: '2026-03-01T10:00:00.000Z', updated_at: '2026-03-01T10:00:00.000Z', ...overrides,
  };
}
function dossier(inscriptions: PspInscription[] = []): PspDossier {
  return {
    id: DOSSIER_ID, numero: 12, id_etat: '1', libelle_etat: 'Enregistré', structure: { id_siret: SIRET, nom: 'Club sportif de Tours', id_rib: null },
    shared_with: [], federations: [], created_by: null, inscriptions, exercices: EXERCICES, options: { events: ['supprimer'], modifier: true },
    created_at: '2026-03-01T10:00:00.000Z', updated_at: '2026-03-01T10:00:00.000Z',
  };
}

function serve(options: { structure?: PspStructure; dossiers: PspDossier[]; routes?: Record<string, (r: RecordedRequest) => Response | Promise<Response>> }) {
  return stubFetch({
    [`GET ${routeUrl(passSportRoutes.pspStructure, { idSiret: SIRET })}`]: () => json(200, options.structure ?? STRUCTURE),
    [`GET ${routeUrl(passSportRoutes.listPspDossiers)}`]: () => json(200, options.dossiers),
    [`GET ${routeUrl(passSportRoutes.listPspExercices)}`]: () => json(200, EXERCICES),
    ...options.routes,
  });
}
const render = () =>
  renderRoutes(`/associations/${SIRET}/pass-sport`, { '/associations/:idSiret/pass-sport': <PassSportPage />, '/': <p>Accueil</p> }, { showLocation: true });
const codeField = () => screen.getByRole('textbox', { name: /Code Pass'Sport du bénéficiaire/ });
const writes = (fake: ReturnType<typeof stubFetch>) => fake.requests.filter((r) => r.method !== 'GET');

describe('the Pass’Sport page', () => {
  it('sends a structure that is not eligible back to the home page, told why', async () => {
    const fake = serve({ structure: { ...STRUCTURE, eligible: false, affiliations_reconnues: [] }, dossiers: [] });
    render();
    await waitFor(() => expect(locationShown()).toBe('/'));
    expect(toasts.getToasts().some((t) => t.message === M.notEligible)).toBe(true);
    expect(fake.requests.some((r) => r.url.split('?')[0] === routeUrl(passSportRoutes.listPspDossiers))).toBe(false);
  });

  it('creates the structure’s dossier when it has none, with the server’s message', async () => {
    const created = dossier();
    let list: PspDossier[] = [];
    const fake = serve({
      dossiers: [],
      routes: {
        [`GET ${routeUrl(passSportRoutes.listPspDossiers)}`]: () => json(200, list),
        [`POST ${routeUrl(passSportRoutes.createPspDossier)}`]: () => {
          list = [created];
          return json(200, { dossier: created, message: M.created, created: true });
        },
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: "Créer le dossier d'inscription" }));
    await screen.findByRole('heading', { name: 'Inscriptions' });
    expect(writes(fake).map((r) => r.body)).toEqual([{ structure: { id_siret: SIRET, nom: 'Club sportif de Tours', id_rib: null } }]);
    expect(toasts.getToasts().some((t) => t.message === M.created)).toBe(true);
    expect(screen.getByText(/Dossier n° 12/)).toBeInTheDocument();
  });

  it('creates the dossier once however often it is asked while in flight, and shows the server’s refusal in the focused summary', async () => {
    const held = heldAnswer();
    let answer: 'held' | 'refused' = 'refused';
    const fake = serve({
      dossiers: [],
      routes: {
        [`POST ${routeUrl(passSportRoutes.createPspDossier)}`]: () => (answer === 'held' ? held.respond() : json(403, errorBody('PSP_NOT_ELIGIBLE'))),
      },
    });
    const user = userEvent.setup();
    render();
    const name = await screen.findByRole('textbox', { name: 'Nom de la structure' });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: "Créer le dossier d'inscription" }));
    await expectRefusalInFocusedSummary(MESSAGES.invalidForm);
    expect(name).toHaveAccessibleDescription(MESSAGES.required('nom de la structure'));
    expect(writes(fake)).toHaveLength(0);

    await user.type(name, 'Club sportif de Tours');
    await user.click(screen.getByRole('button', { name: "Créer le dossier d'inscription" }));
    await expectRefusalInFocusedSummary(M.notEligible);
    expect(name).toHaveValue('Club sportif de Tours');

    answer = 'held';
    await sendTwiceWhileHeld({
      user, label: "Créer le dossier d'inscription", busyLabel: 'Création…', sent: () => writes(fake).length - 1,
      release: () => held.release(() => json(200, { dossier: dossier(), message: M.created, created: true })),
    });
    expect(toasts.getToasts().filter((t) => t.message === M.created)).toHaveLength(1);
  });

  it('checks a code’s format as it is typed, says the server’s refusals under the field, and announces a registration', async () => {
    const registered = inscription('Léo', 'Garnier');
    let list = [dossier()];
    const fake = serve({
      dossiers: [],
      routes: {
        [`GET ${routeUrl(passSportRoutes.listPspDossiers)}`]: () => json(200, list),
        [`POST ${routeUrl(passSportRoutes.addPspInscription, { id: DOSSIER_ID })}`]: (r) => {
          const code = (r.body as { code_psp: string }).code_psp;
          if (code === '26-ZZZZ-ZZZZ') return json(404, { status: 404, code: 'PSP_CODE_UNKNOWN', message: M.codeUnknown(code) });
          if (code === '26-YYYY-YYYY') return json(409, { status: 409, code: 'PSP_BENEFICIARY_ALREADY_REGISTERED', message: M.alreadyRegistered(code) });
          list = [dossier([{ ...registered, beneficiaire: { ...registered.beneficiaire, id_psp: code } }])];
          return json(201, { ...registered, beneficiaire: { ...registered.beneficiaire, id_psp: code } });
        },
      },
    });
    const user = userEvent.setup();
    render();
    await screen.findByRole('heading', { name: 'Inscriptions' });

    // A complete code with an I: the contract's message at once, and nothing sent on submit.
    await user.type(codeField(), '26-ABCI-DEFG');
    expect(await screen.findByText(M.invalidCode)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Inscrire' }));
    expect(writes(fake)).toHaveLength(0);
    expect(codeField()).toHaveFocus();

    // Lower case is accepted; an unknown code and one already registered: the server's messages.
    await user.clear(codeField());
    await user.type(codeField(), '26-zzzz-zzzz');
    expect(screen.queryByText(M.invalidCode)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Inscrire' }));
    expect(await screen.findByText(M.codeUnknown('26-ZZZZ-ZZZZ'))).toBeInTheDocument();
    await user.clear(codeField());
    await user.type(codeField(), '26-YYYY-YYYY{Enter}');
    expect(await screen.findByText(M.alreadyRegistered('26-YYYY-YYYY'))).toBeInTheDocument();

    await user.clear(codeField());
    await user.type(codeField(), '26-ABCD-EFGH{Enter}');
    expect(await screen.findByText("Léo Garnier (26-ABCD-EFGH) est inscrit au Pass'Sport.")).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Inscriptions du dossier (1)' });
    expect(within(table).getByText('26-ABCD-EFGH')).toBeInTheDocument();
    expect(codeField()).toHaveValue('');
    expect(writes(fake).map((r) => r.body)).toEqual([
      { code_psp: '26-ZZZZ-ZZZZ', federation_siren: null },
      { code_psp: '26-YYYY-YYYY', federation_siren: null },
      { code_psp: '26-ABCD-EFGH', federation_siren: null },
    ]);
    expect(ERRORS.PSP_CODE_UNKNOWN.status).toBe(404);
  });

  it('filters the inscriptions by state and by name, and removes one after a confirmation', async () => {
    const lea = inscription('Léa', 'Éluard');
    const tom = inscription('Tom', 'Martin');
    const removed = inscription('Inès', 'Roux', { id_etat: '8', libelle_etat: 'Supprimé' });
    const fake = serve({
      dossiers: [dossier([lea, tom, removed])],
      routes: {
        [`DELETE ${routeUrl(passSportRoutes.removePspInscription, { id: DOSSIER_ID, inscriptionId: tom.id })}`]: () =>
          json(200, { ...tom, id_etat: '8', libelle_etat: 'Supprimé' }),
      },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByRole('table', { name: 'Inscriptions du dossier (2)' })).toBeInTheDocument();
    expect(screen.queryByText('Inès Roux')).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'État' }), 'Supprimés');
    expect(await screen.findByRole('table', { name: 'Inscriptions du dossier (1)' })).toBeInTheDocument();
    expect(screen.getByText('Inès Roux')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'État' }), 'Tous');
    // Accents and case ignored.
    await user.type(screen.getByRole('searchbox', { name: 'Nom, code ou commune' }), 'elua');
    const table = await screen.findByRole('table', { name: 'Inscriptions du dossier (1)' });
    expect(within(table).getByText('Léa Éluard')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Nom, code ou commune' }));

    await user.click(await screen.findByRole('button', { name: "Supprimer l'inscription de Tom Martin" }));
    await user.click(await screen.findByRole('button', { name: "Supprimer l'inscription" }));
    expect(await screen.findByText("L'inscription de Tom Martin a été supprimée.")).toBeInTheDocument();
    expect(writes(fake).map((r) => `${r.method} ${r.url}`)).toEqual([
      `DELETE ${routeUrl(passSportRoutes.removePspInscription, { id: DOSSIER_ID, inscriptionId: tom.id })}`,
    ]);
  });
});

describe('the affiliation certificates', () => {
  const FOOTBALL_CERTIFICATE = {
    id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', siren_federation: '775671357', nom_federation: 'Fédération française de football', exercice_id: 26,
    document_id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee', created_at: '2026-03-02T09:30:00.000Z',
  };
  const fileInput = () => screen.getByLabelText(/^Fichier/);
  const uploads = (fake: ReturnType<typeof stubFetch>) => fake.requests.filter((r) => r.method === 'POST');

  it('files one for a federation the association declares, for the open exercise, then reads the structure again', async () => {
    let structure: PspStructure = STRUCTURE;
    const fake = serve({
      dossiers: [dossier()],
      routes: {
        [`GET ${routeUrl(passSportRoutes.pspStructure, { idSiret: SIRET })}`]: () => json(200, structure),
        [`POST ${routeUrl(passSportRoutes.uploadPspAffiliation)}`]: () => {
          structure = { ...STRUCTURE, attestations: [FOOTBALL_CERTIFICATE] };
          return json(201, FOOTBALL_CERTIFICATE);
        },
      },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('Aucune attestation déposée.')).toBeInTheDocument();
    // Only the federations with a SIREN can be chosen; the open exercise is chosen already.
    const federation = screen.getByRole('combobox', { name: "Fédération de l'attestation" });
    expect(within(federation).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choisir une fédération', 'Fédération française de football (SIREN 775 671 357)']);
    expect(screen.getByRole('combobox', { name: "Exercice de l'attestation" })).toHaveValue('26');

    // Nothing chosen: the message of §5 under the field and the file's, nothing sent.
    await user.click(screen.getByRole('button', { name: "Déposer l'attestation" }));
    expect(federation).toHaveAccessibleDescription(M.federationSirenRequired);
    expect(fileInput()).toHaveAccessibleDescription(MESSAGES.required('fichier'));
    expect(uploads(fake)).toHaveLength(0);

    await user.selectOptions(federation, 'Fédération française de football (SIREN 775 671 357)');
    await user.upload(fileInput(), new File(['%PDF-1.4 attestation'], 'attestation-fff.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: "Déposer l'attestation" }));

    const table = await screen.findByRole('table', { name: "Attestations d'affiliation de l'association (1)" });
    expect(within(table).getByText('Fédération française de football')).toBeInTheDocument();
    expect(toasts.getToasts().map((t) => t.message)).toContain(M.certificateUploaded('Fédération française de football', 26));
    const [post] = uploads(fake);
    expect(post!.url).toBe(
      `${routeUrl(passSportRoutes.uploadPspAffiliation)}?id_siren=732829320&siren_federation=775671357&nom_federation=F%C3%A9d%C3%A9ration+fran%C3%A7aise+de+football&exerciceId=26`,
    );
    expect((post!.formData!.get('file') as File).name).toBe('attestation-fff.pdf');
    expect(federation).toHaveValue('');
  });

  it('sends to the administrative information, with the message of §5, when no federation the association declares has a SIREN', async () => {
    serve({ structure: { ...STRUCTURE, federations_declarees: [{ nom: 'Ligue sans SIREN', siren: null }] }, dossiers: [dossier()] });
    render();
    expect(await screen.findByText(M.federationSirenRequired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Informations administratives de l'association" })).toHaveAttribute(
      'href', `/informations-administratives/${STRUCTURE.id_correspondance}`,
    );
    expect(within(screen.getByRole('combobox', { name: "Fédération de l'attestation" })).getAllByRole('option')).toHaveLength(1);
  });

  it('shows the server’s refusal of a file under the field', async () => {
    serve({
      dossiers: [dossier()],
      routes: {
        [`POST ${routeUrl(passSportRoutes.uploadPspAffiliation)}`]: () =>
          json(400, { status: 400, code: 'FILE_CONTENT_REFUSED', message: DOCUMENT_MESSAGES.contentMismatch }),
      },
    });
    const user = userEvent.setup();
    render();
    await user.selectOptions(await screen.findByRole('combobox', { name: "Fédération de l'attestation" }), 'Fédération française de football (SIREN 775 671 357)');
    await user.upload(fileInput(), new File(['pas un pdf'], 'faux.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: "Déposer l'attestation" }));
    await waitFor(() => expect(fileInput()).toHaveAccessibleDescription(DOCUMENT_MESSAGES.contentMismatch));
    expect(screen.getByRole('combobox', { name: "Fédération de l'attestation" })).toHaveValue('775671357');
  });

  it('files one at a time, the button saying so, and shows the server’s refusal in the focused summary', async () => {
    const held = heldAnswer();
    let answer: 'held' | 'refused' = 'held';
    const fake = serve({
      dossiers: [dossier()],
      routes: {
        [`POST ${routeUrl(passSportRoutes.uploadPspAffiliation)}`]: () => (answer === 'held' ? held.respond() : json(404, errorBody('PSP_EXERCISE_UNKNOWN'))),
      },
    });
    const user = userEvent.setup();
    render();
    const federation = await screen.findByRole('combobox', { name: "Fédération de l'attestation" });
    await user.selectOptions(federation, 'Fédération française de football (SIREN 775 671 357)');
    await user.upload(fileInput(), new File(['%PDF-1.4 attestation'], 'attestation-fff.pdf', { type: 'application/pdf' }));
    await sendTwiceWhileHeld({
      user, label: "Déposer l'attestation", busyLabel: 'Dépôt…', sent: () => uploads(fake).length,
      release: () => held.release(() => json(201, FOOTBALL_CERTIFICATE)),
    });
    expect(toasts.getToasts().map((t) => t.message)).toContain(M.certificateUploaded('Fédération française de football', 26));

    answer = 'refused';
    await user.selectOptions(federation, 'Fédération française de football (SIREN 775 671 357)');
    await user.upload(fileInput(), new File(['%PDF-1.4 attestation'], 'attestation-fff.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: "Déposer l'attestation" }));
    await expectRefusalInFocusedSummary(M.exerciseUnknown);
    expect(uploads(fake)).toHaveLength(2);
    expect(federation).toHaveValue('775671357');
  });

  it('offers to add to the dossier the federations certified for the open exercise or an earlier one, and saves the whole list', async () => {
    const tennis = { ...FOOTBALL_CERTIFICATE, id: 'cccccccc-cccc-4ccc-8ccc-ccccccccccc2', siren_federation: '784301475', nom_federation: 'Fédération française de tennis', exercice_id: 27 };
    const judo = { ...FOOTBALL_CERTIFICATE, id: 'cccccccc-cccc-4ccc-8ccc-ccccccccccc3', siren_federation: '784411134', nom_federation: 'Fédération française de judo', exercice_id: 25 };
    const fake = serve({
      structure: { ...STRUCTURE, attestations: [FOOTBALL_CERTIFICATE, tennis, judo] },
      dossiers: [dossier()],
      routes: { [`PUT ${routeUrl(passSportRoutes.updatePspDossier, { id: DOSSIER_ID })}`]: () => json(200, dossier()) },
    });
    const user = userEvent.setup();
    render();
    const select = await screen.findByRole('combobox', { name: 'Fédération attestée à ajouter' });
    // Next year's certificate (27) does not cover the open exercise (26).
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choisir une fédération', 'Fédération française de football', 'Fédération française de judo']);
    await user.selectOptions(select, 'Fédération française de judo');
    await user.click(screen.getByRole('button', { name: 'Ajouter la fédération' }));
    expect(await screen.findByText('La fédération Fédération française de judo a été ajoutée au dossier.')).toBeInTheDocument();
    expect(writes(fake).map((r) => r.body)).toEqual([{ federations: [{ siren: '784411134', nom: 'Fédération française de judo' }] }]);
  });

  it('lists them without the form for a secondary establishment’s member, whose head office files them', async () => {
    session.signIn(makeSession(makeUser({ associations: [makeLink({ type: 'Etablissement secondaire', id_siret: '73282932000082' })] }), makeJwt(4_000_000_000, 'member')));
    serve({ structure: { ...STRUCTURE, attestations: [FOOTBALL_CERTIFICATE] }, dossiers: [dossier()] });
    render();
    const table = await screen.findByRole('table', { name: "Attestations d'affiliation de l'association (1)" });
    expect(within(table).getByText('775 671 357')).toBeInTheDocument();
    expect(screen.getByText("Les attestations sont déposées par le siège de l'association.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Déposer l'attestation" })).toBeNull();
  });
});
