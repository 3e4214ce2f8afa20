// The administrative information pages: redirect and header, the characteristics rules applied
// live (Alsace-Moselle, Sport, 153 000 € box), only changed fields sent, nothing changed → info
// toast, server errors next to the field; RIB checked client-side (added and edited);
// representatives' completeness and boxes; budget exercise dates; a secondary establishment's member.
import { ASSOCIATION_FILE_MESSAGES, type AssociationIdentite, ERRORS, errorBody, type AuditEntryView, CHARACTERISTIC_LABELS, computeBudgetTotals, type Etablissement, MAX_AMOUNT, MESSAGES, type Referentiel, type Representant, SEARCH_MESSAGES } from '@portail/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetLoadedUserInfo } from '../src/app/route-guard.ts';
import { AFFILIATED } from '../src/features/administrative-info/affiliations.tsx';
import { CHARACTERISTICS_SAVED } from '../src/features/administrative-info/characteristics-form.tsx';
import { RIB_UPDATED } from '../src/features/administrative-info/bank-details.tsx';
import { BUDGET_SAVED, EXERCICE_END_BEFORE_START } from '../src/features/administrative-info/budgets.tsx';
import { REPRESENTANT_UPDATED } from '../src/features/administrative-info/legal-representatives.tsx';
import { session } from '../src/lib/session/session-store.ts';
import { toasts } from '../src/lib/toast/toast-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch, type RecordedRequest } from './support/fake-fetch.ts';
import { makeJwt, makeLcaUser, makeLink, makeSession, makeUser } from './support/factories.ts';
import { fullPath, renderApp } from './support/render-app.tsx';
import { expectRefusalInFocusedSummary, heldAnswer, sendTwiceWhileHeld } from './support/sending.ts';

const ID = makeLink().id_correspondance;
const SIEGE = '73282932000074';
const SECONDAIRE = '73282932000082';

function identite(overrides: Partial<AssociationIdentite['identite']> = {}, cp = '37000'): AssociationIdentite {
  return {
    identite: {
      id_correspondance: ID,
      id_rna: 'W751234567',
      id_siren: '732829320',
      id_siret: SIEGE,
      id_siret_siege: SIEGE,
      nom: 'Club sportif de Tours',
      sigle: 'CST',
      id_forme_juridique: '9220',
      date_creation: null,
      regime: 'loi1901',
      util_publique: false,
      date_publication_util_publique: null,
      date_pub_registre: null,
      tribunal_instance: null,
      numero_amalia: null,
      volume: null,
      folio: null,
      impots_commerciaux: null,
      a_dons_subv_153000: null,
      a_publication_comptes_jo: null,
      a_commissaire_aux_comptes: null,
      type_structure_sportive: null,
      ...overrides,
    },
    coordonnees: {
      adresse_siege: { cp, commune: 'Tours' },
      adresse_gestion: null,
      telephone: null,
      site_web: null,
      courriel: null,
    },
    activites: { domaine: null, champ_action_territorial: 'Local', objet: null },
    specificites: {
      passsport: {
        est_volontaire: null,
        activites: [],
        a_accueil_handicap_moteur: null,
        a_accueil_handicap_mental: null,
      },
    },
    agrement: null,
    commentaire: null,
  };
}

const etab = (siret: string, overrides: Partial<Etablissement> = {}): Etablissement => ({
  siret,
  nic: siret.slice(9),
  enseigne: null,
  note: null,
  courriel: null,
  telephone: null,
  est_siege: siret === SIEGE,
  actif: true,
  adresse: { cp: '37000', commune: 'Tours' },
  ...overrides,
});

const referentiel = (type: string, options: [string, string][]): Referentiel => ({
  _id: type,
  type,
  categorie: null,
  label: type,
  optionsCount: options.length,
  options: options.map(([value, label]) => ({ value, label, meta: null })),
});

const REFERENTIELS: Record<string, Referentiel> = {
  regimes: referentiel('regimes', [
    ['loi1901', 'Association loi 1901'],
    ['alsaceMoselle', 'Association de droit local (Alsace-Moselle)'],
    ['autre', 'Autre'],
    ['collectivite', 'Collectivité'],
  ]),
  'champs-action-territoriale': referentiel('champs-action-territoriale', [
    ['Local', 'Local'],
    ['National', 'National'],
  ]),
  'types-structure-sportive': referentiel('types-structure-sportive', [['club', 'Club']]),
};

const rep = (overrides: Partial<Representant>): Representant => ({
  id: 'r1',
  id_siret: null,
  civilite: 'Mme',
  nom: 'Durand',
  prenom: 'Alice',
  fonction: 'Présidente',
  courriel: 'alice@example.org',
  telephone: '0601020304',
  valideur_cec: false,
  est_representant_legal: true,
  publication_internet: false,
  deleted: false,
  ...overrides,
});

type Handler = (request: RecordedRequest) => Response | Promise<Response>;
type Handlers = Record<string, Handler>;

function setup({
  link = makeLink(),
  data = identite(),
  etablissements = [etab(SIEGE), etab(SECONDAIRE)],
  extra = {} as Handlers,
} = {}) {
  const user = makeUser({ associations: [link] });
  session.signIn(makeSession(user, makeJwt(4_000_000_000, 'admin-info')));
  return stubFetch({
    'GET /api/lca-server/notesOnPage': () => json(200, []),
    [`GET /api/lca-server/users/${user.lcaId}`]: () => json(200, makeLcaUser(user)),
    'GET /api/api-declaration-server/referentiel': (r) => {
      const type = new URL(r.url, 'http://x').searchParams.get('type')!;
      return REFERENTIELS[type] ? json(200, REFERENTIELS[type]) : json(404, { message: 'absent' });
    },
    'GET /api/proxy-asso/association/identite': () => json(200, data),
    'GET /api/proxy-asso/association/etablissements': () => json(200, etablissements),
    'GET /api/proxy-asso/association/ribs': () => json(200, []),
    'GET /api/proxy-asso/association/representants_legaux': () => json(200, []),
    'GET /api/proxy-asso/association/budgets': () => json(200, []),
    ...extra,
  });
}

/** `extra` handlers of a part of the file (/association/<path>): its list, when given, and its writes. */
function partApi(path: string, { list, ...writes }: { list?: unknown; POST?: Handler; PATCH?: Handler }): Handlers {
  const url = `/api/proxy-asso/association/${path}`;
  return {
    ...(list === undefined ? {} : { [`GET ${url}`]: () => json(200, list) }),
    ...Object.fromEntries(Object.entries(writes).map(([method, handler]) => [`${method} ${url}`, handler])),
  };
}

