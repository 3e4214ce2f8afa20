// Journey b: forgotten password, the mailed link, a new password; the old one is refused with a
// French message, the new one signs in.
import { beforeAll, describe, expect, it } from 'vitest';
import { onPath, passwordField, useBrowser, uniqueEmail, visible } from './support/browser.ts';
import { createValidatedAccount, databaseNow, useMailbox, waitForMailLink } from './support/mail.ts';

const browser = useBrowser();
useMailbox();

const email = uniqueEmail('oubli');
const oldPassword = 'Ancien-Motdepasse-2026!';
const newPassword = 'Nouveau-Motdepasse-2026?';

beforeAll(async () => {
  await createValidatedAccount(browser.baseUrl, { email, password: oldPassword, nom: 'Petit', prenom: 'Marc' });
});

describe('mot de passe oublié', () => {
  it('réinitialise le mot de passe par le lien reçu ; seul le nouveau permet de se connecter', async () => {
    const page = browser.page();

    // Ask for a link
    await page.goto('/client/mot-de-passe-oublie');
    await visible(page.getByRole('heading', { name: 'Mot de passe oublié', level: 1 }));
    await page.getByLabel('Adresse électronique', { exact: true }).fill(email);
    const since = await databaseNow();
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await visible(
      page.getByText('Si un compte existe pour cette adresse, un courriel contenant un lien de réinitialisation'),
    );
    await browser.shot('lien demande');

    // Open the link, choose a new password
    const link = await waitForMailLink(email, 'mot-de-passe-oublie', { since });
    expect(link.startsWith(`${browser.baseUrl}/client/mot-de-passe-oublie/`)).toBe(true);
    await page.goto(link);
    await visible(page.getByRole('heading', { name: 'Réinitialisation du mot de passe', level: 1 }));
    await passwordField(page, 'Nouveau mot de passe').fill(newPassword);
    await passwordField(page, 'Confirmation du mot de passe').fill(newPassword);
    await browser.shot('nouveau mot de passe');
    await page.getByRole('button', { name: 'Valider' }).click();

    // Signed in with the new password (no association yet), then out
    await onPath(page, '/client/ajout-association/choix-association');
    await visible(page.getByText('Votre mot de passe a été modifié.'));
    await browser.shot('mot de passe modifie');
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await onPath(page, '/client/login');

    // The old password is refused, in French
    await page.getByLabel('Adresse électronique', { exact: true }).fill(email);
    await passwordField(page, 'Mot de passe').fill(oldPassword);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Identifiant ou mot de passe incorrect.' }));
    expect(new URL(page.url()).pathname).toBe('/client/login');
    await browser.shot('ancien mot de passe refuse');

    // The new one works
    await passwordField(page, 'Mot de passe').fill(newPassword);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await onPath(page, '/client/ajout-association/choix-association');
    await visible(page.getByRole('button', { name: 'Se déconnecter' }));
    await browser.shot('connecte avec le nouveau mot de passe');
  });
});
