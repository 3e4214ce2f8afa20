// Journey e: unknown pages and the root redirect.
import { describe, expect, it } from 'vitest';
import { onPath, useBrowser, visible } from './support/browser.ts';

const browser = useBrowser();

describe('navigation', () => {
  it('une adresse inconnue affiche « Page non trouvée »', async () => {
    const page = browser.page();
    const response = await page.goto('/client/nimporte-quoi');
    // History mode: the server answers index.html, the client shows its 404 page.
    expect(response?.status()).toBe(200);
    await visible(page.getByRole('heading', { name: 'Page non trouvée', level: 1 }));
    await visible(page.getByText("La page que vous cherchez est introuvable ou n'a jamais existé."));
    expect(await page.title()).toContain('Page non trouvée');
    await browser.shot('page non trouvee');
  });

  it('GET / redirige vers /client/', async () => {
    const response = await fetch(`${browser.baseUrl}/`, { redirect: 'manual' });
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
    expect(response.headers.get('location')).toBe('/client/');

    const page = browser.page();
    await page.goto('/');
    await onPath(page, '/client/');
    await visible(page.getByRole('heading', { level: 1 }));
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await browser.shot('accueil');
  });

  it('le pied de page mène à la déclaration d’accessibilité, ouverte sans compte', async () => {
    const page = browser.page();
    await page.goto('/client/login');
    await page.getByRole('contentinfo').getByRole('link', { name: /Accessibilité\s*:\s*non conforme/ }).click();
    await onPath(page, '/client/accessibilite');
    await visible(page.getByRole('heading', { level: 1, name: "Déclaration d'accessibilité" }));
    await visible(page.getByRole('heading', { level: 2, name: 'Voies de recours' }));
    await browser.shot('declaration d accessibilite');
  });

  it('la feuille de style du DSFR est chargée', async () => {
    const page = browser.page();
    await page.goto('/client/login');
    await visible(page.getByRole('heading', { name: 'Connexion', level: 1 }));
    // DSFR sets its font and the blue of the primary button.
    const styles = await page.getByRole('button', { name: 'Se connecter' }).evaluate((button) => {
      const style = getComputedStyle(button);
      return { font: style.fontFamily, background: style.backgroundColor };
    });
    expect(styles.font).toContain('Marianne');
    expect(styles.background).toBe('rgb(0, 0, 145)');
  });
});
