// Journey: the demo scheme administrator (rds.admin) opens /administration/rds, reads a service's
// record and its hierarchy, opens a campaign of the ANS scheme (the journey's own, with two copies
// of a demo dossier, one multi-year), gives its expected document « Statuts à jour » a condition,
// previews it (one dossier of two, named), applies and saves the campaign; at 320 px the campaigns'
// table scrolls by keyboard. Then on /administration/referentiels they rename an option of a
// referential, save, and a second save shows « Aucun changement n'a été détécté. »; the screen's
// history tab names that change, by them (its table scrolls by keyboard at 320 px). Then they create
// a regional service under DS (a form refused first, its first field focused), move it under
// DJEPVA, create a campaign of the FEDE scheme, and delete the service after confirming. Every
// screen is checked with axe.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callPortal } from './support/api.ts';
import { insertAssociation, type JourneyAssociation } from './support/associations.ts';
import { DEMO_PASSWORD, scrollsSidewaysByKeyboard, uniqueEmail, useBrowser, visible } from './support/browser.ts';
import { copyDemoDossier } from './support/dossiers.ts';
import { signInWith } from './support/sign-in.ts';

const browser = useBrowser();
const ADMIN = { email: 'admin.rds@demo.example.org', password: DEMO_PASSWORD, landing: '/client/instructeur' };
const ASSOCIATION: JourneyAssociation = {
  id: randomUUID(), nom: 'Union nautique de Lorient', sigle: 'UNL', siren: '202600177', rna: 'W562026017',
  siretSiege: '20260017700016', siretSecondaire: '20260017700024',
};
const REFERENTIEL = 'types-activite-agricole';
const CODE = `E2E-RDS-${randomUUID().slice(0, 6).toUpperCase()}`;
const YEAR = new Date().getFullYear();

let pool: pg.Pool;
let token: string;
let campaignId: string;
let multiYear: { id: string; idFo: string };
let original: { _id: string; options: unknown[] };
const SERVICE_NAME = `Délégation parcours ${randomUUID().slice(0, 6)}`;
const NEW_CAMPAIGN = `E2E-FEDE-${randomUUID().slice(0, 6).toUpperCase()}`;
const DS = 'DS – Direction des sports';
const DJEPVA = 'DJEPVA – Direction de la jeunesse, de l’éducation populaire et de la vie associative';
const api = (method: string, path: string, body?: unknown) => callPortal(browser.baseUrl, method, path, body, token);

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 1 });
  await insertAssociation(pool, ASSOCIATION);
  token = ((await callPortal(browser.baseUrl, 'POST', '/auth-server/login', { email: ADMIN.email, password: ADMIN.password })) as { token: string }).token;
  // The journey's own campaign of the ANS scheme, asking for the statutes, and two dossiers of it.
  const campaign = (await api('POST', '/rds-server/subventions', {
    code: CODE, label: `Parcours administration ${CODE}`, active: false, dispositif: 'CNDS', campagne_exercice: YEAR,
    documents_attendus: [{ code: 'statuts', part: 'dossier', obligatoire: true }],
  })) as { id: string };
  campaignId = campaign.id;
  const copies = [];
  for (const pluriannuel of [true, false]) {
    const copy = await copyDemoDossier(pool, ASSOCIATION, { campaign: 'ANS Part territoriale', etats: { 'SDJES de Paris': 'D' } });
    await pool.query('UPDATE dossiers SET subvention_id = $2, sous_dispositif_id = NULL, pluriannuel = $3 WHERE id = $1', [copy.id, campaignId, pluriannuel]);
    copies.push(copy);
  }
  multiYear = copies[0]!;
  original = (await callPortal(browser.baseUrl, 'GET', `/api-declaration-server/referentiel?type=${REFERENTIEL}`)) as typeof original;
});
afterAll(async () => {
  // The referential as the demo has it, for the other journeys.
  if (original) await api('PATCH', `/api-declaration-server/referentiels/${original._id}`, { options: original.options }).catch(() => {});
  // The journey's new campaign goes, for the other journeys.
  const created = (await api('GET', `/rds-server/subventions/${NEW_CAMPAIGN}`).catch(() => null)) as { id: string } | null;
  if (created) await api('DELETE', `/rds-server/subventions/${created.id}`).catch(() => {});
  await pool?.end();
});

