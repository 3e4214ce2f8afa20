// The projects of a subsidy dossier over HTTP on PostgreSQL (docs/domain.md « Dossiers de
// subvention »): defaults, annual and multi-year periods with their lines per year and service,
// amounts and budgets with their totals, the project checks, the CNDS one-project limit, who may
// write when, duplicate, transfer, delete with renumbering, and the realignment the wizard calls.
import { randomUUID } from 'node:crypto';
import { DOSSIER_LIMITS, MESSAGES, PROJET_MESSAGES, SUBSIDY_MESSAGES } from '@portail/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realignProjects } from '../src/modules/demande/index.ts';
import { createAssociation, linkUser, type TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { createDossier, createExpectedField, createScheme, signInService, validProjet, type SubsidyScheme } from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let asso: TestAssociation;
let member: Awaited<ReturnType<typeof signIn>>;
let agent: Awaited<ReturnType<typeof signInService>>;
let otherService: Awaited<ReturnType<typeof signInService>>;
let annual: SubsidyScheme;
let multiYear: SubsidyScheme;
let cnds: SubsidyScheme;
const base = (id: string) => `/api/lca-server/demande/dossiers/${id}/projets`;

beforeAll(async () => {
  t = await startTestApp();
  asso = await createAssociation(t);
  member = await signIn(t, { roles: ['lca.association'] });
  await linkUser(t, member.account.id, asso);
  agent = await signInService(t, 'Service départemental');
  otherService = await signInService(t, 'Service régional');
  const serviceIds = [agent.serviceId, otherService.serviceId];
  annual = await createScheme(t, { serviceIds });
  multiYear = await createScheme(t, { duree: 2, serviceIds });
  cnds = await createScheme(t, { code: 'CNDS', sousDispositif: 'Part territoriale - Emploi', serviceIds });
});
afterAll(() => t.close());

const services = () => [agent.serviceId, otherService.serviceId];
const post = (id: string, body: object, token = member.token) => t.http().post(base(id)).set(TOKEN_HEADER, token).send(body);
const put = (id: string, idProjet: string, body: object) => t.http().put(`${base(id)}/${idProjet}`).set(TOKEN_HEADER, member.token).send(body);
const get = (id: string, idProjet: string, token = member.token) => t.http().get(`${base(id)}/${idProjet}`).set(TOKEN_HEADER, token);
const lines = (body: { financements: { annee: number; id_service_instructeur: string }[] }) =>
  body.financements.map((f) => `${f.annee}:${f.id_service_instructeur === agent.serviceId ? 'dep' : 'reg'}`).sort();

describe('creating a project', () => {
  it('fills the empty required fields, numbers it and gives it one line per service for the campaign year', async () => {
    const dossier = await createDossier(t, asso, annual, services());
    const response = await post(dossier.id, { evaluation: { commentaire: 'Bilan' } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    expect(response.body.description).toMatchObject({
      intitule: 'Sans objet', recurrence: 'première demande', objectifs: 'Sans objet', description: 'Sans objet',
      periode: 'Annuel', exercice: 2026, exercice_fin: 2026, rang_dossier: 1, date_debut: today, demandeur_id_siret: asso.siege,
      id_responsable: dossier.idResponsable,
    });
    expect(response.body.territoires.commentaire).toBe('Sans objet');
    expect(lines(response.body)).toEqual(['2026:dep', '2026:reg']);
    expect(response.body.budgets).toHaveLength(1);
    expect(response.body.budgets[0]).toMatchObject({ annee: 2026, exerciceDu: '2026-01-01', exerciceAu: '2026-12-31' });
    expect(response.body.totaux).toMatchObject({ total_charges: 0, total_produits: 0, excedent: 0, insuffisance: 0 });

    const second = await post(dossier.id, validProjet('Deuxième'));
    expect(second.body.description.rang_dossier).toBe(2);
  });

  it('makes a project of a dossier that renews a request a renewal unless it says otherwise', async () => {
    const dossier = await createDossier(t, asso, annual, services(), { renouvellement: true });
    const renewal = await post(dossier.id, { evaluation: { commentaire: 'Bilan' } });
    expect(renewal.status, JSON.stringify(renewal.body)).toBe(201);
    expect(renewal.body.description.recurrence).toBe('renouvellement');
    const first = await post(dossier.id, { description: { recurrence: 'première demande' }, evaluation: { commentaire: 'Bilan' } });
    expect(first.body.description.recurrence).toBe('première demande');
  });

  it("follows the dossier's renewal answer each time it changes at step 2; a project set otherwise keeps its choice while the answer stays", async () => {
    const dossier = await createDossier(t, asso, annual, services(), { renouvellement: null });
    await t.db.dossier.update({ where: { id: dossier.id }, data: { step: 2 } });
    const step2 = (renouvellement: boolean) =>
      t.http().put(`/api/lca-server/demande/dossiers/${dossier.id}`).set(TOKEN_HEADER, member.token).send({ step: 2, renouvellement, pluriannuel: false });
    const recurrences = async () => Object.fromEntries((await t.db.projet.findMany({ where: { dossierId: dossier.id } })).map((p) => [p.intitule, p.recurrence]));
    // Not answered yet: a new project is a first request by default (spec §5), or as the member says.
    const first = await post(dossier.id, validProjet('Premier'));
    expect(first.body.description.recurrence).toBe('première demande');
    const renewed = await post(dossier.id, validProjet('Renouvelé', { description: { intitule: 'Renouvelé', recurrence: 'renouvellement' } }));
    expect(renewed.body.description.recurrence).toBe('renouvellement');

    // The dossier renews a request: every project follows, as it reads back.
    expect((await step2(true)).status).toBe(200);
    expect(await recurrences()).toEqual({ Premier: 'renouvellement', Renouvelé: 'renouvellement' });
    expect((await get(dossier.id, first.body.id)).body.description.recurrence).toBe('renouvellement');

    // A renewal request may hold a new project: set so, it stays while the dossier's answer stays.
    expect((await put(dossier.id, first.body.id, { description: { recurrence: 'première demande' } })).status).toBe(200);
    expect((await step2(true)).status).toBe(200);
    expect(await recurrences()).toEqual({ Premier: 'première demande', Renouvelé: 'renouvellement' });

    // No longer a renewal: no project of the dossier renews anything.
    expect((await step2(false)).status).toBe(200);
    expect(await recurrences()).toEqual({ Premier: 'première demande', Renouvelé: 'première demande' });
  });

  it('makes a project of an annual dossier Annuel on the campaign year, whatever it asks', async () => {
    const dossier = await createDossier(t, asso, annual, services());
    const response = await post(dossier.id, validProjet('Annuel', { description: { intitule: 'Annuel', periode: 'Pluriannuel', exercice: 2027, exercice_fin: 2028 } }));
    expect(response.body.description).toMatchObject({ periode: 'Annuel', exercice: 2026, exercice_fin: 2026 });
  });

  it('makes a project of a multi-year dossier Pluriannuel: start moved to the campaign, end capped by the dossier (exercise + 2 for this scheme)', async () => {
    const dossier = await createDossier(t, asso, multiYear, services(), { pluriannuel: true, exerciceFin: 2028 });
    const response = await post(dossier.id, validProjet('Sur trois ans', { description: { intitule: 'Sur trois ans', exercice: 2024, exercice_fin: 2031 } }));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.description).toMatchObject({ periode: 'Pluriannuel', exercice: 2026, exercice_fin: 2028 });
    expect(lines(response.body)).toEqual(['2026:dep', '2026:reg', '2027:dep', '2027:reg', '2028:dep', '2028:reg']);
    expect(response.body.budgets.map((b: { annee: number }) => b.annee)).toEqual([2026, 2027, 2028]);

    const shorter = await post(dossier.id, validProjet('Deux ans', { description: { intitule: 'Deux ans', exercice: 2027 } }));
    expect(shorter.body.description).toMatchObject({ exercice: 2027, exercice_fin: 2028 });
  });

  it('writes the requested amounts and the yearly budgets, with totals from the one calculation (never a negative excess or shortfall)', async () => {
    const dossier = await createDossier(t, asso, multiYear, services(), { pluriannuel: true, exerciceFin: 2028 });
    const response = await post(dossier.id, validProjet('Chiffré', {
      description: { intitule: 'Chiffré', exercice_fin: 2027 },
      financements: [{ annee: 2026, id_service_instructeur: agent.serviceId, montant_demande: 12000.5 }],
      budgets: [
        { annee: 2026, charges: { comptes: { '60': 1000, '64': 4000 }, charges_fixes: { frais_financiers: 100 } }, produits: { comptes: { '74': 3000 }, ressources_propres: { fonds_propres: 500 } }, contributions: { '86': 200, '87': 200 } },
        { annee: 2027, produits: { comptes: { '70': 900 } } },
      ],
    }));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const line = response.body.financements.find((f: { annee: number; id_service_instructeur: string }) => f.annee === 2026 && f.id_service_instructeur === agent.serviceId);
    expect(line).toMatchObject({ montant_demande: 12000.5, montant_propose: null, montant_accorde: null });
    const [y2026, y2027] = response.body.budgets;
    expect(y2026.totaux).toEqual({ charges: 5100, produits: 3500, contributions_charges: 200, contributions_produits: 200, total_charges: 5300, total_produits: 3700, excedent: 0, insuffisance: 1600 });
    expect(y2027.totaux).toMatchObject({ total_charges: 0, total_produits: 900, excedent: 900, insuffisance: 0 });
    expect(response.body.totaux).toMatchObject({ total_charges: 5300, total_produits: 4600, excedent: 0, insuffisance: 700 });
  });

  it('refuses lines outside the period or for a service that does not instruct the dossier, in French, writing nothing', async () => {
    const dossier = await createDossier(t, asso, annual, services());
    const response = await post(dossier.id, validProjet('Hors période', {
      financements: [
        { annee: 2027, id_service_instructeur: agent.serviceId, montant_demande: 10 },
        { annee: 2026, id_service_instructeur: randomUUID(), montant_demande: 10 },
      ],
      budgets: [{ annee: 2030 }],
    }));
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.fields).toEqual({
      'financements.0.annee': PROJET_MESSAGES.yearOutOfPeriod(2027),
      'financements.1.id_service_instructeur': PROJET_MESSAGES.serviceNotInstructing,
      'budgets.0.annee': PROJET_MESSAGES.yearOutOfPeriod(2030),
    });
    expect(await t.db.projet.count({ where: { dossierId: dossier.id } })).toBe(0);
  });

  it('answers 400 in French, never 500, to malformed input', async () => {
    const dossier = await createDossier(t, asso, annual, services());
    for (const body of [
      { description: { intitule: 42 } },
      { description: { date_debut: '31/12/2026' } },
      { financements: [{ annee: 2026, id_service_instructeur: agent.serviceId, montant_demande: -5 }] },
      { budgets: [{ annee: 2026, charges: { comptes: { '99': 1 } } }] },
      { evaluation: { indicateurs: [{ rang: 0, intitule: 'x', prevu_min: 1, prevu_max: 2 }] } },
    ]) {
      const response = await post(dossier.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.message).toMatch(/[éèà]|champ/);
    }
    const fields = await t.http().get(base(dossier.id)).query({ fields: 'description,inconnu' }).set(TOKEN_HEADER, member.token);
    expect(fields.status).toBe(400);
    expect(JSON.stringify(fields.body.fields)).toContain(PROJET_MESSAGES.unknownField('inconnu'));
  });
});

describe('the project checks', () => {
  let dossierId: string;
  beforeAll(async () => {
    dossierId = (await createDossier(t, asso, annual, services())).id;
  });
  const refused = async (body: object, field: string, message: string) => {
    const response = await post(dossierId, body);
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.fields[field]).toBe(message);
  };

  it('refuses malformed territory and co-funder lines by the contract schemas, in French, writing nothing; takes well-formed ones', async () => {
    const before = await t.db.projet.count({ where: { dossierId } });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ territoires: { territoires: [{}] } }, 'territoires.territoires.0.libelle', MESSAGES.pleaseFill('territoire')],
      [{ territoires: { territoires: [{ libelle: '   ' }] } }, 'territoires.territoires.0.libelle', MESSAGES.pleaseFill('territoire')],
      [{ territoires: { territoires: [{ libelle: 'Paris' }, { libelle: 75019 }] } }, 'territoires.territoires.1.libelle', MESSAGES.pleaseFill('territoire')],
      [{ territoires: { territoires: ['Paris 19e'] } }, 'territoires.territoires.0', MESSAGES.badFormat('territoire')],
      [{ territoires: { territoires: [{ libelle: 'x'.repeat(DOSSIER_LIMITS.label + 1) }] } }, 'territoires.territoires.0.libelle', MESSAGES.maxLength('territoire', DOSSIER_LIMITS.label)],
      [{ cofinancements: [{ montant: 1500 }] }, 'cofinancements.0.financeur', MESSAGES.pleaseFill('cofinanceur')],
      [{ cofinancements: [{ financeur: 'Ville de Paris', montant: 'mille' }] }, 'cofinancements.0.montant', MESSAGES.badFormat('montant sollicité du cofinanceur')],
      [{ cofinancements: [{ financeur: 'Ville de Paris', montant: -5 }] }, 'cofinancements.0.montant', MESSAGES.badFormat('montant sollicité du cofinanceur')],
      [{ cofinancements: [{ financeur: 'Ville de Paris', montant: 10.005 }] }, 'cofinancements.0.montant', MESSAGES.badFormat('montant sollicité du cofinanceur')],
      [{ cofinancements: [[1, 2]] }, 'cofinancements.0', MESSAGES.badFormat('cofinanceur')],
    ];
    for (const [extra, field, message] of cases) await refused(validProjet('Lignes', extra), field, message);
    expect(await t.db.projet.count({ where: { dossierId } })).toBe(before);

    const ok = await post(dossierId, validProjet('Lignes', {
      territoires: { territoires: [{ libelle: ' Paris 19e ' }], commentaire: 'Quartier prioritaire' },
      cofinancements: [{ financeur: 'Ville de Paris', montant: 1500 }, { financeur: 'Région' }],
    }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const stored = await t.db.projet.findUniqueOrThrow({ where: { id: ok.body.id } });
    expect(stored.territoires).toEqual({ territoires: [{ libelle: 'Paris 19e' }], commentaire: 'Quartier prioritaire' });
    expect(stored.cofinancements).toEqual([{ financeur: 'Ville de Paris', montant: 1500 }, { financeur: 'Région', montant: null }]);
    // A project's update meets the same schemas.
    const update = await put(dossierId, ok.body.id, { cofinancements: [{ financeur: '' }] });
    expect(update.status).toBe(400);
    expect(update.body.fields['cofinancements.0.financeur']).toBe(MESSAGES.pleaseFill('cofinanceur'));
  });

  it('needs the ETPT with a specific recruitment', async () => {
    await refused(validProjet('Emploi', { moyens: { recrutement_specifique: true } }), 'moyens.recrutement_nb_etpt', SUBSIDY_MESSAGES.recrutementNbEtptRequired);
    const ok = await post(dossierId, validProjet('Emploi', { moyens: { recrutement_specifique: true, recrutement_nb_etpt: 1.5 } }));
    expect(ok.body.moyens).toMatchObject({ recrutement_specifique: true, recrutement_nb_etpt: 1.5, commentaire: 'Sans objet' });
  });

  it('needs an evaluation comment without indicators, else indicators ranked from 1 with a title and min ≤ max', async () => {
    await refused({ description: { intitule: 'Sans évaluation' } }, 'evaluation.commentaire', SUBSIDY_MESSAGES.evaluationCommentaireRequired);
    const indicateur = (rang: number, min: number, max: number, intitule: string | null = 'Jeunes formés') => ({ rang, intitule, prevu_min: min, prevu_max: max });
    await refused({ evaluation: { indicateurs: [indicateur(1, 1, 2), indicateur(3, 1, 2)] } }, 'evaluation.indicateurs', SUBSIDY_MESSAGES.indicateurRangs);
    await refused({ evaluation: { indicateurs: [indicateur(1, 20, 10)] } }, 'evaluation.indicateurs.1', SUBSIDY_MESSAGES.indicateurBounds(1));
    await refused({ evaluation: { indicateurs: [indicateur(1, 1, 2, null)] } }, 'evaluation.indicateurs.1.intitule', SUBSIDY_MESSAGES.indicateurIntitule(1));
    const ok = await post(dossierId, { evaluation: { indicateurs: [indicateur(2, 5, 8), indicateur(1, 10, 10)] } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.evaluation.indicateurs).toHaveLength(2);
  });

  it('checks a change against the stored project', async () => {
    const created = await post(dossierId, validProjet('À modifier'));
    const response = await put(dossierId, created.body.id, { evaluation: { commentaire: '' } });
    expect(response.status).toBe(400);
    expect(response.body.fields['evaluation.commentaire']).toBe(SUBSIDY_MESSAGES.evaluationCommentaireRequired);
  });
});

