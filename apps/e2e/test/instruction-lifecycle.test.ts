// Journeys of a dossier through its instruction, each on dossiers of its own (copies of the demo's
// « ANS Part territoriale » dossier for associations of this file). First: the instructor of the
// SDJES de Paris finds the dossier in the work list by a search kept in the URL, opens it and sends
// it back with a comment; the association's member reads that comment in the notification and on
// the dossier's page, corrects the step it names and transmits the dossier again (C → D); the
// instructor starts the instruction (D → 2) and grants it with amounts per financing line; the
// member then sees it granted, with the amount. Second: the DRAJES Île-de-France (the service's
// own account) selects 21 dossiers of one association by keyboard and grants them in one bulk
// action: 20 are granted, the one still in D is refused with its reason; the XLSX of the list of
// the granted ones holds those 20, « Accordé ». Third: the instructor marks a dossier incomplete
// with what is missing; the member reads it on the dossier's page, writes to the service and
// declares the dossier complete; the instructor finds it by the work list's « unread messages »
// filter, reads the message (the count goes) and sees the dossier complete again. Every screen is
// checked with axe.
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { createLinkedMember, insertAssociation, type JourneyAssociation } from './support/associations.ts';
import { DEMO_PASSWORD, onPath, uniqueEmail, useBrowser, visible } from './support/browser.ts';
import { copyDemoDossier, type DossierCopy } from './support/dossiers.ts';
import { holdQuestions } from './support/questions.ts';
import { useMailbox } from './support/mail.ts';
import { signInWith, signOut, type Credentials } from './support/sign-in.ts';
import { callPortal, TINY_PDF } from './support/api.ts';
import { fireFromDialog, type DialogLocator } from './support/event-dialog.ts';

const browser = useBrowser();
useMailbox();

const YEAR = new Date().getUTCFullYear();
const CAMPAIGN = `ANS Part territoriale ${YEAR}`;
const SDJES = 'SDJES de Paris';
const DRAJES = 'DRAJES Île-de-France';
const INSTRUCTOR = { email: 'instructeur@demo.example.org', password: DEMO_PASSWORD, landing: '/client/instructeur' };
const REGIONAL_SERVICE = { email: 'service@demo.example.org', password: DEMO_PASSWORD, landing: '/client/instructeur' };

/** The association of the first journey, its member, and the association file transmission needs. */
const ASSOCIATION: JourneyAssociation = {
  id: randomUUID(), nom: 'Association de canoë-kayak de Chinon', sigle: 'ACKC', siren: '202600078', rna: 'W372026007',
  siretSiege: '20260007800010', siretSecondaire: '20260007800028',
};
const member = { email: uniqueEmail('instruction'), password: 'Instruction-E2e-2026!', nom: 'Marchand', prenom: 'Élise' };
/** The association of the bulk journey: 20 dossiers to grant (in 2 or 4) and one still in D. */
const BULK_ASSOCIATION: JourneyAssociation = {
  id: randomUUID(), nom: 'Cercle d’escrime de Loches', sigle: 'CEL', siren: '202600086', rna: 'W372026008',
  siretSiege: '20260008600013', siretSecondaire: '20260008600021',
};


let pool: pg.Pool;
let sentBack: DossierCopy;
const toGrant: DossierCopy[] = [];
let notYetOpened: DossierCopy;
let markedIncomplete: DossierCopy;
const INCOMPLETE_APPLICANT = 'ACKC section jeunes';

