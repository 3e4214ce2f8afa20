import { MESSAGES } from '@portail/contract';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ErrorView, NotFoundPage, RouteErrorPage } from '../src/features/shell/error-page.tsx';

describe('error page', () => {
  it('404: "Page non trouvée", the text and a link home', () => {
    const router = createMemoryRouter([{ path: '*', element: <NotFoundPage /> }], { initialEntries: ['/nulle-part'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { level: 1, name: MESSAGES.pageNotFoundTitle })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.pageNotFoundText)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Page d'accueil" })).toHaveAttribute('href', '/');
  });

  it('other errors: "Une erreur s\'est produite"', () => {
    const router = createMemoryRouter([{ path: '/', element: <ErrorView status={500} /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { level: 1, name: MESSAGES.genericErrorTitle })).toBeInTheDocument();
  });

  it('a route that throws renders the generic error inside the router', async () => {
    const Boom = () => {
      throw new Error('boom');
    };
    const original = console.error;
    console.error = () => {};
    try {
      const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <RouteErrorPage /> }]);
      render(<RouterProvider router={router} />);
      expect(await screen.findByRole('heading', { name: MESSAGES.genericErrorTitle })).toBeInTheDocument();
    } finally {
      console.error = original;
    }
  });
});
