// The documents page: list with referential labels, kind filter, client-side file checks, the
// multipart upload with its query (one at a time), server errors next to the field and in the
// focused summary, download link, deletion.
import {
  DOCUMENT_MESSAGES,
  errorBody,
  MESSAGES,
  UPLOAD_MAX_BYTES,
  type AssociationDocument,
  type Referentiel,
} from '@portail/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetLoadedUserInfo } from '../src/app/route-guard.ts';
import { session } from '../src/lib/session/session-store.ts';
import { toasts } from '../src/lib/toast/toast-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch, type RecordedRequest } from './support/fake-fetch.ts';
import { makeJwt, makeLcaUser, makeLink, makeSession, makeUser } from './support/factories.ts';
import { renderApp } from './support/render-app.tsx';
import { expectRefusalInFocusedSummary, heldAnswer, sendTwiceWhileHeld } from './support/sending.ts';

const ID = makeLink().id_correspondance;
const TOKEN = makeJwt(4_000_000_000, 'doc-user');

const typesDocuments: Referentiel = {
  _id: 'r1',
  type: 'types-documents',
  categorie: 'Documents',
  label: 'Types de documents',
  optionsCount: 4,
  options: [
    { value: 'STC', label: 'Statuts', meta: { categorie: 'Association' } },
    { value: 'BUDG', label: 'Budget prévisionnel', meta: { categorie: 'Demande' } },
    { value: 'PROJ', label: 'Présentation du projet', meta: { categorie: 'Projet' } },
    { value: 'ATTAG', label: "Arrêté d'agrément", meta: { categorie: 'Agrément' } },
  ],
};

function doc(overrides: Partial<AssociationDocument>): AssociationDocument {
  const uuid = overrides.uuid ?? 'd0000000-0000-4000-8000-000000000001';
  return {
    uuid,
    id_siret: null,
    type: 'STC',
    etat: 'courant',
    origine: 'LCA',
    annee_validite: 2026,
    date_chargement: '2026-03-05T12:00:00.000Z',
    nom: 'statuts.pdf',
    commentaire: null,
    mime_type: 'application/pdf',
    taille: 245_760,
    url: `/api/proxy-asso/association/documents/download?id_asso=${ID}&id=${uuid}`,
    ...overrides,
  };
}

const DOCS = [
  doc({}),
  doc({ uuid: 'd0000000-0000-4000-8000-000000000002', type: 'BUDG', nom: 'budget-2026.pdf', annee_validite: null }),
  doc({ uuid: 'd0000000-0000-4000-8000-000000000003', type: 'ATTAG', nom: 'arrete.jpg', taille: 2_097_152 }),
];

function setup(extra: Record<string, (request: RecordedRequest) => Response | Promise<Response>> = {}) {
  const user = makeUser();
  session.signIn(makeSession(user, TOKEN));
  return stubFetch({
    'GET /api/lca-server/notesOnPage': () => json(200, []),
    [`GET /api/lca-server/users/${user.lcaId}`]: () => json(200, makeLcaUser(user)),
    'GET /api/api-declaration-server/referentiel': () => json(200, typesDocuments),
    'GET /api/proxy-asso/association/documents': () => json(200, DOCS),
    ...extra,
  });
}

const fileInput = () => screen.getByLabelText(/^Fichier/) as HTMLInputElement;
const table = () => screen.getByRole('table');
const rowNames = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

afterEach(() => {
  resetAppState();
  forgetLoadedUserInfo();
});

