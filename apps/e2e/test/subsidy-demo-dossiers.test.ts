// Journey: the demo member of subsidies reads their dossiers as stored. The list says how much the
// granted dossier received; its page says it too; the transmitted dossier's page shows the receipt
// of its transmission (number, date, services, PDF) on every visit, from the stored history, not
// only right after transmitting; the notifications name the dossier each one is about. In the
// dossier sent back for correction, step 3 says its projects follow the renewal answer, and the
// project editor's texts stop at the contract's bounds.
import { DOSSIER_LIMITS } from '../../../packages/contract/src/limits.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, onPath, passwordField, useBrowser, visible } from './support/browser.ts';

const browser = useBrowser();
const MEMBER = 'membre.subventions@demo.example.org';
const YEAR = new Date().getUTCFullYear();

async function signIn(page: Page) {
  await page.goto('/client/login');
  await page.getByLabel('Adresse électronique', { exact: true }).fill(MEMBER);
  await passwordField(page, 'Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await onPath(page, /^\/client\/(?!login)/);
}

describe('dossiers de démonstration lus par leur membre', () => {
  it('la liste et la page du dossier accordé donnent son montant ; le dossier transmis montre son accusé à chaque visite ; les notifications nomment leur dossier', async () => {
    const page = browser.page();
    await signIn(page);
    await page.goto('/client/dossiers');
    // The cookie banner is answered once per browser.
    await page.getByRole('button', { name: 'Tout accepter' }).click();

    // The granted dossier: its amount in the list.
    const granted = page.getByRole('row').filter({ hasText: `2 heures de sport en plus au collège ${YEAR}` });
    await visible(granted.getByText('Accordé', { exact: true }));
    await visible(granted.getByText(/Montant accordé : 3\s500\s€/));
    // A dossier not granted says no amount.
    const transmitted = page.getByRole('row').filter({ hasText: `ANS Part territoriale ${YEAR}` });
    await visible(transmitted.getByText('Transmis au service instructeur'));
    expect(await transmitted.getByText(/Montant accordé/).count()).toBe(0);
    await browser.shot('mes dossiers avec montant accorde');

    // The notifications name their dossier, in their text and in their link.
    const notifications = page.getByRole('region', { name: /Notifications/ });
    const links = notifications.getByRole('link', { name: /^Voir le dossier/ });
    await visible(links.first());
    for (const name of await links.allTextContents()) expect(name).toMatch(/^Voir le dossier \d{4}-\d{6}$/);

    // On its page, the granted dossier gives the amount too.
    await granted.getByRole('link', { name: /Consulter le dossier/ }).click();
    await visible(page.getByTestId('montants-accordes').getByText(/3\s500\s€/));
    await browser.shot('dossier accorde');

    // The transmitted dossier: its receipt from the stored transmission, again after a reload.
    await page.goto('/client/dossiers');
    const transmittedNumber = (await transmitted.locator('td').first().textContent())!.trim();
    await transmitted.getByRole('link', { name: /Consulter le dossier/ }).click();
    const receipt = page.getByTestId('accuse-transmission');
    await visible(receipt.getByRole('heading', { name: `Accusé de transmission du dossier n° ${transmittedNumber}` }));
    await visible(receipt.getByText(/Transmis le \d{2}\/\d{2}\/\d{4} à \d{2}h\d{2}/));
    await visible(receipt.getByText(/Services? destinataires? : .*SDJES de Paris/));
    await visible(receipt.getByRole('button', { name: `Télécharger le PDF du dossier n° ${transmittedNumber}` }));
    const shownAt = await receipt.getByText(/Transmis le/).textContent();
    await page.reload();
    await visible(receipt.getByRole('heading', { name: `Accusé de transmission du dossier n° ${transmittedNumber}` }));
    expect(await receipt.getByText(/Transmis le/).textContent()).toBe(shownAt);
    await browser.shot('accuse de transmission du dossier de demonstration');
  });

  it('dans le dossier renvoyé, l’étape 3 dit que les projets suivent la réponse au renouvellement ; les textes de l’éditeur de projet s’arrêtent aux bornes du contrat', async () => {
    const page = browser.page();
    await signIn(page);
    await page.goto('/client/dossiers');
    await page.getByRole('button', { name: 'Tout accepter' }).click();
    const sentBack = page.getByRole('row').filter({ hasText: `FDVA 2 – Fonctionnement et projets innovants ${YEAR}` });
    await sentBack.getByRole('link', { name: /Modifier le dossier/ }).click();
    await onPath(page, /\/subvention-demande\/[0-9a-f-]{36}/);
    // Its projects follow the renewal answer of step 3 when it changes: the step says so.
    const dossierPath = new URL(page.url()).pathname;
    await page.goto(`${dossierPath}?etape=2`);
    await visible(page.getByText('Si la réponse change, chaque projet du dossier la suit', { exact: false }));
    await page.goto(`${dossierPath}?etape=3`);
    await page.getByRole('button', { name: 'Ajouter un projet' }).click();
    const p = 'projet-nouveau';
    await visible(page.locator(`#${p}-intitule`));
    for (const name of ['Ajouter un indicateur', 'Ajouter un public', 'Ajouter un territoire', 'Ajouter un cofinanceur']) await page.getByRole('button', { name }).click();
    const bounds: Record<string, number> = {
      [`${p}-intitule`]: DOSSIER_LIMITS.label,
      [`${p}-objectifs`]: DOSSIER_LIMITS.longText,
      [`${p}-description`]: DOSSIER_LIMITS.longText,
      [`${p}-evaluation`]: DOSSIER_LIMITS.comment,
      [`${p}-evaluation-indicateurs-0-intitule`]: DOSSIER_LIMITS.label,
      [`${p}-beneficiaire-0-lib_statut`]: DOSSIER_LIMITS.label,
      [`${p}-territoires-territoires-0-libelle`]: DOSSIER_LIMITS.label,
      [`${p}-territoires-commentaire`]: DOSSIER_LIMITS.comment,
      [`${p}-cofinancements-0-financeur`]: DOSSIER_LIMITS.label,
    };
    for (const [id, max] of Object.entries(bounds)) expect(await page.locator(`#${id}`).getAttribute('maxlength'), id).toBe(String(max));
    // Typed past the bound, the title keeps the bound's length: nothing the server would refuse.
    await page.locator(`#${p}-intitule`).fill('');
    await page.locator(`#${p}-intitule`).pressSequentially('Projet '.repeat(40));
    expect((await page.locator(`#${p}-intitule`).inputValue()).length).toBe(DOSSIER_LIMITS.label);
    await browser.shot('editeur de projet aux bornes du contrat');
  });
});
