// Food-aid sites through the browser: a member of the demo association « Les Amis du théâtre de
// démonstration », which holds the food-aid authorisation (HAA) on its file, opens the food-aid
// sites modal from the file's « Agréments » tab, adds a site run by its head office with an address
// whose commune is found by typing (the portal's address lookup, answered here by its offline
// commune list), opening hours on Monday, sees it listed, then removes it after confirming; at 320 px the sites'
// table scrolls sideways by keyboard. Every screen is checked with axe.
import { describe, expect, it, beforeAll } from 'vitest';
import { createLinkedMember } from './support/associations.ts';
import { callPortal } from './support/api.ts';
import { scrollsSidewaysByKeyboard, uniqueEmail, useBrowser, visible } from './support/browser.ts';
import { useMailbox } from './support/mail.ts';
import { signInWith } from './support/sign-in.ts';

const browser = useBrowser();
useMailbox();
/** The demo registry's « culturelle » association (server seed/demo-registry.ts). */
const ASSOCIATION = { id: '00000000-0000-4000-8000-0000000a5502', siretSiege: '10000002500013' };
const member = { email: uniqueEmail('haa'), password: 'Aide-Alimentaire-2026!', nom: 'Lambert', prenom: 'Odile' };
const VOIE = `rue des Paniers ${Date.now() % 100_000}`;

beforeAll(async () => {
  await createLinkedMember(browser.baseUrl, member, { id_correspondance: ASSOCIATION.id, id_siret: ASSOCIATION.siretSiege });
  const { token } = (await callPortal(browser.baseUrl, 'POST', '/auth-server/login', { email: member.email, password: member.password })) as { token: string };
  // The food-aid authorisation on the association's file: what opens its sites.
  const approvals = (await callPortal(browser.baseUrl, 'GET', `/proxy-asso/association/agrements?id_asso=${ASSOCIATION.id}`, undefined, token)) as { type: string }[];
  if (!approvals.some((a) => a.type === 'HAA')) {
    await callPortal(browser.baseUrl, 'POST', `/proxy-asso/association/agrements?id_asso=${ASSOCIATION.id}`, { type: 'HAA', numero: 'HAA-75-2026-001', attributeur: 'DRAJES Île-de-France' }, token);
  }
});

describe('sites d’aide alimentaire', () => {
  it('le membre ajoute un site avec une commune trouvée en tapant et ses horaires, le voit listé, puis le supprime', async () => {
    const page = browser.page();
    await signInWith(page, { ...member, landing: '/client/user/dashboard' });
    await page.getByRole('button', { name: 'Tout accepter' }).click();
    await page.goto(`/client/informations-administratives/${ASSOCIATION.id}?onglet=agrements`);
    await page.getByRole('button', { name: 'Gérer les sites d’aide alimentaire' }).click();
    const modal = page.getByRole('dialog', { name: 'Sites d’aide alimentaire' });
    await visible(modal);
    await browser.shot('sites de l association');

    await modal.getByRole('button', { name: 'Ajouter un site' }).click();
    const form = modal.getByRole('form', { name: 'Ajouter un site' });
    await visible(form);
    const runner = form.getByLabel('Établissement qui tient le site');
    await runner.locator('option', { hasText: ASSOCIATION.siretSiege }).first().waitFor({ state: 'attached' });
    const runnerName = (await runner.locator('option', { hasText: ASSOCIATION.siretSiege }).first().textContent())!.trim();
    await runner.selectOption({ label: runnerName });
    await form.getByLabel('Numéro', { exact: true }).fill('12');
    await form.getByLabel('Voie', { exact: true }).fill(VOIE);

    // The commune found by typing its first letters, chosen by keyboard.
    const commune = form.getByRole('combobox', { name: /^Commune/ });
    await commune.pressSequentially('Mérign', { delay: 30 });
    // The commune list's options (the form's selects have theirs too).
    const list = page.getByRole('listbox');
    const option = list.getByRole('option', { name: 'Mérignac (33700)' });
    await visible(option);
    await browser.shot('recherche de la commune');
    const names = await list.getByRole('option').allTextContents();
    for (let i = 0; i <= names.indexOf('Mérignac (33700)'); i += 1) await commune.press('ArrowDown');
    await commune.press('Enter');
    expect(await commune.inputValue()).toBe('Mérignac');
    expect(await form.getByLabel('Code postal').inputValue()).toBe('33700');

    // Open on Monday, 9:00–12:00 then 14:00–17:30.
    await form.locator('label', { hasText: 'Ouvert le lundi' }).click();
    await form.getByRole('button', { name: 'Ajouter une plage le lundi' }).click();
    await form.getByLabel('Fin (lundi, plage 2)').fill('17:30');
    await browser.shot('site rempli');
    await form.getByRole('button', { name: 'Enregistrer le site' }).click();
    await visible(page.getByText('Le site d’aide alimentaire a été enregistré.'));

    const table = modal.getByRole('table', { name: 'Sites d’aide alimentaire de l’association' });
    const row = table.getByRole('row').filter({ hasText: VOIE });
    await visible(row);
    expect(await row.textContent()).toContain('12 ' + VOIE);
    expect(await row.textContent()).toContain('33700 Mérignac');
    expect(await row.textContent()).toContain('09:00–12:00, 14:00–17:30');
    await browser.shot('site liste');
    // At 320 px the sites' table scrolls sideways by keyboard inside the modal.
    await page.setViewportSize({ width: 320, height: 800 });
    await scrollsSidewaysByKeyboard(page, modal.getByRole('region', { name: 'Sites d’aide alimentaire de l’association' }));
    await browser.shot('sites a 320 px');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Removal, once confirmed.
    await row.getByRole('button', { name: /^Supprimer le site tenu par/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer ce site d’aide alimentaire ?' });
    await visible(confirm);
    await browser.shot('confirmation de suppression');
    await confirm.getByRole('button', { name: 'Supprimer le site' }).click();
    await row.waitFor({ state: 'detached' });
    await modal.getByRole('button', { name: 'Fermer' }).first().click();
    await visible(page.getByRole('button', { name: 'Gérer les sites d’aide alimentaire' }));
  });
});
