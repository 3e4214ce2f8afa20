// A SIRET request through the browser: a member of the demo association without SIRET (« Comité des
// fêtes de démonstration ») creates the request (pre-filled from the file), finds the head office's
// commune by typing its first letters and
// picking it with the keyboard (postcode and INSEE code filled), attaches the récépissé, the
// statutes and the list of directors, transmits it (the server's message shown) and downloads its
// PDF; the LCA administrator processes it from the list up to « Accordé » with the SIRET granted;
// the member sees it granted. Every screen is checked with axe.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, onPath, uniqueEmail, useBrowser, visible } from './support/browser.ts';
import { createValidatedAccount, useMailbox } from './support/mail.ts';
import { signInWith, signOut, type Credentials } from './support/sign-in.ts';
import { callPortal, TINY_PDF } from './support/api.ts';

const browser = useBrowser();
useMailbox();

/** The demo registry's association without SIREN nor SIRET (server seed/demo-registry.ts `sansSiret`). */
const ASSOCIATION = { id: '00000000-0000-4000-8000-0000000a5503', nom: 'Comité des fêtes de démonstration', rna: 'W331000003' };
const member = { email: uniqueEmail('siret'), password: 'Siret-Parcours-2026!', nom: 'Garnier', prenom: 'Léa' };
const ADMIN: Credentials = { email: 'admin.lca@demo.example.org', password: DEMO_PASSWORD, landing: '/client/administration/lca' };
/** A SIRET whose key is right (Luhn) and that no demo establishment has. */
const GRANTED = '91026015700011';

let pool: pg.Pool;
const api = (method: string, path: string, body?: unknown, token?: string) => callPortal(browser.baseUrl, method, path, body, token);

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 2 });
  await createValidatedAccount(browser.baseUrl, member);
  const session = (await api('POST', '/auth-server/login', { email: member.email, password: member.password })) as { token: string; user: { lcaId: string } };
  await api('PATCH', `/lca-server/users/${session.user.lcaId}`, { associations: [{ id_correspondance: ASSOCIATION.id, id_siret: null, fonction: 'Présidente' }] }, session.token);
  for (const type of ['REC', 'STC', 'LDC']) {
    const form = new FormData();
    form.append('file', new Blob([TINY_PDF], { type: 'application/pdf' }), `${type.toLowerCase()}.pdf`);
    await api('POST', `/proxy-asso/association/documents?id_asso=${ASSOCIATION.id}&type=${type}`, form, session.token);
  }
});

afterAll(async () => {
  await pool?.end();
});

const answered = new WeakSet<Page>();
async function signIn(page: Page, who: Credentials = member) {
  await signInWith(page, who);
  if (!answered.has(page)) {
    await page.getByRole('button', { name: 'Tout accepter' }).click();
    answered.add(page);
  }
}

/** The administrator fires one event from the request's processing panel. */
async function process(page: Page, action: string, fill?: () => Promise<void>) {
  const panel = page.getByRole('form', { name: 'Traitement de la demande' });
  await panel.getByLabel('Action').selectOption({ label: action });
  await fill?.();
  await panel.getByRole('button', { name: 'Valider' }).click();
  await visible(page.getByText(`${action} : fait.`).first());
}

