// The spec's rules on a subsidy dossier over HTTP on PostgreSQL (docs/domain.md « Dossiers de
// subvention »): the campaign window (campaign and sub-scheme dates) on creation, step 0 and the first
// transmission, and what the directory says of it; an inactive campaign answers the same 404 on read
// and on creation; the dossier's year is its campaign's, a multi-year end year within the scheme's
// span, a sub-scheme required when the campaign has some; typed answers; project dates and lines;
// the RIB change per state; documents by slot. Each refusal is 4xx in French and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOSSIER_LIMITS, DOSSIER_MESSAGES, DOSSIER_STATES, frenchDay, MESSAGES, SUBSIDY_MESSAGES } from '@portail/contract';
import type { TestAssociation } from './support/association-factory.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import {
  createAssociationDocument,
  createCompleteDossier,
  createDossier,
  createExpectedField,
  createRib,
  createScheme,
  dateCampaign,
  dayFromToday,
  dossierCalls,
  linkSousDispositif,
  subsidySetting,
  subventionCode,
  validProjet,
  type ServiceAgent,
  type SignedIn,
  type SubsidyScheme,
} from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let asso: TestAssociation;
let member: SignedIn;
let agent: ServiceAgent;

beforeAll(async () => {
  t = await startTestApp();
  ({ asso, member, agent } = await subsidySetting(t, { service: 'Service des règles' }));
});
afterAll(() => t.close());

const as = (token = member.token) => dossierCalls(t, token);
const scheme = (options: { duree?: 1 | 2 | null; sousDispositif?: string } = {}) => createScheme(t, { serviceIds: [agent.serviceId], ...options });
const create = async (s: SubsidyScheme, description: Record<string, unknown> = {}) =>
  as().post('', { description: { code_subvention: await subventionCode(t, s), exercice: 2026, ...description }, demandeur: { id_siret: asso.siege } }, { id_asso: asso.id });
const dossiersOf = (s: SubsidyScheme) => t.db.dossier.count({ where: { subventionId: s.subventionId } });
const statesOf = async (id: string) => (await t.db.dossierInstruction.findMany({ where: { dossierId: id } })).map((i) => i.etat);
const readSubvention = (code: string, token = member.token) =>
  t.http().get(`/api/rds-server/subventions/${code}`).query({ populate: 'sous_dispositifs' }).set(TOKEN_HEADER, token);
const projets = (id: string) => `/api/lca-server/demande/dossiers/${id}/projets`;

