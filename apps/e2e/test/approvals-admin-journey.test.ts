// The approvals' catalogue administered through the browser (/administration/rda): the demo
// programme administrator (osiris.admin-programme, an approvals' administrator) defines an expected
// field and an expected document of the approvals (its nature among the document types), creates an
// approval asking for them (type from the referential, its instructing service among the existing
// ones, the document required), changes it (only the difference is sent; saving unchanged gives the
// server's « Aucun changement… »), duplicates it into the next campaign and deletes both after
// confirming; the catalogue's history then shows those changes, by kind of element. Then a member of an association of its own opens a request for an approval asking for
// both: its wizard asks for the document at « Documents » and for the field at « Critères
// d'agrément », each item only when its conditions (given in the shared condition editor) hold. Every screen is checked with axe; the lists scroll sideways by keyboard.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createLinkedMember, insertAssociation, type JourneyAssociation } from './support/associations.ts';
import { callPortal } from './support/api.ts';
import { DEMO_PASSWORD, onPath, scrollsSidewaysByKeyboard, uniqueEmail, useBrowser, visible } from './support/browser.ts';
import { useMailbox } from './support/mail.ts';
import { signInWith, signOut } from './support/sign-in.ts';

const browser = useBrowser();
useMailbox();
/** The demo's programme administrator (osiris.admin-programme), an approvals' administrator without a service record: the whole catalogue. */
const ADMIN = { email: 'programme.osiris@demo.example.org', password: DEMO_PASSWORD, landing: '/client/osiris' };
const CODE = `E2E-${randomUUID().slice(0, 6).toUpperCase()}`;
const YEAR = 2031;
const SUFFIX = CODE.slice(4).toLowerCase();
/** The definitions this run adds to the approvals' catalogue. */
const FIELD = { code: `e2e_benevoles_${SUFFIX}`, label: `Nombre de bénévoles actifs ${SUFFIX}` };
const DOCUMENT = { code: `e2e_reglement_${SUFFIX}`, label: `Règlement intérieur signé ${SUFFIX}` };
/** The association whose member asks for the approval: its own, so that no other journey sees its dossier. */
const ASSOCIATION: JourneyAssociation = {
  id: randomUUID(), nom: 'Foyer rural de Vouvray', sigle: 'FRV', siren: '202603312', rna: 'W372026031',
  siretSiege: '20260331200010', siretSecondaire: '20260331200028',
};
const member = { email: uniqueEmail('agrement-attendus'), password: 'Agrement-Attendus-2026!', nom: 'Garnier', prenom: 'Inès' };

/** Chooses the option of a select by (part of) its visible name. */
async function chooseOption(select: Locator, name: string) {
  const label = (await select.locator('option', { hasText: name }).first().textContent())!.trim();
  await select.selectOption({ label });
}

const row = (page: Page, year: number) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: CODE }) }).filter({ hasText: String(year) });

