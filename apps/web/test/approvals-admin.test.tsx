// The approvals' administration (/administration/rda, features/approvals-admin/): the catalogue
// listed with its filters as the list's query; a new approval checked before it goes, then sent
// whole with its expected items; a change sending only what differs (nothing differing: the
// server's « Aucun changement… » shown); the next campaign's duplicate; deletion after confirming;
// the approvals' own expected fields and documents defined on the page, then offered to an approval.
import { api, approvalCatalogueRoutes, MESSAGES, routeUrl, type AgrementView, type ChainHistoryEntry } from '@portail/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ApprovalsAdminPage } from '../src/features/approvals-admin/approvals-admin-page.tsx';
import { changesOf, bodyOf } from '../src/features/approvals-admin/approval-changes.ts';
import { formatTimestamp } from '../src/lib/format/timestamp.ts';
import { session } from '../src/lib/session/session-store.ts';
import { toasts } from '../src/lib/toast/toast-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeJwt, makeSession, makeUser } from './support/factories.ts';
import { renderRoutes } from './support/render-routes.tsx';

afterEach(resetAppState);

const SERVICE = '55555555-5555-4555-8555-555555555555';
const OTHER_SERVICE = '56555555-5555-4555-8555-555555555555';
const ID = '99999999-9999-4999-8999-999999999999';
const expected = { labelCode: null, part: 'dossier' as const, enabled: true, isDefault: false, meta: {}, asks: [] };

function makeAgrement(overrides: Partial<AgrementView> = {}): AgrementView {
  return {
    _id: ID,
    code: 'JEP-IDF',
    type_agrement: 'JEP',
    type_agrement_label: 'Jeunesse et éducation populaire',
    categorie: null,
    service: SERVICE,
    service_nom: 'DRAJES Île-de-France',
    campagne_exercice: 2026,
    code_service: null,
    active: true,
    champs_attendus: [{ ...expected, code: 'nb_adherents', label: "Nombre d'adhérents", type: 'number', obligatoire: true }],
    documents_attendus: [],
    ...overrides,
  };
}

const LIST = routeUrl(approvalCatalogueRoutes.listAgrements);
const ITEM = routeUrl(approvalCatalogueRoutes.updateAgrement, { id: ID });
const CHOICES = {
  [`GET ${routeUrl(api.referentiels.get)}`]: () =>
    json(200, { _id: 'r', type: 'types-agrement', categorie: null, label: "Types d'agrément", optionsCount: 2, options: [{ value: 'JEP', label: 'Jeunesse et éducation populaire', meta: null }, { value: 'HAA', label: 'Habilitation aide alimentaire', meta: null }] }),
  [`GET ${routeUrl(approvalCatalogueRoutes.listAgrementServices)}`]: () =>
    json(200, [{ id: SERVICE, nom: 'DRAJES Île-de-France', niveau_territorial: 'regional' }, { id: OTHER_SERVICE, nom: 'DGCS', niveau_territorial: 'national' }]),
  [`GET ${routeUrl(approvalCatalogueRoutes.listChampsAttendus)}`]: () =>
    json(200, [{ id: '11111111-1111-4111-8111-111111111111', code: 'nb_adherents', label: "Nombre d'adhérents", labelCode: null, type: 'number', enabled: true, isDefault: false, meta: {} }]),
  [`GET ${routeUrl(approvalCatalogueRoutes.listDocumentsAttendus)}`]: () =>
    json(200, [{ id: '22222222-2222-4222-8222-222222222222', code: 'statuts', label: 'Statuts à jour', labelCode: null, nature: 'STC', enabled: true, isDefault: false, meta: {} }]),
};
const ROUTES = { '/administration/rda': <ApprovalsAdminPage /> };
const admin = () => session.signIn(makeSession(makeUser({ role: 'rds.admin', roles: ['rds.admin'], associations: [] }), makeJwt(4_000_000_000, 'admin')));

