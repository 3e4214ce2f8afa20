// Journey: a head-office member of an association opens the directory of subsidies, applies for the
// demo campaign « ANS Part territoriale » (multi-year scheme instructed by the SDJES de Paris and the
// DRAJES), goes through steps 1-5 with the server saving each step (a reload keeps step 2), adds a
// multi-year project with its budgets (live totals; a reload before saving keeps what was typed),
// its evaluation indicators, public, territories and co-funders, attaches the expected documents
// by uploading them, certifies; transmission is refused while the required questions are
// unanswered (the summary says so, the server too), then answered and transmitted; the PDF is
// downloaded. On the way, by keyboard: the focus goes to what changed (the page's title, the step's
// heading, the error summary, the attached file, the editor's heading, the saved notice), refused
// fields are marked and listed with links, the tab names each step. Over the API, the demo
// instructor of the SDJES de Paris sees the dossier in state D; in the browser, they find it in
// their list, read it and answer the member's message; the member's dashboard counts it unread and
// leads to the dossier, whose thread, once in sight, is read (the count gone from both).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { createLinkedMember, insertAssociation } from './support/associations.ts';
import { DEMO_PASSWORD, onPath, useBrowser, uniqueEmail, visible } from './support/browser.ts';
import { useMailbox } from './support/mail.ts';
import { signInWith, signOut, type Credentials } from './support/sign-in.ts';
import { callPortal, TINY_PDF } from './support/api.ts';
import { holdQuestions } from './support/questions.ts';

const browser = useBrowser();
useMailbox();

const ASSOCIATION = {
  id: randomUUID(),
  nom: 'Union sportive des subventions e2e',
  sigle: 'USSE',
  siren: '202600045',
  rna: 'W372026004',
  siretSiege: '20260004500019',
  siretSecondaire: '20260004500027',
};
const member = { email: uniqueEmail('subvention'), password: 'Subvention-E2e-2026!', nom: 'Garnier', prenom: 'Inès' };
const YEAR = new Date().getUTCFullYear();
const CAMPAIGN = `ANS Part territoriale ${YEAR}`;


let pool: pg.Pool | undefined;
/** The dossier the first journey transmitted, for the next one. */
let transmitted: { id: string; idFo: string } | undefined;

const api = (method: string, path: string, body?: unknown, token?: string) => callPortal(browser.baseUrl, method, path, body, token);

const login = async (email: string, password: string) => ((await api('POST', '/auth-server/login', { email, password })) as { token: string }).token;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 1 });
  await insertAssociation(pool, ASSOCIATION);
  await createLinkedMember(browser.baseUrl, member, { id_correspondance: ASSOCIATION.id, id_siret: ASSOCIATION.siretSiege });
  // The association file's rows step 1 offers: a legal representative and the head office's RIB.
  const token = await login(member.email, member.password);
  const asso = `id_asso=${ASSOCIATION.id}`;
  await api(
    'POST',
    `/proxy-asso/association/representants_legaux?${asso}`,
    { civilite: 'Madame', nom: 'Garnier', prenom: 'Inès', courriel: member.email, fonction: 'Présidente', telephone: '0601020304' },
    token,
  );
  await api(
    'POST',
    `/proxy-asso/association/ribs?${asso}&id_siret=${ASSOCIATION.siretSiege}`,
    { titulaire: ASSOCIATION.nom, iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP' },
    token,
  );
});

afterAll(async () => {
  await pool?.end();
});

async function signIn(page: Page, who: Credentials = member) {
  await signInWith(page, who);
  // The cookie banner is answered once per browser.
  const banner = page.getByRole('button', { name: 'Tout accepter' });
  if (await banner.isVisible()) await banner.click();
}

/** Clicks a DSFR radio or checkbox by its label inside the innermost fieldset holding `legend`. */
async function choose(page: Page, legend: string, label: string) {
  await page.locator('fieldset').filter({ hasText: legend }).last().locator('label', { hasText: label }).first().click();
}