describe('administration des agréments', () => {
  it('l’administrateur crée un agrément, le modifie, le duplique puis supprime les deux', async () => {
    const page = browser.page();
    await signInWith(page, ADMIN);
    await page.getByRole('button', { name: 'Tout accepter' }).click();
    await page.goto('/client/administration/rda');
    await visible(page.getByRole('heading', { level: 1, name: 'Administration des agréments' }));
    await visible(page.getByRole('table', { name: 'Agréments du catalogue' }));
    await browser.shot('catalogue');
    // At 320 px the catalogue's table scrolls by keyboard.
    await page.setViewportSize({ width: 320, height: 800 });
    await scrollsSidewaysByKeyboard(page, page.getByRole('region', { name: 'Agréments du catalogue' }));
    await browser.shot('catalogue a 320 px');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The approvals' own definitions: an expected field (a whole number), an expected document (its nature a document type).
    const definitions = page.getByRole('region', { name: 'Champs et documents attendus des agréments' });
    const fields = definitions.getByRole('region', { name: 'Champs attendus' });
    await fields.getByRole('button', { name: 'Nouveau champ attendu' }).click();
    const fieldForm = fields.getByRole('form', { name: 'Nouveau champ attendu' });
    await fieldForm.getByLabel(/^Code/).fill(FIELD.code);
    await fieldForm.getByLabel(/^Libellé/).fill(FIELD.label);
    await fieldForm.getByLabel('Type de réponse').selectOption({ label: 'Nombre entier' });
    await browser.shot('nouveau champ attendu');
    await fieldForm.getByRole('button', { name: 'Enregistrer' }).click();
    await visible(fields.getByRole('rowheader', { name: FIELD.label }));
    const documents = definitions.getByRole('region', { name: 'Documents attendus' });
    await documents.getByRole('button', { name: 'Nouveau document attendu' }).click();
    const documentForm = documents.getByRole('form', { name: 'Nouveau document attendu' });
    await documentForm.getByLabel(/^Code/).fill(DOCUMENT.code);
    await documentForm.getByLabel(/^Libellé/).fill(DOCUMENT.label);
    await chooseOption(await visible(documentForm.getByRole('combobox', { name: 'Nature (type de document)' })), 'Règlement intérieur (RI)');
    await documentForm.getByRole('button', { name: 'Enregistrer' }).click();
    const documentRow = documents.getByRole('row').filter({ has: page.getByRole('rowheader', { name: DOCUMENT.label }) });
    await visible(documentRow);
    expect(await documentRow.textContent()).toContain('RI');
    await browser.shot('definitions des agrements');

    // Creation: the required fields first, then the approval with its expected items.
    await page.getByRole('button', { name: 'Créer un agrément' }).click();
    await visible(page.getByRole('heading', { name: 'Nouvel agrément' }));
    await page.getByLabel('Code *').fill(CODE);
    await page.getByRole('button', { name: 'Créer l’agrément' }).click();
    await visible(page.getByRole('link', { name: 'Veuillez renseigner le champ type.' }));
    await browser.shot('creation refusee');
    await chooseOption(page.getByLabel('Type d’agrément *'), 'Engagement de service civique');
    await chooseOption(page.getByLabel('Service instructeur *'), 'DRAJES Île-de-France');
    await page.getByLabel('Campagne (exercice) *').fill(String(YEAR));
    // DSFR boxes are ticked through their labels, as a person does.
    await page.locator('label', { hasText: 'Agrément actif (ouvert aux demandes)' }).click();
    // The definitions just made are offered at once.
    await page.locator('label', { hasText: `${FIELD.label} (${FIELD.code})` }).click();
    await page.locator('label', { hasText: `${DOCUMENT.label} (${DOCUMENT.code})` }).click();
    const required = page.getByRole('group', { name: /Documents attendus obligatoires/ });
    await required.locator('label', { hasText: DOCUMENT.label }).click();
    expect(await required.getByLabel(DOCUMENT.label).isChecked()).toBe(true);
    // The field asked of the dossiers of the approval's campaign or later only: a condition on the dossier's description.
    await page.getByRole('button', { name: `Conditions de « ${FIELD.label} »` }).click();
    const editor = page.getByRole('region', { name: `Conditions de « ${FIELD.label} »` });
    await editor.getByRole('button', { name: 'Ajouter une condition' }).click();
    await chooseOption(editor.getByLabel('Objet lu'), 'Description du dossier');
    await editor.getByLabel('Clé').fill('exercice');
    await chooseOption(editor.getByLabel('Opérateur'), 'est supérieur ou égal à (>=)');
    await editor.getByLabel('Valeur').fill(String(YEAR));
    await browser.shot('condition du champ');
    await editor.getByRole('button', { name: 'Appliquer les conditions' }).click();
    await visible(page.getByText(`${FIELD.label} : description.exercice est supérieur ou égal à ${YEAR}`));
    await browser.shot('creation remplie');
    await page.getByRole('button', { name: 'Créer l’agrément' }).click();
    await visible(page.getByText(`L’agrément ${CODE} a été créé.`));
    await visible(row(page, YEAR));
    expect(await row(page, YEAR).textContent()).toContain('1 champ(s), 1 document(s)');

    // Change: saving as is is refused by the server; the service's code changed alone.
    await page.getByRole('button', { name: `Modifier l’agrément ${CODE} (campagne ${YEAR})` }).click();
    await visible(page.getByRole('heading', { name: `Modifier l’agrément ${CODE} (campagne ${YEAR})` }));
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes('/rda-server/agrements/')) sent.push(request.postDataJSON());
    });
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await visible(page.getByText('Aucun changement n\'a été détécté.'));
    await browser.shot('aucun changement');
    await page.getByLabel('Code du service').fill('SC-75');
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await visible(page.getByText(`L’agrément ${CODE} a été modifié.`));
    expect(sent).toEqual([{}, { code_service: 'SC-75' }]);
    await visible(row(page, YEAR).getByText('Code du service : SC-75'));

    // Duplicate into the next campaign (inactive), then delete both after confirming.
    await page.getByRole('button', { name: `Dupliquer l’agrément ${CODE} (campagne ${YEAR}) pour la campagne suivante` }).click();
    await visible(page.getByText(`L’agrément ${CODE} a été dupliqué pour la campagne ${YEAR + 1} (inactif).`));
    await visible(row(page, YEAR + 1).getByText('Inactif'));
    await page.getByLabel('Code', { exact: true }).fill(CODE);
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await visible(page.getByText('2 agrément(s)'));
    await browser.shot('filtre par code');
    for (const year of [YEAR + 1, YEAR]) {
      await page.getByRole('button', { name: `Supprimer l’agrément ${CODE} (campagne ${year})` }).click();
      const dialog = page.getByRole('dialog', { name: `Supprimer l’agrément ${CODE} (campagne ${year}) ?` });
      await visible(dialog);
      if (year === YEAR) await browser.shot('confirmation de suppression');
      await dialog.getByRole('button', { name: 'Supprimer l’agrément' }).click();
      await visible(page.getByText("L'agrément a été supprimé.").first());
      await row(page, year).waitFor({ state: 'detached' });
    }
    await visible(page.getByText('Aucun agrément ne correspond aux filtres.'));

    // The catalogue's history: the approval's creation, change and deletion, the definitions made above, newest first.
    await page.getByRole('tab', { name: 'Historique des modifications' }).click();
    const history = page.getByRole('region', { name: /^Modifications du catalogue des agréments/ });
    await visible(history);
    await page.getByLabel('Type d’élément').selectOption({ label: 'Agrément' });
    const approvalRows = history.getByRole('row').filter({ hasText: `Agrément : ${CODE}` });
    await visible(approvalRows.filter({ hasText: 'Code du service : SC-75' }).first());
    expect(await approvalRows.filter({ hasText: 'Suppression' }).count()).toBe(2);
    expect((await approvalRows.first().textContent())!).toContain(ADMIN.email);
    await browser.shot('historique du catalogue');
    await page.getByLabel('Type d’élément').selectOption({ label: 'Définition de document attendu' });
    await visible(history.getByRole('row').filter({ hasText: `Définition de document attendu : ${DOCUMENT.label}` }).filter({ hasText: 'Ajout' }));
    await page.setViewportSize({ width: 320, height: 800 });
    await scrollsSidewaysByKeyboard(page, history);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('le dossier de demande d’un agrément qui les attend demande le document et le champ définis', async () => {
    const api = (method: string, path: string, body?: unknown, token?: string) => callPortal(browser.baseUrl, method, path, body, token);
    // An approval open to requests asking for both (made through the API: the screens above made one already).
    const { token: adminToken } = (await api('POST', '/auth-server/login', { email: ADMIN.email, password: ADMIN.password })) as { token: string };
    const services = (await api('GET', '/rda-server/agrements/services', undefined, adminToken)) as { id: string; nom: string }[];
    const code = `${CODE}-D`;
    const approval = (await api('POST', '/rda-server/agrements', {
      code, type_agrement: 'JEP', service: services.find((s) => s.nom === 'DRAJES Île-de-France')!.id, campagne_exercice: YEAR, active: true,
      // The field's condition holds on the dossier (its exercise is the campaign's); the statutes' does not: they are not asked.
      champs_attendus: [{ code: FIELD.code, obligatoire: true, asks: [{ scope: 'description', key: 'exercice', operator: '==', value: YEAR }] }],
      documents_attendus: [
        { code: DOCUMENT.code, obligatoire: false },
        { code: 'agrement_statuts', obligatoire: true, asks: [{ scope: 'description', key: 'exercice', operator: '<', value: 2000 }] },
      ],
    }, adminToken)) as { _id: string };
    // A member of the association, with a legal representative on its file.
    const pool = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 1 });
    try {
      await insertAssociation(pool, ASSOCIATION);
    } finally {
      await pool.end();
    }
    await createLinkedMember(browser.baseUrl, member, { id_correspondance: ASSOCIATION.id, id_siret: ASSOCIATION.siretSiege });
    const { token } = (await api('POST', '/auth-server/login', { email: member.email, password: member.password })) as { token: string };
    await api('POST', `/proxy-asso/association/representants_legaux?id_asso=${ASSOCIATION.id}`, { civilite: 'Madame', nom: member.nom, prenom: member.prenom, courriel: member.email, fonction: 'Trésorière', telephone: '0601020304' }, token);

    const page = browser.page();
    await signInWith(page, { ...member, landing: '/client/user/dashboard' });
    await page.getByRole('button', { name: 'Tout accepter' }).click();
    await page.goto(`/client/associations/${ASSOCIATION.siretSiege}/demande-agrement`);
    const choice = page.getByRole('radio', { name: new RegExp(`\\(${code}\\)`) });
    await visible(choice);
    await choice.focus();
    await page.keyboard.press('Space');
    expect(await choice.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Créer le dossier de demande' }).click();
    await onPath(page, new RegExp(`/client/associations/${ASSOCIATION.siretSiege}/demande-agrement/[0-9a-f-]{36}\\?etape=1$`));
    await visible(page.getByRole('heading', { level: 2, name: /Demandeur/ }));
    for (const label of ['Représentant légal *', 'Signataire *', 'Responsable du dossier *']) {
      const people = page.getByLabel(label);
      await people.selectOption((await people.locator('option', { hasText: `${member.prenom} ${member.nom}` }).getAttribute('value'))!);
    }
    await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();

    // « Documents »: the document defined above, among the association's documents of its nature.
    await visible(page.getByRole('heading', { level: 2, name: /Documents/ }));
    await visible(page.getByRole('group', { name: DOCUMENT.label }));
    await visible(page.getByText('0 document(s) joint(s) sur 1'));
    expect(await page.getByRole('group', { name: 'Statuts à jour' }).count()).toBe(0);
    await browser.shot('le dossier demande le document defini');
    await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();

    // « Critères d'agrément »: the field defined above, required, refused empty then answered.
    await visible(page.getByRole('heading', { level: 2, name: /Critères d’agrément/ }));
    const answer = page.getByLabel(new RegExp(FIELD.label));
    await visible(answer);
    await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();
    await visible(page.getByRole('link', { name: `Veuillez renseigner le champ ${FIELD.label}.` }));
    await browser.shot('le dossier demande le champ defini');
    await answer.fill('12');
    await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();
    await visible(page.getByRole('heading', { level: 2, name: /Transmission/ }));
    await signOut(page);
    // Closed to requests again, so that other runs do not see it.
    await api('PATCH', `/rda-server/agrements/${approval._id}`, { active: false }, adminToken);
  });
});