const api = (method: string, path: string, body?: unknown, token?: string) => callPortal(browser.baseUrl, method, path, body, token);

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 2 });
  await insertAssociation(pool, ASSOCIATION);
  await insertAssociation(pool, BULK_ASSOCIATION);
  // The member's association file, through the API as the member fills it: a legal representative,
  // the head office's RIB, and one document of each type the campaign expects.
  await createLinkedMember(browser.baseUrl, member, { id_correspondance: ASSOCIATION.id, id_siret: ASSOCIATION.siretSiege });
  const { token } = (await api('POST', '/auth-server/login', { email: member.email, password: member.password })) as { token: string };
  const asso = `id_asso=${ASSOCIATION.id}`;
  await api('POST', `/proxy-asso/association/representants_legaux?${asso}`, { civilite: 'Madame', nom: 'Marchand', prenom: 'Élise', courriel: member.email, fonction: 'Présidente', telephone: '0601020304' }, token);
  await api('POST', `/proxy-asso/association/ribs?${asso}&id_siret=${ASSOCIATION.siretSiege}`, { titulaire: ASSOCIATION.nom, iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP' }, token);
  for (const type of ['STC', 'RAPACT', 'BUDG', 'RIB', 'CPTE']) {
    const form = new FormData();
    form.append('file', new Blob([TINY_PDF], { type: 'application/pdf' }), `${type.toLowerCase()}.pdf`);
    await api('POST', `/proxy-asso/association/documents?${asso}&type=${type}${type === 'RIB' ? `&id_siret=${ASSOCIATION.siretSiege}` : ''}`, form, token);
  }
  // Being instructed by the SDJES de Paris (sent back from 2: the service's list of dossiers in D,
  // which another journey counts, only holds it while the member transmits it again).
  sentBack = await copyDemoDossier(pool, ASSOCIATION, { campaign: 'ANS Part territoriale', etats: { [SDJES]: '2' }, withFile: true });
  // The DRAJES's own instructions: asked 1 500 € each; 16 in instruction, 4 back from the committee, one not opened yet.
  for (let n = 0; n < 20; n += 1) {
    toGrant.push(await copyDemoDossier(pool, BULK_ASSOCIATION, { campaign: 'ANS Part territoriale', etats: { [DRAJES]: n < 16 ? '2' : '4' }, demande: { [DRAJES]: 1500 } }));
  }
  notYetOpened = await copyDemoDossier(pool, BULK_ASSOCIATION, { campaign: 'ANS Part territoriale', etats: { [DRAJES]: 'D' }, demande: { [DRAJES]: 1500 } });
  markedIncomplete = await copyDemoDossier(pool, ASSOCIATION, { campaign: 'ANS Part territoriale', etats: { [SDJES]: '2' }, withFile: true });
  // Named after its section, so that the first journey's search by the association's name finds its own dossier only.
  await pool.query('UPDATE dossiers SET nom = $1 WHERE id = $2', [INCOMPLETE_APPLICANT, markedIncomplete.id]);
});

afterAll(async () => {
  await pool?.end();
});

async function signIn(page: Page, who: Credentials = member) {
  await signInWith(page, who);
  // The cookie banner is answered once per browser (the first sign-in of each test).
  if (!answered.has(page)) {
    await page.getByRole('button', { name: 'Tout accepter' }).click();
    answered.add(page);
  }
}
const answered = new WeakSet<Page>();

/** Searches the work list (the query goes into the URL). */
async function search(page: Page, text: string) {
  await page.locator('#worklist-recherche').fill(text);
  await page.keyboard.press('Enter');
  await onPath(page, /searchQuery=/);
}

/**
 * The words of an element's text that a line break cuts in two (a break between two letters of a
 * word): the text's characters and the line each one is drawn on.
 */
function wordsCutInTwo(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const text = element.textContent ?? '';
    const node = document.createTreeWalker(element, NodeFilter.SHOW_TEXT).nextNode();
    if (!node) return [];
    const range = document.createRange();
    const tops = [...text].map((_, i) => {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      return Math.round(range.getBoundingClientRect().top);
    });
    const cut: string[] = [];
    for (let i = 1; i < text.length; i += 1) {
      if (tops[i] !== tops[i - 1] && /\S/.test(text[i - 1]!) && /\S/.test(text[i]!) && !/[-’']/.test(text[i - 1]!)) {
        const start = text.lastIndexOf(' ', i) + 1;
        const end = text.indexOf(' ', i);
        cut.push(text.slice(start, end === -1 ? undefined : end));
      }
    }
    return cut;
  });
}

/** Fires an event from the instruction page's modal; waits for the result, which takes the focus. */
function fire(page: Page, label: string, idFo: string, fill: (dialog: DialogLocator) => Promise<void>, shot: string) {
  return fireFromDialog(page, { label, dialogName: `${label} – dossier n° ${idFo}`, resultId: 'instruction-resultat' }, fill, () => browser.shot(shot));
}