const saveAndContinue = (page: Page) => page.getByRole('button', { name: 'Enregistrer et continuer' }).click();
/** What has the keyboard focus: its tag, id and text (the page moves it to what changed). */
const focused = (page: Page) => page.evaluate(() => ({ tag: document.activeElement?.tagName ?? '', id: document.activeElement?.id ?? '', text: document.activeElement?.textContent?.trim() ?? '' }));
/** Waits until the focus is on an element matching `selector` (the page moves it after a render). */
const focusOn = (page: Page, selector: string) => page.waitForFunction((s) => document.activeElement?.matches(s) === true, selector, { timeout: 15_000 });
const SERVICE = 'Le compte association';
const stepTitle = (n: number, name: string) => `Étape ${n} sur 5 : ${name} – Demande de subvention – ${SERVICE}`;
const stepHeading = (page: Page, text: string) => visible(page.getByRole('heading', { name: text }));

describe('dossier de demande de subvention', () => {
  it('un membre crée un dossier pluriannuel, le remplit, le transmet et télécharge son PDF ; l’instructeur le voit en D', async () => {
    const page = browser.page();
    await signIn(page);

    // The directory lists the open campaigns; the member applies for the CNDS one.
    await page.goto('/client/repertoire-des-subventions');
    await visible(page.getByRole('heading', { name: CAMPAIGN }));
    await browser.shot('repertoire des subventions');
    await page.getByRole('link', { name: `Déposer une demande pour ${CAMPAIGN}` }).click();
    await onPath(page, `/client/associations/${ASSOCIATION.id}/subvention-demande`);

    // Step 1 of 5 (the stepper from creation on): the campaign is preselected; its sub-scheme is required.
    await stepHeading(page, 'Dispositif Étape 1 sur 5');
    // The page change moved the focus to the new page's title.
    await focusOn(page, 'h1');
    expect(await page.title()).toBe(stepTitle(1, 'Dispositif'));
    await visible(page.locator('#field-code_subvention'));
    expect(await page.locator('#field-code_subvention').inputValue()).toBe(`CNDS-PT-${YEAR}`);
    await saveAndContinue(page);
    // Refused: the error summary takes the focus, links to the field, which is marked invalid.
    const summary = page.getByTestId('error-summary');
    await focusOn(page, '[data-testid="error-summary"]');
    await visible(summary.getByRole('link', { name: 'Veuillez renseigner le champ sous-dispositif.' }));
    expect(await page.locator('#field-id_sous_type_dispositif').getAttribute('aria-invalid')).toBe('true');
    await browser.shot('etape 1 dispositif refusee');
    await summary.getByRole('link', { name: 'Veuillez renseigner le champ sous-dispositif.' }).click();
    expect((await focused(page)).id).toBe('field-id_sous_type_dispositif');
    await page.locator('#field-id_sous_type_dispositif').selectOption({ label: 'Part territoriale - Projets sportifs fédéraux' });
    // Fixed: the field's error and the summary go at once.
    expect(await summary.count()).toBe(0);
    expect(await page.locator('#field-id_sous_type_dispositif').getAttribute('aria-invalid')).toBeNull();
    await browser.shot('etape 1 dispositif');
    await saveAndContinue(page);

    // Step 1 on the created dossier's page.
    await onPath(page, new RegExp(`^/client/associations/${ASSOCIATION.siretSiege}/subvention-demande/[0-9a-f-]{36}\\?etape=1$`));
    const dossierUrl = new URL(page.url());
    const dossierId = dossierUrl.pathname.split('/').pop()!;
    const idFo = ((await api('GET', `/lca-server/demande/dossiers/${dossierId}`, undefined, await login(member.email, member.password))) as { identifiant: { id_fo: string } }).identifiant.id_fo;
    await stepHeading(page, 'Demandeur Étape 2 sur 5');
    await focusOn(page, 'h1');
    expect(await page.title()).toBe(stepTitle(2, 'Demandeur'));
    await page.locator('#field-id_siret').selectOption(ASSOCIATION.siretSiege);
    await page.locator('#field-id_rib').selectOption({ index: 1 });
    await page.locator('#field-id_representant_legal').selectOption({ index: 1 });
    await page.locator('#field-id_signataire').selectOption({ index: 1 });
    await page.locator('#field-id_responsable').selectOption({ index: 1 });
    // The scheme expects the RIB's copy: asked for here, uploaded for the head office.
    await saveAndContinue(page);
    await focusOn(page, '[data-testid="error-summary"]');
    await visible(summary.getByRole('link', { name: 'Sélectionnez un RIB et joignez sa copie', exact: false }));
    // A file over 15 MB, or of a forbidden type, is refused in the browser: nothing is sent.
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/association/documents')) uploads.push(request.url());
    });
    // Given by path: the browser reads it from the disk, as a member's file.
    const bigFile = join(mkdtempSync(join(tmpdir(), 'rib-')), 'rib-scanne.pdf');
    writeFileSync(bigFile, Buffer.alloc(16 * 1024 * 1024, 0x25));
    await page.locator('#doc-rib-file').setInputFiles(bigFile);
    await visible(page.getByText('La taille du fichier ne doit excéder 15MO.'));
    await page.locator('#doc-rib-file').setInputFiles({ name: 'rib.exe', mimeType: 'application/octet-stream', buffer: TINY_PDF });
    await visible(page.getByText("L'extension du fichier (exe) n'est pas autorisée."));
    expect(uploads).toEqual([]);
    await browser.shot('etape 1 fichier refuse avant envoi');
    await page.locator('#doc-rib-file').setInputFiles({ name: 'rib.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
    await visible(page.getByText('Joint : rib.pdf'));
    // After the upload, the focus is on what changed: the attached file (and the error went).
    await focusOn(page, '#doc-rib-current');
    expect(await summary.count()).toBe(0);
    await browser.shot('etape 1 demandeur');
    await saveAndContinue(page);
    await stepHeading(page, 'Renouvellement et documents Étape 3 sur 5');
    // A step change: the step's heading has the focus, the tab says which step.
    await focusOn(page, '.fr-stepper h2');
    expect(await page.title()).toBe(stepTitle(3, 'Renouvellement et documents'));

    // Saved on the server: a reload of step 1 shows the choices.
    await page.goto(`${dossierUrl.pathname}?etape=1`);
    await stepHeading(page, 'Demandeur Étape 2 sur 5');
    expect(await page.locator('#field-id_siret').inputValue()).toBe(ASSOCIATION.siretSiege);
    expect(await page.locator('#field-id_rib').inputValue()).not.toBe('');
    await page.goto(`${dossierUrl.pathname}?etape=2`);

    // Step 2: not a renewal, multi-year, the scheme's dossier field, the expected documents uploaded.
    await stepHeading(page, 'Renouvellement et documents Étape 3 sur 5');
    await choose(page, 'renouvellement', 'Non');
    await choose(page, 'Demande pluriannuelle', 'Oui');
    await page.locator('#custom-nb_licencies').fill('120');
    // The RIB's copy came with step 1.
    await visible(page.locator('fieldset').filter({ has: page.locator('#doc-rib-file') }).getByText('Joint : rib.pdf'));
    for (const code of ['statuts', 'rapport_activite', 'budget_previsionnel']) {
      await page.locator(`#doc-${code}-file`).setInputFiles({ name: `${code}.pdf`, mimeType: 'application/pdf', buffer: TINY_PDF });
      await visible(page.locator('fieldset').filter({ has: page.locator(`#doc-${code}-file`) }).getByText(`Joint : ${code}.pdf`));
    }
    await visible(page.getByText('4 document(s) joint(s) sur 4'));
    await browser.shot('etape 2 documents joints');
    await saveAndContinue(page);

    // Step 3: one multi-year project, its budgets per year with live totals.
    await stepHeading(page, 'Projets Étape 4 sur 5');
    await page.getByRole('button', { name: 'Ajouter un projet' }).click();
    const p = 'projet-nouveau';
    // The editor replaces the list: its heading (h3 under the step's h2) takes the focus.
    await focusOn(page, `#${p}-titre`);
    expect(await page.locator(`#${p}-titre`).evaluate((h) => h.tagName)).toBe('H3');
    // A renewal dossier? No (step 2): the project is a new one by default.
    expect(await page.getByRole('group', { name: /Nouveau projet ou renouvellement/ }).getByLabel('Nouveau projet').isChecked()).toBe(true);
    await page.locator(`#${p}-intitule`).fill('École de natation pour tous');
    await page.locator(`#${p}-objectifs`).fill('Apprendre à nager à 200 enfants du quartier.');
    await page.locator(`#${p}-evaluation`).fill('Nombre d’enfants ayant obtenu le test d’aisance aquatique.');
    // Evaluation indicators (ranked from 1, minimum and maximum), publics, territories, co-funders.
    await page.getByRole('button', { name: 'Ajouter un indicateur' }).click();
    await focusOn(page, `#${p}-evaluation-indicateurs-0-intitule`);
    await page.locator(`#${p}-evaluation-indicateurs-0-intitule`).fill('Enfants obtenant le test d’aisance aquatique');
    await page.locator(`#${p}-evaluation-indicateurs-0-prevu_min`).fill('150');
    await page.locator(`#${p}-evaluation-indicateurs-0-prevu_max`).fill('200');
    await page.getByRole('button', { name: 'Ajouter un public' }).click();
    await page.locator(`#${p}-beneficiaire-0-lib_statut`).fill('Enfants du quartier');
    await page.locator(`#${p}-beneficiaire-0-lib_tranche_age`).fill('6-12 ans');
    await page.locator(`#${p}-beneficiaire-0-nombre`).fill('200');
    await page.getByRole('button', { name: 'Ajouter un territoire' }).click();
    await page.locator(`#${p}-territoires-territoires-0-libelle`).fill('Paris 19e arrondissement');
    await page.locator(`#${p}-territoires-commentaire`).fill('Paris 19e, quartier prioritaire de la politique de la ville.');
    await page.getByRole('button', { name: 'Ajouter un cofinanceur' }).click();
    await page.locator(`#${p}-cofinancements-0-financeur`).fill('Ville de Paris');
    await page.locator(`#${p}-cofinancements-0-montant`).fill('1500');
    await page.locator(`#${p}-custom-justification_pluriannuel`).fill('Le projet suit deux promotions successives.');
    // A reload before saving loses nothing: the step offers the unsaved project back.
    await page.reload();
    await stepHeading(page, 'Projets Étape 4 sur 5');
    await page.getByRole('button', { name: 'Reprendre la saisie' }).click();
    await visible(page.getByText('Votre saisie non enregistrée a été restaurée', { exact: false }));
    expect(await page.locator(`#${p}-intitule`).inputValue()).toBe('École de natation pour tous');
    expect(await page.locator(`#${p}-objectifs`).inputValue()).toBe('Apprendre à nager à 200 enfants du quartier.');
    await browser.shot('etape 3 saisie restauree');
    const periode = await page.getByTestId(`${p}-periode`).textContent();
    expect(periode).toContain('Pluriannuel');
    const years = await page.locator('caption', { hasText: 'Budget prévisionnel du projet' }).allTextContents();
    expect(years.length).toBeGreaterThan(1);
    await page.locator(`[id^="${p}-montant-${YEAR}-"]`).first().fill('3000');
    await page.locator(`[id^="${p}-montant-${YEAR + 1}-"]`).first().fill('2500');
    await page.locator(`#${p}-budget-${YEAR}-charges-comptes-60`).fill('1500');
    await page.locator(`#${p}-budget-${YEAR}-charges-comptes-64`).fill('4000');
    await page.locator(`#${p}-budget-${YEAR}-produits-comptes-74`).fill('3000');
    await page.locator(`#${p}-budget-${YEAR}-produits-ressources_propres-fonds_propres`).fill('2500');
    await visible(page.getByTestId(`${p}-budget-${YEAR}-charges`).getByText(/5\s500\s€/));
    await visible(page.getByTestId(`${p}-budget-${YEAR}-produits`).getByText(/5\s500\s€/));
    await visible(page.getByTestId(`${p}-total-demande`).getByText(/5\s500\s€/));
    await page.locator(`#${p}-budget-${YEAR + 1}-charges-comptes-64`).fill('4200');
    await visible(page.getByTestId(`${p}-budget-${YEAR + 1}-insuffisance`).getByText(/4\s200\s€/));
    await browser.shot('etape 3 projet pluriannuel');
    await browser.shot('etape 4 projet indicateurs publics territoires');
    await page.getByRole('button', { name: 'Enregistrer le projet' }).click();
    await visible(page.getByText('Le projet a été enregistré.'));
    // Back to the list: the saved project's notice has the focus.
    await focusOn(page, '#projets-notice');
    const savedProject = ((await api('GET', `/lca-server/demande/dossiers/${dossierId}/projets?fields=territoires,beneficiaire,evaluation,cofinancements`, undefined, await login(member.email, member.password))) as {
      territoires: { commentaire: string };
      beneficiaire: { lib_statut: string; nombre: number }[];
      evaluation: { indicateurs: { rang: number; prevu_min: number; prevu_max: number }[] };
      cofinancements: unknown[];
    }[])[0]!;
    expect(savedProject.territoires.commentaire).toBe('Paris 19e, quartier prioritaire de la politique de la ville.');
    expect(savedProject.beneficiaire).toEqual([expect.objectContaining({ lib_statut: 'Enfants du quartier', nombre: 200 })]);
    expect(savedProject.evaluation.indicateurs).toEqual([expect.objectContaining({ rang: 1, prevu_min: 150, prevu_max: 200 })]);
    expect(savedProject.cofinancements).toEqual([{ financeur: 'Ville de Paris', montant: 1500 }]);
    const row = page.getByRole('row').filter({ hasText: 'École de natation pour tous' });
    await visible(row.getByText(/Pluriannuel/));
    await browser.shot('etape 3 projets');
    await page.getByRole('button', { name: 'Continuer vers l’attestation' }).click();

    // Step 4: attestation, then transmission.
    await stepHeading(page, 'Attestation Étape 5 sur 5');
    await page.locator('label', { hasText: 'Je certifie exactes les informations du dossier' }).click();
    await page.getByRole('button', { name: 'Enregistrer l’attestation' }).click();
    // Saved: its notice takes the focus (the step stays on screen).
    await focusOn(page, '#attestation-enregistree');
    expect(await page.title()).toBe(stepTitle(5, 'Attestation'));
    // The required questions are not answered yet: the summary names them and where to answer them,
    // the button stays closed, and the server refuses the transmission all the same.
    const missing = page.getByTestId('missing-list');
    await visible(missing.getByText(/contrat d'engagement républicain .*\(étape 3 : Renouvellement et documents\)/));
    expect(await page.getByRole('button', { name: 'Transmettre le dossier' }).isDisabled()).toBe(true);
    await browser.shot('etape 4 transmission impossible');
    const memberToken = await login(member.email, member.password);
    const refused = await fetch(`${browser.baseUrl}/api/lca-server/demande/dossiers/transmit/${dossierId}`, { method: 'POST', headers: { 'x-access-token': memberToken } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toContain("contrat d'engagement républicain");

    // Answered in step 2, then back to the attestation; meanwhile no journey adds a required question (support/questions.ts).
    const questions = await holdQuestions('shared');
    onTestFinished(() => questions.release());
    await page.goto(`${dossierUrl.pathname}?etape=2`);
    await stepHeading(page, 'Renouvellement et documents Étape 3 sur 5');
    await choose(page, "contrat d'engagement républicain", 'Oui');
    await choose(page, '153 000', 'Non');
    await page.locator('#question-autres_financeurs').fill('La commune de Paris.');
    await browser.shot('etape 2 questions');
    await saveAndContinue(page);
    await stepHeading(page, 'Projets Étape 4 sur 5');
    await page.getByRole('button', { name: 'Continuer vers l’attestation' }).click();
    await stepHeading(page, 'Attestation Étape 5 sur 5');
    await visible(page.getByText('Le dossier est complet : vous pouvez le transmettre au service instructeur.'));
    await browser.shot('etape 4 attestation');
    // Transmission asks first, in the DSFR modal, naming the services; then the receipt.
    await page.getByRole('button', { name: 'Transmettre le dossier' }).click();
    const confirmation = page.getByRole('dialog', { name: `Transmettre le dossier n° ${idFo} ?` });
    await visible(confirmation.getByText(/SDJES de Paris/));
    await browser.shot('confirmation de transmission');
    await confirmation.getByRole('button', { name: 'Confirmer la transmission' }).click();
    const receipt = page.getByTestId('accuse-transmission');
    await visible(receipt.getByRole('heading', { name: `Accusé de transmission du dossier n° ${idFo}` }));
    await visible(receipt.getByText(/Transmis le \d{2}\/\d{2}\/\d{4} à \d{2}h\d{2}/));
    await questions.release();
    await visible(receipt.getByText(/Services destinataires : .*SDJES de Paris/));
    await visible(receipt.getByRole('button', { name: `Télécharger le PDF du dossier n° ${idFo}` }));
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Accusé de transmission');
    await browser.shot('accuse de transmission');
    // The receipt is read from the stored dossier: a reload shows it again, same date and services.
    const shownAt = await receipt.getByText(/Transmis le/).textContent();
    await page.reload();
    await visible(receipt.getByRole('heading', { name: `Accusé de transmission du dossier n° ${idFo}` }));
    expect(await receipt.getByText(/Transmis le/).textContent()).toBe(shownAt);
    await visible(receipt.getByText(/Services destinataires : .*SDJES de Paris/));
    await visible(receipt.getByRole('button', { name: `Télécharger le PDF du dossier n° ${idFo}` }));
    await browser.shot('accuse de transmission apres rechargement');
    await visible(page.getByText('Le dossier a été transmis au service instructeur.').first());
    await visible(page.getByText('Transmis au service instructeur', { exact: true }).first());
    await visible(page.getByText('Ce dossier est en lecture seule', { exact: false }));
    await browser.shot('dossier transmis');

    // The PDF, fetched with the token in a header and saved by the browser.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger le dossier (PDF)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^dossier-\d{4}-\d{6}\.pdf$/);
    const saved = await download.path();
    expect(readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');

    // A message to the instructing service appears in the dossier's thread.
    await page.locator('#message-texte').fill('Bonjour, faut-il joindre le bilan de la saison passée ?');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    const thread = page.getByRole('list', { name: 'Fil des messages' });
    await visible(thread.getByText('Bonjour, faut-il joindre le bilan de la saison passée ?'));
    await visible(thread.getByText(`${member.prenom} ${member.nom}`, { exact: false }));

    // The list shows it transmitted.
    await page.goto('/client/dossiers');
    const listRow = page.getByRole('row').filter({ hasText: CAMPAIGN });
    await visible(listRow.getByText('Transmis au service instructeur'));
    await visible(listRow.getByRole('link', { name: /Consulter le dossier/ }));
    await browser.shot('mes dossiers');

    // Over the API: the SDJES de Paris instructor sees the dossier in state D.
    const instructor = await login('instructeur@demo.example.org', DEMO_PASSWORD);
    const list = (await api('GET', '/lca-server/demande/dossiers?etats=D', undefined, instructor)) as {
      items: { id: string; instructions: { etat: string }[] }[];
    };
    const seen = list.items.find((d) => d.id === dossierId);
    expect(seen, 'dossier visible par l’instructeur').toBeDefined();
    expect(seen!.instructions.map((i) => i.etat)).toContain('D');

    // In the browser, the instructor finds it among the service's dossiers, reads it and answers.
    await signOut(page);
    await signIn(page, { email: 'instructeur@demo.example.org', password: DEMO_PASSWORD, landing: '/client/instructeur' });
    await page.goto('/client/dossiers');
    const received = page.getByRole('row').filter({ hasText: CAMPAIGN }).filter({ hasText: idFo });
    await visible(received.getByText('Transmis au service instructeur'));
    await received.getByRole('link', { name: /Consulter le dossier/ }).click();
    await onPath(page, `/client/dossiers/${dossierId}`);
    await visible(page.getByRole('heading', { level: 1, name: `Dossier de demande de subvention n° ${idFo}` }));
    await visible(page.getByRole('table', { name: 'Projets du dossier et montants demandés' }).getByText('École de natation pour tous'));
    await visible(page.getByText('SDJES de Paris (référent)', { exact: false }));
    const instructorThread = page.getByRole('list', { name: 'Fil des messages' });
    await visible(instructorThread.getByText('Bonjour, faut-il joindre le bilan de la saison passée ?'));
    await page.locator('#message-texte').fill('Oui, merci de le joindre avant la commission.');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await visible(instructorThread.getByText('Oui, merci de le joindre avant la commission.'));
    await browser.shot('dossier lu par le service instructeur');

    // The member's dashboard counts the service's answer and leads to the dossier, where they read it.
    await signOut(page);
    await signIn(page);
    const unread = page.getByRole('region', { name: 'Messages des dossiers' });
    const unreadLink = await visible(unread.getByRole('link', { name: new RegExp(`^Dossier n° ${idFo}`) }));
    expect(await unread.textContent()).toContain('Vous avez 1 message non lu dans vos dossiers.');
    await browser.shot('messages non lus au tableau de bord');
    await unreadLink.click();
    await onPath(page, `/client/associations/subvention-demande/${dossierId}`);
    const answered = page.getByRole('list', { name: 'Fil des messages' });
    await visible(answered.getByText('Oui, merci de le joindre avant la commission.'));
    await visible(answered.getByText('SDJES de Paris', { exact: true }));
    // Once the thread is in sight its count goes, and the dashboard has nothing left to read.
    await answered.scrollIntoViewIfNeeded();
    await visible(page.getByRole('heading', { name: 'Messages avec le service instructeur', exact: true }));
    await browser.shot('messages du dossier');
    await page.goto('/client/user/dashboard');
    await visible(page.getByRole('region', { name: 'Messages des dossiers' }).getByText('Aucun message non lu dans vos dossiers.'));
    transmitted = { id: dossierId, idFo };
  }, 180_000); // the whole journey, two people, every screen checked: longer than one page's test

  it('à 375 px : la liste montre état et actions de chaque dossier, les erreurs de l’assistant ne font pas défiler la page de côté ; un doublon mène au dossier existant', async () => {
    expect(transmitted, 'le premier parcours a transmis un dossier').toBeDefined();
    const { id, idFo } = transmitted!;
    const page = browser.page();
    await signIn(page);

    // The notification of the service's answer names the service and the dossier, never an address.
    await page.goto('/client/dossiers');
    const notifications = page.getByRole('region', { name: /Notifications/ });
    const answer = notifications.getByRole('listitem').filter({ hasText: 'Nouveau message' }).first();
    await visible(answer.getByText(/par SDJES de Paris/));
    await visible(answer.getByRole('link', { name: `Voir le dossier ${idFo}` }));
    expect(await notifications.textContent()).not.toContain('@');

    await page.setViewportSize({ width: 375, height: 800 });
    const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await page.reload();
    const card = page.getByTestId('dossier-card').filter({ hasText: idFo });
    await visible(card.getByText('Transmis au service instructeur'));
    await visible(card.getByRole('link', { name: `Consulter le dossier ${idFo}` }));
    expect(await fitsWidth(), 'la liste tient dans 375 px').toBe(true);
    await browser.shot('mes dossiers a 375 px');

    // A second dossier for the same campaign: the step's errors fit, the refusal links to the first one.
    await page.goto('/client/repertoire-des-subventions');
    await page.getByRole('link', { name: `Déposer une demande pour ${CAMPAIGN}` }).click();
    await visible(page.locator('#field-code_subvention'));
    await saveAndContinue(page);
    await visible(page.locator('.fr-error-text, .fr-message--error').filter({ hasText: /sous-dispositif/ }).first());
    expect(await fitsWidth(), 'les erreurs de l’étape tiennent dans 375 px').toBe(true);
    await browser.shot('assistant erreurs a 375 px');
    await page.locator('#field-id_sous_type_dispositif').selectOption({ label: 'Part territoriale - Projets sportifs fédéraux' });
    await saveAndContinue(page);
    const existing = page.getByRole('link', { name: `Ouvrir le dossier existant n° ${idFo}` });
    await visible(existing);
    expect(await fitsWidth(), 'le refus tient dans 375 px').toBe(true);
    await browser.shot('doublon refuse a 375 px');
    await existing.click();
    await onPath(page, new RegExp(`/subvention-demande/${id}$`));
    await visible(page.getByRole('heading', { level: 1, name: `Dossier de demande de subvention n° ${idFo}` }));
    expect(await fitsWidth(), 'le dossier tient dans 375 px').toBe(true);
    await browser.shot('dossier existant a 375 px');
  });
});