describe('the campaign window', () => {
  it('refuses creation after and before the campaign dates (409 in French, nothing written), and creates within them', async () => {
    const ended = await scheme();
    const fin = dayFromToday(-3);
    await dateCampaign(t, ended, dayFromToday(-90), fin);
    const late = await create(ended);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ status: 409, code: 'CAMPAIGN_CLOSED', message: SUBSIDY_MESSAGES.campaignEnded(frenchDay(fin), null) });
    expect(await dossiersOf(ended)).toBe(0);

    const early = await scheme();
    const debut = dayFromToday(5);
    await dateCampaign(t, early, debut, dayFromToday(60));
    const tooSoon = await create(early);
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.message).toBe(SUBSIDY_MESSAGES.campaignNotYetOpen(frenchDay(debut), null));
    expect(await dossiersOf(early)).toBe(0);

    const open = await scheme();
    await dateCampaign(t, open, dayFromToday(-5), dayFromToday(5));
    expect((await create(open)).status).toBe(201);
  });

  it("refuses a sub-scheme outside its own dates, the campaign's being open", async () => {
    const s = await scheme({ sousDispositif: 'Emploi' });
    await dateCampaign(t, s, dayFromToday(-90), dayFromToday(90));
    const fin = dayFromToday(-3);
    await linkSousDispositif(t, s, dayFromToday(-60), fin);
    const refused = await create(s, { id_sous_type_dispositif: s.sousDispositifId });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(SUBSIDY_MESSAGES.campaignEnded(frenchDay(fin), 'Emploi'));
    expect(await dossiersOf(s)).toBe(0);
  });

  it('refuses step 0 moving a dossier to a closed campaign, the dossier unchanged', async () => {
    const open = await scheme();
    const closed = await scheme();
    await dateCampaign(t, closed, dayFromToday(-90), dayFromToday(-3));
    const created = await create(open);
    const moved = await as().put(`/${created.body.id}`, { step: 0, code_subvention: await subventionCode(t, closed) });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe('CAMPAIGN_CLOSED');
    expect((await t.db.dossier.findUniqueOrThrow({ where: { id: created.body.id } })).subventionId).toBe(open.subventionId);
  });

  it('refuses the first transmission once the campaign is closed; a dossier the service sent back may return', async () => {
    const closed = await scheme();
    await dateCampaign(t, closed, dayFromToday(-90), dayFromToday(-3));
    const draft = await createCompleteDossier(t, asso, closed, [agent.serviceId]);
    const refused = await as().post(`/transmit/${draft.id}`, null);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CAMPAIGN_CLOSED');
    expect(await statesOf(draft.id)).toEqual(['A']);

    const sentBack = await createCompleteDossier(t, asso, closed, [agent.serviceId], { etat: 'C' });
    const again = await as().post(`/transmit/${sentBack.id}`, null);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await statesOf(sentBack.id)).toEqual(['D']);
  });

  it('says in the directory whether the campaign and each sub-scheme take dossiers', async () => {
    const ended = await scheme({ sousDispositif: 'Fonctionnement' });
    await dateCampaign(t, ended, dayFromToday(-90), dayFromToday(-3));
    await linkSousDispositif(t, ended);
    const read = await readSubvention(await subventionCode(t, ended));
    expect(read.status).toBe(200);
    expect(read.body.fenetre).toEqual({ ouverte: false, libelle: 'Campagne close', ouvre_le: null });
    expect(read.body.sous_dispositifs[0].fenetre).toMatchObject({ ouverte: false, libelle: 'Campagne close' });

    const early = await scheme();
    const debut = dayFromToday(10);
    await dateCampaign(t, early, debut, null);
    expect((await readSubvention(await subventionCode(t, early))).body.fenetre).toEqual({ ouverte: false, libelle: `Ouvre le ${frenchDay(debut)}`, ouvre_le: debut });

    const open = await scheme();
    const fin = dayFromToday(10);
    await dateCampaign(t, open, null, fin);
    expect((await readSubvention(await subventionCode(t, open))).body.fenetre).toEqual({ ouverte: true, libelle: `Campagne ouverte jusqu’au ${frenchDay(fin)}`, ouvre_le: null });
  });
});

describe('an inactive campaign', () => {
  it('answers a member the same 404 on read, on creation and at step 0', async () => {
    const inactive = await scheme();
    await t.db.subvention.update({ where: { id: inactive.subventionId }, data: { active: false } });
    const code = await subventionCode(t, inactive);
    const read = await readSubvention(code);
    const created = await create(inactive);
    const draft = await create(await scheme());
    const moved = await as().put(`/${draft.body.id}`, { step: 0, code_subvention: code });
    expect(read.status).toBe(404);
    expect(created.status).toBe(404);
    expect(moved.status).toBe(404);
    expect(created.body).toEqual(read.body);
    expect(moved.body).toEqual(read.body);
    expect(await dossiersOf(inactive)).toBe(0);
  });
});

