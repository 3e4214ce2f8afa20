// The dashboard's figures: a member's dossiers per state as bars whose rows say label and figure in
// text and lead to the list narrowed to the state (empty states left out), the counts waiting for
// them as tiles (only those that concern them); an agent's work list per state.
import { countsPerState, type DashboardSummary } from '@portail/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemberFigures, WorklistFigures } from '../src/features/account/dashboard-figures.tsx';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { renderWithQueries } from './support/render-routes.tsx';

afterEach(() => resetAppState());

const summary = (over: Partial<DashboardSummary> = {}): DashboardSummary => ({
  dossiers: countsPerState([{ etat: 'D', count: 2 }, { etat: 'A', count: 1 }, { etat: '6', count: 4 }]),
  crf_manquants: 1,
  declarations_a_valider: 3,
  pass_sport: { exercice: 2026, dossiers: 1, inscriptions: 12 },
  ...over,
});

describe('chiffres du tableau de bord', () => {
  it('montre les dossiers d’un membre par état, chacun menant à la liste filtrée, et ce qui l’attend', async () => {
    stubFetch({ 'GET /api/lca-server/tableau-de-bord': () => json(200, summary()) });
    renderWithQueries(<MemberFigures />);
    const chart = await screen.findByRole('figure', { name: 'Dossiers de subvention par état de l’instruction (7)' });
    const rows = within(chart).getAllByRole('listitem');
    // In the order of a dossier's life, empty states left out; each row says its label and its figure.
    expect(rows.map((r) => r.textContent)).toEqual(['En cours de saisie, 1', 'Transmis au service instructeur, 2', 'Accordé, 4']);
    expect(within(chart).getByRole('link', { name: 'Accordé' })).toHaveAttribute('href', '/dossiers?etats=6');
    expect(screen.getByRole('link', { name: /1 compte rendu financier à transmettre/ })).toHaveAttribute('href', '#crf-manquants');
    expect(screen.getByRole('link', { name: /3 déclarations CEC à valider/ })).toHaveAttribute('href', '/declarations');
    expect(screen.getByRole('link', { name: /12 inscriptions Pass’Sport/ })).toHaveAttribute('href', '/associations/pass-sport');
  });

  it('ne montre que ce qui concerne le membre : ni déclarations s’il ne valide pas, ni Pass’Sport sans dossier', async () => {
    stubFetch({
      'GET /api/lca-server/tableau-de-bord': () =>
        json(200, summary({ dossiers: countsPerState([]), crf_manquants: 0, declarations_a_valider: null, pass_sport: { exercice: 2026, dossiers: 0, inscriptions: 0 } })),
    });
    renderWithQueries(<MemberFigures />);
    await screen.findByText('Aucun dossier de subvention pour le moment.');
    expect(screen.queryByRole('link', { name: /déclaration/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Pass’Sport/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /compte rendu/ })).toBeNull();
  });

  it('dit quand les chiffres ne viennent pas', async () => {
    stubFetch({ 'GET /api/lca-server/tableau-de-bord': () => json(500, { message: 'Erreur interne', status: 500 }) });
    renderWithQueries(<MemberFigures />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('montre à un agent sa liste de travail par état, menant à la liste filtrée', async () => {
    stubFetch({ 'GET /api/lca-server/demande/instructeur/dossiers/counts': () => json(200, countsPerState([{ etat: '2', count: 5 }])) });
    renderWithQueries(<WorklistFigures listPath="/instructeur" />);
    const chart = await screen.findByRole('figure', { name: 'Dossiers de la liste de travail par état (5)' });
    expect(within(chart).getByRole('link', { name: "En cours d'instruction" })).toHaveAttribute('href', '/instructeur?etats=2');
  });
});