describe('the approvals’ catalogue administration', () => {
  it('lists the approvals and asks the list again with the filters chosen', async () => {
    admin();
    const fake = stubFetch({ ...CHOICES, [`GET ${LIST}`]: () => json(200, [makeAgrement(), makeAgrement({ _id: '98999999-9999-4999-8999-999999999999', code: 'HAA-75', active: false, type_agrement: 'HAA', type_agrement_label: 'Habilitation aide alimentaire' })]) });
    const user = userEvent.setup();
    renderRoutes('/administration/rda', ROUTES);
    const table = await screen.findByRole('table', { name: 'Agréments du catalogue' });
    expect(within(table).getByRole('rowheader', { name: 'JEP-IDF' })).toBeInTheDocument();
    expect(within(table).getByText('Inactif')).toBeInTheDocument();
    expect(within(table).getAllByText('1 champ(s), 0 document(s)')).toHaveLength(2);
    await user.selectOptions(screen.getByLabelText('Type d’agrément'), 'HAA');
    await user.selectOptions(screen.getByLabelText('État'), 'Inactifs');
    await user.type(screen.getByLabelText('Campagne (exercice)'), '2027');
    await user.click(screen.getByRole('button', { name: 'Filtrer' }));
    await waitFor(() => expect(fake.requests.filter((r) => r.url.startsWith(LIST)).at(-1)!.url).toBe(`${LIST}?type=HAA&campagne_exercice=2027&active=false`));
  });

  it('creates an approval: the required fields checked first, then the whole body with its expected items', async () => {
    admin();
    const fake = stubFetch({ ...CHOICES, [`GET ${LIST}`]: () => json(200, []), [`POST ${LIST}`]: () => json(201, makeAgrement({ code: 'HAA-75' })) });
    const user = userEvent.setup();
    renderRoutes('/administration/rda', ROUTES);
    await user.click(await screen.findByRole('button', { name: 'Créer un agrément' }));
    expect(screen.getByRole('heading', { name: 'Nouvel agrément' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Créer l’agrément' }));
    expect(await screen.findByText(MESSAGES.pleaseFill('code'), { selector: 'a' })).toBeInTheDocument();
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);
    await user.type(screen.getByLabelText('Code *'), 'HAA-75');
    await user.selectOptions(screen.getByLabelText('Type d’agrément *'), 'Habilitation aide alimentaire');
    await user.selectOptions(screen.getByLabelText('Service instructeur *'), 'DGCS (national)');
    await user.clear(screen.getByLabelText('Campagne (exercice) *'));
    await user.type(screen.getByLabelText('Campagne (exercice) *'), '2027');
    await user.click(screen.getByLabelText('Agrément actif (ouvert aux demandes)'));
    await user.click(screen.getByLabelText('Statuts à jour (statuts)'));
    await user.click(within(screen.getByRole('group', { name: /Documents attendus obligatoires/ })).getByLabelText('Statuts à jour'));
    await user.click(screen.getByRole('button', { name: 'Créer l’agrément' }));
    await waitFor(() =>
      expect(fake.requests.find((r) => r.method === 'POST')!.body).toEqual({
        code: 'HAA-75', type_agrement: 'HAA', service: OTHER_SERVICE, campagne_exercice: 2027, code_service: null, active: true,
        champs_attendus: [], documents_attendus: [{ code: 'statuts', asks: [], obligatoire: true }],
      }),
    );
    await waitFor(() => expect(toasts.getToasts().map((t) => t.message)).toContain('L’agrément HAA-75 a été créé.'));
    expect(screen.queryByRole('heading', { name: 'Nouvel agrément' })).toBeNull();
  });

  it('changes an approval by its differences only; nothing changed is the server’s « Aucun changement… »', async () => {
    admin();
    let patched = 0;
    const fake = stubFetch({
      ...CHOICES,
      [`GET ${LIST}`]: () => json(200, [makeAgrement()]),
      [`PATCH ${ITEM}`]: () => (patched++ === 0 ? json(400, { code: 'NO_CHANGE_DETECTED', message: MESSAGES.noChangeDetected }) : json(200, makeAgrement({ code_service: 'AG-12' }))),
    });
    const user = userEvent.setup();
    renderRoutes('/administration/rda', ROUTES);
    await user.click(await screen.findByRole('button', { name: 'Modifier l’agrément JEP-IDF (campagne 2026)' }));
    expect(screen.getByLabelText('Code *')).toHaveValue('JEP-IDF');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(await screen.findByText(MESSAGES.noChangeDetected)).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === 'PATCH')!.body).toEqual({});
    await user.type(screen.getByLabelText('Code du service'), 'AG-12');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() => expect(fake.requests.filter((r) => r.method === 'PATCH')[1]!.body).toEqual({ code_service: 'AG-12' }));
    await waitFor(() => expect(toasts.getToasts().map((t) => t.message)).toContain('L’agrément JEP-IDF a été modifié.'));
  });

  it('duplicates an approval into the next campaign, and deletes one only once confirmed', async () => {
    admin();
    const fake = stubFetch({
      ...CHOICES,
      [`GET ${LIST}`]: () => json(200, [makeAgrement()]),
      [`POST ${routeUrl(approvalCatalogueRoutes.duplicateAgrement, { id: ID })}`]: () => json(201, makeAgrement({ _id: '97999999-9999-4999-8999-999999999999', campagne_exercice: 2027, active: false })),
      [`DELETE ${ITEM}`]: () => json(200, { message: "L'agrément a été supprimé." }),
    });
    const user = userEvent.setup();
    renderRoutes('/administration/rda', ROUTES);
    await user.click(await screen.findByRole('button', { name: 'Dupliquer l’agrément JEP-IDF (campagne 2026) pour la campagne suivante' }));
    await waitFor(() => expect(toasts.getToasts().map((t) => t.message)).toContain('L’agrément JEP-IDF a été dupliqué pour la campagne 2027 (inactif).'));
    await user.click(screen.getByRole('button', { name: 'Supprimer l’agrément JEP-IDF (campagne 2026)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer l’agrément JEP-IDF (campagne 2026) ?' });
    expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer l’agrément' }));
    await waitFor(() => expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(toasts.getToasts().map((t) => t.message)).toContain("L'agrément a été supprimé."));
  });

  it('gives a linked field conditions in the shared editor, checked before they apply, and sends them with the approval', async () => {
    admin();
    const fake = stubFetch({ ...CHOICES, [`GET ${LIST}`]: () => json(200, []), [`POST ${LIST}`]: () => json(201, makeAgrement({ code: 'JEP-COND' })) });
    const user = userEvent.setup();
    renderRoutes('/administration/rda', ROUTES);
    await user.click(await screen.findByRole('button', { name: 'Créer un agrément' }));
    await user.type(screen.getByLabelText('Code *'), 'JEP-COND');
    await user.selectOptions(screen.getByLabelText('Type d’agrément *'), 'JEP');
    await user.selectOptions(screen.getByLabelText('Service instructeur *'), SERVICE);
    await user.click(screen.getByLabelText("Nombre d'adhérents (nb_adherents)"));
    expect(screen.getByText(/Nombre d'adhérents : Toujours demandé/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Conditions de « Nombre d'adhérents »" }));
    const editor = screen.getByRole('region', { name: "Conditions de « Nombre d'adhérents »" });
    await user.click(within(editor).getByRole('button', { name: 'Ajouter une condition' }));
    // No preview for an approval, no TCA box; a key is needed before it applies (the approval's form not sent).
    expect(within(editor).queryByRole('button', { name: 'Prévisualiser les dossiers concernés' })).toBeNull();
    expect(within(editor).queryByLabelText(/couplé à une demande de TCA/)).toBeNull();
    await user.click(within(editor).getByRole('button', { name: 'Appliquer les conditions' }));
    expect(await within(editor).findByRole('alert')).toHaveTextContent('Condition 1');
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);
    await user.selectOptions(within(editor).getByLabelText('Objet lu'), 'description');
    await user.type(within(editor).getByLabelText('Clé'), 'exercice');
    await user.selectOptions(within(editor).getByLabelText('Opérateur'), '>=');
    await user.type(within(editor).getByLabelText('Valeur'), '2026');
    await user.click(within(editor).getByRole('button', { name: 'Appliquer les conditions' }));
    expect(screen.getByText(/Nombre d'adhérents : description\.exercice est supérieur ou égal à 2026/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Créer l’agrément' }));
    await waitFor(() => expect(fake.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(fake.requests.find((r) => r.method === 'POST')!.body).toMatchObject({
      code: 'JEP-COND',
      champs_attendus: [{ code: 'nb_adherents', obligatoire: false, asks: [{ scope: 'description', key: 'exercice', operator: '>=', value: 2026 }] }],
    });
  });

  it('defines an expected field and an expected document of the approvals, then offers them to an approval; the server’s refusal shown at its field', async () => {
    admin();
    const champs: object[] = [];
    const documents: object[] = [];
    const definition = (id: string, body: object) => ({ id, labelCode: null, isDefault: false, meta: {}, enabled: true, ...body });
    const CHAMPS = routeUrl(approvalCatalogueRoutes.listChampsAttendus);
    const DOCUMENTS = routeUrl(approvalCatalogueRoutes.listDocumentsAttendus);
    const fake = stubFetch({
      ...CHOICES,
      [`GET ${routeUrl(api.referentiels.get)}`]: (request) =>
        request.url.includes('type=types-documents')
          ? json(200, { _id: 'd', type: 'types-documents', categorie: null, label: 'Types de documents', optionsCount: 2, options: [{ value: 'STC', label: 'Statuts', meta: null }, { value: 'RI', label: 'Règlement intérieur', meta: null }] })
          : CHOICES[`GET ${routeUrl(api.referentiels.get)}`]!(),
      [`GET ${LIST}`]: () => json(200, []),
      [`GET ${CHAMPS}`]: () => json(200, champs),
      [`GET ${DOCUMENTS}`]: () => json(200, documents),
      [`POST ${CHAMPS}`]: (request) => {
        const body = request.body as { type: string };
        if (body.type !== 'number') return json(400, { statusCode: 400, code: 'EXPECTED_FIELD_TYPE_UNKNOWN', message: 'Type inconnu.', fields: { type: 'Type inconnu.' } });
        const created = definition('33333333-3333-4333-8333-333333333333', body);
        champs.push(created);
        return json(201, created);
      },
      [`POST ${DOCUMENTS}`]: (request) => {
        const created = definition('44444444-4444-4444-8444-444444444444', request.body as object);
        documents.push(created);
        return json(201, created);
      },
    });
    const user = userEvent.setup();
    renderRoutes('/administration/rda', ROUTES);
    const section = await screen.findByRole('region', { name: 'Champs et documents attendus des agréments' });
    const fields = within(section).getByRole('region', { name: 'Champs attendus' });
    expect(await within(fields).findByText('Aucune définition.')).toBeInTheDocument();

    // A field: refused by the server first (its message at the type), then created.
    await user.click(within(fields).getByRole('button', { name: 'Nouveau champ attendu' }));
    const form = within(fields).getByRole('form', { name: 'Nouveau champ attendu' });
    await user.type(within(form).getByLabelText(/^Code/), 'nb_benevoles');
    await user.type(within(form).getByLabelText(/^Libellé/), 'Nombre de bénévoles');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Type inconnu.');
    expect(within(form).getByLabelText('Type de réponse')).toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(within(form).getByLabelText('Type de réponse'), 'Nombre entier');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(fields).findByRole('rowheader', { name: 'Nombre de bénévoles' })).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'POST' && r.url === CHAMPS).at(-1)!.body).toEqual({
      code: 'nb_benevoles', label: 'Nombre de bénévoles', labelCode: null, meta: {}, enabled: true, isDefault: false, type: 'number',
    });

    // A document: its nature chosen among the association file's document types.
    const docs = within(section).getByRole('region', { name: 'Documents attendus' });
    await user.click(within(docs).getByRole('button', { name: 'Nouveau document attendu' }));
    const docForm = within(docs).getByRole('form', { name: 'Nouveau document attendu' });
    await user.type(within(docForm).getByLabelText(/^Code/), 'reglement');
    await user.type(within(docForm).getByLabelText(/^Libellé/), 'Règlement intérieur signé');
    await user.selectOptions(await within(docForm).findByLabelText('Nature (type de document)'), 'Règlement intérieur (RI)');
    await user.click(within(docForm).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(docs).findByRole('rowheader', { name: 'Règlement intérieur signé' })).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'POST' && r.url === DOCUMENTS).at(-1)!.body).toMatchObject({ code: 'reglement', nature: 'RI' });

    // Both are offered at once to a new approval.
    await user.click(screen.getByRole('button', { name: 'Créer un agrément' }));
    expect(await screen.findByLabelText('Nombre de bénévoles (nb_benevoles)')).toBeInTheDocument();
    expect(screen.getByLabelText('Règlement intérieur signé (reglement)')).toBeInTheDocument();
  });
});