describe('instruction d’un dossier, du renvoi à l’accord', () => {
  it('l’instructeur renvoie le dossier avec un commentaire ; le membre le lit, corrige et transmet à nouveau ; l’instructeur l’accorde avec ses montants ; le membre le voit accordé', async () => {
    const page = browser.page();
    const { idFo } = sentBack;

    // The instructor finds the dossier by the association's name; the search stays in the URL.
    await signIn(page, INSTRUCTOR);
    await search(page, ASSOCIATION.nom);
    const table = page.getByRole('table', { name: 'Dossiers de la liste de travail' });
    const row = table.getByRole('row').filter({ hasText: idFo });
    await visible(row.getByText('En cours d\'instruction'));
    await visible(page.getByText('1 dossier(s) correspondent à ces critères.'));
    await browser.shot('liste filtree sur l association');
    // The dossier's number on one line (it was cut at its hyphen in the table's narrow column).
    expect(await row.getByRole('link', { name: `Dossier ${idFo}` }).evaluate((a) => a.getClientRects().length)).toBe(1);
    await row.getByRole('link', { name: `Dossier ${idFo}` }).focus();
    await page.keyboard.press('Enter');
    await onPath(page, `/client/instructeur/dossiers/${sentBack.id}`);
    await visible(page.getByRole('heading', { level: 1, name: `Dossier de demande de subvention n° ${idFo}` }));

    // Sent back with what to correct.
    const COMMENT = 'Merci de mettre à jour le nombre de licenciés de la saison passée.';
    await fire(page, 'Renvoyer au compte association pour correction', idFo, (d) => d.getByLabel(/^Commentaire pour l’association/).fill(COMMENT), 'renvoi avec commentaire');
    await visible(page.locator('#instruction-resultat').getByText('L’instruction est maintenant « Renvoyé au compte asso »'));
    const history = page.getByRole('table', { name: /^Historique de l’instruction de SDJES de Paris/ });
    await visible(history.getByRole('row').filter({ hasText: COMMENT }));
    await browser.shot('dossier renvoye par l instructeur');
    await signOut(page);

    // The member: the notification gives the comment, the list the state, the dossier's page says what to correct.
    await signIn(page);
    await page.goto('/client/dossiers');
    const notification = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem').filter({ hasText: `Dossier n° ${idFo}` }).filter({ hasText: 'Renvoyé au compte asso' });
    await visible(notification.getByText(`Commentaire du service : ${COMMENT}`));
    const listRow = page.getByRole('row').filter({ hasText: CAMPAIGN }).filter({ hasText: idFo });
    await visible(listRow.getByText('Renvoyé au compte asso'));
    await browser.shot('mes dossiers avec le dossier renvoye');
    await listRow.getByRole('link', { name: /Modifier le dossier/ }).click();
    await onPath(page, new RegExp(`/subvention-demande/${sentBack.id}`));
    const notices = page.getByTestId('messages-du-service');
    await visible(notices.getByRole('heading', { level: 2, name: `Dossier renvoyé pour correction par ${SDJES}` }));
    await visible(notices.getByText(COMMENT));
    await browser.shot('dossier renvoye lu par le membre');

    // Corrected where the comment says, then transmitted again; meanwhile no journey adds a required question (support/questions.ts).
    const questions = await holdQuestions('shared');
    onTestFinished(() => questions.release());
    const dossierPath = new URL(page.url()).pathname;
    await page.goto(`${dossierPath}?etape=2`);
    await visible(page.getByRole('heading', { name: 'Renouvellement et documents Étape 3 sur 5' }));
    await page.locator('#custom-nb_licencies').fill('156');
    await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();
    await visible(page.getByRole('heading', { name: 'Projets Étape 4 sur 5' }));
    await page.getByRole('button', { name: 'Continuer vers l’attestation' }).click();
    await visible(page.getByRole('heading', { name: 'Attestation Étape 5 sur 5' }));
    await visible(page.getByText('Le dossier est complet : vous pouvez le transmettre au service instructeur.'));
    await browser.shot('dossier corrige pret a transmettre');
    await page.getByRole('button', { name: 'Transmettre le dossier' }).click();
    const confirmation = page.getByRole('dialog', { name: `Transmettre le dossier n° ${idFo} ?` });
    await confirmation.getByRole('button', { name: 'Confirmer la transmission' }).click();
    const receipt = page.getByTestId('accuse-transmission');
    await visible(receipt.getByRole('heading', { name: `Accusé de transmission du dossier n° ${idFo}` }));
    await visible(receipt.getByText(/Service destinataire : SDJES de Paris/));
    await questions.release();
    // Back with the service: the request to correct is no longer shown.
    expect(await page.getByTestId('messages-du-service').count()).toBe(0);
    await browser.shot('dossier transmis a nouveau');
    const corrected = await pool.query<{ customs: { code: string; value: unknown }[] }>('SELECT customs FROM dossiers WHERE id = $1', [sentBack.id]);
    expect(corrected.rows[0]!.customs).toContainEqual({ code: 'nb_licencies', value: 156 });
    await signOut(page);

    // The instructor: D → 2, then granted with the amounts of its financing line.
    await signIn(page, INSTRUCTOR);
    await page.goto(`/client/instructeur/dossiers/${sentBack.id}`);
    await visible(page.getByRole('heading', { level: 1, name: `Dossier de demande de subvention n° ${idFo}` }));
    await fire(page, "Commencer l'instruction", idFo, async () => {}, 'commencer l instruction du dossier corrige');
    await visible(page.locator('#instruction-resultat').getByText("L’instruction est maintenant « En cours d'instruction »"));
    await fire(
      page,
      'Accorder la subvention',
      idFo,
      async (dialog) => {
        const line = `Projet 1 : École multisports pour les 6-12 ans, ${YEAR}`;
        await visible(dialog.getByText(new RegExp(`${line} – demandé : 6\\s000\\s€`)));
        await dialog.getByLabel(`Montant proposé – ${line}`).fill('5 500');
        await dialog.getByLabel(`Montant accordé – ${line}`).fill('5 000');
        await dialog.getByLabel('Commentaire (facultatif)').fill('Accordé en commission départementale.');
      },
      'accorder avec les montants',
    );
    await visible(page.locator('#instruction-resultat').getByText('L’instruction est maintenant « Accordé »'));
    await visible(history.getByRole('row').filter({ hasText: 'Accordé en commission départementale.' }));
    await browser.shot('dossier accorde par l instructeur');
    const lines = await pool.query<{ montant_propose: string; montant_accorde: string }>(
      `SELECT f.montant_propose, f.montant_accorde FROM projet_financements f JOIN projets p ON p.id = f.projet_id
       JOIN service_accounts sa ON sa.id = f.service_id WHERE p.dossier_id = $1 AND sa.nom = $2`,
      [sentBack.id, SDJES],
    );
    expect(lines.rows.map((l) => [Number(l.montant_propose), Number(l.montant_accorde)])).toEqual([[5500, 5000]]);
    await signOut(page);

    // The member sees it granted, with its amount, in the list and on its page.
    await signIn(page);
    await page.goto('/client/dossiers');
    await visible(listRow.getByText('Accordé', { exact: true }));
    await visible(listRow.getByText(/Montant accordé : 5\s000\s€/));
    await browser.shot('mes dossiers avec le dossier accorde');
    await listRow.getByRole('link', { name: /Consulter le dossier/ }).click();
    await visible(page.getByTestId('montants-accordes').getByText(/5\s000\s€/));
    await browser.shot('dossier accorde lu par le membre');
  }, 240_000); // two people, four sign-ins, every screen checked
});

