// Journey: a new member signs in (no association: choix-association), finds an association by its
// SIREN, picks its head office, certifies on their honour and joins; then opens the documents
// page, uploads a small PDF, downloads it back; the app no longer sends them to choix-association.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { onPath, passwordField, useBrowser, uniqueEmail, visible } from './support/browser.ts';
import { insertAssociation } from './support/associations.ts';
import { createValidatedAccount, useMailbox } from './support/mail.ts';
import { TINY_PDF } from './support/api.ts';

const browser = useBrowser();
useMailbox();

/** An association of this journey, outside the demo registry's identifier ranges. */
const ASSOCIATION = {
  id: randomUUID(),
  nom: 'Union des randonneurs du parcours e2e',
  sigle: 'URPE',
  siren: '202600011',
  sirenAffiche: '202 600 011',
  rna: 'W372026001',
  siretSiege: '20260001100011',
  siretSiegeAffiche: '202 600 011 00011',
  siretSecondaire: '20260001100029',
};

let pool: pg.Pool | undefined;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 1 });
  await insertAssociation(pool, ASSOCIATION);
});

afterAll(async () => {
  await pool?.end();
});


describe('rattachement à une association', () => {
  it('cherche par SIREN, choisit le siège, certifie, rejoint, dépose puis télécharge un document', async () => {
    const page = browser.page();
    const email = uniqueEmail('rattachement');
    const password = 'Rattachement-E2e-2026!';
    await createValidatedAccount(browser.baseUrl, { email, password, nom: 'Marchand', prenom: 'Lucie' });

    // Sign in: no association yet
    await page.goto('/client/login');
    await page.getByLabel('Adresse électronique', { exact: true }).fill(email);
    await passwordField(page, 'Mot de passe').fill(password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await onPath(page, '/client/ajout-association/choix-association');
    await page.getByRole('button', { name: 'Tout accepter' }).click();

    // Search by SIREN
    await page.getByRole('searchbox', { name: 'Nom, numéro RNA, SIREN ou SIRET' }).fill(ASSOCIATION.sirenAffiche);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await visible(page.getByText('1 association trouvée'));
    await visible(page.getByText(`SIREN ${ASSOCIATION.sirenAffiche}`, { exact: false }));
    await browser.shot('resultat de la recherche');
    await page.getByRole('button', { name: `Choisir ${ASSOCIATION.nom}` }).click();

    // Establishment: the head office
    await onPath(page, '/client/ajout-association/choix-etablissement');
    const group = page.getByRole('group', { name: 'Établissement auquel vous vous rattachez' });
    await visible(group.getByText(`SIRET ${ASSOCIATION.siretSiegeAffiche}`));
    await group.locator('label', { hasText: ASSOCIATION.siretSiegeAffiche }).click();
    expect(await group.getByRole('radio').first().isChecked()).toBe(true);
    await page.getByLabel('Votre fonction dans l’association (facultatif)').fill('Secrétaire');
    await browser.shot('choix du siege');
    await page.getByRole('button', { name: 'Continuer' }).click();

    // Certificate of honour, then join
    await onPath(page, '/client/ajout-association/certificat-honneur');
    await visible(page.getByRole('heading', { name: 'Attestation sur l’honneur', level: 1 }));
    await page.getByRole('button', { name: "Rejoindre l'association" }).click();
    await visible(page.getByRole('group', { name: 'Attestation' }).getByText('Au moins une case doit être cochée.'));
    await page.locator('label', { hasText: 'Je certifie sur l’honneur' }).click();
    await browser.shot('attestation cochee');
    await page.getByRole('button', { name: "Rejoindre l'association" }).click();

    await onPath(page, '/client/user/dashboard');
    await visible(page.getByText("Vous êtes rattaché(e) à l'association."));
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: ASSOCIATION.nom }) });
    await visible(card.getByText('Siège', { exact: true }));
    await visible(card.getByText(`SIRET ${ASSOCIATION.siretSiegeAffiche}`, { exact: false }));
    await browser.shot('rattache au tableau de bord');

    // Documents: upload a PDF
    await card.getByRole('link', { name: 'Documents' }).click();
    await onPath(page, `/client/associations/${ASSOCIATION.id}/documents`);
    await visible(page.getByText('Aucun document n’a encore été déposé.'));
    await page.getByLabel('Type de document').selectOption('STC');
    await page.getByLabel('Année de validité (facultatif)').fill(String(new Date().getFullYear()));
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'statuts-e2e.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
    await page.getByRole('button', { name: 'Déposer le document' }).click();
    await visible(page.getByText('Le document a été déposé.'));
    const row = page.getByRole('row').filter({ hasText: 'statuts-e2e.pdf' });
    await visible(row.getByText('Statuts', { exact: true }));
    await browser.shot('document depose');

    // Download it back: the browser opens a single-use ticket link, never a URL with the token
    const tickets: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/documents/download/')) tickets.push(request.url());
    });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Télécharger statuts-e2e.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('statuts-e2e.pdf');
    const saved = await download.path();
    expect(Buffer.compare(readFileSync(saved), TINY_PDF)).toBe(0);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).not.toContain('token=');
    // The ticket served once: opening it again is refused.
    expect((await page.request.get(tickets[0]!)).status()).toBe(404);

    // A new page load: the member has an association, no more choix-association
    await page.goto('/client/user/dashboard');
    await visible(page.getByRole('heading', { name: 'Tableau de bord', level: 1 }));
    await visible(page.getByRole('heading', { name: ASSOCIATION.nom }));
    expect(new URL(page.url()).pathname).toBe('/client/user/dashboard');
    await page.goto('/client/associations/documents');
    await visible(page.getByRole('row').filter({ hasText: 'statuts-e2e.pdf' }));
    expect(new URL(page.url()).pathname).toBe('/client/associations/documents');
    await browser.shot('documents apres rechargement');
  });
});
