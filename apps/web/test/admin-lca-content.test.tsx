// /administration/lca, the portal's content: notes (checked with the contract's rules before they
// go, the server's refusal shown), questions made required, links removed after confirmation only,
// templates uploaded and downloaded; every table in a region a keyboard scrolls.
import { CONTENT_MESSAGES, MESSAGES, type DocumentModele, type NoteAdmin, type Question, type UsefulUrl } from '@portail/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminLcaPage } from '../src/features/admin/admin-lca-page.tsx';
import { session } from '../src/lib/session/session-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeJwt, makeSession, makeUser } from './support/factories.ts';
import { renderWithQueries } from './support/render-routes.tsx';

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
    await userEvent.type(screen.getByLabelText(/^Pages où afficher la note/), 'dossiers, home');
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
    await userEvent.type(screen.getByLabelText(/^Pages où afficher la note/), 'dossiers');
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
    expect(await screen.findByText(MESSAGES.required('fichier'))).toBeInTheDocument();
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
});