describe('the CNDS sub-schemes with one project', () => {
  it('refuses a second project, by creation or duplication (409 PROJECT_LIMIT_CNDS)', async () => {
    const dossier = await createDossier(t, asso, cnds, services());
    const first = await post(dossier.id, validProjet('Emploi sportif'));
    expect(first.status).toBe(201);
    const message = SUBSIDY_MESSAGES.projectLimitCnds('Part territoriale - Emploi');
    const second = await post(dossier.id, validProjet('Un autre'));
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ status: 409, code: 'PROJECT_LIMIT_CNDS', message });
    const copy = await t.http().post(`${base(dossier.id)}/${first.body.id}/duplicate`).set(TOKEN_HEADER, member.token);
    expect(copy.status).toBe(409);
    expect(copy.body.message).toBe(message);
    expect(await t.db.projet.count({ where: { dossierId: dossier.id } })).toBe(1);
  });
});

describe('who writes when', () => {
  it('lets the association change its projects in states A and C only (403 « Ce dossier n’est pas éditable. »)', async () => {
    for (const [etat, status] of [['A', 201], ['C', 201], ['D', 403], ['2', 403], ['6', 403]] as const) {
      const dossier = await createDossier(t, asso, annual, services(), { etat });
      const response = await post(dossier.id, validProjet());
      expect(response.status, `${etat}: ${JSON.stringify(response.body)}`).toBe(status);
      if (status === 403) expect(response.body).toEqual({ status: 403, code: 'DOSSIER_NOT_EDITABLE', message: SUBSIDY_MESSAGES.dossierNotEditable });
    }
  });

  it('lets an instructing agent read the projects of a transmitted dossier, never write them', async () => {
    const dossier = await createDossier(t, asso, annual, services(), { etat: 'C' });
    const created = await post(dossier.id, validProjet('Lu par le service'));
    await t.db.dossierInstruction.updateMany({ where: { dossierId: dossier.id }, data: { etat: 'D' } });
    expect((await get(dossier.id, created.body.id, agent.token)).status).toBe(200);
    expect((await t.http().put(`${base(dossier.id)}/${created.body.id}`).set(TOKEN_HEADER, agent.token).send({})).status).toBe(403);
  });

  it('answers 404 for a project of another dossier and for a dossier of another association', async () => {
    const dossier = await createDossier(t, asso, annual, services());
    const other = await createDossier(t, asso, annual, services());
    const created = await post(other.id, validProjet());
    const wrong = await get(dossier.id, created.body.id);
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual({ status: 404, code: 'PROJET_NOT_FOUND', message: SUBSIDY_MESSAGES.projetNotFound });
    const foreign = await createDossier(t, await createAssociation(t), annual, services());
    expect((await post(foreign.id, validProjet())).status).toBe(404);
  });
});

