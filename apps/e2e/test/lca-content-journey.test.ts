// Journeys: the LCA administrator keeps the portal's content on /administration/lca.
// 1. They write a note for the dossiers page, chosen by its title (its HTML with an image that runs a script on error,
//    stored without it) in the notes' table, which scrolls by keyboard at 320 px; a member sees the
//    note on /dossiers, formatted, without the image. The history of the changes names the note's
//    creation and who made it.
// 2. They add a required question; a member's subsidy dossier sent back for correction can no
//    longer be transmitted (the summary names the question, the server refuses too) until the
//    member answers it in step 3; then the dossier is transmitted. The question is disabled again
//    at the end (support/questions.ts: the journeys that transmit wait meanwhile).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callPortal, TINY_PDF } from './support/api.ts';
import { createLinkedMember, insertAssociation, type JourneyAssociation } from './support/associations.ts';
import { chooseRadio, DEMO_PASSWORD, onPath, scrollsSidewaysByKeyboard, uniqueEmail, useBrowser, visible } from './support/browser.ts';
import { copyDemoDossier, type DossierCopy } from './support/dossiers.ts';
import { useMailbox } from './support/mail.ts';
import { holdQuestions, type QuestionsHold } from './support/questions.ts';
import { signInWith, signOut, type Credentials } from './support/sign-in.ts';

const browser = useBrowser();
useMailbox();

const ADMIN: Credentials = { email: 'admin.lca@demo.example.org', password: DEMO_PASSWORD, landing: '/client/administration/lca' };
const DRAJES = 'DRAJES Île-de-France';
const ASSOCIATION: JourneyAssociation = {
  id: randomUUID(), nom: 'Cercle d’escrime de Loches', sigle: 'CEL', siren: '202600235', rna: 'W372026023',
  siretSiege: '20260023500016', siretSecondaire: '20260023500206',
};
const member = { email: uniqueEmail('contenu'), password: 'Contenu-E2e-2026!', nom: 'Roussel', prenom: 'Anaïs' };

let pool: pg.Pool | undefined;
let dossier: DossierCopy;
const api = (method: string, path: string, body?: unknown, token?: string) => callPortal(browser.baseUrl, method, path, body, token);
const tokenOf = async (who: { email: string; password: string }) => ((await api('POST', '/auth-server/login', who)) as { token: string }).token;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 1 });
  await insertAssociation(pool, ASSOCIATION);
  await createLinkedMember(browser.baseUrl, member, { id_correspondance: ASSOCIATION.id, id_siret: ASSOCIATION.siretSiege });
  // The association file a dossier points to: a legal representative, the head office's RIB, the campaign's documents.
  const token = await tokenOf(member);
  const asso = `id_asso=${ASSOCIATION.id}`;
  await api('POST', `/proxy-asso/association/representants_legaux?${asso}`, { civilite: 'Madame', nom: 'Roussel', prenom: 'Anaïs', courriel: member.email, fonction: 'Présidente', telephone: '0601020304' }, token);
  await api('POST', `/proxy-asso/association/ribs?${asso}&id_siret=${ASSOCIATION.siretSiege}`, { titulaire: ASSOCIATION.nom, iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP' }, token);
  for (const type of ['STC', 'RAPACT', 'BUDG', 'RIB', 'CPTE']) {
    const form = new FormData();
    form.append('file', new Blob([TINY_PDF], { type: 'application/pdf' }), `${type.toLowerCase()}.pdf`);
    await api('POST', `/proxy-asso/association/documents?${asso}&type=${type}${type === 'RIB' ? `&id_siret=${ASSOCIATION.siretSiege}` : ''}`, form, token);
  }
  // Sent back for correction by the DRAJES: the member may transmit it again once complete.
  dossier = await copyDemoDossier(pool, ASSOCIATION, { campaign: 'ANS Part territoriale', etats: { [DRAJES]: 'C' }, withFile: true });
});

afterAll(async () => {
  await pool?.end();
});

const answered = new WeakSet<Page>();
async function signIn(page: Page, who: Credentials) {
  await signInWith(page, who);
  // The cookie banner is answered once per browser.
  if (!answered.has(page)) {
    await page.getByRole('button', { name: 'Tout accepter' }).click();
    answered.add(page);
  }
}

