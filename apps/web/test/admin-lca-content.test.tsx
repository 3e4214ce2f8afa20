// /administration/lca, the portal's content: notes (checked with the contract's rules before they
// go, the server's refusal shown), questions made required, links removed after confirmation only,
// templates uploaded (one at a time, a refusal in the focused error summary) and downloaded; every
// table in a region a keyboard scrolls.
import { CONTENT_MESSAGES, DOCUMENT_MESSAGES, errorBody, MESSAGES, PAGE_NAMES, type ContentHistoryEntry, type DocumentModele, type NoteAdmin, type Question, type UsefulUrl } from '@portail/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_TABLE } from '../src/app/route-table.ts';
import { AdminLcaPage } from '../src/features/admin/admin-lca-page.tsx';
import { PAGE_OPTIONS, pageTitle } from '../src/features/admin/content/page-names.ts';
import { formatTimestamp } from '../src/lib/format/timestamp.ts';
import { session } from '../src/lib/session/session-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeJwt, makeSession, makeUser } from './support/factories.ts';
import { renderWithQueries } from './support/render-routes.tsx';
import { expectRefusalInFocusedSummary, heldAnswer, sendTwiceWhileHeld } from './support/sending.ts';

afterEach(() => {
  resetAppState();
  vi.unstubAllGlobals();
});

const LCA = '/api/lca-server';
const NOTE: NoteAdmin = {
  _id: 'aaaaaaaa-0000-4000-8000-000000000001', type: 'warning', title: 'Fermeture', content: '<p>Fermé samedi</p>', routes: ['dossiers'],
  active: true, startsAt: null, endsAt: null, createdAt: '2026-11-27T08:00:00.000Z',
};
const QUESTION: Question = { id: 'bbbbbbbb-0000-4000-8000-000000000001', code: 'autres_financeurs', label: 'Autres financeurs ?', type: 'texte', obligatoire: false, enabled: true, rang: 3 };
const LINK: UsefulUrl = { id: 'cccccccc-0000-4000-8000-000000000001', code: 'service-public', libelle: 'Service-public.fr', url: 'https://www.service-public.fr', rang: 0 };
const TEMPLATE: DocumentModele = { id: 'dddddddd-0000-4000-8000-000000000001', libelle: 'Cerfa 12156', nom: 'cerfa.pdf', mime_type: 'application/pdf', taille: 2048, date_chargement: '2026-11-27T08:00:00.000Z' };

function signInAdmin() {
  session.signIn(makeSession(makeUser({ role: 'lca.admin', roles: ['lca.admin'], associations: [] }), makeJwt(4_000_000_000, 'admin')));
}
const openTab = async (name: string) => userEvent.click(await screen.findByRole('tab', { name }));