describe('listing, changing, deleting, duplicating', () => {
  it('lists by rank with the default parts, or the parts asked for', async () => {
    const dossier = await createDossier(t, asso, annual, services());
    await post(dossier.id, validProjet('Premier'));
    await post(dossier.id, validProjet('Second'));
    const list = await t.http().get(base(dossier.id)).set(TOKEN_HEADER, member.token);
    expect(list.body.map((p: { description: { intitule: string } }) => p.description.intitule)).toEqual(['Premier', 'Second']);
    expect(Object.keys(list.body[0]).sort()).toEqual(['cofinancements', 'customs', 'description', 'financements', 'id']);
    const chosen = await t.http().get(base(dossier.id)).query({ fields: 'budgets totaux' }).set(TOKEN_HEADER, member.token);
    expect(Object.keys(chosen.body[0]).sort()).toEqual(['budgets', 'id', 'totaux']);
  });

  it('changes only the parts given, keeping the amounts already written', async () => {
    const dossier = await createDossier(t, asso, annual, services());
    // The customs answer an expected field of the projects (an unknown code is refused).
    const champ = await createExpectedField(t, annual, { part: 'projet' });
    const created = await post(dossier.id, validProjet('Avant', { financements: [{ annee: 2026, id_service_instructeur: agent.serviceId, montant_demande: 500 }] }));
    const response = await put(dossier.id, created.body.id, { description: { intitule: 'Après' }, customs: [{ code: champ.code, value: 'oui' }] });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.description).toMatchObject({ intitule: 'Après', objectifs: 'Apprendre à rouler' });
    expect(response.body.customs).toEqual([{ code: champ.code, value: 'oui' }]);
    expect(response.body.financements.find((f: { id_service_instructeur: string }) => f.id_service_instructeur === agent.serviceId).montant_demande).toBe(500);
  });

  it('deletes a project and moves the next ones up one rank', async () => {
    const dossier = await createDossier(t, asso, annual, services());
    const ids = [];
    for (const name of ['Un', 'Deux', 'Trois']) ids.push((await post(dossier.id, validProjet(name))).body.id);
    const response = await t.http().delete(`${base(dossier.id)}/${ids[0]}`).set(TOKEN_HEADER, member.token);
    expect(response.body).toEqual({ message: PROJET_MESSAGES.deleted });
    const rows = await t.db.projet.findMany({ where: { dossierId: dossier.id }, orderBy: { rangDossier: 'asc' } });
    expect(rows.map((r) => [r.intitule, r.rangDossier])).toEqual([['Deux', 1], ['Trois', 2]]);
    expect(await t.db.projetFinancement.count({ where: { projetId: ids[0] } })).toBe(0);
  });

  it('duplicates at the next rank with the requested amounts, without the service amounts nor the project number', async () => {
    const dossier = await createDossier(t, asso, annual, services());
    const created = await post(dossier.id, validProjet('Original', {
      description: { intitule: 'Original', numero_projet: 'P-1' },
      financements: [{ annee: 2026, id_service_instructeur: agent.serviceId, montant_demande: 800 }],
    }));
    await t.db.projetFinancement.updateMany({ where: { projetId: created.body.id }, data: { montantPropose: 700 } });
    const copy = await t.http().post(`${base(dossier.id)}/${created.body.id}/duplicate`).set(TOKEN_HEADER, member.token);
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect(copy.body.id).not.toBe(created.body.id);
    expect(copy.body.description).toMatchObject({ intitule: 'Original', rang_dossier: 2, numero_projet: null });
    const line = copy.body.financements.find((f: { id_service_instructeur: string }) => f.id_service_instructeur === agent.serviceId);
    expect(line).toMatchObject({ montant_demande: 800, montant_propose: null });
  });
});