describe('the history of the approvals’ catalogue', () => {
  const HISTORY = routeUrl(approvalCatalogueRoutes.approvalCatalogueHistory);
  const entry = (seq: number, over: Partial<ChainHistoryEntry> = {}): ChainHistoryEntry => ({
    id: `eeeeeeee-0000-4000-8000-${String(seq).padStart(12, '0')}`, seq, date: '2026-11-27T09:05:00.000Z', auteur: 'programme.osiris@demo.example.org',
    entite: 'agrement', entite_id: ID, element: 'JEP-IDF', action: 'update', id_siret: null, changements: [{ champ: 'code_service', avant: null, apres: 'JEP-75' }], ...over,
  });

  it('lists who changed which approval or definition, when and how, filters by kind of element, reads the next page by keyset', async () => {
    admin();
    const fake = stubFetch({
      ...CHOICES,
      [`GET ${LIST}`]: () => json(200, []),
      [`GET ${HISTORY}`]: (request) => {
        const query = new URL(request.url, 'http://portail').searchParams;
        if (query.get('entite') === 'document_attendu') {
          return json(200, { entries: [entry(9, { entite: 'document_attendu', element: 'Statuts à jour', action: 'create', changements: [{ champ: 'nature', avant: null, apres: 'STC' }] })], suivant: null });
        }
        if (query.get('avant') === '4') return json(200, { entries: [entry(2, { action: 'delete', auteur: null, changements: [{ champ: 'active', avant: 'Oui', apres: null }] })], suivant: null });
        return json(200, { entries: [entry(5, { changements: [{ champ: 'api_token', avant: '•••• (masqué)', apres: '•••• (masqué)' }] }), entry(4)], suivant: 4 });
      },
    });
    const user = userEvent.setup();
    renderRoutes('/administration/rda', ROUTES);
    // The catalogue first; its history in the second tab, asked only once opened.
    await screen.findByRole('heading', { name: 'Liste des agréments' });
    expect(fake.requests.some((r) => r.url.startsWith(HISTORY))).toBe(false);
    await user.click(screen.getByRole('tab', { name: 'Historique des modifications' }));
    const region = await screen.findByRole('region', { name: 'Modifications du catalogue des agréments (2 et plus)' });
    expect(region).toHaveAttribute('tabindex', '0');
    const rows = within(region).getAllByRole('row').slice(1);
    expect(within(rows[1]!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      formatTimestamp('2026-11-27T09:05:00.000Z'),
      'programme.osiris@demo.example.org',
      'Agrément : JEP-IDF',
      'Modification',
      'Code du service : — → JEP-75',
    ]);
    expect(rows[0]).toHaveTextContent('api_token : •••• (masqué) → •••• (masqué)');
    expect(fake.requests.at(-1)!.url).toContain('limit=50');

    await user.click(screen.getByRole('button', { name: 'Afficher plus de modifications' }));
    const all = await screen.findByRole('region', { name: 'Modifications du catalogue des agréments (3)' });
    expect(within(all).getAllByRole('row').at(-1)).toHaveTextContent('Le portail');
    expect(within(all).getAllByRole('row').at(-1)).toHaveTextContent('Suppression');
    expect(fake.requests.at(-1)!.url).toContain('avant=4');

    expect(within(screen.getByLabelText('Type d’élément')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Tous les éléments', 'Agrément', 'Définition de champ attendu', 'Définition de document attendu',
    ]);
    await user.selectOptions(screen.getByLabelText('Type d’élément'), screen.getByRole('option', { name: 'Définition de document attendu' }));
    const documents = await screen.findByRole('region', { name: 'Modifications du catalogue des agréments (1)' });
    expect(documents).toHaveTextContent('Définition de document attendu : Statuts à jour');
    expect(documents).toHaveTextContent('Nature (type de document) : STC');
    expect(fake.requests.at(-1)!.url).toContain('entite=document_attendu');
    // Read only: nothing to change from this tab.
    expect(screen.queryByRole('button', { name: /^(Modifier|Supprimer|Créer)/ })).toBeNull();
  }, 30_000);
});

