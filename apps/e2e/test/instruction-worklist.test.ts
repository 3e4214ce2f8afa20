// Journey: the demo instructor of the SDJES de Paris works from /instructeur. The list's filters go
// into the URL (a reload keeps them), the state filter gives its counts, the page selection and
// the whole page are reached by keyboard, a dossier opens on its instruction page, the CSV and XLSX
// exports come with their progress against the announced rows; at 375 px each row is a card and
// nothing scrolls sideways. Every screen is checked with axe.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, onPath, passwordField, useBrowser, visible } from './support/browser.ts';
import { insertAssociation, type JourneyAssociation } from './support/associations.ts';
import { copyDemoDossier } from './support/dossiers.ts';

const browser = useBrowser();

/**
 * The journey moves a dossier of its own: a copy of the demo's transmitted dossier (support/dossiers.ts,
 * its instructions in D) for an association of this journey, whose members are nobody's. Other
 * journeys read the demo dossier and the demo member's list on the same database, in parallel.
 */
const ASSOCIATION: JourneyAssociation = {
  id: randomUUID(), nom: 'Club de tir à l’arc de Tours', sigle: 'CTAT', siren: '202600060', rna: 'W372026006',
  siretSiege: '20260006000018', siretSecondaire: '20260006000026',
};
let ownIdFo: string;
let pool: pg.Pool;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 1 });
  await insertAssociation(pool, ASSOCIATION);
  ownIdFo = (await copyDemoDossier(pool, ASSOCIATION, { campaign: 'ANS Part territoriale', etats: { 'SDJES de Paris': 'D', 'DRAJES Île-de-France': 'D' } })).idFo;
});
afterAll(async () => {
  await pool?.end();
});

