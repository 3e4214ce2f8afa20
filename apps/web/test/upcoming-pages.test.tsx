// Pages still to come: the route table names them, the placeholder chunk says what each will hold
// (its descriptions stay out of the entry). Every upcoming route has its description, and no
// description outlives its route.
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from '../src/app/route-table.ts';
import { PLACEHOLDER_TEXT, PlaceholderPage } from '../src/features/shell/placeholder-page.tsx';
import { UPCOMING_PAGES } from '../src/features/shell/upcoming-pages.ts';

const upcoming = ROUTE_TABLE.filter((entry) => entry.page === 'upcoming');

describe('pages still to come', () => {
  it('every upcoming route has a description, and every description an upcoming route', () => {
    const names = new Set(upcoming.map((entry) => entry.meta.name));
    for (const name of names) expect(UPCOMING_PAGES[name], name).toMatch(/\S/);
    expect(Object.keys(UPCOMING_PAGES).sort()).toEqual([...names].sort());
  });

  // Every route of the specification has its page: the placeholder is checked again once a page is to come.
  it.skipIf(upcoming.length === 0)('the placeholder page shows the title, the notice and what the page will hold', () => {
    const entry = upcoming[0]!;
    const router = createMemoryRouter([
      { path: '/', element: <PlaceholderPage name={entry.meta.name} title={entry.meta.title} /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { level: 1, name: entry.meta.title })).toBeTruthy();
    expect(screen.getByText(PLACEHOLDER_TEXT)).toBeTruthy();
    expect(screen.getByText(UPCOMING_PAGES[entry.meta.name]!)).toBeTruthy();
  });
});
