// The approvals' catalogue administered through the browser (/administration/rda): the demo
// programme administrator (osiris.admin-programme, an approvals' administrator) creates an approval (type from the referential, its
// instructing service among the existing ones, an expected field and a required document), changes
// it (only the difference is sent; saving unchanged gives the server's « Aucun changement… »),
// duplicates it into the next campaign and deletes both after confirming. Every screen is checked
// with axe; the list scrolls sideways by keyboard.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, scrollsSidewaysByKeyboard, useBrowser, visible } from './support/browser.ts';
import { signInWith } from './support/sign-in.ts';

const browser = useBrowser();
/** The demo's programme administrator (osiris.admin-programme), an approvals' administrator without a service record: the whole catalogue. */
const ADMIN = { email: 'programme.osiris@demo.example.org', password: DEMO_PASSWORD, landing: '/client/osiris' };
const CODE = `E2E-${randomUUID().slice(0, 6).toUpperCase()}`;
const YEAR = 2031;

/** Chooses the option of a select by (part of) its visible name. */
async function chooseOption(select: Locator, name: string) {
  const label = (await select.locator('option', { hasText: name }).first().textContent())!.trim();
  await select.selectOption({ label });
}

const row = (page: Page, year: number) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: CODE }) }).filter({ hasText: String(year) });

describe('administration des agréments', () => {
  it('l’administrateur crée un agrément, le modifie, le duplique puis supprime les deux', async () => {
    const page = browser.page();
    await signInWith(page, ADMIN);
    await page.getByRole('button', { name: 'Tout accepter' }).click();
    await page.goto('/client/administration/rda');
    await visible(page.getByRole('heading', { level: 1, name: 'Administration des agréments' }));
    await visible(page.getByRole('table', { name: 'Agréments du catalogue' }));
    await browser.shot('catalogue');
    // At 320 px the catalogue's table scrolls by keyboard.
    await page.setViewportSize({ width: 320, height: 800 });
    await scrollsSidewaysByKeyboard(page, page.getByRole('region', { name: 'Agréments du catalogue' }));
    await browser.shot('catalogue a 320 px');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Creation: the required fields first, then the approval with its expected items.
    await page.getByRole('button', { name: 'Créer un agrément' }).click();
    await visible(page.getByRole('heading', { name: 'Nouvel agrément' }));
    await page.getByLabel('Code *').fill(CODE);
    await page.getByRole('button', { name: 'Créer l’agrément' }).click();
    await visible(page.getByRole('link', { name: 'Veuillez renseigner le champ type.' }));
    await browser.shot('creation refusee');
    await chooseOption(page.getByLabel('Type d’agrément *'), 'Engagement de service civique');
    await chooseOption(page.getByLabel('Service instructeur *'), 'DRAJES Île-de-France');
    await page.getByLabel('Campagne (exercice) *').fill(String(YEAR));
    // DSFR boxes are ticked through their labels, as a person does.
    await page.locator('label', { hasText: 'Agrément actif (ouvert aux demandes)' }).click();
    await page.locator('label', { hasText: "Nombre d'adhérents à jour de leur cotisation (agrement_nb_adherents)" }).click();
    await page.locator('label', { hasText: 'Statuts à jour (agrement_statuts)' }).click();
    const required = page.getByRole('group', { name: /Documents attendus obligatoires/ });
    await required.locator('label', { hasText: 'Statuts à jour' }).click();
    expect(await required.getByLabel('Statuts à jour').isChecked()).toBe(true);
    await browser.shot('creation remplie');
    await page.getByRole('button', { name: 'Créer l’agrément' }).click();
    await visible(page.getByText(`L’agrément ${CODE} a été créé.`));
    await visible(row(page, YEAR));
    expect(await row(page, YEAR).textContent()).toContain('1 champ(s), 1 document(s)');

    // Change: saving as is is refused by the server; the service's code changed alone.
    await page.getByRole('button', { name: `Modifier l’agrément ${CODE} (campagne ${YEAR})` }).click();
    await visible(page.getByRole('heading', { name: `Modifier l’agrément ${CODE} (campagne ${YEAR})` }));
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes('/rda-server/agrements/')) sent.push(request.postDataJSON());
    });
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await visible(page.getByText('Aucun changement n\'a été détécté.'));
    await browser.shot('aucun changement');
    await page.getByLabel('Code du service').fill('SC-75');
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await visible(page.getByText(`L’agrément ${CODE} a été modifié.`));
    expect(sent).toEqual([{}, { code_service: 'SC-75' }]);
    await visible(row(page, YEAR).getByText('Code du service : SC-75'));

    // Duplicate into the next campaign (inactive), then delete both after confirming.
    await page.getByRole('button', { name: `Dupliquer l’agrément ${CODE} (campagne ${YEAR}) pour la campagne suivante` }).click();
    await visible(page.getByText(`L’agrément ${CODE} a été dupliqué pour la campagne ${YEAR + 1} (inactif).`));
    await visible(row(page, YEAR + 1).getByText('Inactif'));
    await page.getByLabel('Code', { exact: true }).fill(CODE);
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await visible(page.getByText('2 agrément(s)'));
    await browser.shot('filtre par code');
    for (const year of [YEAR + 1, YEAR]) {
      await page.getByRole('button', { name: `Supprimer l’agrément ${CODE} (campagne ${year})` }).click();
      const dialog = page.getByRole('dialog', { name: `Supprimer l’agrément ${CODE} (campagne ${year}) ?` });
      await visible(dialog);
      if (year === YEAR) await browser.shot('confirmation de suppression');
      await dialog.getByRole('button', { name: 'Supprimer l’agrément' }).click();
      await visible(page.getByText("L'agrément a été supprimé.").first());
      await row(page, year).waitFor({ state: 'detached' });
    }
    await visible(page.getByText('Aucun agrément ne correspond aux filtres.'));
  });
});