describe('transferring a project', () => {
  const transfer = (from: string, idProjet: string, idDossierTo: string, token = member.token) =>
    t.http().post(`${base(from)}/${idProjet}/transfer`).set(TOKEN_HEADER, token).send({ idDossierTo });

  it('moves it to another dossier of the association, realigned on it, and renumbers the source', async () => {
    const source = await createDossier(t, asso, multiYear, services(), { pluriannuel: true, exerciceFin: 2028 });
    const target = await createDossier(t, asso, annual, [agent.serviceId]);
    await post(target.id, validProjet('Déjà là'));
    const first = await post(source.id, validProjet('Reste'));
    const moved = await post(source.id, validProjet('Part', { description: { intitule: 'Part', exercice_fin: 2028 } }));
    await t.db.projet.update({ where: { id: first.body.id }, data: { rangDossier: 3 } });
    const response = await transfer(source.id, moved.body.id, target.idFo);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.description).toMatchObject({ periode: 'Annuel', exercice: 2026, exercice_fin: 2026, rang_dossier: 2 });
    expect(lines(response.body)).toEqual(['2026:dep']);
    expect(response.body.budgets.map((b: { annee: number }) => b.annee)).toEqual([2026]);
    expect((await t.db.projet.findUniqueOrThrow({ where: { id: first.body.id } })).rangDossier).toBe(1);
  });

  it('refuses the same dossier, another association, a dossier no longer editable and an unknown one', async () => {
    const admin = await signIn(t, { roles: ['lca.admin'] });
    const source = await createDossier(t, asso, annual, services());
    const projet = await post(source.id, validProjet('À déplacer'));
    const same = await transfer(source.id, projet.body.id, source.id);
    expect(same.status).toBe(400);
    expect(same.body.fields).toEqual({ idDossierTo: PROJET_MESSAGES.transferSameDossier });
    const elsewhere = await createDossier(t, await createAssociation(t), annual, services());
    const other = await transfer(source.id, projet.body.id, elsewhere.id, admin.token);
    expect(other.status).toBe(400);
    expect(other.body.fields).toEqual({ idDossierTo: PROJET_MESSAGES.transferOtherAssociation });
    const sent = await createDossier(t, asso, annual, services(), { etat: 'D' });
    expect((await transfer(source.id, projet.body.id, sent.id)).body.code).toBe('DOSSIER_NOT_EDITABLE');
    const unknown = await transfer(source.id, projet.body.id, randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('DOSSIER_NOT_FOUND');
    expect((await t.db.projet.findUniqueOrThrow({ where: { id: projet.body.id } })).dossierId).toBe(source.id);
  });
});