describe("the dossier's year", () => {
  it("is its campaign's: another exercise is refused on creation and at step 0", async () => {
    const s = await scheme();
    const refused = await create(s, { exercice: 2024 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(SUBSIDY_MESSAGES.exerciceNotCampaign(2026));
    expect(await dossiersOf(s)).toBe(0);
    const created = await create(s);
    expect(created.body.identifiant.id_fo).toMatch(/^2026-/);
    const step0 = await as().put(`/${created.body.id}`, { step: 0, exercice: 2024 });
    expect(step0.status).toBe(400);
    expect((await t.db.dossier.findUniqueOrThrow({ where: { id: created.body.id } })).exercice).toBe(2026);
  });

  it("ends a multi-year dossier within the scheme's span (§9), and its projects with it", async () => {
    const twoYears = await scheme({ duree: 2 });
    const row = await createDossier(t, asso, twoYears, [agent.serviceId], { pluriannuel: null, exerciceFin: null });
    for (const wrong of [2031, 2027, 2026]) {
      const refused = await as().put(`/${row.id}`, { step: 2, renouvellement: false, pluriannuel: true, exercice_fin: wrong });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(SUBSIDY_MESSAGES.endYearOutOfSpan([2028]));
    }
    expect((await t.db.dossier.findUniqueOrThrow({ where: { id: row.id } })).exerciceFin).toBeNull();
    const left = await as().put(`/${row.id}`, { step: 2, renouvellement: false, pluriannuel: true });
    expect(left.body.description.exercice_fin).toBe(2028);

    const free = await scheme({ duree: null });
    const other = await createDossier(t, asso, free, [agent.serviceId], { pluriannuel: null, exerciceFin: null });
    const tooFar = await as().put(`/${other.id}`, { step: 2, renouvellement: false, pluriannuel: true, exercice_fin: 2029 });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.message).toBe(SUBSIDY_MESSAGES.endYearOutOfSpan([2027, 2028]));
    expect((await as().put(`/${other.id}`, { step: 2, renouvellement: false, pluriannuel: true, exercice_fin: 2028 })).body.description.exercice_fin).toBe(2028);
  });

  it('needs a sub-scheme when the campaign has some, on creation and at step 0', async () => {
    const s = await scheme({ sousDispositif: 'Projet sportif fédéral' });
    await linkSousDispositif(t, s);
    const without = await create(s);
    expect(without.status).toBe(400);
    expect(without.body.message).toBe(SUBSIDY_MESSAGES.sousDispositifRequired);
    const created = await create(s, { id_sous_type_dispositif: s.sousDispositifId });
    expect(created.status).toBe(201);
    const emptied = await as().put(`/${created.body.id}`, { step: 0, id_sous_type_dispositif: null });
    expect(emptied.status).toBe(400);
    expect((await t.db.dossier.findUniqueOrThrow({ where: { id: created.body.id } })).sousDispositifId).toBe(s.sousDispositifId);
  });

  it('never lets a dossier without sub-scheme and one with it coexist for the same campaign, SIRET and year', async () => {
    const s = await scheme({ sousDispositif: 'Part territoriale' });
    // A dossier written before the campaign had its sub-scheme.
    await createDossier(t, asso, { ...s, sousDispositifId: null }, [agent.serviceId]);
    await linkSousDispositif(t, s);
    const twin = await create(s, { id_sous_type_dispositif: s.sousDispositifId });
    expect(twin.status).toBe(409);
    expect(twin.body.code).toBe('DOSSIER_EXISTS');
    expect(await dossiersOf(s)).toBe(1);
  });

  it('lets only one of two simultaneous creations through', async () => {
    const s = await scheme({ sousDispositif: 'Simultané' });
    await linkSousDispositif(t, s);
    const answers = await Promise.all([create(s, { id_sous_type_dispositif: s.sousDispositifId }), create(s, { id_sous_type_dispositif: s.sousDispositifId })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await dossiersOf(s)).toBe(1);
  });
});

describe('typed answers', () => {
  const step2 = (id: string, customs: object[]) => as().put(`/${id}`, { step: 2, renouvellement: false, pluriannuel: false, customs });
  const REPUBLICAIN = "L'association respecte-t-elle le contrat d'engagement républicain ?";

  it('refuses at step 2 a yes/no that is not a boolean, a number in words, an unknown code, a bad date or choice, forbidden characters', async () => {
    const s = await scheme();
    const nombre = await createExpectedField(t, s, { type: 'number', label: 'Nombre de licenciés' });
    const jour = await createExpectedField(t, s, { type: 'date', label: "Date de l'assemblée" });
    const choix = await createExpectedField(t, s, { type: 'select', label: 'Niveau', meta: { options: [{ value: 'local', label: 'Local' }, { value: 'national', label: 'National' }] } });
    const texte = await createExpectedField(t, s, { type: 'text', label: 'Partenaires' });
    const row = await createDossier(t, asso, s, [agent.serviceId], { pluriannuel: null });
    const cases: [object, string, string][] = [
      [{ code: 'contrat_engagement_republicain', value: 'non merci' }, 'customs.contrat_engagement_republicain', MESSAGES.badFormat(REPUBLICAIN)],
      [{ code: 'contrat_engagement_republicain', value: 0 }, 'customs.contrat_engagement_republicain', MESSAGES.badFormat(REPUBLICAIN)],
      [{ code: nombre.code, value: 'douze' }, `customs.${nombre.code}`, MESSAGES.badFormat('Nombre de licenciés')],
      [{ code: 'inconnu', value: 'x' }, 'customs.inconnu', MESSAGES.unknownAnswer('inconnu')],
      [{ code: jour.code, value: '2026-02-30' }, `customs.${jour.code}`, MESSAGES.badFormat("Date de l'assemblée")],
      [{ code: choix.code, value: 'mondial' }, `customs.${choix.code}`, MESSAGES.badFormat('Niveau')],
    ];
    for (const [custom, key, message] of cases) {
      const refused = await step2(row.id, [custom]);
      expect(refused.status, JSON.stringify(custom)).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_ERROR');
      expect(refused.body.fields[key]).toBe(message);
    }
    const chars = await step2(row.id, [{ code: texte.code, value: 'Mairie $ Région' }]);
    expect(chars.body.fields[`customs.${texte.code}`]).toMatch(/^Le champ Partenaires contient des caractères non autorisés\. Caractères autorisés/);
    const stored = await t.db.dossier.findUniqueOrThrow({ where: { id: row.id } });
    expect(stored.statut).toBe('incomplet');
    expect(stored.customs).toEqual([]);

    const accepted = await step2(row.id, [
      { code: 'contrat_engagement_republicain', value: false },
      { code: nombre.code, value: 12 },
      { code: jour.code, value: '2026-03-14' },
      { code: choix.code, value: 'local' },
      { code: texte.code, value: 'Mairie, Région (5 000 €) : l’État aussi !' },
    ]);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  });

  it('refuses a written answer longer than the contract bound the wizard lets a member type, and takes one at the bound', async () => {
    const s = await scheme();
    const texte = await createExpectedField(t, s, { type: 'text', label: 'Partenaires' });
    const courriel = await createExpectedField(t, s, { type: 'email', label: 'Courriel du trésorier' });
    const row = await createDossier(t, asso, s, [agent.serviceId], { pluriannuel: null });
    const long = await step2(row.id, [{ code: texte.code, value: 'a'.repeat(DOSSIER_LIMITS.answer + 1) }]);
    expect(long.status).toBe(400);
    expect(long.body.fields[`customs.${texte.code}`]).toBe(MESSAGES.maxLength('Partenaires', DOSSIER_LIMITS.answer));
    const question = await step2(row.id, [{ code: 'autres_financeurs', value: 'b'.repeat(DOSSIER_LIMITS.answer + 1) }]);
    expect(question.status).toBe(400);
    expect(Object.values(question.body.fields as Record<string, string>)).toEqual([expect.stringContaining(`plus de ${DOSSIER_LIMITS.answer} caractère(s)`)]);
    const address = await step2(row.id, [{ code: courriel.code, value: `${'c'.repeat(DOSSIER_LIMITS.answer)}@exemple.fr` }]);
    expect(address.body.fields[`customs.${courriel.code}`]).toBe(MESSAGES.maxLength('Courriel du trésorier', DOSSIER_LIMITS.answer));
    expect((await t.db.dossier.findUniqueOrThrow({ where: { id: row.id } })).customs).toEqual([]);
    const atBound = await step2(row.id, [{ code: texte.code, value: 'a'.repeat(DOSSIER_LIMITS.answer) }]);
    expect(atBound.status, JSON.stringify(atBound.body)).toBe(200);
  });

  it("refuses a project's answer of the wrong type and a code the scheme does not ask of projects", async () => {
    const s = await scheme();
    const nombre = await createExpectedField(t, s, { type: 'number', part: 'projet', label: 'Nombre de séances' });
    const row = await createDossier(t, asso, s, [agent.serviceId]);
    const post = (customs: object[]) => t.http().post(projets(row.id)).set(TOKEN_HEADER, member.token).send(validProjet('Séances', { customs }));
    const words = await post([{ code: nombre.code, value: 'douze' }]);
    expect(words.status).toBe(400);
    expect(words.body.fields[`customs.${nombre.code}`]).toBe(MESSAGES.badFormat('Nombre de séances'));
    expect((await post([{ code: 'contrat_engagement_republicain', value: true }])).status).toBe(400);
    expect(await t.db.projet.count({ where: { dossierId: row.id } })).toBe(0);
    expect((await post([{ code: nombre.code, value: 12 }])).status).toBe(201);
  });

  it('refuses to transmit a dossier whose stored answers do not fit their type', async () => {
    const s = await scheme();
    const row = await createCompleteDossier(t, asso, s, [agent.serviceId]);
    const stored = await t.db.dossier.findUniqueOrThrow({ where: { id: row.id } });
    const answers = (stored.customs as { code: string; value: unknown }[]).map((c) => (c.code === 'contrat_engagement_republicain' ? { ...c, value: 'non merci' } : c));
    await t.db.dossier.update({ where: { id: row.id }, data: { customs: answers as object[] } });
    const refused = await as().post(`/transmit/${row.id}`, null);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('DOSSIER_NOT_TRANSMITTABLE');
    expect(refused.body.message).toContain(SUBSIDY_MESSAGES.invalidAnswer(REPUBLICAIN));
    expect(await statesOf(row.id)).toEqual(['A']);
  });
});

describe('projects', () => {
  const post = (id: string, body: object) => t.http().post(projets(id)).set(TOKEN_HEADER, member.token).send(body);
  const dated = (debut: string, fin: string, extra: Record<string, unknown> = {}) => validProjet('Daté', { description: { intitule: 'Daté', date_debut: debut, date_fin: fin }, ...extra });

  it("may not end before it starts, nor fall outside the dossier's years, on creation and on update", async () => {
    const row = await createDossier(t, asso, await scheme(), [agent.serviceId]);
    const backwards = await post(row.id, dated('2026-06-01', '2026-05-01'));
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields['description.date_fin']).toBe(SUBSIDY_MESSAGES.projectEndsBeforeStart);
    const before = await post(row.id, dated('2025-12-01', '2026-05-01'));
    expect(before.body.fields['description.date_debut']).toBe(SUBSIDY_MESSAGES.projectOutsidePeriod(2026, 2026));
    const after = await post(row.id, dated('2026-09-01', '2027-06-30'));
    expect(after.body.fields['description.date_fin']).toBe(SUBSIDY_MESSAGES.projectOutsidePeriod(2026, 2026));
    expect(await t.db.projet.count({ where: { dossierId: row.id } })).toBe(0);

    const created = await post(row.id, dated('2026-09-01', '2026-12-31'));
    expect(created.status).toBe(201);
    const moved = await t.http().put(`${projets(row.id)}/${created.body.id}`).set(TOKEN_HEADER, member.token).send({ description: { date_fin: '2026-08-01' } });
    expect(moved.status).toBe(400);
    expect((await t.db.projet.findUniqueOrThrow({ where: { id: created.body.id } })).dateFin?.toISOString().slice(0, 10)).toBe('2026-12-31');
  });

  it('runs over the years of a multi-year dossier, not beyond', async () => {
    const row = await createDossier(t, asso, await scheme({ duree: 2 }), [agent.serviceId], { pluriannuel: true, exerciceFin: 2028 });
    expect((await post(row.id, dated('2026-09-01', '2028-06-30'))).status).toBe(201);
    const beyond = await post(row.id, dated('2026-09-01', '2029-06-30'));
    expect(beyond.body.fields['description.date_fin']).toBe(SUBSIDY_MESSAGES.projectOutsidePeriod(2026, 2028));
  });

  it('refuses two financing lines for the same year and service, and two budgets for one year', async () => {
    const row = await createDossier(t, asso, await scheme(), [agent.serviceId]);
    const line = { annee: 2026, id_service_instructeur: agent.serviceId, montant_demande: 1000 };
    const twice = await post(row.id, validProjet('Deux lignes', { financements: [line, { ...line, montant_demande: 2000 }] }));
    expect(twice.status).toBe(400);
    expect(twice.body.fields['financements.1']).toBe(SUBSIDY_MESSAGES.financementTwice(2026));
    const budgets = await post(row.id, validProjet('Deux budgets', { budgets: [{ annee: 2026 }, { annee: 2026 }] }));
    expect(budgets.status).toBe(400);
    expect(budgets.body.fields['budgets.1']).toBe(SUBSIDY_MESSAGES.budgetTwice(2026));
    expect(await t.db.projet.count({ where: { dossierId: row.id } })).toBe(0);
    const created = await post(row.id, validProjet('Une ligne', { financements: [line] }));
    expect(created.status).toBe(201);
    const updated = await t.http().put(`${projets(row.id)}/${created.body.id}`).set(TOKEN_HEADER, member.token).send({ financements: [line, line] });
    expect(updated.status).toBe(400);
  });

  it('refuses to transmit a dossier whose project dates fall outside its years', async () => {
    const row = await createCompleteDossier(t, asso, await scheme(), [agent.serviceId]);
    await t.db.projet.updateMany({ where: { dossierId: row.id }, data: { dateDebut: new Date('2026-03-01'), dateFin: new Date('2027-03-01') } });
    const refused = await as().post(`/transmit/${row.id}`, null);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('DOSSIER_NOT_TRANSMITTABLE');
    expect(await statesOf(row.id)).toEqual(['A']);
  });
});

describe('the RIB change, state by state (spec §4)', () => {
  const offered = async (s: SubsidyScheme) => {
    const found: string[] = [];
    for (const etat of DOSSIER_STATES) {
      const row = await createDossier(t, asso, s, [agent.serviceId], { etat });
      const read = await as().get(`/${row.id}`);
      if (read.body.options.actions.includes('changer_rib')) found.push(etat);
    }
    return found;
  };

  it('is offered in 2, 6, 7, 8 while the campaign is open, and in C too once it is closed; PUT …/rib follows', async () => {
    expect(await offered(await scheme())).toEqual(['2', '6', '7', '8']);
    const closed = await scheme();
    await dateCampaign(t, closed, dayFromToday(-90), dayFromToday(-3));
    expect(await offered(closed)).toEqual(['C', '2', '6', '7', '8']);
    const inactive = await scheme();
    await t.db.subvention.update({ where: { id: inactive.subventionId }, data: { active: false } });
    expect(await offered(inactive)).toEqual(['C', '2', '6', '7', '8']);

    const open = await createDossier(t, asso, await scheme(), [agent.serviceId], { etat: 'C' });
    const rib = await createRib(t, asso);
    const refused = await as().put(`/${open.id}/rib`, { id_rib: rib.id });
    expect(refused.status).toBe(403);
    const viaStep1 = await as().put(`/${open.id}`, { step: 1, demandeur: { id_siret: asso.siege, id_representant_legal: null, id_signataire: null, id_responsable: null, id_rib: rib.id } });
    expect(viaStep1.status, JSON.stringify(viaStep1.body)).toBe(200);
    expect(viaStep1.body.demandeur.id_rib).toBe(rib.id);
  });
});

describe('documents by slot', () => {
  async function slot(s: SubsidyScheme, nature: string, label: string) {
    const code = `doc_${nature.toLowerCase()}_${Math.random().toString(36).slice(2, 8)}`;
    const expected = await t.db.documentAttendu.create({ data: { code, label, nature } });
    await t.db.subventionDocumentAttendu.create({ data: { subventionId: s.subventionId, documentAttenduId: expected.id, part: 'dossier', obligatoire: false } });
    return code;
  }

  it('accepts a document only in a slot of its type, on PUT and PATCH (step 2) and for the RIB copy (step 1)', async () => {
    const s = await scheme();
    const statuts = await slot(s, 'STC', 'Statuts à jour');
    const ribCopy = await slot(s, 'RIB', 'Relevé d’identité bancaire');
    const row = await createDossier(t, asso, s, [agent.serviceId]);
    const scan = await createAssociationDocument(t, asso, { type: 'RIB' });
    const stc = await createAssociationDocument(t, asso, { type: 'STC' });

    for (const method of ['put', 'patch'] as const) {
      const refused = await as()[method](`/${row.id}/documents`, { documents: [{ code: statuts, uuid: scan.id }] });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(DOSSIER_MESSAGES.documentWrongType('Statuts à jour', 'STC'));
    }
    const wrongCopy = await as().patch(`/${row.id}/documents`, { documents: [{ code: ribCopy, uuid: stc.id }] });
    expect(wrongCopy.status).toBe(400);
    expect(wrongCopy.body.message).toBe(DOSSIER_MESSAGES.documentWrongType('Relevé d’identité bancaire', 'RIB'));
    expect(await t.db.dossierDocument.count({ where: { dossierId: row.id } })).toBe(0);

    const placed = await as().put(`/${row.id}/documents`, { documents: [{ code: statuts, uuid: stc.id }, { code: ribCopy, uuid: scan.id }] });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.documents.map((d: { code: string }) => d.code).sort()).toEqual([statuts, ribCopy].sort());
  });
});