describe('administration des dispositifs et des référentiels', () => {
  it('donne une condition au document attendu d’une campagne, la prévisualise et l’enregistre ; modifie une option de référentiel', async () => {
    const page = browser.page();
    await signInWith(page, ADMIN);
    await page.getByRole('button', { name: 'Tout accepter' }).click();
    await page.goto('/client/administration/rds');
    await visible(page.getByRole('heading', { level: 1, name: 'Administration des dispositifs' }));

    // A service's record and its place in the hierarchy.
    const services = page.getByRole('table', { name: 'Services instructeurs' });
    await visible(services);
    await services.getByRole('button', { name: 'Voir la fiche de SDJES de Paris' }).click();
    const fiche = page.getByRole('heading', { level: 3, name: 'SDJES de Paris' });
    await visible(fiche);
    await browser.shot('services instructeurs et fiche');

    // The ANS scheme, its campaigns, the journey's campaign.
    await page.getByLabel('Dispositif', { exact: true }).selectOption({ label: 'Agence nationale du Sport – Part territoriale (CNDS)' });
    const campaigns = page.getByRole('table', { name: 'Campagnes de Agence nationale du Sport – Part territoriale' });
    await visible(campaigns);
    await campaigns.getByRole('button', { name: `Modifier la campagne ${CODE}` }).click();
    const documents = page.getByRole('table', { name: 'Documents attendus de la campagne' });
    await visible(documents);
    await documents.getByRole('button', { name: 'Conditions de Statuts à jour' }).click();

    // A condition, previewed on the campaign's two dossiers.
    await page.getByRole('button', { name: 'Ajouter une condition' }).click();
    await page.getByLabel('Objet lu', { exact: true }).selectOption({ label: 'Description du dossier' });
    await page.getByLabel('Clé', { exact: true }).fill('pluriannuel');
    await page.getByLabel('Opérateur', { exact: true }).selectOption({ label: 'est égal à (==)' });
    await page.getByLabel('Valeur', { exact: true }).fill('true');
    await page.getByRole('button', { name: 'Prévisualiser les dossiers concernés' }).click();
    const preview = page.getByTestId('apercu-conditions');
    await visible(preview);
    expect(await preview.textContent()).toContain('1 dossier sur 2 de la campagne remplit ces conditions.');
    await visible(preview.getByRole('link', { name: `Dossier ${multiYear.idFo} — ${ASSOCIATION.nom}` }));
    await browser.shot('apercu des conditions');
    // Nothing of a scrolled table (its buttons' words for screen readers) widens the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

    await page.getByRole('button', { name: 'Appliquer les conditions' }).click();
    await visible(documents.getByText('description.pluriannuel est égal à true'));
    await page.getByRole('button', { name: 'Enregistrer la campagne' }).click();
    await visible(page.getByText(/La campagne « Parcours administration .* » est enregistrée\./));
    const saved = (await api('GET', `/rds-server/subventions/${CODE}?populate=documents_attendus`)) as { documents_attendus: { code: string; asks: unknown[] }[] };
    expect(saved.documents_attendus).toEqual([
      expect.objectContaining({ code: 'statuts', asks: [{ scope: 'description', key: 'pluriannuel', operator: '==', value: true }] }),
    ]);

    // At 320 px the campaigns' table scrolls by keyboard.
    await page.setViewportSize({ width: 320, height: 800 });
    await scrollsSidewaysByKeyboard(page, page.getByRole('region', { name: 'Campagnes de Agence nationale du Sport – Part territoriale' }));
    await browser.shot('campagnes a 320 px');
    await page.setViewportSize({ width: 1280, height: 900 });

    // A referential's option renamed, then a second save that changes nothing.
    await page.goto('/client/administration/referentiels');
    const types = page.getByRole('table', { name: 'Types de référentiels' });
    await visible(types);
    await types.getByRole('button', { name: 'Modifier le référentiel Types d\'activité agricole' }).click();
    const options = page.getByRole('table', { name: 'Options du référentiel Types d\'activité agricole' });
    await visible(options);
    const label = options.getByLabel('Libellé de l’option 3');
    expect(await label.inputValue()).toBe('Autre');
    await label.fill('Autre activité agricole');
    await page.getByRole('button', { name: 'Enregistrer le référentiel' }).click();
    await visible(page.getByText('Le référentiel « Types d\'activité agricole » est enregistré.'));
    await browser.shot('referentiel enregistre');
    await page.getByRole('button', { name: 'Enregistrer le référentiel' }).click();
    await visible(page.getByText('Aucun changement n\'a été détécté.').first());
    await browser.shot('referentiel sans changement');
    const stored = (await callPortal(browser.baseUrl, 'GET', `/api-declaration-server/referentiel?type=${REFERENTIEL}`)) as { options: { value: string; label: string }[] };
    expect(stored.options.find((o) => o.value === 'Autre')?.label).toBe('Autre activité agricole');

    // The referentials' own history: the change just saved comes first, by the scheme administrator.
    await page.getByRole('tab', { name: 'Historique des modifications' }).click();
    await visible(page.getByRole('heading', { name: 'Historique des modifications' }));
    const latest = page.getByRole('table', { name: /^Modifications des référentiels/ }).getByRole('row').nth(1);
    await visible(latest.getByRole('cell', { name: 'Référentiel : Types d\'activité agricole', exact: true }));
    await visible(latest.getByRole('cell', { name: ADMIN.email, exact: true }));
    await visible(latest.getByRole('cell', { name: 'Modification', exact: true }));
    await visible(latest.getByText('Options modifiées : — → Autre activité agricole'));
    await browser.shot('historique des referentiels');
    await page.setViewportSize({ width: 320, height: 800 });
    await scrollsSidewaysByKeyboard(page, page.getByRole('region', { name: /^Modifications des référentiels/ }));
    await browser.shot('historique des referentiels a 320 px');
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 180_000);

  it('crée un service sous un parent, le rattache ailleurs, crée une campagne et supprime le service', async () => {
    const page = browser.page();
    await signInWith(page, ADMIN);
    await page.getByRole('button', { name: 'Tout accepter' }).click();
    await page.goto('/client/administration/rds');
    const services = page.getByRole('table', { name: 'Services instructeurs' });
    await visible(services);

    // A new regional service: refused first (no name, no parent), the focus on the first field in error.
    await page.getByRole('button', { name: 'Créer un service' }).click();
    const form = page.getByRole('form', { name: 'Nouveau service instructeur' });
    await visible(form);
    await form.getByLabel('Niveau territorial', { exact: true }).selectOption({ label: 'Régional' });
    await form.getByRole('button', { name: 'Créer le service' }).click();
    const nom = form.getByLabel('Nom du service', { exact: true });
    await visible(form.getByText('Indiquez le nom du service.'));
    expect(await nom.evaluate((element) => element === document.activeElement)).toBe(true);
    await visible(form.getByText(/Choisissez le service parent, du niveau juste au-dessus/));
    await browser.shot('nouveau service refuse');
    await nom.fill(SERVICE_NAME);
    await form.getByLabel('Adresse électronique de connexion', { exact: true }).fill(uniqueEmail('delegation'));
    await form.getByLabel('Service parent', { exact: true }).selectOption({ label: DS });
    await form.getByRole('button', { name: 'Créer le service' }).click();
    await visible(page.getByRole('heading', { level: 3, name: SERVICE_NAME }));
    const row = services.getByRole('row').filter({ has: page.getByRole('rowheader', { name: SERVICE_NAME }) });
    await visible(row.getByRole('cell', { name: DS }));
    await browser.shot('service cree sous DS');

    // Moved under DJEPVA: the list read again shows its new parent.
    const reparent = page.getByRole('form', { name: `Rattachement de ${SERVICE_NAME}` });
    await reparent.getByLabel('Nouveau service parent', { exact: true }).selectOption({ label: DJEPVA });
    await reparent.getByRole('button', { name: 'Changer le service parent' }).click();
    await visible(page.getByText(`Le service « ${SERVICE_NAME} » est désormais rattaché à « ${DJEPVA} ».`));
    await visible(row.getByRole('cell', { name: DJEPVA }));
    await browser.shot('service rattache a DJEPVA');

    // A campaign of the FEDE scheme, its dates given.
    await page.getByLabel('Dispositif', { exact: true }).selectOption({ label: 'Fonds d’expérimentation pour la jeunesse – Éducation populaire (FEDE)' });
    const campaigns = page.getByRole('table', { name: 'Campagnes de Fonds d’expérimentation pour la jeunesse – Éducation populaire' });
    await visible(campaigns);
    await page.getByRole('button', { name: 'Créer une campagne de Fonds d’expérimentation pour la jeunesse – Éducation populaire' }).click();
    const campaign = page.getByRole('form', { name: 'Nouvelle campagne de Fonds d’expérimentation pour la jeunesse – Éducation populaire' });
    await campaign.getByLabel('Libellé de la campagne', { exact: true }).fill(`FEDE ${YEAR + 1} parcours`);
    await campaign.getByLabel('Code de la campagne', { exact: true }).fill(NEW_CAMPAIGN);
    await campaign.getByLabel('Exercice', { exact: true }).fill(String(YEAR + 1));
    await campaign.getByLabel('Date d’ouverture', { exact: true }).fill(`${YEAR + 1}-02-01`);
    await campaign.getByLabel('Date de clôture', { exact: true }).fill(`${YEAR + 1}-01-15`);
    await campaign.getByRole('button', { name: 'Créer la campagne' }).click();
    await visible(campaign.getByText('La date de clôture de la campagne ne peut pas précéder sa date d’ouverture.'));
    await browser.shot('campagne refusee');
    await campaign.getByLabel('Date de clôture', { exact: true }).fill(`${YEAR + 1}-04-30`);
    await campaign.getByRole('button', { name: 'Créer la campagne' }).click();
    await visible(campaigns.getByRole('button', { name: `Modifier la campagne ${NEW_CAMPAIGN}` }));
    const stored = (await api('GET', `/rds-server/subventions/${NEW_CAMPAIGN}`)) as Record<string, unknown>;
    expect(stored).toMatchObject({ campagne_exercice: YEAR + 1, date_debut: `${YEAR + 1}-02-01`, date_fin: `${YEAR + 1}-04-30`, active: false, dispositif: expect.objectContaining({ code: 'FEDE' }) });
    await browser.shot('campagne creee');

    // The service deleted once confirmed: it leaves the list.
    await services.getByRole('button', { name: `Voir la fiche de ${SERVICE_NAME}` }).click();
    await page.getByRole('button', { name: `Supprimer le service ${SERVICE_NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: `Supprimer le service « ${SERVICE_NAME} » ?` });
    await visible(dialog);
    await browser.shot('confirmation de suppression');
    await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await visible(page.getByText(`Le service « ${SERVICE_NAME} » a été supprimé.`));
    await expect.poll(() => services.getByRole('rowheader', { name: SERVICE_NAME }).count()).toBe(0);
    const listed = (await api('GET', `/rds-server/services?query=${encodeURIComponent(SERVICE_NAME)}`)) as unknown[];
    expect(listed).toEqual([]);
    await browser.shot('service supprime');
  }, 180_000);
});