async function signIn(page: Page) {
  await page.goto('/client/login');
  await page.getByLabel('Adresse électronique', { exact: true }).fill('instructeur@demo.example.org');
  await passwordField(page, 'Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await onPath(page, '/client/instructeur');
  const banner = page.getByRole('button', { name: 'Tout accepter' });
  await banner.click();
}

describe('liste de travail de l’instructeur', () => {
  it('filtre dans l’URL, compte par état, ouvre un dossier, exporte en CSV et XLSX avec la progression ; à 375 px, des cartes', async () => {
    const page = browser.page();
    await signIn(page);
    const table = page.getByRole('table', { name: 'Dossiers de la liste de travail' });
    await visible(table);
    await visible(page.getByText(/\d+ dossier\(s\) correspondent à ces critères\./));
    await browser.shot('liste de travail');

    // The state filter, by keyboard: its count is in its label; the URL keeps it through a reload.
    const transmitted = page.getByLabel(/^Transmis au service instructeur \(\d+\)$/);
    const label = (await page.locator('label', { hasText: /^Transmis au service instructeur \(\d+\)$/ }).textContent())!;
    const expected = Number(/\((\d+)\)/.exec(label)![1]);
    expect(expected).toBeGreaterThan(0);
    await transmitted.focus();
    await page.keyboard.press('Space');
    await onPath(page, /etats=D/);
    await visible(page.getByText(`${expected} dossier(s) correspondent à ces critères.`));
    await page.reload();
    expect(await page.getByLabel(/^Transmis au service instructeur \(\d+\)$/).isChecked()).toBe(true);
    const rows = table.getByRole('row').filter({ hasText: 'Transmis au service instructeur' });
    await visible(rows.first());
    expect(await table.getByRole('row').filter({ hasText: 'Accordé' }).count()).toBe(0);

    // The page's rows selected by keyboard.
    await page.locator('#select-page').focus();
    await page.keyboard.press('Space');
    await visible(page.getByTestId('selection-bar').getByText(/^\d+ dossier\(s\) sélectionné\(s\)\.$/));
    await browser.shot('liste filtree et selection');

    // The CSV: its rows counted as they come, against the announced total.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter en CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^dossiers-\d{4}-\d{2}-\d{2}\.csv$/);
    await visible(page.getByTestId('export-progress').getByText(new RegExp(`Export terminé : ${expected} lignes reçues sur ${expected}`)));
    const text = readFileSync(await csv.path(), 'utf8');
    expect(text.trim().split('\n').length).toBe(expected + 1);
    // The XLSX: bytes counted, a real workbook (a zip).
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter en XLSX' }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    await visible(page.getByTestId('export-progress').getByText(new RegExp(`Export terminé : .* reçus pour ${expected} lignes`)));
    expect(readFileSync(await xlsx.path()).subarray(0, 2).toString()).toBe('PK');
    await browser.shot('exports termines');

    // A dossier opens on its instruction page.
    const first = rows.filter({ hasText: ownIdFo }).getByRole('link');
    const number = (await first.textContent())!.replace('Dossier', '').trim();
    await first.focus();
    await page.keyboard.press('Enter');
    await onPath(page, /^\/client\/instructeur\/dossiers\/[0-9a-f-]{36}$/);
    await visible(page.getByRole('heading', { level: 1, name: `Dossier de demande de subvention n° ${number}` }));
    await visible(page.getByRole('heading', { level: 2, name: 'Actions sur l’instruction' }));
    // Free-text answers wrap inside their table instead of running past the screen's edge.
    const answers = page.getByRole('region', { name: 'Réponses aux questions' });
    await visible(answers);
    expect(await answers.evaluate((region) => region.scrollWidth - region.clientWidth)).toBeLessThanOrEqual(1);
    await browser.shot('dossier ouvert depuis la liste');

    // The instruction opened from its page: the modal, then the result focused and the history's new line.
    await page.getByRole('button', { name: "Commencer l'instruction" }).click();
    const dialog = page.getByRole('dialog', { name: `Commencer l'instruction – dossier n° ${number}` });
    await visible(dialog);
    await dialog.getByLabel('Commentaire (facultatif)').fill('Dossier pris en charge.');
    await browser.shot('commencer l instruction');
    await dialog.getByRole('button', { name: "Confirmer : Commencer l'instruction" }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'instruction-resultat');
    await visible(page.locator('#instruction-resultat').getByText("L’instruction est maintenant « En cours d'instruction »"));
    const history = page.getByRole('table', { name: /^Historique de l’instruction de SDJES de Paris/ });
    await visible(history.getByRole('row').filter({ hasText: 'Dossier pris en charge.' }));
    await browser.shot('instruction commencee');

    // Sent back with a comment: refused empty (the summary leads to the field), then done.
    await page.getByRole('button', { name: 'Renvoyer au compte association pour correction' }).click();
    const sendBack = page.getByRole('dialog', { name: `Renvoyer au compte association pour correction – dossier n° ${number}` });
    await sendBack.getByRole('button', { name: 'Confirmer : Renvoyer au compte association pour correction' }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'instruction-erreurs');
    await sendBack.getByTestId('error-summary').getByRole('link').first().click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('evt-comment');
    await browser.shot('renvoi refuse sans commentaire');
    await page.keyboard.type('Merci de joindre le budget de la saison.');
    await sendBack.getByRole('button', { name: 'Confirmer : Renvoyer au compte association pour correction' }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'instruction-resultat');
    await visible(page.locator('#instruction-resultat').getByText('L’instruction est maintenant « Renvoyé au compte asso »'));
    await visible(history.getByRole('row').filter({ hasText: 'Merci de joindre le budget de la saison.' }));
    await browser.shot('dossier renvoye');

    // At 375 px: cards, nothing wider than the screen.
    await page.goBack();
    await page.setViewportSize({ width: 375, height: 800 });
    await visible(page.getByTestId('worklist-card').first());
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'la liste tient dans 375 px').toBe(true);
    await browser.shot('liste de travail a 375 px');
  }, 180_000);
});