describe('action groupée et export de la liste', () => {
  it('le service régional sélectionne 21 dossiers au clavier, les accorde d’un coup (20 faits, 1 refusé avec sa raison) et télécharge le XLSX des accordés', async () => {
    const page = browser.page();
    await signIn(page, REGIONAL_SERVICE);
    await search(page, BULK_ASSOCIATION.nom);
    await visible(page.getByText('21 dossier(s) correspondent à ces critères.'));
    const table = page.getByRole('table', { name: 'Dossiers de la liste de travail' });
    await visible(table.getByRole('row').filter({ hasText: notYetOpened.idFo }));
    // The state badges of the table's narrow column wrap between words, never inside one.
    const badges = table.locator('.fr-badge').filter({ hasText: "En cours d'instruction" });
    expect(await wordsCutInTwo(badges.first())).toEqual([]);

    // The page's 21 rows selected by keyboard, then the bulk grant.
    await page.locator('#select-page').focus();
    await page.keyboard.press('Space');
    await visible(page.getByTestId('selection-bar').getByText('21 dossier(s) sélectionné(s).'));
    await page.locator('#bulk-event').focus();
    await page.locator('#bulk-event').selectOption({ label: 'Accorder la subvention' });
    await page.locator('#bulk-comment').fill('Accord de la commission régionale.');
    await page.keyboard.press('Enter');
    const confirmation = page.getByRole('dialog', { name: 'Accorder la subvention : 21 dossier(s) ?' });
    await visible(confirmation);
    await browser.shot('confirmation de l action groupee');
    await confirmation.getByRole('button', { name: 'Appliquer à 21 dossier(s)' }).click();

    // The result, focused: each dossier done, the one in D refused with the reason.
    const result = page.getByTestId('bulk-result');
    await visible(result.getByText('20 dossier(s) traité(s), 1 refusé(s)'));
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'bulk-result');
    for (const { idFo } of toGrant) await visible(result.getByRole('listitem').filter({ hasText: `Dossier n° ${idFo} : Accordé` }));
    const refused = result.getByRole('listitem').filter({ hasText: `Dossier n° ${notYetOpened.idFo}` });
    expect((await refused.textContent())!.length).toBeGreaterThan(`Dossier n° ${notYetOpened.idFo} : `.length);
    await browser.shot('resultat de l action groupee');

    // Each line granted what was asked, on the DRAJES's lines.
    const granted = await pool.query<{ montant_accorde: string }>(
      `SELECT f.montant_accorde FROM projet_financements f JOIN projets p ON p.id = f.projet_id JOIN service_accounts sa ON sa.id = f.service_id
       WHERE p.dossier_id = ANY($1::uuid[]) AND sa.nom = $2`,
      [toGrant.map((d) => d.id), DRAJES],
    );
    expect(granted.rows.map((r) => Number(r.montant_accorde))).toEqual(Array(20).fill(1500));

    // The list of the granted ones, by its state filter, exported as XLSX.
    const grantedBox = page.getByLabel(/^Accordé \(\d+\)$/);
    await visible(page.getByLabel('Accordé (20)'));
    await grantedBox.focus();
    await page.keyboard.press('Space');
    await onPath(page, /etats=6/);
    await visible(page.getByText('20 dossier(s) correspondent à ces critères.'));
    await browser.shot('liste des dossiers accordes');
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter en XLSX' }).click()]);
    await visible(page.getByTestId('export-progress').getByText(/Export terminé : .* reçus pour 20 lignes/));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await xlsx.path());
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = (name: string) => headers.indexOf(name) + 1;
    const rows = [];
    for (let n = 2; n <= sheet.rowCount; n += 1) {
      const r = sheet.getRow(n);
      if (r.hasValues) rows.push({ idFo: String(r.getCell(column('N° de dossier')).value), etat: r.getCell(column("État de l'instruction")).value, demandeur: r.getCell(column('Demandeur')).value, service: r.getCell(column('Service instructeur')).value });
    }
    expect(rows.map((r) => r.idFo).sort()).toEqual(toGrant.map((d) => d.idFo).sort());
    expect(new Set(rows.map((r) => `${r.etat} | ${r.demandeur} | ${r.service}`))).toEqual(new Set([`Accordé | ${BULK_ASSOCIATION.nom} | ${DRAJES}`]));
    await browser.shot('export xlsx des dossiers accordes');
  }, 180_000);
});

