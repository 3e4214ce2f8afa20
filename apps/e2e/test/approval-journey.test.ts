// An approval (agrément) through the browser: a member of the demo association « Les Amis du
// théâtre de démonstration » asks for the JEP approval (chosen by keyboard), fills the wizard's
// steps (the people of the file, the statutes and the approval order already deposited, the common
// criteria and the approval's expected field), certifies and transmits it, then downloads its PDF;
// an agent of the DJEPVA,
// the approval's service, finds it among the dossiers transmitted to it, opens the instruction and
// grants it with its number; the approval then shows on the association's administrative file.
// Then a member of an association of its own asks for the food-aid authorisation (HAA): at the
// wizard's « Critères d'agrément » step it sees its food-aid sites and adds one through their modal,
// which then shows in the step; it transmits the request, and the agent of the DRAJES, the food-aid
// approval's service, sees that site read only at the same step. Every screen is checked with axe.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { describe, expect, it, beforeAll, inject } from 'vitest';
import { createLinkedMember, insertAssociation, type JourneyAssociation } from './support/associations.ts';
import { DEMO_PASSWORD, onPath, uniqueEmail, useBrowser, visible } from './support/browser.ts';
import { databaseNow, useMailbox, waitForMailLink } from './support/mail.ts';
import { signInWith, signOut, type Credentials } from './support/sign-in.ts';
import { callPortal, TINY_PDF } from './support/api.ts';

const browser = useBrowser();
useMailbox();

/** The demo registry's « culturelle » association (server seed/demo-registry.ts). */
const ASSOCIATION = { id: '00000000-0000-4000-8000-0000000a5502', nom: 'Les Amis du théâtre de démonstration', siretSiege: '10000002500013' };
const member = { email: uniqueEmail('agrement'), password: 'Agrement-Parcours-2026!', nom: 'Perrin', prenom: 'Zoé' };
/**
 * The DJEPVA's account: the JEP approval's instructing service (seed/demo-approvals.ts). The demo
 * seeds it without a known password: its agent sets one by the forgotten-password mail first.
 */
const DJEPVA: Credentials = { email: 'djepva@demo.example.org', password: 'Djepva-Parcours-2026!', landing: '/client/instructeur' };
const NUMERO = 'JEP-69-2026-001';
/** The DRAJES Île-de-France's agent: the food-aid approval's (HAA-IDF) instructing service (seed/demo-approvals.ts). */
const DRAJES: Credentials = { email: 'service@demo.example.org', password: DEMO_PASSWORD, landing: '/client/instructeur' };

const api = (method: string, path: string, body?: unknown, token?: string) => callPortal(browser.baseUrl, method, path, body, token);

beforeAll(async () => {
  const since = await databaseNow();
  await api('POST', `/auth-server/forgotPassword/${encodeURIComponent(DJEPVA.email)}`);
  const reset = (await waitForMailLink(DJEPVA.email, 'mot-de-passe-oublie', { since })).split('/').pop()!;
  await api('POST', `/auth-server/resetPassword/${reset}`, { password: DJEPVA.password, confirm: DJEPVA.password });
  // The member's file: a legal representative (who also signs), the statutes and the approval order.
  await createLinkedMember(browser.baseUrl, member, { id_correspondance: ASSOCIATION.id, id_siret: ASSOCIATION.siretSiege });
  const { token } = (await api('POST', '/auth-server/login', { email: member.email, password: member.password })) as { token: string };
  const asso = `id_asso=${ASSOCIATION.id}`;
  await api('POST', `/proxy-asso/association/representants_legaux?${asso}`, { civilite: 'Madame', nom: 'Perrin', prenom: 'Zoé', courriel: member.email, fonction: 'Présidente', telephone: '0601020304' }, token);
  for (const [type, name] of [['STC', 'statuts.pdf'], ['ATTAG', 'arrete-jep.pdf']]) {
    const form = new FormData();
    form.append('file', new Blob([TINY_PDF], { type: 'application/pdf' }), name);
    await api('POST', `/proxy-asso/association/documents?${asso}&type=${type}`, form, token);
  }
});

