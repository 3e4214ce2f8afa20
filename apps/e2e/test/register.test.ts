// Journey a: create an account, validate it through the mailed link, sign in (no association yet:
// the "choix de l'association" page), sign out; a private page then asks to sign in again.
import { describe, expect, it } from 'vitest';
import { chooseRadio, onPath, passwordField, pathOf, useBrowser, uniqueEmail, visible } from './support/browser.ts';
import { databaseNow, useMailbox, waitForMailLink } from './support/mail.ts';

const browser = useBrowser();
useMailbox();

describe('inscription', () => {
  it('crée un compte, le valide par le courriel, se connecte puis se déconnecte', async () => {
    const page = browser.page();
    const email = uniqueEmail('inscription');
    const password = 'Inscription-E2e-2026!';

    // Registration form
    await page.goto('/client/register');
    await visible(page.getByRole('heading', { name: 'Créer un compte', level: 1 }));
    await browser.shot('formulaire vide');
    await chooseRadio(page, 'Civilité', 'Madame');
    await page.getByLabel('Nom', { exact: true }).fill('Lefèvre');
    await page.getByLabel('Prénom', { exact: true }).fill('Élodie');
    await page.getByLabel('Adresse électronique', { exact: true }).fill(email);
    await passwordField(page, 'Mot de passe').fill(password);
    await passwordField(page, 'Confirmation du mot de passe').fill(password);
    await browser.shot('formulaire rempli');
    const since = await databaseNow();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();

    // "Validate your address" page
    await onPath(page, '/client/validation');
    await visible(page.getByRole('heading', { name: 'Validez votre adresse électronique', level: 1 }));
    await visible(page.getByText(email));
    await browser.shot('courriel de validation envoye');

    // The mailed link
    const link = await waitForMailLink(email, 'validate', { since });
    expect(link.startsWith(`${browser.baseUrl}/client/validate/`)).toBe(true);
    await page.goto(link);
    await visible(page.getByText('Votre adresse e-mail est validée. Vous pouvez vous connecter.'));
    await browser.shot('adresse validee');

    // Sign in: no association yet
    await page.goto('/client/login');
    await page.getByLabel('Adresse électronique', { exact: true }).fill(email);
    await passwordField(page, 'Mot de passe').fill(password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await onPath(page, '/client/ajout-association/choix-association');
    await visible(page.getByRole('heading', { name: 'Choix de l’association', level: 1 }));
    await visible(page.getByRole('searchbox', { name: 'Nom, numéro RNA, SIREN ou SIRET' }));
    await visible(page.getByRole('button', { name: 'Se déconnecter' }));
    await browser.shot('connecte sans association');

    // Sign out: back on a public page
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await onPath(page, '/client/login');
    await visible(page.getByRole('heading', { name: 'Connexion', level: 1 }));
    await visible(page.getByText('Vous êtes déconnecté.'));
    expect(await page.getByRole('button', { name: 'Se déconnecter' }).count()).toBe(0);
    await browser.shot('deconnecte');

    // A private page now asks to sign in, and comes back after
    await page.goto('/client/user/dashboard');
    await onPath(page, /^\/client\/login\?redirect_url=/);
    expect(new URL(page.url()).searchParams.get('redirect_url')).toBe('/user/dashboard');
    await visible(page.getByRole('heading', { name: 'Connexion', level: 1 }));
    await browser.shot('redirection vers la connexion');
    expect(pathOf(page)).toBe('/client/login?redirect_url=%2Fuser%2Fdashboard');
  });
});
