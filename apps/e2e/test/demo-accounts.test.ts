// Journeys c and d: demo accounts seeded on the empty database land where their state sends them.
import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, onPath, passwordField, useBrowser, visible } from './support/browser.ts';

const browser = useBrowser();

async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/client/login');
  await visible(page.getByRole('heading', { name: 'Connexion', level: 1 }));
  await page.getByLabel('Adresse électronique', { exact: true }).fill(email);
  await passwordField(page, 'Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

describe('comptes de démonstration', () => {
  it("l'instructeur arrive dans l'espace instructeur", async () => {
    const page = browser.page();
    await signIn(page, 'instructeur@demo.example.org');
    await onPath(page, '/client/instructeur');
    await visible(page.getByRole('heading', { name: 'Espace instructeur', level: 1 }));
    await visible(page.getByText('Karim Dubois'));
    await browser.shot('espace instructeur');
  });

  it('le tableau de bord du valideur CEC montre ses dossiers par état et ses déclarations à valider', async () => {
    const page = browser.page();
    await signIn(page, 'valideur.cec@demo.example.org');
    await onPath(page, '/client/user/dashboard');
    await page.getByRole('button', { name: 'Tout accepter' }).click();
    const figures = page.getByRole('region', { name: 'En chiffres' });
    await visible(figures.getByRole('figure', { name: /^Dossiers de subvention par état de l’instruction/ }));
    const declarations = figures.getByRole('link', { name: /déclarations? CEC à valider/ });
    await visible(declarations);
    await browser.shot('tableau de bord du valideur CEC');
    await declarations.click();
    await onPath(page, '/client/declarations');
  });

  it('le tableau de bord de l’instructeur montre sa liste de travail par état, chaque état menant à la liste filtrée', async () => {
    const page = browser.page();
    await signIn(page, 'instructeur@demo.example.org');
    await onPath(page, '/client/instructeur');
    await page.goto('/client/user/dashboard');
    await page.getByRole('button', { name: 'Tout accepter' }).click();
    const worklist = page.getByRole('figure', { name: /^Dossiers de la liste de travail par état/ });
    await visible(worklist);
    await browser.shot('tableau de bord de l instructeur');
    await worklist.getByRole('link').first().click();
    await onPath(page, /^\/client\/instructeur\?etats=/);
  });

  it('un compte qui doit changer son mot de passe est envoyé vers la modification du mot de passe', async () => {
    const page = browser.page();
    await signIn(page, 'changer.mdp@demo.example.org');
    await onPath(page, '/client/user/modification-mot-de-passe/');
    await visible(page.getByRole('heading', { name: 'Modification du mot de passe', level: 1 }));
    await visible(page.getByText('Pour continuer, vous devez choisir un nouveau mot de passe.'));
    await browser.shot('changement de mot de passe impose');

    // Any other private page sends it back there
    await page.goto('/client/user/dashboard');
    await onPath(page, '/client/user/modification-mot-de-passe/');
  });

  it("un compte non validé est envoyé vers la page de validation de l'adresse", async () => {
    const page = browser.page();
    await signIn(page, 'non.valide@demo.example.org');
    await onPath(page, '/client/validation');
    await visible(page.getByRole('heading', { name: 'Validez votre adresse électronique', level: 1 }));
    await visible(page.getByText('non.valide@demo.example.org'));
    await browser.shot('adresse a valider');
  });
});