describe('the readable history of the approvals’ catalogue', () => {
  const HISTORY = routeUrl(approvalCatalogueRoutes.approvalCatalogueHistory);
  it('shows the values as the server words them: names, lists as bullets, Oui/Non; no JSON nor id in the cells', async () => {
    admin();
    stubFetch({
      ...CHOICES,
      [`GET ${LIST}`]: () => json(200, []),
      [`GET ${HISTORY}`]: () =>
        json(200, {
          suivant: null,
          entries: [{
            id: 'eeeeeeee-0000-4000-8000-000000000001', seq: 1, date: '2026-11-27T09:05:00.000Z', auteur: 'admin@demo.example.org',
            entite: 'agrement', entite_id: ID, element: 'JEP-IDF', action: 'update', id_siret: null,
            changements: [
              { champ: 'service', avant: 'DGCS', apres: 'DRAJES Île-de-France' },
              { champ: 'active', avant: 'Non', apres: 'Oui' },
              { champ: 'champs_attendus', avant: 'aucun', apres: ['Nombre de salariés (obligatoire, si demandeur.description.pluriannuel égal à Oui)', 'Budget (facultatif)'] },
            ],
          } satisfies ChainHistoryEntry],
        }),
    });
    const user = userEvent.setup();
    renderRoutes('/administration/rda', ROUTES);
    await screen.findByRole('heading', { name: 'Liste des agréments' });
    await user.click(screen.getByRole('tab', { name: 'Historique des modifications' }));
    const region = await screen.findByRole('region', { name: 'Modifications du catalogue des agréments (1)' });
    const changes = within(region).getAllByRole('row')[1]!.querySelectorAll('td')[4]!;
    expect(changes).toHaveTextContent('Service instructeur : DGCS → DRAJES Île-de-France');
    expect(changes).toHaveTextContent('Actif : Non → Oui');
    // A list reads as bullets, one item each.
    expect(within(changes).getByText('Budget (facultatif)').tagName).toBe('LI');
    expect(within(changes).getByText(/^Nombre de salariés \(obligatoire/).tagName).toBe('LI');
    expect(changes.textContent).not.toMatch(/[{[]|[0-9a-f]{8}-[0-9a-f]{4}-/);
  }, 30_000);
});

describe('the differences a change sends', () => {
  it('names only the fields that differ, a list of expected items whole when it changes', () => {
    const current = bodyOf(makeAgrement());
    expect(changesOf(current, { ...current })).toEqual({});
    expect(changesOf(current, { ...current, active: false, campagne_exercice: 2027 })).toEqual({ active: false, campagne_exercice: 2027 });
    const champs = [{ code: 'nb_adherents', asks: [], obligatoire: false }];
    expect(changesOf(current, { ...current, champs_attendus: champs })).toEqual({ champs_attendus: champs });
  });
});