describe('administration du contenu du portail', () => {
  it('un administrateur écrit une note pour la page des dossiers ; un membre la voit sur /dossiers, sans son code', async () => {
    const page = browser.page();
    const title = `Maintenance du ${randomUUID().slice(0, 6)}`;
    let noteId: string | undefined;
    try {
      await signIn(page, ADMIN);
      await visible(page.getByRole('tab', { name: 'Notes des pages' }));
      await page.getByRole('button', { name: 'Ajouter une note' }).click();
      await visible(page.getByRole('heading', { name: 'Nouvelle note' }));
      await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Avertissement' });
      await page.getByLabel('Titre (facultatif)').fill(title);
      await page.getByLabel(/^Contenu/).fill('<p>Le portail sera fermé <strong>samedi matin</strong>.</p><img src="x" onerror="alert(1)">');
      // The page is chosen by its title among the route table's pages.
      const pages = page.getByRole('group', { name: 'Pages où afficher la note' });
      await pages.getByLabel(/^Page à ajouter/).selectOption({ label: 'Mes dossiers (dossiers)' });
      await pages.getByRole('button', { name: 'Ajouter la page' }).click();
      await visible(pages.getByRole('button', { name: 'Retirer la page Mes dossiers (dossiers)' }));
      await browser.shot('nouvelle note');
      await page.getByRole('button', { name: 'Enregistrer la note' }).click();
      await visible(page.getByText('La note a été enregistrée.'));
      const table = page.getByRole('table', { name: /^Notes des pages/ });
      const row = table.getByRole('row').filter({ hasText: title });
      await visible(row.getByText('Mes dossiers (dossiers)'));
      const stored = await pool!.query<{ id: string; content: string }>('SELECT id, content FROM notes_on_page WHERE title = $1', [title]);
      noteId = stored.rows[0]!.id;
      expect(stored.rows[0]!.content).toBe('<p>Le portail sera fermé <strong>samedi matin</strong>.</p>');
      await browser.shot('note enregistree');

      // At 320 px the table scrolls sideways by keyboard.
      await page.setViewportSize({ width: 320, height: 800 });
      await scrollsSidewaysByKeyboard(page, page.getByRole('region', { name: /^Notes des pages/ }));
      await browser.shot('notes a 320 px');
      await page.setViewportSize({ width: 1280, height: 900 });

      // The history of the changes names the note's creation, by whom; its table scrolls by keyboard at 320 px.
      await page.getByRole('tab', { name: 'Historique des modifications' }).click();
      await visible(page.getByRole('heading', { name: 'Historique des modifications' }));
      await page.getByLabel('Type d’élément').selectOption({ label: 'Note affichée sur les pages' });
      const created = page.getByRole('table', { name: /^Modifications du contenu/ }).getByRole('row').filter({ hasText: `Titre : ${title}` });
      await visible(created);
      await visible(created.getByRole('cell', { name: `Note affichée sur les pages : ${title}`, exact: true }));
      await visible(created.getByRole('cell', { name: ADMIN.email, exact: true }));
      await visible(created.getByRole('cell', { name: 'Ajout', exact: true }));
      await browser.shot('historique des modifications');
      await page.setViewportSize({ width: 320, height: 800 });
      await scrollsSidewaysByKeyboard(page, page.getByRole('region', { name: /^Modifications du contenu/ }));
      await browser.shot('historique a 320 px');
      await page.setViewportSize({ width: 1280, height: 900 });
      await signOut(page);

      // The member, on their dossiers' page (a new page load: the notes are asked for again).
      await signIn(page, { ...member, landing: '/client/user/dashboard' });
      await page.goto('/client/dossiers');
      const notes = page.getByRole('region', { name: 'Informations' });
      await visible(notes.getByText(title));
      await visible(notes.locator('strong', { hasText: 'samedi matin' }));
      expect(await notes.locator('img').count()).toBe(0);
      await browser.shot('note vue par le membre');
    } finally {
      if (noteId) await api('DELETE', `/lca-server/notesOnPage/${noteId}`, undefined, await tokenOf(ADMIN));
    }
  }, 180_000);

  it('un administrateur ajoute une question obligatoire : la transmission du dossier d’un membre attend sa réponse', async () => {
    const page = browser.page();
    const label = `L’association a-t-elle désigné un référent « sport et handicap » (${randomUUID().slice(0, 4)}) ?`;
    const code = `referent_handicap_${randomUUID().slice(0, 8)}`;
    let hold: QuestionsHold | undefined;
    try {
      // No journey transmits a dossier while the question stands.
      hold = await holdQuestions('exclusive');
      await signIn(page, ADMIN);
      await page.getByRole('tab', { name: 'Questions' }).click();
      await visible(page.getByRole('table', { name: /^Questions \(\d+\)$/ }));
      await page.getByRole('button', { name: 'Ajouter une question' }).click();
      await visible(page.getByRole('heading', { name: 'Nouvelle question' }));
      await page.getByLabel(/^Code/).fill(code);
      await page.getByLabel('Libellé de la question').fill(label);
      await page.getByLabel('Type de réponse').selectOption({ label: 'Oui / non' });
      await page.locator('label', { hasText: 'Réponse obligatoire pour transmettre un dossier' }).click();
      await browser.shot('nouvelle question obligatoire');
      await page.getByRole('button', { name: 'Enregistrer la question' }).click();
      await visible(page.getByText('La question a été enregistrée.'));
      await visible(page.getByRole('row').filter({ hasText: code }));
      await browser.shot('question enregistree');
      await signOut(page);

      // The member: the dossier sent back is otherwise complete; the new question holds it.
      await signIn(page, { ...member, landing: '/client/user/dashboard' });
      const dossierPath = `/client/associations/${ASSOCIATION.siretSiege}/subvention-demande/${dossier.id}`;
      await page.goto(`${dossierPath}?etape=4`);
      await visible(page.getByRole('heading', { name: 'Attestation Étape 5 sur 5' }));
      await visible(page.getByTestId('missing-list').getByText(label, { exact: false }));
      expect(await page.getByRole('button', { name: 'Transmettre le dossier' }).isDisabled()).toBe(true);
      await browser.shot('transmission en attente de la question');
      const refused = await fetch(`${browser.baseUrl}/api/lca-server/demande/dossiers/transmit/${dossier.id}`, { method: 'POST', headers: { 'x-access-token': await tokenOf(member) } });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toContain(label);

      // Answered in step 3, then transmitted.
      await page.goto(`${dossierPath}?etape=2`);
      await visible(page.getByRole('heading', { name: 'Renouvellement et documents Étape 3 sur 5' }));
      await chooseRadio(page, label, 'Oui');
      await browser.shot('question repondue');
      await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();
      await visible(page.getByRole('heading', { name: 'Projets Étape 4 sur 5' }));
      await page.getByRole('button', { name: 'Continuer vers l’attestation' }).click();
      await visible(page.getByText('Le dossier est complet : vous pouvez le transmettre au service instructeur.'));
      await page.getByRole('button', { name: 'Transmettre le dossier' }).click();
      await page.getByRole('dialog', { name: `Transmettre le dossier n° ${dossier.idFo} ?` }).getByRole('button', { name: 'Confirmer la transmission' }).click();
      await visible(page.getByTestId('accuse-transmission').getByRole('heading', { name: `Accusé de transmission du dossier n° ${dossier.idFo}` }));
      await browser.shot('dossier transmis avec la reponse');
      const saved = await pool!.query<{ customs: { code: string; value: unknown }[] }>('SELECT customs FROM dossiers WHERE id = $1', [dossier.id]);
      expect(saved.rows[0]!.customs).toContainEqual({ code, value: true });
      await onPath(page, new RegExp(`/subvention-demande/${dossier.id}`));
    } finally {
      // Disabled again (never removed: the dossiers keep their answers under its code).
      const row = await pool!.query<{ id: string }>('SELECT id FROM questions WHERE code = $1', [code]);
      if (row.rows[0]) {
        await api('PUT', `/lca-server/questions/${row.rows[0].id}`, { label, type: 'booleen', obligatoire: true, enabled: false, rang: 0 }, await tokenOf(ADMIN));
      }
      await hold?.release();
    }
  }, 180_000);
});