describe('notes on pages', () => {
  it('lists the notes in a keyboard-scrollable table; a new note is checked before it goes, then sent with its pages', async () => {
    signInAdmin();
    const fake = stubFetch({
      [`GET ${LCA}/notesOnPage/all`]: () => json(200, [NOTE]),
      [`POST ${LCA}/notesOnPage`]: (request) => json(201, { ...NOTE, ...(request.body as object), _id: 'aaaaaaaa-0000-4000-8000-000000000002' }),
    });
    renderWithQueries(<AdminLcaPage />);
    const region = await screen.findByRole('region', { name: 'Notes des pages (1)' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('cell', { name: 'Mes dossiers (dossiers)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Ajouter une note' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Nouvelle note' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la note' }));
    expect(await screen.findByText(MESSAGES.invalidForm)).toBeInTheDocument();
    expect(screen.getByText(CONTENT_MESSAGES.routesRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.required('contenu'))).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'POST')).toEqual([]);

    await userEvent.type(screen.getByLabelText(/^Titre/), 'Maintenance');
    await userEvent.type(screen.getByLabelText(/^Contenu/), '<p>Maintenance lundi</p>');
    // The pages are chosen by their title; one chosen is no longer offered, one removed is again.
    const pages = screen.getByRole('group', { name: 'Pages où afficher la note' });
    const choose = async (label: string) => {
      await userEvent.selectOptions(within(pages).getByLabelText(/^Page à ajouter/), within(pages).getByRole('option', { name: label }));
      await userEvent.click(within(pages).getByRole('button', { name: 'Ajouter la page' }));
    };
    await choose('Mes dossiers (dossiers)');
    await choose('Connexion (login)');
    await choose('Accueil (home)');
    expect(within(pages).queryByRole('option', { name: 'Mes dossiers (dossiers)' })).toBeNull();
    await userEvent.click(within(pages).getByRole('button', { name: 'Retirer la page Connexion (login)' }));
    expect(within(pages).getByLabelText(/^Page à ajouter/)).toHaveFocus();
    expect(within(pages).getByRole('option', { name: 'Connexion (login)' })).toBeInTheDocument();
    expect(within(within(pages).getByRole('list', { name: 'Pages choisies' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Mes dossiers (dossiers)',
      'Accueil (home)',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la note' }));
    await waitFor(() => expect(fake.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(fake.requests.find((r) => r.method === 'POST')!.body).toEqual({
      type: 'info', title: 'Maintenance', content: '<p>Maintenance lundi</p>', routes: ['dossiers', 'home'], active: true, startsAt: null, endsAt: null,
    });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Nouvelle note' })).toBeNull());
  }, 30_000);

  it("shows the server's refusal of a note whose HTML is nothing once sanitised, next to its field", async () => {
    signInAdmin();
    stubFetch({
      [`GET ${LCA}/notesOnPage/all`]: () => json(200, []),
      [`POST ${LCA}/notesOnPage`]: () => json(400, { message: CONTENT_MESSAGES.noteEmpty, status: 400, code: 'VALIDATION_ERROR', fields: { content: CONTENT_MESSAGES.noteEmpty } }),
    });
    renderWithQueries(<AdminLcaPage />);
    expect(await screen.findByText('Aucune note n’est enregistrée.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter une note' }));
    await userEvent.type(screen.getByLabelText(/^Contenu/), '<script>x</script>');
    await userEvent.selectOptions(screen.getByLabelText(/^Page à ajouter/), screen.getByRole('option', { name: 'Mes dossiers (dossiers)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter la page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la note' }));
    expect(await screen.findAllByText(CONTENT_MESSAGES.noteEmpty)).toHaveLength(2);
    expect(screen.getByLabelText(/^Contenu/)).toHaveAttribute('aria-invalid', 'true');
  }, 30_000);

  it('deletes a note only once confirmed', async () => {
    signInAdmin();
    const fake = stubFetch({
      [`GET ${LCA}/notesOnPage/all`]: () => json(200, [NOTE]),
      [`DELETE ${LCA}/notesOnPage/${NOTE._id}`]: () => json(200, { message: CONTENT_MESSAGES.noteDeleted }),
    });
    renderWithQueries(<AdminLcaPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer la note Fermeture' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Voulez-vous vraiment supprimer la note « Fermeture » ?');
    expect(fake.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmer la suppression de la note Fermeture' }));
    await waitFor(() => expect(fake.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
  }, 30_000);
});

describe('the pages a note may name', () => {
  it('are the route table’s pages, one per name, by title; the contract’s names and the table’s are the same', () => {
    const tableNames = new Set(ROUTE_TABLE.map((r) => r.meta.name));
    expect([...tableNames].sort()).toEqual([...PAGE_NAMES].sort());
    expect(PAGE_OPTIONS.map((o) => o.value).sort()).toEqual([...PAGE_NAMES].sort());
    expect(PAGE_OPTIONS.find((o) => o.value === 'administration-lca')?.label).toBe('Administration du compte association (administration-lca)');
  });

  it('refuses, before it goes and next to the picker, a note kept on a page that no longer exists; the page can be removed', async () => {
    signInAdmin();
    const stale = { ...NOTE, routes: ['ancienne-page'] };
    const fake = stubFetch({ [`GET ${LCA}/notesOnPage/all`]: () => json(200, [stale]) });
    renderWithQueries(<AdminLcaPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier la note Fermeture' }));
    const pages = screen.getByRole('group', { name: 'Pages où afficher la note' });
    expect(within(pages).getByRole('button', { name: 'Retirer la page ancienne-page' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la note' }));
    expect(await within(pages).findByText(CONTENT_MESSAGES.unknownPage)).toBeInTheDocument();
    expect(within(pages).getByLabelText(/^Page à ajouter/)).toHaveAttribute('aria-invalid', 'true');
    expect(fake.requests.filter((r) => r.method === 'PUT')).toEqual([]);
    await userEvent.click(within(pages).getByRole('button', { name: 'Retirer la page ancienne-page' }));
    expect(within(pages).getByText('Aucune page choisie.')).toBeInTheDocument();
    expect(within(pages).queryByText(CONTENT_MESSAGES.unknownPage)).toBeNull();
    expect(within(pages).getByLabelText(/^Page à ajouter/)).not.toHaveAttribute('aria-invalid');
  }, 30_000);
});

describe('questions, links and templates', () => {
  it('makes a question required: the change goes with its code unchanged', async () => {
    signInAdmin();
    const fake = stubFetch({
      [`GET ${LCA}/notesOnPage/all`]: () => json(200, []),
      [`GET ${LCA}/questions`]: () => json(200, [QUESTION]),
      [`PUT ${LCA}/questions/${QUESTION.id}`]: (request) => json(200, { ...QUESTION, ...(request.body as object) }),
    });
    renderWithQueries(<AdminLcaPage />);
    await openTab('Questions');
    expect(await screen.findByRole('region', { name: 'Questions (1)' })).toHaveAttribute('tabindex', '0');
    await userEvent.click(screen.getByRole('button', { name: 'Modifier la question autres_financeurs' }));
    expect(screen.queryByLabelText(/^Code/)).toBeNull();
    await userEvent.click(screen.getByLabelText('Réponse obligatoire pour transmettre un dossier'));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la question' }));
    await waitFor(() => expect(fake.requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(fake.requests.find((r) => r.method === 'PUT')!.body).toEqual({ label: QUESTION.label, type: 'texte', obligatoire: true, enabled: true, rang: 3 });
  }, 30_000);

  it('refuses a link whose address is not http(s) before it goes, and removes one after confirmation', async () => {
    signInAdmin();
    const fake = stubFetch({
      [`GET ${LCA}/notesOnPage/all`]: () => json(200, []),
      [`GET ${LCA}/urls`]: () => json(200, [LINK]),
      [`DELETE ${LCA}/urls/${LINK.id}`]: () => json(200, { message: CONTENT_MESSAGES.urlDeleted }),
    });
    renderWithQueries(<AdminLcaPage />);
    await openTab('Liens utiles');
    await screen.findByRole('region', { name: 'Liens (1)' });
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un lien' }));
    await userEvent.type(screen.getByLabelText(/^Code/), 'piege');
    await userEvent.type(screen.getByLabelText(/^Libellé/), 'Piège');
    await userEvent.type(screen.getByLabelText(/^Adresse/), 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le lien' }));
    expect(await screen.findByText(CONTENT_MESSAGES.urlScheme)).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'POST')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Supprimer le lien service-public' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmer la suppression du lien service-public' }));
    await waitFor(() => expect(fake.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
  }, 30_000);

  it('asks for a file before uploading a template, sends it as multipart, downloads one with the token', async () => {
    signInAdmin();
    const fake = stubFetch({
      [`GET ${LCA}/notesOnPage/all`]: () => json(200, []),
      [`GET ${LCA}/documents-modeles`]: () => json(200, [TEMPLATE]),
      [`POST ${LCA}/documents-modeles`]: () => json(201, TEMPLATE),
      [`GET ${LCA}/documents-modeles/${TEMPLATE.id}`]: () => new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });
    const saved = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => { saved(); return 'blob:x'; }, revokeObjectURL: () => undefined }));
    renderWithQueries(<AdminLcaPage />);
    await openTab('Modèles de documents');
    const region = await screen.findByRole('region', { name: 'Modèles de documents (1)' });
    expect(within(region).getByRole('cell', { name: '2 Ko' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Déposer un modèle' }));
    await userEvent.type(screen.getByLabelText(/^Libellé/), 'Cerfa 15059');
    await userEvent.click(screen.getByRole('button', { name: 'Déposer le modèle' }));
    // The file's problem under its field and, linked to it, in the focused summary.
    const summary = await screen.findByTestId('error-summary');
    expect(within(summary).getByRole('link', { name: MESSAGES.required('fichier') })).toHaveAttribute('href', '#field-file');
    expect(screen.getByLabelText(/^Fichier/)).toHaveAccessibleDescription(MESSAGES.required('fichier'));
    await waitFor(() => expect(summary).toHaveFocus());
    await userEvent.upload(screen.getByLabelText(/^Fichier/), new File(['%PDF-1.7'], 'cerfa-15059.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Déposer le modèle' }));
    await waitFor(() => expect(fake.requests.some((r) => r.method === 'POST')).toBe(true));
    const upload = fake.requests.find((r) => r.method === 'POST')!;
    expect(upload.url).toContain('libelle=Cerfa+15059');
    expect((upload.formData!.get('file') as File).name).toBe('cerfa-15059.pdf');

    await userEvent.click(screen.getByRole('button', { name: 'Télécharger le modèle Cerfa 12156' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    const get = fake.requests.find((r) => r.url.endsWith(TEMPLATE.id))!;
    expect(get.headers['x-access-token']).toBe(session.getState().token);
  }, 30_000);

  it('uploads one template at a time, the button saying so, and shows the server’s refusal in the focused summary', async () => {
    signInAdmin();
    const held = heldAnswer();
    let answer: 'held' | 'refused' = 'held';
    const fake = stubFetch({
      [`GET ${LCA}/notesOnPage/all`]: () => json(200, []),
      [`GET ${LCA}/documents-modeles`]: () => json(200, [TEMPLATE]),
      [`POST ${LCA}/documents-modeles`]: () => (answer === 'held' ? held.respond() : json(400, errorBody('UPLOAD_INTERRUPTED'))),
    });
    const user = userEvent.setup();
    const posts = () => fake.requests.filter((r) => r.method === 'POST').length;
    const fill = async (libelle: string) => {
      await user.click(await screen.findByRole('button', { name: 'Déposer un modèle' }));
      await user.type(screen.getByLabelText(/^Libellé/), libelle);
      await user.upload(screen.getByLabelText(/^Fichier/), new File(['%PDF-1.7'], 'cerfa.pdf', { type: 'application/pdf' }));
    };
    renderWithQueries(<AdminLcaPage />);
    await openTab('Modèles de documents');
    await screen.findByRole('region', { name: 'Modèles de documents (1)' });

    await fill('Cerfa 15059');
    await sendTwiceWhileHeld({ user, label: 'Déposer le modèle', busyLabel: 'Dépôt…', sent: posts, release: () => held.release(() => json(201, TEMPLATE)) });

    answer = 'refused';
    await fill('Cerfa 15060');
    await user.click(screen.getByRole('button', { name: 'Déposer le modèle' }));
    await expectRefusalInFocusedSummary(DOCUMENT_MESSAGES.interrupted);
    expect(posts()).toBe(2);
    expect(screen.getByLabelText(/^Libellé/)).toHaveValue('Cerfa 15060');
  }, 30_000);
});

describe('history of the changes', () => {
  const entry = (seq: number, over: Partial<ContentHistoryEntry> = {}): ContentHistoryEntry => ({
    id: `eeeeeeee-0000-4000-8000-${String(seq).padStart(12, '0')}`, seq, date: '2026-11-27T09:05:00.000Z', auteur: 'admin.lca@demo.example.org',
    entite: 'lien', entite_id: LINK.id, element: 'Service-public.fr', action: 'update', id_siret: null, changements: [{ champ: 'libelle', avant: 'Service-public', apres: 'Service-public.fr' }], ...over,
  });

  it('lists who changed what, when and how, filters by kind of element, reads the next page by keyset', async () => {
    signInAdmin();
    const fake = stubFetch({
      [`GET ${LCA}/notesOnPage/all`]: () => json(200, []),
      [`GET ${LCA}/contenus/historique`]: (request) => {
        const query = new URL(request.url, 'http://portail').searchParams;
        if (query.get('entite') === 'note_page') {
          return json(200, {
            entries: [entry(7, { entite: 'note_page', element: 'Fermeture', action: 'create', changements: [{ champ: 'title', avant: null, apres: 'Fermeture' }, { champ: 'type', avant: null, apres: 'warning' }, { champ: 'routes', avant: null, apres: ['home', 'faq'] }] })],
            suivant: null,
          });
        }
        if (query.get('avant') === '4') return json(200, { entries: [entry(2, { action: 'delete', auteur: null, element: 'Ancien', changements: [{ champ: 'libelle', avant: 'Ancien', apres: null }] })], suivant: null });
        return json(200, { entries: [entry(5, { changements: [{ champ: 'webhook_secret', avant: '•••• (masqué)', apres: '•••• (masqué)' }] }), entry(4)], suivant: 4 });
      },
    });
    renderWithQueries(<AdminLcaPage />);
    await openTab('Historique des modifications');
    const region = await screen.findByRole('region', { name: 'Modifications du contenu (2 et plus)' });
    expect(region).toHaveAttribute('tabindex', '0');
    const rows = within(region).getAllByRole('row').slice(1);
    expect(within(rows[1]!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      formatTimestamp('2026-11-27T09:05:00.000Z'),
      'admin.lca@demo.example.org',
      'Lien utile : Service-public.fr',
      'Modification',
      'Libellé : Service-public → Service-public.fr',
    ]);
    expect(rows[0]).toHaveTextContent('webhook_secret : •••• (masqué) → •••• (masqué)');
    expect(fake.requests.at(-1)!.url).toContain('limit=50');

    await userEvent.click(screen.getByRole('button', { name: 'Afficher plus de modifications' }));
    const all = await screen.findByRole('region', { name: 'Modifications du contenu (3)' });
    expect(within(all).getAllByRole('row').at(-1)).toHaveTextContent('Le portail');
    expect(within(all).getAllByRole('row').at(-1)).toHaveTextContent('Libellé : Ancien → —');
    expect(fake.requests.at(-1)!.url).toContain('avant=4');
    expect(screen.queryByRole('button', { name: 'Afficher plus de modifications' })).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Type d’élément'), screen.getByRole('option', { name: 'Note affichée sur les pages' }));
    const notes = await screen.findByRole('region', { name: 'Modifications du contenu (1)' });
    expect(notes).toHaveTextContent('Ajout');
    expect(notes).toHaveTextContent('Note affichée sur les pages : Fermeture');
    // Its type by its label, its pages by their titles, one per line.
    expect(notes).toHaveTextContent('Type : Avertissement');
    expect(within(notes).getByText(pageTitle('faq')).tagName).toBe('LI');
    expect(pageTitle('faq')).not.toBe('faq');
    expect(notes).toHaveTextContent('Titre : Fermeture');
    expect(fake.requests.at(-1)!.url).toContain('entite=note_page');
    // Read only: nothing to change from this tab.
    expect(screen.queryByRole('button', { name: /^(Modifier|Supprimer|Ajouter)/ })).toBeNull();
  }, 30_000);
});