describe('dossier incomplet et messages non lus du côté du service', () => {
  it('l’instructeur marque le dossier incomplet ; le membre écrit au service et le déclare complet ; l’instructeur trouve le message non lu par le filtre, le lit et voit le dossier complet', async () => {
    const page = browser.page();
    const { id, idFo } = markedIncomplete;
    const MISSING = 'Le budget prévisionnel joint est celui de l’an dernier.';
    const MESSAGE = 'Bonjour, le budget de cette année est maintenant joint au dossier.';

    // The instructor marks it incomplete with what is missing.
    await signIn(page, INSTRUCTOR);
    await page.goto(`/client/instructeur/dossiers/${id}`);
    await visible(page.getByRole('heading', { level: 1, name: `Dossier de demande de subvention n° ${idFo}` }));
    await fire(page, 'Marquer le dossier incomplet', idFo, (d) => d.getByLabel(/^Ce qui manque au dossier/).fill(MISSING), 'marquer le dossier incomplet');
    await visible(page.locator('#instruction-resultat').getByText('Le dossier est marqué incomplet : l’association en est prévenue.'));
    await signOut(page);

    // The member reads what is missing on the dossier's page, writes to the service and declares it complete.
    await signIn(page);
    await page.goto(`/client/associations/subvention-demande/${id}`);
    const notices = page.getByTestId('messages-du-service');
    await visible(notices.getByRole('heading', { level: 2, name: new RegExp(`^Dossier marqué incomplet par ${SDJES} le \\d{2}/\\d{2}/\\d{4}$`) }));
    await visible(notices.getByText(MISSING));
    await page.locator('#message-texte').fill(MESSAGE);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await visible(page.getByRole('list', { name: 'Fil des messages' }).getByText(MESSAGE));
    // Read only but its documents: the new budget replaces the old one, the answers stay as saved.
    await page.goto(`/client/associations/subvention-demande/${id}?etape=2`);
    await visible(page.getByText(/Ce dossier est en lecture seule, sauf ses documents/));
    expect(await page.locator('#custom-nb_licencies').isDisabled()).toBe(true);
    const budget = page.getByRole('group', { name: /^Budget prévisionnel/ });
    await budget.locator('input[type=file]').setInputFiles({ name: 'budget-de-l-annee.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
    await visible(budget.getByText('Joint : budget-de-l-annee.pdf'));
    await page.getByRole('button', { name: 'Enregistrer les documents' }).click();
    await visible(page.getByText('Les documents sont joints au dossier. Déclarez-le complet quand rien ne manque plus.'));
    const attached = await pool.query<{ nom: string }>(
      `SELECT d.nom FROM dossier_documents dd JOIN association_documents d ON d.id = dd.document_id WHERE dd.dossier_id = $1`,
      [id],
    );
    expect(attached.rows.map((r) => r.nom)).toContain('budget-de-l-annee.pdf');
    await browser.shot('le membre joint le budget qui manquait');
    await page.getByLabel('Un mot pour le service (facultatif)').fill('Budget joint, voir le message.');
    await browser.shot('le membre declare le dossier complet');
    await notices.getByRole('button', { name: 'Déclarer le dossier complet' }).click();
    await visible(page.getByText('Le dossier est déclaré complet ; les services qui l’instruisent en sont informés.'));
    expect(await page.getByTestId('messages-du-service').count()).toBe(0);
    const statut = await pool.query<{ statut: string }>('SELECT statut FROM dossiers WHERE id = $1', [id]);
    expect(statut.rows[0]!.statut).toBe('complet');
    await signOut(page);

    // The instructor: the work list's filter finds the dossier with the unread message, the page reads it.
    await signIn(page, INSTRUCTOR);
    await search(page, INCOMPLETE_APPLICANT);
    await page.getByLabel('Avec des messages non lus').focus();
    await page.keyboard.press('Space');
    await onPath(page, /messages_non_lus=/);
    await visible(page.getByText('1 dossier(s) correspondent à ces critères.'));
    const table = page.getByRole('table', { name: 'Dossiers de la liste de travail' });
    const row = table.getByRole('row').filter({ hasText: idFo });
    await visible(row.getByText('1 non lu(s)'));
    await visible(row.getByText('Complet', { exact: true }));
    await browser.shot('liste filtree sur les messages non lus');
    // With the mouse, at the middle of the number: Playwright's own click takes the cell for
    // something covering the link, though the browser's hit test (elementsFromPoint) gives the link.
    const link = row.getByRole('link', { name: `Dossier ${idFo}` });
    await link.scrollIntoViewIfNeeded();
    const box = (await link.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await onPath(page, `/client/instructeur/dossiers/${id}`);
    await visible(page.getByRole('heading', { name: 'Messages avec l’association (1 message non lu)' }));
    const thread = page.getByRole('list', { name: 'Fil des messages' });
    await thread.getByText(MESSAGE).scrollIntoViewIfNeeded();
    await visible(thread.getByText(MESSAGE));
    await visible(page.getByRole('heading', { name: 'Messages avec l’association', exact: true }));
    await browser.shot('message lu par l instructeur');

    // Back in the list, nothing is left unread for this association.
    await page.goBack();
    await onPath(page, /messages_non_lus=/);
    await visible(page.getByText('Aucun dossier ne correspond à ces critères.'));
  }, 180_000);
});
