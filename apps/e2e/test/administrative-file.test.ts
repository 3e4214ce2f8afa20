// Journey: a head-office member opens the administrative information, fills the characteristics
// (regime, territorial scope, Sport with its structure type) and saves; adds a RIB (a wrong IBAN is
// refused with its message first); adds a legal representative. A member of a secondary
// establishment sees only that establishment.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chooseRadio, inputField, onPath, passwordField, useBrowser, uniqueEmail, visible } from './support/browser.ts';
import { createLinkedMember, insertAssociation } from './support/associations.ts';
import { useMailbox } from './support/mail.ts';
import type { Page } from 'playwright-core';

const browser = useBrowser();
useMailbox();

const ASSOCIATION = {
  id: randomUUID(),
  nom: 'Cercle des nageurs du dossier e2e',
  sigle: 'CNDE',
  siren: '202600029',
  rna: 'W372026002',
  siretSiege: '20260002900013',
  siretSecondaire: '20260002900021',
  regime: null,
};
const PASSWORD = 'Dossier-Admin-E2e-2026!';
const headOffice = { email: uniqueEmail('dossier-siege'), password: PASSWORD, nom: 'Lemoine', prenom: 'Claire' };
const secondary = { email: uniqueEmail('dossier-antenne'), password: PASSWORD, nom: 'Roux', prenom: 'Hugo' };

let pool: pg.Pool | undefined;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 1 });
  await insertAssociation(pool, ASSOCIATION);
  const baseUrl = inject('e2eBaseUrl');
  await createLinkedMember(baseUrl, headOffice, {
    id_correspondance: ASSOCIATION.id,
    id_siret: ASSOCIATION.siretSiege,
  });
  await createLinkedMember(baseUrl, secondary, {
    id_correspondance: ASSOCIATION.id,
    id_siret: ASSOCIATION.siretSecondaire,
  });
});

afterAll(async () => {
  await pool?.end();
});

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/client/login');
  await page.getByLabel('Adresse électronique', { exact: true }).fill(account.email);
  await passwordField(page, 'Mot de passe').fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await onPath(page, '/client/user/dashboard');
  await page.getByRole('button', { name: 'Tout accepter' }).click();
}