describe('demande de numéro SIRET', () => {
  it('le membre la remplit avec une commune trouvée en tapant, joint les pièces, la transmet et télécharge son PDF ; l’administrateur l’accorde ; le membre voit le SIRET', async () => {
    const page = browser.page();
    await signIn(page);
    await page.goto(`/client/associations/${ASSOCIATION.rna}/demande-siret`);
    await visible(page.getByRole('heading', { level: 1, name: 'Demande de numéro SIRET' }));
    await browser.shot('nouvelle demande');
    await page.getByRole('button', { name: 'Créer la demande' }).click();
    await onPath(page, new RegExp(`/client/associations/${ASSOCIATION.rna}/demande-siret/[0-9a-f-]{36}$`));
    const form = page.getByRole('form', { name: 'Demande de numéro SIRET' });
    await visible(form);
    expect(await form.getByLabel(/^Dénomination/).inputValue()).toBe(ASSOCIATION.nom);
    await browser.shot('demande pre remplie');

    // The head office moved to Mérignac: the member types its first letters and picks it with the keyboard.
    const commune = form.getByRole('combobox', { name: /^Commune/ });
    await commune.fill('');
    await commune.pressSequentially('Mérign', { delay: 30 });
    const option = page.getByRole('option', { name: 'Mérignac (33700)' });
    await visible(option);
    expect(await commune.getAttribute('aria-expanded')).toBe('true');
    await visible(page.getByRole('status').filter({ hasText: /communes? trouvées?/ }));
    await browser.shot('recherche de la commune');
    const names = await page.getByRole('option').allTextContents();
    for (let i = 0; i <= names.indexOf('Mérignac (33700)'); i += 1) await commune.press('ArrowDown');
    expect(await commune.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    await commune.press('Enter');
    expect(await commune.inputValue()).toBe('Mérignac');
    expect(await commune.getAttribute('aria-expanded')).toBe('false');
    expect(await form.locator('#siret-siege-cp').inputValue()).toBe('33700');
    expect(await form.locator('#siret-siege-code_insee').inputValue()).toBe('33281');

    // The three documents of the association's file, then the attestation.
    for (const type of ['REC', 'STC', 'LDC']) await form.locator(`#siret-document-${type}-choix`).selectOption({ label: `${type.toLowerCase()}.pdf` });
    await form.getByText(/^Je certifie exactes les informations/).click();
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await visible(page.getByText('La demande est enregistrée.'));
    await browser.shot('demande enregistree');

    await form.getByRole('button', { name: 'Transmettre la demande' }).click();
    await visible(page.getByText('Votre demande de numéro SIRET a été transmise.', { exact: false }).first());
    await visible(page.getByText('À émettre', { exact: true }));
    await browser.shot('demande transmise');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger la demande (PDF)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^demande-siret-\d{4}-\d+\.pdf$/);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await signOut(page);

    // The LCA administrator finds it among the requests to process and takes it to « Accordé ».
    await signIn(page, ADMIN);
    await page.goto('/client/demande-siret');
    await visible(page.getByRole('heading', { level: 1, name: 'Demandes de numéro SIRET' }));
    await page.getByRole('group', { name: 'États' }).getByText('À émettre', { exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: ASSOCIATION.nom });
    await visible(row);
    await browser.shot('liste de l administrateur');
    await row.getByRole('link').click();
    await visible(page.getByRole('form', { name: 'Traitement de la demande' }));
    await process(page, 'Commencer le traitement');
    await process(page, 'Générer le fichier Regent');
    await process(page, 'Enregistrer le SIRET attribué', () => page.getByLabel(/^SIRET attribué par l'INSEE/).fill(GRANTED));
    await visible(page.getByText(`SIRET du siège : ${GRANTED}`));
    await browser.shot('demande accordee');
    await signOut(page);

    // The member sees it granted, read only; the association file has its SIRET.
    await signIn(page);
    await page.goto('/client/demande-siret');
    const mine = page.getByRole('row').filter({ hasText: ASSOCIATION.nom });
    await visible(mine.getByText('Accordé', { exact: true }));
    await browser.shot('demande accordee vue par le membre');
    await mine.getByRole('link').click();
    await visible(page.getByText(`SIRET du siège : ${GRANTED}`));
    expect(await page.getByRole('button', { name: 'Transmettre la demande' }).count()).toBe(0);
    const file = await pool.query('SELECT id_siret_siege, id_siren FROM associations WHERE id = $1', [ASSOCIATION.id]);
    expect(file.rows[0]).toEqual({ id_siret_siege: GRANTED, id_siren: GRANTED.slice(0, 9) });
  });
});
