// Renders pages in a memory router at `entry`: one route a path, so tests can follow navigation.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

export function renderRoutes(entry: string, routes: Record<string, ReactNode>) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        {Object.entries(routes).map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
      </Routes>
    </MemoryRouter>,
  );
}