const answered = new WeakSet<Page>();
async function signIn(page: Page, who: Credentials = { ...member, landing: '/client/user/dashboard' }) {
  await signInWith(page, who);
  if (!answered.has(page)) {
    await page.getByRole('button', { name: 'Tout accepter' }).click();
    answered.add(page);
  }
}

/** The wizard's step is shown: its stepper heading says which. */
const onStep = (page: Page, title: string) => visible(page.getByRole('heading', { level: 2, name: new RegExp(title) }));

describe('demande d’agrément', () => {
  it('le membre demande l’agrément JEP, remplit le dossier et le transmet ; la DJEPVA l’accorde ; l’agrément figure au dossier administratif', async () => {
    const page = browser.page();
    await signIn(page);
    await page.goto('/client/demande-agrements/dossiers');
    await visible(page.getByRole('heading', { level: 1, name: 'Dossiers de demande d’agrément' }));
    await visible(page.getByText('Aucun dossier de demande d’agrément.'));
    await browser.shot('liste vide du membre');
    await page.getByRole('link', { name: 'Nouvelle demande d’agrément' }).click();
    await onPath(page, `/client/associations/${ASSOCIATION.siretSiege}/demande-agrement`);
    const jep = page.getByRole('radio', { name: /\(JEP\)/ });
    await visible(jep);
    await browser.shot('choix de l agrement');

    // By keyboard: the JEP approval chosen with the space bar, then the creation from the next stop.
    await jep.focus();
    await page.keyboard.press('Space');
    expect(await jep.isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Créer le dossier de demande');
    await page.keyboard.press('Enter');
    await onPath(page, new RegExp(`/client/associations/${ASSOCIATION.siretSiege}/demande-agrement/[0-9a-f-]{36}\\?etape=1$`));
    const dossierUrl = page.url().replace(/\?.*$/, '');

    // Step 2: the people, from the association file.
    await onStep(page, 'Demandeur');
    await browser.shot('etape demandeur');
    for (const label of ['Représentant légal *', 'Signataire *', 'Responsable du dossier *']) {
      // Chosen by name: the demo association has other people (its CEC validator) before her.
      const people = page.getByLabel(label);
      await people.selectOption((await people.locator('option', { hasText: 'Zoé Perrin' }).getAttribute('value'))!);
      expect(await people.locator('option:checked').textContent()).toMatch(/Zoé Perrin – Présidente$/);
    }
    await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();

    // Step 3: the statutes and the approval order already in the file.
    await onStep(page, 'Documents');
    await page.locator('#doc-agrement_statuts-existing').selectOption({ label: 'statuts.pdf' });
    await page.locator('#doc-agrement_arrete-existing').selectOption({ label: 'arrete-jep.pdf' });
    await visible(page.getByText('2 document(s) joint(s) sur 2'));
    await browser.shot('etape documents');
    await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();

    // Step 4: the common criteria and the approval's expected field.
    await onStep(page, 'Critères d’agrément');
    for (const criterion of [/objet d’intérêt général/, /fonctionnement est démocratique/, /gestion financière est transparente/]) await page.getByText(criterion).click();
    await page.getByLabel(/Nombre d'adhérents à jour de leur cotisation/).fill('85');
    await browser.shot('etape criteres');
    await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();

    // Step 5: the cerfa's attestation, then the transmission.
    await onStep(page, 'Transmission');
    await page.getByText(/^Je certifie exactes les informations du présent dossier/).click();
    await page.getByLabel('Fait à *').fill('Lyon');
    await browser.shot('etape transmission');
    await page.getByRole('button', { name: 'Transmettre le dossier au service instructeur' }).click();
    await visible(page.getByText(/Le dossier a été transmis au service instructeur \(DJEPVA/));
    await visible(page.getByText('Transmis au service instructeur', { exact: true }));
    await browser.shot('dossier transmis');
    // Sent: read only for its creator too.
    await page.goto(`${dossierUrl}?etape=1`);
    await visible(page.getByText("Ce dossier n'est pas éditable."));
    expect(await page.getByLabel('Représentant légal').isDisabled()).toBe(true);
    await browser.shot('dossier transmis en lecture');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger le dossier (PDF)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^demande-agrement-\d{4}-\d+\.pdf$/);
    expect(readFileSync((await download.path())!).subarray(0, 5).toString()).toBe('%PDF-');
    await signOut(page);

    // The DJEPVA finds it among the dossiers transmitted to it, opens the instruction and grants it.
    await signIn(page, DJEPVA);
    await page.goto('/client/demande-agrements/dossiers');
    const row = page.getByRole('row').filter({ hasText: ASSOCIATION.nom });
    await visible(row);
    await browser.shot('liste du service');
    await row.getByRole('link').click();
    await visible(page.getByRole('heading', { level: 2, name: 'Décision du service instructeur' }));
    await browser.shot('decision du service');
    await page.getByRole('button', { name: "Ouvrir l'instruction" }).click();
    await visible(page.getByText("En cours d'instruction", { exact: true }));
    expect(await page.getByRole('button', { name: "Ouvrir l'instruction" }).count()).toBe(0);
    await page.getByLabel(/Numéro de l’agrément/).fill(NUMERO);
    await page.getByRole('button', { name: "Accorder l'agrément" }).click();
    await visible(page.getByText('Agrément accordé', { exact: true }).first());
    expect(await page.getByRole('heading', { name: 'Décision du service instructeur' }).count()).toBe(0);
    await browser.shot('agrement accorde');
    await signOut(page);

    // The member sees it granted, and on the association's administrative file.
    await signIn(page);
    await page.goto('/client/demande-agrements/dossiers');
    await visible(page.getByRole('row').filter({ hasText: ASSOCIATION.nom }).getByText('Agrément accordé'));
    await page.goto(`/client/informations-administratives/${ASSOCIATION.id}?onglet=agrements`);
    const approvals = page.getByRole('table', { name: /Agréments de l’association/ });
    await visible(approvals.getByRole('row').filter({ hasText: NUMERO }));
    await browser.shot('agrement au dossier administratif');
  });

  it('le membre demande l’habilitation aide alimentaire et ajoute un site d’aide alimentaire depuis l’assistant ; le service instructeur le voit', async () => {
    // An association of its own (no other journey sees its dossier or its sites), its statutes and a legal representative.
    const foodBank: JourneyAssociation = {
      id: randomUUID(), nom: 'Banque solidaire de Chinon', sigle: 'BSC', siren: '202611273', rna: 'W372026112',
      siretSiege: '20261127300014', siretSecondaire: '20261127300022',
    };
    const pool = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 1 });
    try {
      await insertAssociation(pool, foodBank);
    } finally {
      await pool.end();
    }
    const volunteer = { email: uniqueEmail('agrement-haa'), password: 'Agrement-Haa-2026!', nom: 'Renaud', prenom: 'Maëlle' };
    await createLinkedMember(browser.baseUrl, volunteer, { id_correspondance: foodBank.id, id_siret: foodBank.siretSiege });
    const { token } = (await api('POST', '/auth-server/login', { email: volunteer.email, password: volunteer.password })) as { token: string };
    await api('POST', `/proxy-asso/association/representants_legaux?id_asso=${foodBank.id}`, { civilite: 'Madame', nom: volunteer.nom, prenom: volunteer.prenom, courriel: volunteer.email, fonction: 'Présidente', telephone: '0601020304' }, token);
    const form = new FormData();
    form.append('file', new Blob([TINY_PDF], { type: 'application/pdf' }), 'statuts-banque.pdf');
    await api('POST', `/proxy-asso/association/documents?id_asso=${foodBank.id}&type=STC`, form, token);

    const page = browser.page();
    await signIn(page, { ...volunteer, landing: '/client/user/dashboard' });
    await page.goto(`/client/associations/${foodBank.siretSiege}/demande-agrement`);
    const foodAid = page.getByRole('radio', { name: /\(HAA-IDF\)/ });
    await visible(foodAid);
    await foodAid.focus();
    await page.keyboard.press('Space');
    expect(await foodAid.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Créer le dossier de demande' }).click();
    await onStep(page, 'Demandeur');
    for (const label of ['Représentant légal *', 'Signataire *', 'Responsable du dossier *']) {
      const people = page.getByLabel(label);
      await people.selectOption((await people.locator('option', { hasText: `${volunteer.prenom} ${volunteer.nom}` }).getAttribute('value'))!);
    }
    await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();
    await onStep(page, 'Documents');
    await page.locator('#doc-agrement_statuts-existing').selectOption({ label: 'statuts-banque.pdf' });
    await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();

    // « Critères d'agrément »: the food-aid block, and the association's sites (none yet), managed in their modal.
    await onStep(page, 'Critères d’agrément');
    await visible(page.getByRole('group', { name: 'Habilitation à l’aide alimentaire' }));
    await visible(page.getByText('Aucun site d’aide alimentaire n’est déclaré.'));
    await page.getByRole('button', { name: 'Gérer les sites d’aide alimentaire' }).click();
    const modal = page.getByRole('dialog', { name: 'Sites d’aide alimentaire' });
    await modal.getByRole('button', { name: 'Ajouter un site' }).click();
    const siteForm = modal.getByRole('form', { name: 'Ajouter un site' });
    const runner = siteForm.getByLabel('Établissement qui tient le site');
    const headOffice = runner.locator('option', { hasText: foodBank.siretSiege }).first();
    await headOffice.waitFor({ state: 'attached' });
    await runner.selectOption({ label: (await headOffice.textContent())!.trim() });
    await siteForm.locator('label', { hasText: 'Site itinérant' }).click();
    await siteForm.locator('label', { hasText: 'Ouvert le mercredi' }).click();
    await browser.shot('site ajoute depuis l assistant');
    await siteForm.getByRole('button', { name: 'Enregistrer le site' }).click();
    await visible(page.getByText('Le site d’aide alimentaire a été enregistré.'));
    await visible(modal.getByRole('table', { name: 'Sites d’aide alimentaire de l’association' }).getByText('Mercredi 09:00–12:00'));
    await modal.getByRole('button', { name: 'Fermer' }).click();
    await modal.waitFor({ state: 'detached' });
    // The step lists it at once.
    const sites = page.getByRole('table', { name: 'Sites d’aide alimentaire de l’association' });
    await visible(sites.getByRole('row').filter({ hasText: 'Itinérant, sans adresse fixe' }));
    expect(await sites.getByRole('row').filter({ hasText: 'Mercredi 09:00–12:00' }).count()).toBe(1);
    await browser.shot('sites d aide alimentaire de l etape');
    const dossierUrl = page.url().replace(/\?.*$/, '');
    await page.getByLabel(/Nombre d'adhérents à jour de leur cotisation/).fill('40');
    await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();
    await onStep(page, 'Transmission');
    await page.getByText(/^Je certifie exactes les informations du présent dossier/).click();
    await page.getByLabel('Fait à *').fill('Chinon');
    await page.getByRole('button', { name: 'Transmettre le dossier au service instructeur' }).click();
    await visible(page.getByText(/Le dossier a été transmis au service instructeur/));
    await signOut(page);

    // The DRAJES's agent reads the site the member added, at the same step, with nothing to change.
    await signIn(page, DRAJES);
    await page.goto(`${dossierUrl}?etape=3`);
    await onStep(page, 'Critères d’agrément');
    const read = page.getByRole('table', { name: 'Sites d’aide alimentaire de l’association' });
    const site = read.getByRole('row').filter({ hasText: 'Itinérant, sans adresse fixe' });
    await visible(site);
    expect(await site.filter({ hasText: 'Mercredi 09:00–12:00' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Gérer les sites d’aide alimentaire' }).count()).toBe(0);
    expect(await read.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    await browser.shot('sites d aide alimentaire vus par le service');
    await signOut(page);
  });
});
