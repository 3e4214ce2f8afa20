// The financial report (CRF, Cerfa 15059) of a granted dossier, through the browser: the member opens
// it from the dossier's page (the server's message in a toast, the mode in the URL), fills the
// realised amounts beside the granted ones and the realised budget (the planned against realised
// chart beside each table, still readable at 200 % zoom), attaches the annual accounts and the
// activity report, signs and transmits it; the instructor of the SDJES de Paris reads it with its
// charts and sends it back with a comment; the member reads the comment, corrects and transmits
// again; the instructor receives it, then closes the dossier. Every screen is checked with axe.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLinkedMember, insertAssociation, type JourneyAssociation } from './support/associations.ts';
import { DEMO_PASSWORD, onPath, uniqueEmail, useBrowser, visible } from './support/browser.ts';
import { copyDemoDossier, type DossierCopy } from './support/dossiers.ts';
import { ARTIFACTS_DIR } from './support/paths.ts';
import { useMailbox } from './support/mail.ts';
import { signInWith, signOut, type Credentials } from './support/sign-in.ts';
import { callPortal, TINY_PDF } from './support/api.ts';
import { fireFromDialog, type DialogLocator } from './support/event-dialog.ts';

const browser = useBrowser();
useMailbox();

const SDJES = 'SDJES de Paris';
const INSTRUCTOR = { email: 'instructeur@demo.example.org', password: DEMO_PASSWORD, landing: '/client/instructeur' };
const ASSOCIATION: JourneyAssociation = {
  id: randomUUID(), nom: 'Société nautique de Montlouis', sigle: 'SNM', siren: '202600128', rna: 'W372026012',
  siretSiege: '20260012800013', siretSecondaire: '20260012800021',
};
const member = { email: uniqueEmail('crf'), password: 'Crf-Parcours-2026!', nom: 'Lefebvre', prenom: 'Inès' };

let pool: pg.Pool;
let granted: DossierCopy;