/** A write handler that hands its request to `record` and answers `status` with `body`. */
const keep =
  (record: (request: RecordedRequest) => unknown, status: number, body: unknown): Handler =>
  (request) => {
    record(request);
    return json(status, body);
  };

/** Opens a tab of the association's file. */
const renderTab = (onglet: string) => renderApp(`/informations-administratives/${ID}?onglet=${onglet}`);

const writes = (fake: ReturnType<typeof setup>) => fake.requests.filter((r) => r.method !== 'GET');
const YEAR = new Date().getFullYear();
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
async function typeIn(label: string, text: string) {
  await userEvent.clear(field(label));
  if (text) await userEvent.type(field(label), text);
}

const patches = (fake: ReturnType<typeof setup>) => fake.requests.filter((r) => r.method !== 'GET');
const regime = () => screen.getByLabelText('Régime') as HTMLSelectElement;
const save = () => userEvent.click(screen.getByRole('button', { name: 'Enregistrer les caractéristiques' }));
const openTab = async (name: string) => userEvent.click(await screen.findByRole('tab', { name }));

afterEach(() => {
  resetAppState();
  forgetLoadedUserInfo();
});

describe('informations administratives', () => {
  it('sends /informations-administratives to the first association, with its identifiers formatted', async () => {
    setup();
    const router = renderApp('/informations-administratives');
    await waitFor(() => expect(fullPath(router)).toBe(`/informations-administratives/${ID}`));
    const identity = await screen.findByLabelText('Identité de l’association');
    expect(within(identity).getByText('732 829 320')).toBeInTheDocument();
    expect(within(identity).getByText('732 829 320 00074')).toBeInTheDocument();
    expect(within(identity).getByText('W751234567')).toBeInTheDocument();
    expect(within(identity).getByText('CST')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Caractéristiques',
      'Établissements',
      'Coordonnées bancaires',
      'Représentants légaux',
      'Budgets',
      'Comptes',
      'Ressources humaines',
      'Agréments',
      'Affiliations',
      'Journal des modifications',
    ]);
  });

  it('offers Alsace-Moselle only for a 57/67/68 head office; switching regime clears its fields; only changes are sent', async () => {
    let sent: unknown;
    const fake = setup({
      data: identite({}, '67000'),
      extra: partApi('identite', {
        PATCH: keep((r) => (sent = r.body), 200, identite({ regime: 'loi1901' }, '67000')),
      }),
    });
    renderApp(`/informations-administratives/${ID}`);
    await screen.findByLabelText('Régime');
    expect(
      within(regime()).getByRole('option', { name: 'Association de droit local (Alsace-Moselle)' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Numéro Amalia (13 ou 14 caractères)')).not.toBeInTheDocument();

    await userEvent.selectOptions(regime(), 'alsaceMoselle');
    await userEvent.type(screen.getByLabelText('Numéro Amalia (13 ou 14 caractères)'), '123');
    await userEvent.type(screen.getByLabelText('Volume (3 caractères)'), '12');
    await save();
    const summary = await screen.findByTestId('error-summary');
    expect(within(summary).getByRole('link', { name: MESSAGES.minLength('numéro Amalia', 13) })).toHaveAttribute('href', '#field-numero_amalia');
    expect(within(summary).getByRole('link', { name: MESSAGES.exactLength('volume', 3) })).toHaveAttribute('href', '#field-volume');
    expect(screen.getByLabelText('Numéro Amalia (13 ou 14 caractères)')).toHaveAccessibleDescription(MESSAGES.minLength('numéro Amalia', 13));
    expect(screen.getByLabelText('Volume (3 caractères)')).toHaveAccessibleDescription(MESSAGES.exactLength('volume', 3));
    await waitFor(() => expect(summary).toHaveFocus());
    expect(patches(fake)).toHaveLength(0);

    // Back to loi 1901: the Alsace-Moselle fields disappear and are cleared (nothing of them is sent).
    await userEvent.selectOptions(regime(), 'loi1901');
    expect(screen.queryByLabelText('Numéro Amalia (13 ou 14 caractères)')).not.toBeInTheDocument();
    await userEvent.selectOptions(regime(), 'alsaceMoselle');
    expect(screen.getByLabelText('Numéro Amalia (13 ou 14 caractères)')).toHaveValue('');
    await userEvent.type(screen.getByLabelText('Numéro Amalia (13 ou 14 caractères)'), '1234567890123');
    await userEvent.type(screen.getByLabelText('Volume (3 caractères)'), '012');
    await userEvent.type(screen.getByLabelText('Folio (3 caractères)'), '345');
    await save();
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toEqual([
      { key: 'regime', value: 'alsaceMoselle' },
      { key: 'numero_amalia', value: '1234567890123' },
      { key: 'volume', value: '012' },
      { key: 'folio', value: '345' },
    ]);
  });

  it('does not offer Alsace-Moselle elsewhere; nothing changed → info toast and no call', async () => {
    const fake = setup();
    renderApp(`/informations-administratives/${ID}`);
    await screen.findByLabelText('Régime');
    expect(within(regime()).queryByRole('option', { name: /Alsace-Moselle/ })).not.toBeInTheDocument();
    await save();
    expect(toasts.getToasts().map((t) => t.message)).toContain(MESSAGES.noChangeDetected);
    expect(patches(fake)).toHaveLength(0);
  });

  it('requires a sports structure type for Sport and clears it when leaving Sport', async () => {
    let sent: unknown;
    const fake = setup({
      extra: partApi('identite', { PATCH: keep((r) => (sent = r.body), 200, identite()) }),
    });
    renderApp(`/informations-administratives/${ID}`);
    const domaine = (await screen.findByLabelText('Domaine')) as HTMLSelectElement;
    expect(screen.queryByLabelText('Type de structure sportive')).not.toBeInTheDocument();
    await userEvent.selectOptions(domaine, 'Sport');
    await save();
    const sportRequired = ASSOCIATION_FILE_MESSAGES.requiredWhen(CHARACTERISTIC_LABELS.type_structure_sportive, 'pour le domaine Sport');
    expect(within(await screen.findByTestId('error-summary')).getByRole('link', { name: sportRequired })).toHaveAttribute('href', '#field-type_structure_sportive');
    expect(screen.getByLabelText('Type de structure sportive')).toHaveAccessibleDescription(sportRequired);
    expect(patches(fake)).toHaveLength(0);
    await userEvent.selectOptions(screen.getByLabelText('Type de structure sportive'), 'club');
    await userEvent.selectOptions(domaine, 'Autre');
    expect(screen.queryByLabelText('Type de structure sportive')).not.toBeInTheDocument();
    await userEvent.selectOptions(domaine, 'Sport');
    expect(screen.getByLabelText('Type de structure sportive')).toHaveValue('');
    await userEvent.selectOptions(screen.getByLabelText('Type de structure sportive'), 'club');
    await save();
    await waitFor(() =>
      expect(sent).toEqual([
        { key: 'domaine', value: 'Sport' },
        { key: 'type_structure_sportive', value: 'club' },
      ]),
    );
  });

  it('shows JOAFE and auditor only with the 153 000 € box, clearing them when it is unchecked', async () => {
    let sent: unknown;
    setup({
      extra: partApi('identite', { PATCH: keep((r) => (sent = r.body), 200, identite()) }),
    });
    renderApp(`/informations-administratives/${ID}`);
    const box = await screen.findByLabelText('Dons et subventions supérieurs à 153 000 € par an');
    const joafe = 'Comptes publiés au Journal officiel des associations (JOAFE)';
    expect(screen.queryByLabelText(joafe)).not.toBeInTheDocument();
    await userEvent.click(box);
    await userEvent.click(screen.getByLabelText(joafe));
    await userEvent.click(screen.getByLabelText('Commissaire aux comptes désigné'));
    await userEvent.click(box);
    expect(screen.queryByLabelText(joafe)).not.toBeInTheDocument();
    await userEvent.click(box);
    expect(screen.getByLabelText(joafe)).not.toBeChecked();
    await userEvent.click(screen.getByLabelText(joafe));
    await save();
    await waitFor(() =>
      expect(sent).toEqual([
        { key: 'a_dons_subv_153000', value: true },
        { key: 'a_publication_comptes_jo', value: true },
      ]),
    );
  });

  it('shows a server error next to its field and keeps the typed input', async () => {
    setup({
      extra: {
        'PATCH /api/proxy-asso/association/identite': () =>
          json(400, {
            message: MESSAGES.invalidForm,
            status: 400,
            code: 'VALIDATION_ERROR',
            fields: { commentaire: 'Refusé par le serveur.' },
          }),
      },
    });
    renderApp(`/informations-administratives/${ID}`);
    const notes = await screen.findByLabelText('Notes');
    await userEvent.type(notes, 'Une note');
    await save();
    await waitFor(() => expect(screen.getByLabelText('Notes')).toHaveAccessibleDescription('Refusé par le serveur.'));
    expect(within(screen.getByTestId('error-summary')).getByRole('link', { name: 'Refusé par le serveur.' })).toHaveAttribute('href', '#field-commentaire');
    expect(screen.getByLabelText('Notes')).toHaveValue('Une note');
  });

  it('saves the characteristics once however often they are asked while in flight, and shows the server’s refusal in the focused summary', async () => {
    const held = heldAnswer();
    let answer: 'held' | 'refused' = 'held';
    const fake = setup({
      extra: { 'PATCH /api/proxy-asso/association/identite': () => (answer === 'held' ? held.respond() : json(403, errorBody('FORBIDDEN'))) },
    });
    const user = userEvent.setup();
    renderApp(`/informations-administratives/${ID}`);
    await user.type(await screen.findByLabelText('Notes'), 'Une note');
    await sendTwiceWhileHeld({
      user, label: 'Enregistrer les caractéristiques', busyLabel: 'Enregistrement…', sent: () => patches(fake).length,
      release: () => held.release(() => json(200, identite())),
    });
    expect(toasts.getToasts().filter((t) => t.message === CHARACTERISTICS_SAVED)).toHaveLength(1);

    answer = 'refused';
    await user.type(screen.getByLabelText('Notes'), 'Une autre note');
    await save();
    await expectRefusalInFocusedSummary(ERRORS.FORBIDDEN.message);
    expect(screen.getByLabelText('Notes')).toHaveValue('Une autre note');
    expect(patches(fake)).toHaveLength(2);
  });

  it('refuses a wrong IBAN next to the field without calling the server', async () => {
    const fake = setup();
    renderTab('coordonnees-bancaires');
    await screen.findByText('Aucun RIB n’est enregistré.');
    await userEvent.selectOptions(screen.getByLabelText('Établissement'), SIEGE);
    await userEvent.type(screen.getByLabelText('Titulaire du compte'), 'Club sportif de Tours');
    await userEvent.type(screen.getByLabelText('IBAN'), 'FR7630006000011234567890180');
    await userEvent.type(screen.getByLabelText('BIC'), 'BNPAFRPP');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter le RIB' }));
    expect(await screen.findByText(MESSAGES.badFormat('IBAN'))).toBeInTheDocument();
    expect(patches(fake)).toHaveLength(0);
    expect(screen.getByLabelText('IBAN')).toHaveValue('FR7630006000011234567890180');
  });

  it('lists RIBs with the IBAN grouped by four and sends a valid one', async () => {
    let query = '';
    const fake = setup({
      extra: {
        'GET /api/proxy-asso/association/ribs': () =>
          json(200, [
            {
              id: 'b1',
              id_siret: SIEGE,
              titulaire: 'CST',
              banque: 'BNP',
              domiciliation: null,
              iban: 'FR7630006000011234567890189',
              bic: 'BNPAFRPP',
            },
          ]),
        'POST /api/proxy-asso/association/ribs': (r) => {
          query = r.url;
          return json(400, { message: MESSAGES.invalidForm, status: 400, code: 'VALIDATION_ERROR', fields: { iban: ASSOCIATION_FILE_MESSAGES.duplicateRib } });
        },
      },
    });
    renderTab('coordonnees-bancaires');
    expect(await screen.findByText('FR76 3000 6000 0112 3456 7890 189')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Établissement'), SIEGE);
    await userEvent.type(screen.getByLabelText('Titulaire du compte'), 'CST');
    await userEvent.type(screen.getByLabelText('IBAN'), 'fr76 3000 6000 0112 3456 7890 189');
    await userEvent.type(screen.getByLabelText('BIC'), 'bnpafrpp');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter le RIB' }));
    expect(await screen.findByText(ASSOCIATION_FILE_MESSAGES.duplicateRib)).toBeInTheDocument();
    expect(query).toBe(`/api/proxy-asso/association/ribs?id_asso=${ID}&id_siret=${SIEGE}`);
    const post = fake.requests.find((r) => r.method === 'POST')!;
    expect(post.body).toMatchObject({ iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP', titulaire: 'CST' });
  });

  it('marks an incomplete legal representative and the CEC validator', async () => {
    setup({
      extra: {
        'GET /api/proxy-asso/association/representants_legaux': () =>
          json(200, [rep({ valideur_cec: true }), rep({ id: 'r2', nom: 'Petit', prenom: 'Jean', telephone: null })]),
      },
    });
    renderTab('representants-legaux');
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(within(rows[0]!).getByText('Valideur CEC')).toBeInTheDocument();
    expect(within(rows[0]!).queryByText('Incomplet')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('Incomplet')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Valideur CEC')).not.toBeInTheDocument();
  });

  it('shows a secondary establishment member only their establishment, characteristics read-only', async () => {
    const link = makeLink({ type: 'Etablissement secondaire', id_siret: SECONDAIRE });
    setup({ link, etablissements: [etab(SECONDAIRE, { enseigne: 'Antenne de Joué' })] });
    renderApp(`/informations-administratives/${ID}`);
    expect(
      await screen.findByText('Seul le siège de l’association peut modifier ses caractéristiques.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Régime')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Enregistrer les caractéristiques' })).not.toBeInTheDocument();
    await openTab('Établissements');
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText('Antenne de Joué')).toBeInTheDocument();
    await userEvent.click(within(rows[0]!).getByRole('link', { name: '732 829 320 00082' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Établissement 732 829 320 00082' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Enseigne')).toHaveValue('Antenne de Joué');
  });

  it('computes budget totals live in euros without decimals and creates the year’s budget', async () => {
    let sent: RecordedRequest | undefined;
    setup({
      extra: partApi('budgets', {
        POST: keep((r) => (sent = r), 201, {
          id: 'b1',
          annee: 2026,
          exercice_du: null,
          exercice_au: null,
          comptes: {},
          totaux: {},
        }),
      }),
    });
    renderTab('budgets');
    const totals = async () => within(await screen.findByLabelText('Totaux du budget'));
    await userEvent.type(await screen.findByLabelText('60 – Achats'), '12500');
    await userEvent.type(screen.getByLabelText('64 – Charges de personnel'), '3000');
    await userEvent.type(screen.getByLabelText('74 – Subventions d’exploitation'), '10000');
    const t = await totals();
    const amount = (label: string) => t.getByText(label).nextElementSibling!.textContent!.replace(/\s/g, ' ');
    expect(amount('Total des charges (60 à 69)')).toBe('15 500 €');
    expect(amount('Total des produits (70 à 79)')).toBe('10 000 €');
    expect(amount('Insuffisance')).toBe('5 500 €');
    expect(amount('Excédent')).toBe('0 €');
    await userEvent.selectOptions(screen.getByLabelText('Année du budget'), String(new Date().getFullYear()));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le budget' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent!.body).toEqual({ comptes: { '60': 12500, '64': 3000, '74': 10000 } });
    expect(sent!.url).toContain(`annee=${new Date().getFullYear()}`);
  });

  it('refuses a budget line over the contract’s bound (10^12 €) before sending, as the server would', async () => {
    let sent: RecordedRequest | undefined;
    const fake = setup({ extra: partApi('budgets', { POST: keep((r) => (sent = r), 201, {}) }) });
    renderTab('budgets');
    await userEvent.type(await screen.findByLabelText('60 – Achats'), String(MAX_AMOUNT + 1));
    await userEvent.type(screen.getByLabelText('61 – Services extérieurs'), String(MAX_AMOUNT));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le budget' }));
    const summary = await screen.findByTestId('error-summary');
    expect(within(summary).getByRole('link', { name: 'Le montant du compte 60 doit être un nombre entier d’euros positif.' })).toHaveAttribute('href', '#field-compte-60');
    expect(field('60 – Achats')).toHaveAccessibleDescription('Le montant du compte 60 doit être un nombre entier d’euros positif.');
    expect(screen.queryByText('Le montant du compte 61 doit être un nombre entier d’euros positif.')).not.toBeInTheDocument();
    await waitFor(() => expect(summary).toHaveFocus());
    expect(writes(fake)).toHaveLength(0);
    expect(sent).toBeUndefined();
  });

  it('saves a budget once however often it is asked while in flight, and shows the server’s refusal in the focused summary', async () => {
    const held = heldAnswer();
    let answer: 'held' | 'refused' = 'refused';
    const fake = setup({
      extra: partApi('budgets', { POST: () => (answer === 'held' ? held.respond() : json(403, errorBody('FORBIDDEN'))) }),
    });
    const user = userEvent.setup();
    renderTab('budgets');
    await user.type(await screen.findByLabelText('60 – Achats'), '1200');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le budget' }));
    await expectRefusalInFocusedSummary(ERRORS.FORBIDDEN.message);
    expect(field('60 – Achats')).toHaveValue('1200');

    answer = 'held';
    await sendTwiceWhileHeld({
      user, label: 'Enregistrer le budget', busyLabel: 'Enregistrement…', sent: () => writes(fake).length - 1,
      release: () => held.release(() => json(201, { id: 'b1', annee: YEAR, exercice_du: null, exercice_au: null, comptes: { '60': 1200 }, totaux: computeBudgetTotals({ '60': 1200 }) })),
    });
    expect(toasts.getToasts().filter((t) => t.message === BUDGET_SAVED(YEAR))).toHaveLength(1);
    expect(screen.queryByTestId('error-summary')).toBeNull();
  });

  describe('modification d’un RIB', () => {
    const RIB = {
      id: 'b1',
      id_siret: SIEGE,
      titulaire: 'CST',
      banque: 'BNP',
      domiciliation: null,
      iban: 'FR7630006000011234567890189',
      bic: 'BNPAFRPP',
    };
    const edit = async () =>
      userEvent.click(await screen.findByRole('button', { name: 'Modifier le RIB FR76 3000 6000 0112 3456 7890 189' }));
    const saveRib = () => userEvent.click(screen.getByRole('button', { name: 'Enregistrer le RIB' }));

    it('refuses what the add form refuses, next to each field, without calling the server', async () => {
      const fake = setup({ extra: partApi('ribs', { list: [RIB] }) });
      renderTab('coordonnees-bancaires');
      await edit();
      expect(screen.queryByRole('button', { name: 'Ajouter le RIB' })).not.toBeInTheDocument();
      expect(field('IBAN')).toHaveValue('FR76 3000 6000 0112 3456 7890 189');
      expect(field('Banque (facultatif)')).toHaveValue('BNP');
      await typeIn('Titulaire du compte', '');
      await typeIn('IBAN', 'FR7630006000011234567890180');
      await typeIn('BIC', 'BNPAXXPP');
      await saveRib();
      expect(await screen.findByText(MESSAGES.required('titulaire'))).toBeInTheDocument();
      expect(screen.getByText(MESSAGES.badFormat('IBAN'))).toBeInTheDocument();
      expect(screen.getByText(MESSAGES.badFormat('BIC'))).toBeInTheDocument();
      expect(writes(fake)).toHaveLength(0);
      expect(field('IBAN')).toHaveValue('FR7630006000011234567890180');
    });

    it('sends only the changed fields; a duplicate is shown next to the IBAN, the typed input kept', async () => {
      const sent: RecordedRequest[] = [];
      let duplicate = true;
      setup({
        extra: {
          'GET /api/proxy-asso/association/ribs': () => json(200, [RIB]),
          'PATCH /api/proxy-asso/association/ribs': (r) => {
            sent.push(r);
            return duplicate
              ? json(400, {
                  message: MESSAGES.invalidForm,
                  status: 400,
                  code: 'VALIDATION_ERROR',
                  fields: { iban: ASSOCIATION_FILE_MESSAGES.duplicateRib },
                })
              : json(200, RIB);
          },
        },
      });
      renderTab('coordonnees-bancaires');
      await edit();
      // Unchanged once normalised: not sent.
      await typeIn('BIC', 'bnpa frpp');
      await typeIn('Titulaire du compte', 'Club sportif de Tours');
      await typeIn('Banque (facultatif)', '');
      await typeIn('Domiciliation (facultatif)', 'Tours');
      await typeIn('IBAN', 'fr14 2004 1010 0505 0001 3M02 606');
      await saveRib();
      expect(await screen.findByText(ASSOCIATION_FILE_MESSAGES.duplicateRib)).toBeInTheDocument();
      expect(field('IBAN')).toHaveValue('fr14 2004 1010 0505 0001 3M02 606');
      expect(field('IBAN')).toHaveAttribute('aria-invalid', 'true');
      expect(sent).toHaveLength(1);
      expect(sent[0]!.url).toBe(`/api/proxy-asso/association/ribs?id_asso=${ID}&id=b1`);
      expect(sent[0]!.body).toEqual([
        { key: 'titulaire', value: 'Club sportif de Tours' },
        { key: 'banque', value: null },
        { key: 'domiciliation', value: 'Tours' },
        { key: 'iban', value: 'FR1420041010050500013M02606' },
      ]);
      duplicate = false;
      await saveRib();
      await waitFor(() => expect(toasts.getToasts().map((t) => t.message)).toContain(RIB_UPDATED));
      expect(sent).toHaveLength(2);
      expect(await screen.findByRole('button', { name: 'Ajouter le RIB' })).toBeInTheDocument();
    });

    it('tells that nothing changed without calling the server', async () => {
      const fake = setup({ extra: partApi('ribs', { list: [RIB] }) });
      renderTab('coordonnees-bancaires');
      await edit();
      await saveRib();
      await waitFor(() => expect(toasts.getToasts().map((t) => t.message)).toContain(MESSAGES.noChangeDetected));
      expect(writes(fake)).toHaveLength(0);
    });
  });

  describe('exercice du budget', () => {
    const debut = 'Début de l’exercice (facultatif)';
    const fin = 'Fin de l’exercice (facultatif)';
    const saveBudget = () => userEvent.click(screen.getByRole('button', { name: 'Enregistrer le budget' }));
    const budget = {
      id: 'bu1',
      annee: YEAR,
      exercice_du: `${YEAR}-01-01`,
      exercice_au: `${YEAR}-12-31`,
      comptes: { '60': 1000 },
      totaux: computeBudgetTotals({ '60': 1000 }),
    };

    it('refuses an end before the start next to the field, then sends only the changed dates and accounts', async () => {
      let sent: RecordedRequest | undefined;
      const fake = setup({
        extra: partApi('budgets', { list: [budget], PATCH: keep((r) => (sent = r), 200, budget) }),
      });
      renderTab('budgets');
      await screen.findByLabelText('60 – Achats');
      expect(field(debut)).toHaveAttribute('type', 'date');
      expect(field(debut)).toHaveValue(`${YEAR}-01-01`);
      expect(field(fin)).toHaveValue(`${YEAR}-12-31`);
      await typeIn(fin, `${YEAR - 1}-06-30`);
      await saveBudget();
      expect(within(await screen.findByTestId('error-summary')).getByRole('link', { name: EXERCICE_END_BEFORE_START })).toBeInTheDocument();
      expect(field(fin)).toHaveAccessibleDescription(EXERCICE_END_BEFORE_START);
      expect(field(fin)).toHaveAttribute('aria-invalid', 'true');
      expect(field(fin)).toHaveValue(`${YEAR - 1}-06-30`);
      expect(writes(fake)).toHaveLength(0);
      await typeIn(fin, `${YEAR + 1}-06-30`);
      await typeIn('60 – Achats', '1500');
      await saveBudget();
      await waitFor(() => expect(sent).toBeDefined());
      expect(sent!.url).toBe(`/api/proxy-asso/association/budgets?id_asso=${ID}&id=bu1`);
      expect(sent!.body).toEqual([
        { key: '60', value: 1500 },
        { key: 'exercice_au', value: `${YEAR + 1}-06-30` },
      ]);
      expect(screen.queryByText(EXERCICE_END_BEFORE_START)).not.toBeInTheDocument();
      expect(toasts.getToasts().map((t) => t.message)).toContain(BUDGET_SAVED(YEAR));
    });

    it('sends the dates of a new budget and shows the server’s refusal next to the field', async () => {
      let sent: RecordedRequest | undefined;
      setup({
        extra: partApi('budgets', {
          POST: keep((r) => (sent = r), 400, {
            message: MESSAGES.invalidForm,
            status: 400,
            code: 'VALIDATION_ERROR',
            fields: { exercice_du: 'Refusé par le serveur.' },
          }),
        }),
      });
      renderTab('budgets');
      await screen.findByLabelText('60 – Achats');
      await typeIn(debut, `${YEAR}-07-01`);
      await typeIn(fin, `${YEAR}-07-01`);
      await saveBudget();
      await waitFor(() => expect(field(debut)).toHaveAccessibleDescription('Refusé par le serveur.'));
      expect(within(screen.getByTestId('error-summary')).getByRole('link', { name: 'Refusé par le serveur.' })).toHaveAttribute('href', '#field-exercice_du');
      expect(field(debut)).toHaveValue(`${YEAR}-07-01`);
      expect(sent!.body).toEqual({ exercice_du: `${YEAR}-07-01`, exercice_au: `${YEAR}-07-01`, comptes: {} });
    });
  });

  describe('représentant légal et publication sur internet', () => {
    const reps = [
      rep({}),
      rep({ id: 'r2', nom: 'Petit', prenom: 'Jean', est_representant_legal: false, publication_internet: true }),
    ];

    it('shows them as badges; an edit sends only the boxes changed, after the form’s own checks', async () => {
      let sent: RecordedRequest | undefined;
      const fake = setup({
        extra: partApi('representants_legaux', { list: reps, PATCH: keep((r) => (sent = r), 200, reps[0]) }),
      });
      renderTab('representants-legaux');
      const rows = within(await screen.findByRole('table'))
        .getAllByRole('row')
        .slice(1);
      expect(within(rows[0]!).getByText('Représentant légal')).toBeInTheDocument();
      expect(within(rows[0]!).queryByText('Publié sur internet')).not.toBeInTheDocument();
      expect(within(rows[1]!).getByText('Publié sur internet')).toBeInTheDocument();
      expect(within(rows[1]!).queryByText('Représentant légal')).not.toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Modifier Alice Durand' }));
      expect(field('Représentant légal')).toBeChecked();
      expect(field('Publication sur internet')).not.toBeChecked();
      await userEvent.click(field('Représentant légal'));
      await userEvent.click(field('Publication sur internet'));
      await typeIn('Téléphone (chiffres uniquement, sans espace)', '06 01 02');
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le représentant' }));
      expect(await screen.findByText(MESSAGES.badFormat('téléphone'))).toBeInTheDocument();
      expect(writes(fake)).toHaveLength(0);
      expect(field('Représentant légal')).not.toBeChecked();
      expect(field('Publication sur internet')).toBeChecked();

      await typeIn('Téléphone (chiffres uniquement, sans espace)', '0601020304');
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le représentant' }));
      await waitFor(() => expect(sent).toBeDefined());
      expect(sent!.url).toBe(`/api/proxy-asso/association/representants_legaux?id_asso=${ID}&id=r1`);
      expect(sent!.body).toEqual([
        { key: 'est_representant_legal', value: false },
        { key: 'publication_internet', value: true },
      ]);
      expect(toasts.getToasts().map((t) => t.message)).toContain(REPRESENTANT_UPDATED);
    });

    it('adds a legal representative by default, published only when the box is checked', async () => {
      let sent: RecordedRequest | undefined;
      setup({
        extra: partApi('representants_legaux', {
          POST: keep((r) => (sent = r), 201, rep({ publication_internet: true })),
        }),
      });
      renderTab('representants-legaux');
      await userEvent.click(await screen.findByRole('button', { name: 'Ajouter un représentant légal' }));
      expect(field('Représentant légal')).toBeChecked();
      expect(field('Publication sur internet')).not.toBeChecked();
      await userEvent.click(screen.getByLabelText('Madame'));
      await userEvent.type(field('Nom'), 'Durand');
      await userEvent.type(field('Prénom'), 'Alice');
      await userEvent.type(field('Fonction'), 'Présidente');
      await userEvent.type(field('Adresse électronique'), 'alice@example.org');
      await userEvent.type(field('Téléphone (chiffres uniquement, sans espace)'), '0601020304');
      await userEvent.click(field('Publication sur internet'));
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le représentant' }));
      await waitFor(() => expect(sent).toBeDefined());
      expect(sent!.body).toMatchObject({ nom: 'Durand', est_representant_legal: true, publication_internet: true });
    });
  });

  describe('comptes', () => {
    const compte = {
      id: 'c1',
      annee: YEAR - 1,
      charges: 1000,
      produits: 1500,
      dons: 0,
      resultat: 500,
      subv: null,
    };

    it('offers the previous two years, computes the result live and creates the year’s accounts', async () => {
      let sent: RecordedRequest | undefined;
      setup({
        extra: partApi('comptes', { list: [], POST: keep((r) => (sent = r), 201, { ...compte, annee: YEAR - 2 }) }),
      });
      renderTab('comptes');
      await userEvent.click(await screen.findByRole('button', { name: 'Ajouter des comptes' }));
      const years = within(screen.getByLabelText('Année des comptes')).getAllByRole('option').slice(1);
      expect(years.map((o) => o.textContent)).toEqual([String(YEAR - 1), String(YEAR - 2)]);
      await userEvent.selectOptions(screen.getByLabelText('Année des comptes'), String(YEAR - 2));
      await typeIn('Charges (en euros, sans centimes)', '12 500');
      await typeIn('Produits (en euros, sans centimes)', '10000');
      expect(screen.getByTestId('resultat-compte').textContent!.replace(/\s/g, ' ')).toBe('-2 500 €');
      await typeIn('Dons (en euros, sans centimes)', '12,5');
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les comptes' }));
      expect(await screen.findByText(ASSOCIATION_FILE_MESSAGES.wholeEuros('dons'))).toBeInTheDocument();
      expect(field('Dons (en euros, sans centimes)')).toHaveValue('12,5');
      expect(sent).toBeUndefined();
      await typeIn('Dons (en euros, sans centimes)', '300');
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les comptes' }));
      await waitFor(() => expect(sent).toBeDefined());
      expect(sent!.url).toBe(`/api/proxy-asso/association/comptes?id_asso=${ID}&annee=${YEAR - 2}`);
      expect(sent!.body).toEqual({ charges: 12500, produits: 10000, dons: 300, resultat: -2500, subv: null });
    });

    it('sends only the changed figures (and the recomputed result) when editing; shows euros without decimals', async () => {
      let sent: unknown;
      const fake = setup({
        extra: partApi('comptes', {
          list: [compte],
          PATCH: keep((r) => (sent = r.body), 200, { ...compte, produits: 2000, resultat: 1000 }),
        }),
      });
      renderTab('comptes');
      const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
      expect(within(row).getByText((t) => t.replace(/\s/g, ' ') === '1 500 €')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: `Modifier les comptes ${YEAR - 1}` }));
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les comptes' }));
      expect(toasts.getToasts().map((t) => t.message)).toContain(MESSAGES.noChangeDetected);
      expect(writes(fake)).toHaveLength(0);
      await typeIn('Produits (en euros, sans centimes)', '2000');
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les comptes' }));
      await waitFor(() => expect(sent).toBeDefined());
      expect(sent).toEqual([
        { key: 'produits', value: 2000 },
        { key: 'resultat', value: 1000 },
      ]);
      expect(fake.requests.find((r) => r.method === 'PATCH')!.url).toContain('id=c1');
    });

    it('is read-only for a secondary establishment’s member', async () => {
      const link = makeLink({ type: 'Etablissement secondaire', id_siret: SECONDAIRE });
      setup({
        link,
        etablissements: [etab(SECONDAIRE)],
        extra: partApi('comptes', { list: [compte] }),
      });
      renderTab('comptes');
      expect(await screen.findByText('Seul le siège de l’association peut modifier ses comptes.')).toBeInTheDocument();
      await screen.findByRole('table');
      expect(screen.queryByRole('button', { name: 'Ajouter des comptes' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Modifier/ })).not.toBeInTheDocument();
    });
  });

  describe('ressources humaines', () => {
    const rh = {
      id: 'h1',
      annee: YEAR - 1,
      id_siret: SECONDAIRE,
      nb_adherents: 10,
      nb_adherents_f: 4,
      nb_adherents_h: 5,
      nb_dirigeants: 3,
      nb_benevoles: 8,
      nb_salaries: 2,
      nb_salaries_etpt: 1.5,
      nb_volontaires: null,
      cumul_top_5_salaires: 60000,
    };

    it('refuses women + men above the members next to the field, then creates for the chosen year and SIRET', async () => {
      let sent: RecordedRequest | undefined;
      setup({
        extra: partApi('rhs', {
          list: [],
          POST: keep((r) => (sent = r), 201, { ...rh, id_siret: SIEGE, annee: YEAR }),
        }),
      });
      renderTab('ressources-humaines');
      await userEvent.click(await screen.findByRole('button', { name: 'Ajouter des effectifs' }));
      const etabs = within(screen.getByLabelText('Établissement')).getAllByRole('option').slice(1);
      expect(etabs.map((o) => o.getAttribute('value'))).toEqual([SIEGE, SECONDAIRE]);
      await userEvent.selectOptions(screen.getByLabelText('Année'), String(YEAR));
      await userEvent.selectOptions(screen.getByLabelText('Établissement'), SIEGE);
      await typeIn('Nombre d’adhérents', '10');
      await typeIn('dont adhérentes (femmes)', '6');
      await typeIn('dont adhérents (hommes)', '5');
      await typeIn('Salariés en équivalent temps plein travaillé (ETPT)', '1,25');
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les effectifs' }));
      expect(await screen.findByText(ASSOCIATION_FILE_MESSAGES.adherentsSplitTooLarge)).toBeInTheDocument();
      expect(sent).toBeUndefined();
      expect(field('dont adhérents (hommes)')).toHaveValue('5');
      await typeIn('dont adhérents (hommes)', '4');
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les effectifs' }));
      await waitFor(() => expect(sent).toBeDefined());
      expect(sent!.url).toBe(`/api/proxy-asso/association/rhs?id_asso=${ID}&id_siret=${SIEGE}&annee=${YEAR}`);
      expect(sent!.body).toMatchObject({
        nb_adherents: 10,
        nb_adherents_f: 6,
        nb_adherents_h: 4,
        nb_salaries_etpt: 1.25,
      });
    });

    it('lets a secondary establishment’s member edit their SIRET’s figures, sending only the changes', async () => {
      let sent: unknown;
      const link = makeLink({ type: 'Etablissement secondaire', id_siret: SECONDAIRE });
      setup({
        link,
        etablissements: [etab(SECONDAIRE)],
        extra: partApi('rhs', { list: [rh], PATCH: keep((r) => (sent = r.body), 200, { ...rh, nb_benevoles: 12 }) }),
      });
      renderTab('ressources-humaines');
      await userEvent.click(
        await screen.findByRole('button', { name: `Modifier les effectifs ${YEAR - 1} de 732 829 320 00082` }),
      );
      expect(field('Salariés en équivalent temps plein travaillé (ETPT)')).toHaveValue('1.5');
      await typeIn('Nombre de bénévoles', '12');
      await typeIn('Nombre de volontaires', '1');
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les effectifs' }));
      await waitFor(() => expect(sent).toBeDefined());
      expect(sent).toEqual([
        { key: 'nb_benevoles', value: 12 },
        { key: 'nb_volontaires', value: 1 },
      ]);
    });
  });

  describe('agréments', () => {
    const agrement = {
      id: 'g1',
      type: 'Jeunesse et éducation populaire',
      numero: 'JEP-37-001',
      niveau: 'Départemental',
      attributeur: 'SDJES 37',
      origine_instructeur: null,
      date_attribution: '2020-03-15',
      date_validite: '2025-03-14',
    };

    it('shows dates DD/MM/YYYY, refuses a validity before the attribution, sends only the changes', async () => {
      let sent: unknown;
      const fake = setup({
        extra: partApi('agrements', { list: [agrement], PATCH: keep((r) => (sent = r.body), 200, agrement) }),
      });
      renderTab('agrements');
      const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
      expect(within(row).getByText('15/03/2020')).toBeInTheDocument();
      expect(within(row).getByText('14/03/2025')).toBeInTheDocument();
      await userEvent.click(
        screen.getByRole('button', { name: 'Modifier l’agrément Jeunesse et éducation populaire n° JEP-37-001' }),
      );
      const validite = field('Date de fin de validité (facultatif)');
      expect(validite).toHaveAttribute('type', 'date');
      expect(validite).toHaveValue('2025-03-14');
      await typeIn('Date de fin de validité (facultatif)', '2019-12-31');
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer l’agrément' }));
      expect(await screen.findByText(ASSOCIATION_FILE_MESSAGES.validiteBeforeAttribution)).toBeInTheDocument();
      expect(writes(fake)).toHaveLength(0);
      await typeIn('Date de fin de validité (facultatif)', '2030-03-14');
      await typeIn('Origine instructeur (facultatif)', 'DDCS');
      await typeIn('Niveau (facultatif)', '');
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer l’agrément' }));
      await waitFor(() => expect(sent).toBeDefined());
      expect(sent).toEqual([
        { key: 'niveau', value: null },
        { key: 'origine_instructeur', value: 'DDCS' },
        { key: 'date_validite', value: '2030-03-14' },
      ]);
    });

    it('requires the type of a new approval', async () => {
      const fake = setup({ extra: partApi('agrements', { list: [] }) });
      renderTab('agrements');
      await userEvent.click(await screen.findByRole('button', { name: 'Ajouter un agrément' }));
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer l’agrément' }));
      expect(await screen.findByText(MESSAGES.required('type d’agrément'))).toBeInTheDocument();
      expect(writes(fake)).toHaveLength(0);
    });
  });

  describe('affiliations', () => {
    const reseau = {
      id: 'n1',
      nom: 'Fédération française de basket-ball',
      objet: null,
      numero: 'FFBB-123',
      id_siren: '775671332',
      adresse: null,
      nb_licencies: 120,
      nb_licencies_f: 50,
      nb_licencies_h: 70,
    };

    it('refuses women + men above the licensees, then sends only the changed fields', async () => {
      let sent: unknown;
      const fake = setup({
        extra: partApi('reseaux_affiliation', { list: [reseau], PATCH: keep((r) => (sent = r.body), 200, reseau) }),
      });
      renderTab('affiliations');
      expect(await screen.findByText('775 671 332')).toBeInTheDocument();
      await userEvent.click(
        screen.getByRole('button', { name: 'Modifier l’affiliation à Fédération française de basket-ball' }),
      );
      await typeIn('dont licenciées femmes (facultatif)', '60');
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le réseau' }));
      expect(await screen.findByText(ASSOCIATION_FILE_MESSAGES.licenciesSplitTooLarge)).toBeInTheDocument();
      expect(writes(fake)).toHaveLength(0);
      await typeIn('Nombre de licenciés (facultatif)', '130');
      await typeIn('Numéro d’affiliation (facultatif)', 'FFBB 123');
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le réseau' }));
      expect(await screen.findByText(MESSAGES.badFormat('numéro d’affiliation'))).toBeInTheDocument();
      await typeIn('Numéro d’affiliation (facultatif)', 'FFBB-123');
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le réseau' }));
      await waitFor(() => expect(sent).toBeDefined());
      expect(sent).toEqual([
        { key: 'nb_licencies', value: 130 },
        { key: 'nb_licencies_f', value: 60 },
      ]);
    });

    it('searches the registry for a parent and affiliates to it; a refusal is shown', async () => {
      const parent = {
        id_correspondance: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
        nom: 'Ligue du Centre de basket',
        sigle: 'LCB',
        id_rna: 'W372000001',
        id_siren: '775671332',
        id_siret_siege: null,
        cp: '45000',
        commune: 'Orléans',
      };
      let listed = 0;
      let affiliations = 0;
      const fake = setup({
        extra: {
          'GET /api/proxy-asso/association/reseaux_affiliation': () =>
            json(200, listed++ === 0 ? [] : [{ ...reseau, nom: parent.nom, numero: null }]),
          'GET /api/proxy-asso/association/search': () =>
            json(200, { type: 'nom', total: 1, total_exact: true, page: 1, limit: 10, items: [parent] }),
          'POST /api/proxy-asso/association/reseauxAffiliation': () =>
            affiliations++ === 0
              ? json(400, {
                  message: MESSAGES.invalidForm,
                  status: 400,
                  code: 'VALIDATION_ERROR',
                  fields: { 'query.id_asso_parent': ASSOCIATION_FILE_MESSAGES.selfAffiliation },
                })
              : json(201, { ...reseau, nom: parent.nom }),
        },
      });
      renderTab('affiliations');
      await screen.findByText('Aucune affiliation n’est enregistrée.');
      const search = screen.getByLabelText('Tête de réseau : nom, numéro RNA, SIREN ou SIRET');
      await userEvent.type(search, 'Li');
      await userEvent.click(screen.getByRole('button', { name: 'Rechercher la tête de réseau' }));
      expect(await screen.findByText(SEARCH_MESSAGES.termTooShort)).toBeInTheDocument();
      await userEvent.type(search, 'gue du centre');
      await userEvent.click(screen.getByRole('button', { name: 'Rechercher la tête de réseau' }));
      const found = within(await screen.findByRole('list', { name: 'Têtes de réseau trouvées' }));
      expect(found.getByText('Ligue du Centre de basket (LCB)')).toBeInTheDocument();
      const searchCall = fake.requests.find((r) => r.url.startsWith('/api/proxy-asso/association/search'))!;
      expect(new URL(searchCall.url, 'http://x').searchParams.get('q')).toBe('Ligue du centre');

      await userEvent.click(found.getByRole('button', { name: 'S’affilier à Ligue du Centre de basket' }));
      expect(await screen.findByText(ASSOCIATION_FILE_MESSAGES.selfAffiliation)).toBeInTheDocument();
      await userEvent.click(found.getByRole('button', { name: 'S’affilier à Ligue du Centre de basket' }));
      await waitFor(() =>
        expect(toasts.getToasts().map((t) => t.message)).toContain(AFFILIATED('Ligue du Centre de basket')),
      );
      const post = fake.requests.filter((r) => r.method === 'POST').at(-1)!;
      expect(post.url).toBe(
        `/api/proxy-asso/association/reseauxAffiliation?id_asso_membre=${ID}&id_asso_parent=${parent.id_correspondance}`,
      );
      expect(post.body).toBeUndefined();
      const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
      expect(within(row).getByText('Ligue du Centre de basket')).toBeInTheDocument();
    });
  });
});

describe('journal des modifications', () => {
  const entry = (overrides: Partial<AuditEntryView>): AuditEntryView => ({
    id: 'e1',
    seq: 1,
    date: '2026-11-23T13:05:00.000Z',
    auteur: 'tresorier@example.org',
    entite: 'rib',
    entite_id: 'rib1',
    action: 'create',
    id_siret: SIEGE,
    changements: [],
    ...overrides,
  });

  it('lists the trail newest first: date, person, what changed, each field before → after (IBAN masked by the server)', async () => {
    const fake = setup({
      extra: partApi('journal', {
        list: [
          entry({
            id: 'e3',
            seq: 3,
            action: 'update',
            changements: [{ champ: 'iban', avant: '•••••••••••••••••••••••0189', apres: '•••••••••••••••••••••••2606' }],
          }),
          entry({ id: 'e2', seq: 2, entite: 'membre', action: 'detach', auteur: 'presidente@asso.example.org', changements: [{ champ: 'email', avant: 'inconnu@example.org', apres: null }] }),
          entry({ id: 'e1', seq: 1, auteur: null, entite: 'representant_legal', changements: [{ champ: 'nom', avant: null, apres: 'Durand' }] }),
        ],
      }),
    });
    renderTab('journal');
    const table = await screen.findByRole('table', { name: /Modifications du dossier/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Modification – Coordonnées bancaires (RIB)');
    expect(rows[0]).toHaveTextContent('tresorier@example.org');
    expect(rows[0]).toHaveTextContent('IBAN : •••••••••••••••••••••••0189 → •••••••••••••••••••••••2606');
    expect(rows[0]).toHaveTextContent(/23\/11\/2026 \d{2}h05/);
    expect(rows[1]).toHaveTextContent('Détachement signalé – Rattachement d\'un membre');
    expect(rows[1]).toHaveTextContent('presidente@asso.example.org');
    expect(rows[2]).toHaveTextContent('Ajout – Représentant légal');
    expect(rows[2]).toHaveTextContent('Le compte association');
    expect(rows[2]).toHaveTextContent('Nom : Durand');
    expect(fake.requests.find((r) => r.url.includes('/association/journal'))!.url).toContain(`id_asso=${ID}`);
  });

  it('says so when nothing was recorded yet, and shows the server message when the journal cannot be read', async () => {
    setup({ extra: partApi('journal', { list: [] }) });
    renderTab('journal');
    expect(await screen.findByText('Aucune modification n’a encore été enregistrée.')).toBeInTheDocument();
    resetAppState();
    setup({ extra: { 'GET /api/proxy-asso/association/journal': () => json(404, { message: MESSAGES.http404, status: 404 }) } });
    renderTab('journal');
    expect(await screen.findAllByText(MESSAGES.http404)).not.toHaveLength(0);
  });
});