describe('informations administratives', () => {
  it('le siège remplit les caractéristiques, ajoute un RIB puis un représentant légal', async () => {
    const page = browser.page();
    await signIn(page, headOffice);

    await page.goto('/client/informations-administratives');
    await onPath(page, `/client/informations-administratives/${ASSOCIATION.id}`);
    const identity = page.getByLabel('Identité de l’association');
    await visible(identity.getByText('202 600 029', { exact: true }));
    await visible(identity.getByText('202 600 029 00013', { exact: true }));

    // Characteristics: regime and scope are required; Sport requires a structure type.
    await inputField(page, 'Régime').selectOption('loi1901');
    await inputField(page, 'Champ d’action territorial').selectOption('Départemental');
    await inputField(page, 'Domaine').selectOption('Sport');
    // Sent once the Sport field shows (it lengthens the column above the button), from the keyboard:
    // on a loaded machine a click aimed while the layout moved once left the form unsent.
    await visible(inputField(page, 'Type de structure sportive'));
    await page.getByRole('button', { name: 'Enregistrer les caractéristiques' }).focus();
    await page.keyboard.press('Enter');
    // Said under the field and, as a link to it, in the error summary.
    await visible(page.getByRole('link', { name: 'Le champ type de structure sportive est obligatoire pour le domaine Sport.' }));
    await inputField(page, 'Type de structure sportive').selectOption('club');
    await browser.shot('caracteristiques remplies');
    await page.getByRole('button', { name: 'Enregistrer les caractéristiques' }).click();
    await visible(page.getByText('Les caractéristiques de l’association ont été enregistrées.'));
    const { rows } = await pool!.query<{
      regime: string;
      domaine: string;
      type_structure_sportive: string;
      champ_action_territorial: string;
    }>('SELECT regime, domaine, type_structure_sportive, champ_action_territorial FROM associations WHERE id = $1', [
      ASSOCIATION.id,
    ]);
    expect(rows[0]).toEqual({
      regime: 'loi1901',
      domaine: 'Sport',
      type_structure_sportive: 'club',
      champ_action_territorial: 'Départemental',
    });

    // RIB: a wrong IBAN is refused in the page, then a valid one is added.
    await page.getByRole('tab', { name: 'Coordonnées bancaires' }).click();
    await visible(page.getByText('Aucun RIB n’est enregistré.'));
    await inputField(page, 'Établissement').selectOption(ASSOCIATION.siretSiege);
    await inputField(page, 'Titulaire du compte').fill(ASSOCIATION.nom);
    await inputField(page, 'Banque (facultatif)').fill('BNP Paribas');
    await inputField(page, 'IBAN').fill('FR7630006000011234567890180');
    await inputField(page, 'BIC').fill('BNPAFRPP');
    await page.getByRole('button', { name: 'Ajouter le RIB' }).click();
    await visible(page.getByText("La valeur du champ IBAN n'est pas au bon format."));
    await browser.shot('iban refuse');
    await inputField(page, 'IBAN').fill('FR76 3000 6000 0112 3456 7890 189');
    await page.getByRole('button', { name: 'Ajouter le RIB' }).click();
    await visible(page.getByText('Le RIB a été ajouté.'));
    const ribRow = page.getByRole('row').filter({ hasText: 'FR76 3000 6000 0112 3456 7890 189' });
    await visible(ribRow.getByText('BNPAFRPP'));
    await browser.shot('rib ajoute');

    // Legal representative.
    await page.getByRole('tab', { name: 'Représentants légaux' }).click();
    await visible(page.getByText('Aucun représentant légal n’est enregistré.'));
    await page.getByRole('button', { name: 'Ajouter un représentant légal' }).click();
    await chooseRadio(page, 'Civilité', 'Madame');
    await inputField(page, 'Nom').fill('Lemoine');
    await inputField(page, 'Prénom').fill('Claire');
    await inputField(page, 'Fonction').fill('Présidente');
    await inputField(page, 'Adresse électronique').fill(headOffice.email);
    await inputField(page, 'Téléphone (chiffres uniquement, sans espace)').fill('0601020304');
    await page.getByRole('button', { name: 'Enregistrer le représentant' }).click();
    await visible(page.getByText('Le représentant légal a été ajouté.'));
    const repRow = page.getByRole('row').filter({ hasText: 'Lemoine' });
    await visible(repRow.getByText('Présidente'));
    expect(await repRow.getByText('Incomplet').count()).toBe(0);
    await browser.shot('representant ajoute');

    // The journal lists both changes, newest first, the IBAN masked.
    await page.getByRole('tab', { name: 'Journal des modifications' }).click();
    const journal = page.getByRole('table', { name: /Modifications du dossier/ });
    await visible(journal.getByText('Ajout – Représentant légal'));
    await visible(journal.getByText('Ajout – Coordonnées bancaires (RIB)'));
    expect(await journal.getByText(/0189/).count()).toBeGreaterThan(0);
    expect(await journal.getByText('FR76 3000 6000 0112 3456 7890 189').count()).toBe(0);
    await browser.shot('journal des modifications');

    // A new page load keeps the characteristics.
    await page.goto(`/client/informations-administratives/${ASSOCIATION.id}`);
    await visible(inputField(page, 'Type de structure sportive'));
    expect(await inputField(page, 'Domaine').inputValue()).toBe('Sport');
    expect(await inputField(page, 'Type de structure sportive').inputValue()).toBe('club');
  });

  it('un membre d’établissement secondaire ne voit que son établissement', async () => {
    const page = browser.page();
    await signIn(page, secondary);
    await page.goto(`/client/informations-administratives/${ASSOCIATION.id}?onglet=etablissements`);
    const table = page.getByRole('table');
    await visible(table.getByText('Antenne de Joué'));
    expect(await table.getByRole('row').count()).toBe(2);
    expect(await table.getByText('202 600 029 00013').count()).toBe(0);
    await table.getByRole('link', { name: '202 600 029 00021' }).click();
    await onPath(
      page,
      `/client/informations-administratives/${ASSOCIATION.id}/etablissement-secondaire/${ASSOCIATION.siretSecondaire}`,
    );
    await visible(page.getByRole('heading', { level: 1, name: 'Établissement 202 600 029 00021' }));
    expect(await inputField(page, 'Enseigne').inputValue()).toBe('Antenne de Joué');
    await browser.shot('etablissement secondaire');
  });
});