const api = (method: string, path: string, body?: unknown, token?: string) => callPortal(browser.baseUrl, method, path, body, token);

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 2 });
  await insertAssociation(pool, ASSOCIATION);
  // The member's file: a legal representative (who also signs), the RIB, the annual accounts and the activity report.
  await createLinkedMember(browser.baseUrl, member, { id_correspondance: ASSOCIATION.id, id_siret: ASSOCIATION.siretSiege });
  const { token } = (await api('POST', '/auth-server/login', { email: member.email, password: member.password })) as { token: string };
  const asso = `id_asso=${ASSOCIATION.id}`;
  await api('POST', `/proxy-asso/association/representants_legaux?${asso}`, { civilite: 'Madame', nom: 'Lefebvre', prenom: 'Inès', courriel: member.email, fonction: 'Présidente', telephone: '0601020304' }, token);
  await api('POST', `/proxy-asso/association/ribs?${asso}&id_siret=${ASSOCIATION.siretSiege}`, { titulaire: ASSOCIATION.nom, iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP' }, token);
  for (const type of ['CPTE', 'RAPACT']) {
    const form = new FormData();
    form.append('file', new Blob([TINY_PDF], { type: 'application/pdf' }), `${type.toLowerCase()}.pdf`);
    await api('POST', `/proxy-asso/association/documents?${asso}&type=${type}`, form, token);
  }
  // Granted and paid by the SDJES de Paris (9: waiting for the financial reports), its lines granted as asked.
  granted = await copyDemoDossier(pool, ASSOCIATION, { campaign: 'ANS Part territoriale', etats: { [SDJES]: '9' }, withFile: true });
  await pool.query(
    `UPDATE projet_financements f SET montant_propose = f.montant_demande, montant_accorde = f.montant_demande
     FROM projets p, service_accounts sa WHERE p.id = f.projet_id AND p.dossier_id = $1 AND sa.id = f.service_id AND sa.nom = $2`,
    [granted.id, SDJES],
  );
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

const crfUrl = new RegExp(`/client/associations/${ASSOCIATION.siretSiege}/dossier/${'[0-9a-f-]{36}'}/crf/[0-9a-f-]{36}\\?mode=`);

/** The member opens the report from the dossier's page. */
async function openReport(page: Page) {
  await page.goto(`/client/associations/${ASSOCIATION.siretSiege}/subvention-demande/${granted.id}`);
  await page.getByRole('link', { name: 'Compte rendu financier' }).click();
  await onPath(page, crfUrl);
  await visible(page.getByRole('heading', { level: 1, name: /^Compte rendu financier – exercice \d{4}$/ }));
}

/** Confirms the transmission; the report is then read only and says it was transmitted. */
async function transmit(page: Page, shot: string) {
  await page.getByRole('button', { name: 'Transmettre au service instructeur' }).click();
  const dialog = page.getByRole('dialog', { name: /^Transmettre le compte rendu financier de l'exercice/ });
  await visible(dialog);
  await browser.shot(shot);
  await dialog.getByRole('button', { name: 'Transmettre le compte rendu financier' }).click();
  await visible(page.locator('#crf-transmis'));
  await onPath(page, /mode=read/);
  await visible(page.getByTestId('crf-lecture'));
}

/** The instructor's panel of reports on the instruction page, the report of the dossier's exercise opened. */
async function openPanel(page: Page) {
  await page.goto(`/client/instructeur/dossiers/${granted.id}`);
  const panel = page.getByRole('region', { name: 'Comptes rendus financiers' });
  await visible(panel);
  await panel.getByRole('button', { name: /^Consulter le compte rendu/ }).first().click();
  await visible(panel.getByRole('img', { name: /^Graphique : Charges : prévu et réalisé/ }));
  return panel;
}

function fireOnReport(page: Page, label: string, fill: (dialog: DialogLocator) => Promise<void>, shot: string) {
  return fireFromDialog(page, { label, dialogName: new RegExp(`^${label} – compte rendu financier`), resultId: 'crf-resultat' }, fill, () => browser.shot(shot));
}

describe('compte rendu financier d’un dossier accordé', () => {
  it('le membre le remplit et le transmet, graphique à l’appui ; l’instructeur le renvoie, le membre corrige et transmet à nouveau ; l’instructeur le reçoit et clôture le dossier', async () => {
    const page = browser.page();

    // The member opens the report from the dossier's page: created from the dossier, said by a toast.
    await signIn(page);
    await openReport(page);
    await visible(page.getByText(/Le compte rendu financier de l'exercice \d{4} a été (créé à partir des données du dossier|récupéré)\./));
    const form = page.getByRole('form', { name: 'Compte rendu financier' });
    await visible(form);
    await browser.shot('compte rendu ouvert');

    // What was done, the subsidy used, each financing line's realised amount beside the granted one.
    await form.getByRole('group', { name: "L'action a-t-elle été réalisée ?" }).getByText('Oui', { exact: true }).click();
    await form.getByRole('group', { name: "L'action est-elle reportée, en tout ou partie ?" }).getByText('Non', { exact: true }).click();
    await form.getByLabel(/^Montant de la subvention utilisé/).fill('2500');
    await form.getByLabel(/^Ce qui a été fait/).fill('Stages de découverte du canoë pour 45 enfants du quartier, de mars à octobre.');
    const lines = form.getByLabel(/^Montant réalisé – /);
    const count = await lines.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i += 1) await lines.nth(i).fill('2500');
    // When the first project ran and the means it took.
    const dates = form.getByRole('group', { name: 'Dates de réalisation' }).first();
    await dates.getByLabel('Début').fill(`${new Date().getFullYear() - 1}-03-01`);
    await dates.getByLabel('Fin').fill(`${new Date().getFullYear() - 1}-10-31`);
    await form.getByLabel('Moyens humains et matériels mobilisés').first().fill('Deux moniteurs diplômés, six canoës du club.');

    // The realised budget: the chart beside the table follows what is typed.
    const charges = form.getByRole('table', { name: /^Charges : prévu et réalisé/ });
    await charges.getByLabel(/^60 – .* – réalisé \(€\)$/).fill('1800');
    await charges.getByLabel(/^64 – .* – réalisé \(€\)$/).fill('4200');
    const chart = form.getByRole('img', { name: /^Graphique : Charges : prévu et réalisé/ });
    await visible(chart.getByText(/^réalisé 4\s200\s€$/));
    await form.getByLabel(/^Explication des écarts/).fill('Plus d’heures d’encadrement que prévu.');
    await form.getByLabel(/^Évaluation de l'action/).fill('Objectifs atteints : 45 enfants initiés.');

    // Signatory and documents (§5): the annual accounts of the previous year by default, the activity report.
    const year = form.getByLabel('Année des comptes annuels');
    const thisYear = new Date().getFullYear();
    expect(await year.inputValue()).toBe(String(thisYear - 1));
    expect(await year.locator('option').allTextContents()).toEqual([String(thisYear - 1), String(thisYear - 2)]);
    await form.locator('#doc-comptes_annuels-existing').selectOption({ label: 'cpte.pdf' });
    await form.locator('#doc-rapport_activite-existing').selectOption({ label: 'rapact.pdf' });
    // The DSFR box is drawn over its input: a person clicks its label.
    await form.getByText(/^Je certifie exactes/).click();
    expect(await form.getByLabel(/^Je certifie exactes/).isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'crf-enregistre');
    await visible(page.getByText('En cours de saisie', { exact: true }));
    await chart.scrollIntoViewIfNeeded();
    await browser.shot('compte rendu enregistre avec le graphique');
    await chart.screenshot({ path: join(ARTIFACTS_DIR, 'crf-journey-graphique-des-charges.png') });

    // At 200 % zoom (a 640 px wide page), the chart still fits and its words stay readable.
    await page.setViewportSize({ width: 640, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    const textHeight = await chart.locator('text').first().evaluate((t) => t.getBoundingClientRect().height);
    expect(textHeight).toBeGreaterThanOrEqual(12);
    await browser.shot('graphique a 200 pour cent');
    await chart.screenshot({ path: join(ARTIFACTS_DIR, 'crf-journey-graphique-a-200-pour-cent.png') });
    await page.setViewportSize({ width: 1280, height: 900 });

    await transmit(page, 'confirmation de la transmission');
    await visible(page.getByText('Transmis au service instructeur', { exact: true }));
    await browser.shot('compte rendu transmis');
    // Its PDF, in the Cerfa 15059 layout.
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Télécharger le compte rendu \d{4} \(PDF\)$/ }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/^compte-rendu-financier-.+-\d{4}\.pdf$/);
    expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');
    await signOut(page);

    // The instructor reads it, with its charts, and sends it back with what to correct.
    await signIn(page, INSTRUCTOR);
    const panel = await openPanel(page);
    await visible(panel.getByText('Transmis au service instructeur', { exact: true }));
    await browser.shot('compte rendu lu par l instructeur');
    const COMMENT = 'Merci de joindre le détail des charges de personnel (compte 64).';
    await fireOnReport(page, 'Renvoyer au compte association', (d) => d.getByLabel(/^Commentaire pour l'association/).fill(COMMENT), 'renvoi du compte rendu');
    await visible(page.locator('#crf-resultat').getByText("Le compte rendu financier a été renvoyé à l'association."));
    await visible(panel.getByText('Renvoyé au compte asso', { exact: true }).first());
    await browser.shot('compte rendu renvoye');
    await signOut(page);

    // The member reads the comment, corrects and transmits again.
    await signIn(page);
    await openReport(page);
    await onPath(page, /mode=edit/);
    await visible(page.getByText(COMMENT));
    await browser.shot('compte rendu renvoye lu par le membre');
    await page.getByRole('form', { name: 'Compte rendu financier' }).getByLabel(/^Explication des écarts/).fill('Plus d’heures d’encadrement que prévu : 120 heures de moniteur, détail joint au rapport.');
    await transmit(page, 'nouvelle transmission');
    await signOut(page);

    // The instructor receives it; every report received, the dossier may be closed.
    await signIn(page, INSTRUCTOR);
    await openPanel(page);
    await fireOnReport(page, 'Accuser réception', async () => {}, 'accuse de reception');
    await visible(page.locator('#crf-resultat').getByText('« Reçu par le service instructeur »', { exact: false }));
    await page.reload();
    await visible(page.getByRole('heading', { level: 1 }));
    await page.getByRole('button', { name: 'Clôturer le dossier', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Clôturer le dossier – dossier n°/ });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Confirmer : Clôturer le dossier' }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'instruction-resultat');
    await visible(page.locator('#instruction-resultat').getByText('L’instruction est maintenant « Terminé »'));
    await browser.shot('dossier cloture');
  }, 240_000);
});
