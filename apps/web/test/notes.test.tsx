import type { NoteOnPage } from '@portail/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotesList } from '../src/features/shell/notes.tsx';
import { notesForRoute, sanitiseNoteHtml } from '../src/features/shell/notes-filter.ts';
import { NOTES_WAIT_MS } from '../src/features/shell/notes-query.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { renderApp } from './support/render-app.tsx';

const note = (overrides: Partial<NoteOnPage>): NoteOnPage => ({
  _id: 'n1',
  type: 'info',
  title: null,
  content: '<p>Information</p>',
  routes: ['login'],
  ...overrides,
});

const NOTES: NoteOnPage[] = [
  note({ _id: 'login', content: '<p>Maintenance prévue <strong>samedi</strong>.</p>', routes: ['login', 'home'] }),
  note({ _id: 'dashboard', content: '<p>Nouveau : le Pass’Sport.</p>', routes: ['dashboard'] }),
  note({
    _id: 'xss',
    type: 'warning',
    title: 'Attention',
    content:
      '<p>Texte<script>window.__pwned = true</script><img src="x" onerror="window.__pwned = true"><a href="javascript:alert(1)">lien</a></p>',
    routes: ['login'],
  }),
];

describe('notes on page', () => {
  it('keeps the notes naming the route, minus the dismissed ones', () => {
    expect(notesForRoute(NOTES, 'login', new Set()).map((n) => n._id)).toEqual(['login', 'xss']);
    expect(notesForRoute(NOTES, 'dashboard', new Set()).map((n) => n._id)).toEqual(['dashboard']);
    expect(notesForRoute(NOTES, 'login', new Set(['xss'])).map((n) => n._id)).toEqual(['login']);
    expect(notesForRoute(NOTES, null, new Set())).toEqual([]);
  });

  it('sanitises the HTML: no script, no event handler, no javascript: link', () => {
    const html = sanitiseNoteHtml(NOTES[2]!.content);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/onerror/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain('Texte');
  });

  it('renders only the route notes, sanitised, and remembers a dismissal', async () => {
    const { container } = render(<NotesList notes={NOTES} routeName="login" />);
    expect(screen.getByText('samedi')).toBeInTheDocument();
    expect(screen.queryByText(/Pass’Sport/)).not.toBeInTheDocument();
    expect(screen.getByText('Attention')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();

    const closeButtons = screen.getAllByRole('button', { name: /masquer/i });
    await userEvent.click(closeButtons[0]!);
    expect(JSON.parse(sessionStorage.getItem('lca.dismissedNotes')!)).toEqual(['login']);
  });
});

describe('a page and its notes', () => {
  afterEach(() => {
    vi.useRealTimers();
    resetAppState();
  });

  const LOGIN_NOTE = { _id: 'demo', type: 'info', title: 'Portail de démonstration', content: '<p>Démo</p>', routes: ['login'] };

  it('shows the page in the same paint as its notes: nothing under the pointer moves when they arrive', async () => {
    let answerNotes: ((response: Response) => void) | undefined;
    stubFetch({ 'GET /api/lca-server/notesOnPage': () => new Promise<Response>((resolve) => (answerNotes = resolve)) });
    renderApp('/login');
    await waitFor(() => expect(answerNotes).toBeDefined(), { timeout: NOTES_WAIT_MS });
    // the notes are asked for and not come yet: the form waits for them
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('button', { name: 'Se connecter' })).not.toBeInTheDocument();

    answerNotes!(json(200, [LOGIN_NOTE]));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    expect(screen.getByText('Portail de démonstration')).toBeInTheDocument();
  });

  it('shows the page without notes when the notes service fails', async () => {
    stubFetch({ 'GET /api/lca-server/notesOnPage': () => json(503, { message: 'Service indisponible' }) });
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    expect(screen.queryByText('Portail de démonstration')).not.toBeInTheDocument();
  });

  it('asks again on the next page after a failure, and shows them there; the page opened without them stays as it is', async () => {
    let calls = 0;
    let answerSecond: ((response: Response) => void) | undefined;
    const note = { ...LOGIN_NOTE, routes: ['login', 'mot-de-passe-oublie'] };
    stubFetch({
      'GET /api/lca-server/notesOnPage': () => (++calls === 1 ? json(503, { message: 'Service indisponible' }) : new Promise<Response>((resolve) => (answerSecond = resolve))),
    });
    renderApp('/login');
    await userEvent.click(await screen.findByRole('link', { name: /mot de passe oublié/i }));
    await waitFor(() => expect(answerSecond).toBeDefined());
    answerSecond!(json(200, [note]));
    expect(await screen.findByText('Portail de démonstration')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('keeps notes that come too late for the first page for the next one, without asking again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    let answerNotes: ((response: Response) => void) | undefined;
    const note = { ...LOGIN_NOTE, routes: ['login', 'mot-de-passe-oublie'] };
    stubFetch({ 'GET /api/lca-server/notesOnPage': () => (++calls, new Promise<Response>((resolve) => (answerNotes = resolve))) });
    renderApp('/login');
    await act(() => vi.advanceTimersByTimeAsync(NOTES_WAIT_MS + 100));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    answerNotes!(json(200, [note]));
    await act(() => vi.advanceTimersByTimeAsync(100));
    // Nothing pushed down on the page already shown.
    expect(screen.queryByText('Portail de démonstration')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /mot de passe oublié/i }));
    expect(await screen.findByText('Portail de démonstration')).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it(`waits at most ${NOTES_WAIT_MS} ms for notes that do not come`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch({ 'GET /api/lca-server/notesOnPage': () => new Promise<Response>(() => undefined) });
    renderApp('/login');
    await act(() => vi.advanceTimersByTimeAsync(NOTES_WAIT_MS - 500));
    expect(screen.queryByRole('button', { name: 'Se connecter' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
  });
});