describe('documents page', () => {
  it('lists the documents of the first association with referential labels, dates, sizes and download links', async () => {
    const fake = setup();
    renderApp('/associations/documents');
    expect(await screen.findByRole('heading', { level: 1, name: 'Documents de l’association' })).toBeInTheDocument();
    await screen.findByRole('table');
    const list = fake.requests.find((r) => r.url.startsWith('/api/proxy-asso/association/documents'))!;
    expect(list.url).toBe(`/api/proxy-asso/association/documents?id_asso=${ID}`);
    expect(fake.requests.some((r) => r.url === '/api/api-declaration-server/referentiel?type=types-documents')).toBe(
      true,
    );

    const first = within(table()).getAllByRole('row')[1]!;
    expect(within(first).getByText('Statuts')).toBeInTheDocument();
    expect(within(first).getByText('statuts.pdf')).toBeInTheDocument();
    expect(within(first).getByText('2026')).toBeInTheDocument();
    expect(within(first).getByText('05/03/2026')).toBeInTheDocument();
    expect(within(first).getByText('240 Ko')).toBeInTheDocument();
    expect(within(table()).getByText('2 Mo')).toBeInTheDocument();
    // No link carries the access token: nothing in the page points at the API with a token.
    expect(document.body.innerHTML).not.toContain(TOKEN);
  });

  it('downloads through a single-use ticket: the browser opens the ticket URL, never the token', async () => {
    const ticketUrl = '/api/proxy-asso/association/documents/download/ticket-unique';
    const fake = setup({ 'POST /api/proxy-asso/association/documents/ticket': () => json(201, { url: ticketUrl, expires_in: 60 }) });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      renderApp(`/associations/${ID}/documents`);
      await screen.findByRole('table');
      await userEvent.click(screen.getByRole('button', { name: 'Télécharger statuts.pdf' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith(ticketUrl));
      const ticket = fake.requests.find((r) => r.url.startsWith('/api/proxy-asso/association/documents/ticket'))!;
      expect(ticket.method).toBe('POST');
      expect(ticket.url).toBe(`/api/proxy-asso/association/documents/ticket?id_asso=${ID}&id=${DOCS[0]!.uuid}`);
      expect(ticket.headers['x-access-token']).toBe(TOKEN);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says so when the ticket is refused', async () => {
    setup({ 'POST /api/proxy-asso/association/documents/ticket': () => json(404, { message: MESSAGES.http404, status: 404 }) });
    renderApp(`/associations/${ID}/documents`);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger statuts.pdf' }));
    await waitFor(() => expect(toasts.getToasts().map((t) => t.message)).toContain(MESSAGES.http404));
  });

  it('filters by kind: Tous, Demande, Projet, Agrément', async () => {
    setup();
    renderApp(`/associations/${ID}/documents`);
    await screen.findByRole('table');
    const filter = screen.getByLabelText('Nature des documents');
    expect(within(filter).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Tous',
      'Demande',
      'Projet',
      'Agrément',
    ]);
    expect(rowNames()).toEqual(['statuts.pdf', 'budget-2026.pdf', 'arrete.jpg']);
    await userEvent.selectOptions(filter, 'Demande');
    expect(rowNames()).toEqual(['budget-2026.pdf']);
    await userEvent.selectOptions(filter, 'Agrément');
    expect(rowNames()).toEqual(['arrete.jpg']);
    await userEvent.selectOptions(filter, 'Projet');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Aucun document de nature « Projet ».')).toBeInTheDocument();
    await userEvent.selectOptions(filter, 'Tous');
    expect(rowNames()).toHaveLength(3);
  });

  it('refuses a .php file and a file over 15 MB without calling the server, keeping the typed input', async () => {
    const fake = setup();
    renderApp('/associations/documents');
    await screen.findByRole('table');
    const user = userEvent.setup({ applyAccept: false });
    await user.selectOptions(screen.getByLabelText('Type de document'), 'STC');
    await user.type(screen.getByLabelText('Année de validité (facultatif)'), '2026');

    await user.upload(fileInput(), new File(['<?php echo 1; ?>'], 'shell.php', { type: 'application/x-php' }));
    await user.click(screen.getByRole('button', { name: 'Déposer le document' }));
    expect(fileInput()).toHaveAccessibleDescription(DOCUMENT_MESSAGES.forbiddenExtension('php'));

    const big = new File(['%PDF-1.4'], 'gros.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: UPLOAD_MAX_BYTES + 1 });
    await user.upload(fileInput(), big);
    await user.click(screen.getByRole('button', { name: 'Déposer le document' }));
    expect(fileInput()).toHaveAccessibleDescription(DOCUMENT_MESSAGES.tooLarge);

    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);
    expect(screen.getByLabelText('Type de document')).toHaveValue('STC');
    expect(screen.getByLabelText('Année de validité (facultatif)')).toHaveValue(2026);
  });

  it('uploads as multipart with the query, then reloads the list', async () => {
    const uploaded = doc({ uuid: 'd0000000-0000-4000-8000-000000000009', type: 'PROJ', nom: 'projet.pdf' });
    let listCalls = 0;
    const fake = setup({
      'GET /api/proxy-asso/association/documents': () => json(200, listCalls++ === 0 ? DOCS : [...DOCS, uploaded]),
      'POST /api/proxy-asso/association/documents': () => json(201, uploaded),
    });
    renderApp('/associations/documents');
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByLabelText('Type de document'), 'PROJ');
    await userEvent.type(screen.getByLabelText('Année de validité (facultatif)'), '2026');
    const pdf = new File(['%PDF-1.4 petit document'], 'projet.pdf', { type: 'application/pdf' });
    await userEvent.upload(fileInput(), pdf);
    await userEvent.click(screen.getByRole('button', { name: 'Déposer le document' }));

    await waitFor(() => expect(rowNames()).toContain('projet.pdf'));
    const post = fake.requests.find((r) => r.method === 'POST')!;
    expect(post.url).toBe(`/api/proxy-asso/association/documents?id_asso=${ID}&type=PROJ&annee_validite=2026`);
    expect(post.formData).toBeInstanceOf(FormData);
    expect((post.formData!.get('file') as File).name).toBe('projet.pdf');
    expect(post.headers['x-access-token']).toBe(TOKEN);
    expect(Object.keys(post.headers).map((h) => h.toLowerCase())).not.toContain('content-type');
    expect(toasts.getToasts().map((t) => t.message)).toContain('Le document a été déposé.');
    expect(screen.getByLabelText('Type de document')).toHaveValue('');
  });

  it('shows the server refusal next to the file and keeps the input', async () => {
    setup({
      'POST /api/proxy-asso/association/documents': () =>
        json(400, {
          message: DOCUMENT_MESSAGES.contentMismatch,
          status: 400,
          code: 'FILE_CONTENT_REFUSED',
          fields: { file: DOCUMENT_MESSAGES.contentMismatch },
        }),
    });
    renderApp('/associations/documents');
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByLabelText('Type de document'), 'STC');
    await userEvent.upload(fileInput(), new File(['pas un pdf'], 'faux.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Déposer le document' }));
    await waitFor(() => expect(fileInput()).toHaveAccessibleDescription(DOCUMENT_MESSAGES.contentMismatch));
    expect(screen.getByLabelText('Type de document')).toHaveValue('STC');
  });

  it('sends one upload at a time, the button saying so, and shows the server’s refusal in the focused summary', async () => {
    const held = heldAnswer();
    let answer: 'held' | 'refused' = 'held';
    const fake = setup({
      'POST /api/proxy-asso/association/documents': () => (answer === 'held' ? held.respond() : json(400, errorBody('UPLOAD_INTERRUPTED'))),
    });
    const user = userEvent.setup();
    renderApp('/associations/documents');
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Type de document'), 'STC');
    await user.upload(fileInput(), new File(['%PDF-1.4'], 'statuts.pdf', { type: 'application/pdf' }));
    const posts = () => fake.requests.filter((r) => r.method === 'POST').length;
    await sendTwiceWhileHeld({
      user, label: 'Déposer le document', busyLabel: 'Dépôt…', sent: posts,
      release: () => held.release(() => json(201, doc({ uuid: 'd0000000-0000-4000-8000-000000000009' }))),
    });

    answer = 'refused';
    await user.selectOptions(screen.getByLabelText('Type de document'), 'BUDG');
    await user.upload(fileInput(), new File(['%PDF-1.4'], 'budget.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Déposer le document' }));
    await expectRefusalInFocusedSummary(DOCUMENT_MESSAGES.interrupted);
    expect(posts()).toBe(2);
    expect(screen.getByLabelText('Type de document')).toHaveValue('BUDG');
  });

  it('deletes a document after confirmation', async () => {
    let deleted = false;
    const fake = setup({
      'GET /api/proxy-asso/association/documents': () => json(200, deleted ? DOCS.slice(1) : DOCS),
      'DELETE /api/proxy-asso/association/documents': () => {
        deleted = true;
        return json(200, { message: MESSAGES.documentDeleted });
      },
    });
    renderApp('/associations/documents');
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer statuts.pdf' }));
    expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer la suppression de statuts.pdf' }));
    await waitFor(() => expect(rowNames()).toEqual(['budget-2026.pdf', 'arrete.jpg']));
    expect(fake.requests.find((r) => r.method === 'DELETE')!.url).toBe(
      `/api/proxy-asso/association/documents?id_asso=${ID}&id=${DOCS[0]!.uuid}`,
    );
    expect(toasts.getToasts().map((t) => t.message)).toContain(MESSAGES.documentDeleted);
  });

  it('lists the documents of one secondary establishment and uploads with its SIRET', async () => {
    const siret = '73282932000082';
    const fake = setup({ 'POST /api/proxy-asso/association/documents': () => json(201, doc({ id_siret: siret })) });
    renderApp(`/associations/${ID}/documents/etablissements-secondaires/${siret}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Documents de l’établissement 732 829 320 00082' }),
    ).toBeInTheDocument();
    await screen.findByRole('table');
    expect(fake.requests.find((r) => r.url.startsWith('/api/proxy-asso/association/documents'))!.url).toBe(
      `/api/proxy-asso/association/documents?id_asso=${ID}&id_siret=${siret}`,
    );
    await userEvent.selectOptions(screen.getByLabelText('Type de document'), 'STC');
    await userEvent.upload(fileInput(), new File(['%PDF-1.4'], 'statuts.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Déposer le document' }));
    await waitFor(() => expect(fake.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(fake.requests.find((r) => r.method === 'POST')!.url).toBe(
      `/api/proxy-asso/association/documents?id_asso=${ID}&id_siret=${siret}&type=STC`,
    );
  });
});
