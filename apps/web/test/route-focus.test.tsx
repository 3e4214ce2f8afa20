// A page change inside the client moves the focus to the new page's h1 and says its title; the
// first display and a change of query string (a wizard's step) leave the focus alone.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RouteFocus } from '../src/lib/focus/route-focus.tsx';

function Frame() {
  return (
    <>
      <RouteFocus />
      <nav>
        <Link to="/b">Page B</Link> <Link to="/b?etape=2">Étape 2</Link>
      </nav>
      <main>
        <Outlet />
      </main>
    </>
  );
}

const renderPages = () =>
  render(
    <RouterProvider
      router={createMemoryRouter(
        [
          {
            element: <Frame />,
            children: [
              { path: '/a', element: <h1>Page A</h1> },
              { path: '/b', element: <h1>Page B</h1> },
            ],
          },
        ],
        { initialEntries: ['/a'] },
      )}
    />,
  );

describe('focus on page change', () => {
  it('leaves the first page alone, then focuses the new page’s heading and announces it', async () => {
    renderPages();
    expect(screen.getByRole('heading', { name: 'Page A' })).not.toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: 'Page B' }));
    const heading = await screen.findByRole('heading', { name: 'Page B' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('Page B');

    // Same path, another query string: the page handles it (the wizard focuses its step).
    screen.getByRole('link', { name: 'Page B' }).focus();
    await userEvent.click(screen.getByRole('link', { name: 'Étape 2' }));
    expect(heading).not.toHaveFocus();
  });
});
