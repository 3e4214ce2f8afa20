// Agents' sign-in with ProConnect: the demo instructor signs in through the local OpenID provider
// the run started (support/global-setup.ts) and lands in the instructor space; an address with no
// agent account comes back to the sign-in page with the French message; password sign-in stays.
import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { onPath, useBrowser, visible } from './support/browser.ts';

const browser = useBrowser();

/** From the sign-in page, through the provider's own page, as `email`. */
async function signInWithProconnect(page: Page, email: string) {
  await page.goto('/client/login');
  await visible(page.getByRole('heading', { name: 'Connexion', level: 1 }));
  await page.getByRole('button', { name: /S’identifier avec\s*ProConnect/ }).click();
  await visible(page.getByRole('heading', { name: "Fournisseur d'identité de test" }));
  await page.getByLabel('Adresse électronique').fill(email);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

describe('connexion des agents avec ProConnect', () => {
  it("l'instructeur se connecte avec ProConnect et arrive dans l'espace instructeur", async () => {
    const page = browser.page();
    await page.goto('/client/login');
    await visible(page.getByRole('button', { name: /S’identifier avec\s*ProConnect/ }));
    await visible(page.getByRole('button', { name: 'Se connecter' }));
    await browser.shot('connexion avec le bouton ProConnect');

    await signInWithProconnect(page, 'Instructeur@Demo.Example.org');
    await onPath(page, '/client/instructeur');
    await visible(page.getByRole('heading', { name: 'Espace instructeur', level: 1 }));
    await visible(page.getByText('Karim Dubois'));
    await browser.shot('instructeur connecte par ProConnect');
  });

  it('une adresse sans compte d’agent revient à la page de connexion avec le message', async () => {
    const page = browser.page();
    await signInWithProconnect(page, 'inconnu@agents.gouv.fr');
    await onPath(page, '/client/login');
    await visible(page.getByText(/Aucun compte d'agent de ce portail ne correspond à l'adresse électronique de votre compte ProConnect/));
    await browser.shot('ProConnect adresse inconnue');
  });
});