describe('realignProjects, for the dossier wizard', () => {
  it('follows the dossier to multi-year and back, adding and removing the yearly lines, keeping the amounts of the years kept', async () => {
    const dossier = await createDossier(t, asso, multiYear, services());
    const created = await post(dossier.id, validProjet('Réaligné', { financements: [{ annee: 2026, id_service_instructeur: agent.serviceId, montant_demande: 300 }] }));
    await t.db.dossier.update({ where: { id: dossier.id }, data: { pluriannuel: true, exerciceFin: 2028 } });
    await t.db.$transaction((tx) => realignProjects(tx, dossier.id));
    const multi = (await get(dossier.id, created.body.id)).body;
    expect(multi.description).toMatchObject({ periode: 'Pluriannuel', exercice: 2026, exercice_fin: 2028 });
    expect(lines(multi)).toHaveLength(6);
    expect(multi.budgets).toHaveLength(3);

    await t.db.dossier.update({ where: { id: dossier.id }, data: { pluriannuel: false, exerciceFin: 2026 } });
    await t.db.$transaction((tx) => realignProjects(tx, dossier.id));
    const back = (await get(dossier.id, created.body.id)).body;
    expect(back.description).toMatchObject({ periode: 'Annuel', exercice: 2026, exercice_fin: 2026 });
    expect(lines(back)).toEqual(['2026:dep', '2026:reg']);
    expect(back.budgets.map((b: { annee: number }) => b.annee)).toEqual([2026]);
    expect(back.financements.find((f: { id_service_instructeur: string }) => f.id_service_instructeur === agent.serviceId).montant_demande).toBe(300);
  });
});
