import type { NoteOnPage } from '@portail/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NotesList } from '../src/features/shell/notes.tsx';
import { notesForRoute, sanitiseNoteHtml } from '../src/features/shell/notes-filter.ts';

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
