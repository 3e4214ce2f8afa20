// Renders pages in a memory router at `entry`, under a fresh query cache: one route a path, so
// tests can follow navigation (`showLocation` prints where the router is, for `locationShown`).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

const freshQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The path and query the router is at (rendered with `showLocation`). */
export const locationShown = () => screen.getByTestId('location').textContent;

export function renderRoutes(entry: string, routes: Record<string, ReactNode>, options: { showLocation?: boolean } = {}) {
  return render(
    <QueryClientProvider client={freshQueryClient()}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          {Object.entries(routes).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Routes>
        {options.showLocation && <Location />}
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** One component under a fresh query cache, in a router when it links (`router: false` for none). */
export function renderWithQueries(element: ReactNode, options: { router?: boolean } = {}) {
  const client = freshQueryClient();
  return render(
    <QueryClientProvider client={client}>{options.router === false ? element : <MemoryRouter>{element}</MemoryRouter>}</QueryClientProvider>,
  );
}
