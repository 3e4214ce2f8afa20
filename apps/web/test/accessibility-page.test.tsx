// The accessibility statement: reachable from every page's footer and from the legal notice, open
// without an account, on the RGAA model (conformity, tests, non-accessible content, contact, recourse).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccessibilityPage } from '../src/features/info/accessibility-page.tsx';
import { LegalNoticePage } from '../src/features/info/legal-notice-page.tsx';
import { isPublicPath } from '../src/lib/session/paths.ts';
import { ROUTE_TABLE } from '../src/app/route-table.ts';
import { renderRoutes } from './support/render-routes.tsx';

describe('déclaration d’accessibilité', () => {
  it('déclare le service non conforme tant qu’aucun audit n’a eu lieu, comme le pied de page', () => {
    renderRoutes('/accessibilite', { '/accessibilite': <AccessibilityPage /> });
    expect(screen.getByRole('heading', { level: 1, name: "Déclaration d'accessibilité" })).toBeInTheDocument();
    const status = screen.getByRole('heading', { level: 2, name: 'État de conformité' }).nextElementSibling!;
    expect(status.textContent).toMatch(/est non conforme avec le référentiel .* aucun audit de conformité complet/);
  });

  it('suit le modèle du RGAA : état, tests, contenus non accessibles, établissement, contact et recours', () => {
    renderRoutes('/accessibilite', { '/accessibilite': <AccessibilityPage /> });
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual([
      'État de conformité',
      'Résultats des tests',
      'Contenus non accessibles',
      'Établissement de cette déclaration',
      "Retour d'information et contact",
      'Voies de recours',
    ]);
    expect(screen.getByRole('link', { name: "Écrire à l'assistance" })).toHaveAttribute('href', '/assistance/Accessibilité');
    expect(screen.getByRole('link', { name: 'Défenseur des droits' })).toHaveAttribute('href', 'https://formulaire.defenseurdesdroits.fr/');
  });

  it('est ouverte sans compte, au plan du site, et les mentions légales y renvoient', () => {
    expect(isPublicPath('/accessibilite')).toBe(true);
    expect(ROUTE_TABLE.find((r) => r.path === '/accessibilite')?.meta.roles).toBeUndefined();
    renderRoutes('/mentions-legales', { '/mentions-legales': <LegalNoticePage /> });
    expect(screen.getByRole('link', { name: "déclaration d'accessibilité" })).toHaveAttribute('href', '/accessibilite');
  });
});
