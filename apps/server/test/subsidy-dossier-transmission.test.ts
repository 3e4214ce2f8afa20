// Transmission and deletion of a subsidy dossier as one transaction over all its instructions, the
// transmission check over the whole dossier (the questions asked of every dossier, expected
// documents and fields of its subvention, full projects), the applicant of step 1 carried to the
// projects, and the per-dossier unread count of the transitions' notifications (docs/domain.md
// « Dossiers de subvention », « Machines à états »).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAssociation } from './support/association-factory.ts';
import { DEFAULT_QUESTIONS } from '../src/modules/lca/index.ts';
import {
  createCompleteDossier, createDossier, createScheme, dossierCalls, memberOf, questionAnswers, subsidySetting,
  type ServiceAgent, type SignedIn, type SubsidyScheme,
} from './support/subsidy-fixtures.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let asso: TestAssociation;
let member: SignedIn;
let agent: ServiceAgent;
let second: ServiceAgent;

beforeAll(async () => {
  t = await startTestApp();
  const setting = await subsidySetting(t, {
    service: 'Service départemental',
    association: { representants: [{ courriel: 'presidente@asso.example.org' }, { courriel: 'tresorier@asso.example.org' }] },
    extraServices: ['Service régional'],
  });
  ({ asso, member, agent } = setting);
  second = setting.extras[0]!;
});
afterAll(() => t.close());

const as = (token: string) => dossierCalls(t, token);
const transmit = (id: string) => as(member.token).post(`/transmit/${id}`, null);
const statesOf = async (dossierId: string) =>
  (await t.db.dossierInstruction.findMany({ where: { dossierId }, orderBy: { isReferent: 'desc' } })).map((i) => i.etat);
const historyOf = async (dossierId: string) => {
  const ids = (await t.db.dossierInstruction.findMany({ where: { dossierId }, select: { id: true } })).map((i) => i.id);
  return t.db.stateHistory.count({ where: { machine: 'dossier_instruction', objectId: { in: ids } } });
};

/** Links an expected field or document to the scheme's subvention. */
async function expectField(scheme: SubsidyScheme, field: { part: string; obligatoire: boolean; asks?: object[] }) {
  const code = `champ_${randomUUID().slice(0, 8)}`;
  const champ = await t.db.champAttendu.create({ data: { code, label: `Champ ${code}`, type: 'text' } });
  await t.db.subventionChampAttendu.create({ data: { subventionId: scheme.subventionId, champAttenduId: champ.id, part: field.part, obligatoire: field.obligatoire, asks: field.asks ?? [] } });
  return champ;
}
async function expectDocument(scheme: SubsidyScheme, document: { obligatoire: boolean; asks?: object[] }) {
  const code = `doc_${randomUUID().slice(0, 8)}`;
  const expected = await t.db.documentAttendu.create({ data: { code, label: `Pièce ${code}`, nature: 'STC' } });
  await t.db.subventionDocumentAttendu.create({ data: { subventionId: scheme.subventionId, documentAttenduId: expected.id, part: 'dossier', obligatoire: document.obligatoire, asks: document.asks ?? [] } });
  return expected;
}

describe('one transaction over every instruction', () => {
  it('transmits nothing when the second instruction refuses the event (guard), then both together', async () => {
    const scheme = await createScheme(t, { serviceIds: [agent.serviceId, second.serviceId] });
    const row = await createCompleteDossier(t, asso, scheme, [agent.serviceId, second.serviceId]);
    const [, other] = await t.db.dossierInstruction.findMany({ where: { dossierId: row.id }, orderBy: { isReferent: 'desc' } });
    await t.db.dossierInstruction.update({ where: { id: other!.id }, data: { complet: false } });
    const refused = await transmit(row.id);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('TRANSITION_FORBIDDEN');
    expect(await statesOf(row.id)).toEqual(['A', 'A']);
    expect(await historyOf(row.id)).toBe(0);
    expect(await t.db.notification.count({ where: { payload: { path: ['dossier'], equals: row.id } } })).toBe(0);

    await t.db.dossierInstruction.update({ where: { id: other!.id }, data: { complet: true } });
    const sent = await transmit(row.id);
    expect(sent.status).toBe(200);
    expect(await statesOf(row.id)).toEqual(['D', 'D']);
    expect(await historyOf(row.id)).toBe(2);
  });

  it('deletes nothing when one instruction is no longer deletable, and marks the dossier with its instructions otherwise', async () => {
    const scheme = await createScheme(t, { serviceIds: [agent.serviceId, second.serviceId] });
    const row = await createDossier(t, asso, scheme, [agent.serviceId, second.serviceId]);
    const [, other] = await t.db.dossierInstruction.findMany({ where: { dossierId: row.id }, orderBy: { isReferent: 'desc' } });
    await t.db.dossierInstruction.update({ where: { id: other!.id }, data: { etat: 'D' } });
    const refused = await as(member.token).del(`/${row.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TRANSITION_WRONG_STATE');
    expect(await statesOf(row.id)).toEqual(['A', 'D']);
    expect((await t.db.dossier.findUniqueOrThrow({ where: { id: row.id } })).deletedAt).toBeNull();
    expect(await historyOf(row.id)).toBe(0);

    await t.db.dossierInstruction.update({ where: { id: other!.id }, data: { etat: 'C' } });
    expect((await as(member.token).del(`/${row.id}`)).status).toBe(200);
    expect(await statesOf(row.id)).toEqual(['B', 'B']);
    expect((await t.db.dossier.findUniqueOrThrow({ where: { id: row.id } })).deletedAt).not.toBeNull();
  });
});

describe('what transmission checks', () => {
  it('refuses while a required document of the subvention is missing, and transmits once it is attached', async () => {
    const scheme = await createScheme(t, { serviceIds: [agent.serviceId] });
    const required = await expectDocument(scheme, { obligatoire: true });
    const optional = await expectDocument(scheme, { obligatoire: false });
    const multiYearOnly = await expectDocument(scheme, { obligatoire: true, asks: [{ scope: 'dossier', key: 'description.pluriannuel', operator: '==', value: true }] });
    const row = await createCompleteDossier(t, asso, scheme, [agent.serviceId]);
    const refused = await transmit(row.id);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('DOSSIER_NOT_TRANSMITTABLE');
    expect(refused.body.message).toContain(required.label);
    expect(refused.body.message).not.toContain(optional.label);
    expect(refused.body.message).not.toContain(multiYearOnly.label);
    expect(await statesOf(row.id)).toEqual(['A']);

    const file = await t.db.associationDocument.create({
      data: { associationId: asso.id, type: 'STC', nom: 'statuts.pdf', mimeType: 'application/pdf', taille: 10, sha256: 'x'.repeat(64), storageKey: `test/${randomUUID()}` },
    });
    await t.db.dossierDocument.create({ data: { dossierId: row.id, documentId: file.id, code: required.code } });
    expect((await transmit(row.id)).status).toBe(200);
    expect(await statesOf(row.id)).toEqual(['D']);
  });

  it('refuses while a required field of the dossier or of a project is unanswered', async () => {
    const scheme = await createScheme(t, { serviceIds: [agent.serviceId] });
    const dossierField = await expectField(scheme, { part: 'dossier', obligatoire: true });
    const projectField = await expectField(scheme, { part: 'projet', obligatoire: true });
    const row = await createCompleteDossier(t, asso, scheme, [agent.serviceId]);
    const refused = await transmit(row.id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(dossierField.label);
    expect(refused.body.message).toContain(`${projectField.label} (projet 1)`);

    await t.db.dossier.update({ where: { id: row.id }, data: { customs: [...(await questionAnswers(t)), { code: dossierField.code, value: 'oui' }] } });
    const projectOnly = await transmit(row.id);
    expect(projectOnly.status).toBe(400);
    expect(projectOnly.body.message).not.toContain(`${dossierField.label},`);
    expect(projectOnly.body.message).toContain(projectField.label);
    await t.db.projet.updateMany({ where: { dossierId: row.id }, data: { customs: [{ code: projectField.code, value: 'réponse' }] } });
    expect((await transmit(row.id)).status).toBe(200);
  });

  it('refuses while a project fails its checks, naming it', async () => {
    const scheme = await createScheme(t, { serviceIds: [agent.serviceId] });
    const row = await createCompleteDossier(t, asso, scheme, [agent.serviceId]);
    await t.db.projet.updateMany({ where: { dossierId: row.id }, data: { evaluation: {}, moyens: { recrutement_specifique: true } } });
    const refused = await transmit(row.id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('le projet 1 à compléter');
    expect(await statesOf(row.id)).toEqual(['A']);
    await t.db.projet.updateMany({ where: { dossierId: row.id }, data: { evaluation: { commentaire: 'Bilan annuel' }, moyens: { recrutement_specifique: true, recrutement_nb_etpt: 1.5 } } });
    expect((await transmit(row.id)).status).toBe(200);
  });
});

describe('the questions asked of every dossier', () => {
  const required = DEFAULT_QUESTIONS.filter((q) => q.obligatoire);
  const readQuestions = (query: Record<string, string> = {}) => t.http().get('/api/lca-server/questions').query(query).set(TOKEN_HEADER, member.token);

  it('lists the enabled questions by rank, the disabled ones apart, with their French labels', async () => {
    const hidden = await t.db.question.create({ data: { code: `q_${randomUUID().slice(0, 8)}`, label: 'Question retirée du formulaire ?', obligatoire: true, enabled: false, rang: 0 } });
    const first = await t.db.question.create({ data: { code: `q_${randomUUID().slice(0, 8)}`, label: 'Question posée en premier ?', type: 'texte', rang: 0 } });
    try {
      const enabled = await readQuestions({ enabled: 'true' });
      expect(enabled.status).toBe(200);
      expect(enabled.body.map((q: { code: string }) => q.code)).toEqual([first.code, ...DEFAULT_QUESTIONS.map((q) => q.code)]);
      expect(enabled.body[0]).toMatchObject({ label: 'Question posée en premier ?', type: 'texte', obligatoire: false, enabled: true, rang: 0 });
      expect(enabled.body[1]).toMatchObject({ code: 'contrat_engagement_republicain', label: "L'association respecte-t-elle le contrat d'engagement républicain ?", type: 'booleen', obligatoire: true });
      expect((await readQuestions({ enabled: 'false' })).body.map((q: { code: string }) => q.code)).toEqual([hidden.code]);
      expect((await readQuestions()).body).toHaveLength(DEFAULT_QUESTIONS.length + 2);
      // The instructing side reads them too.
      expect((await t.http().get('/api/lca-server/questions').set(TOKEN_HEADER, agent.token)).status).toBe(200);
    } finally {
      await t.db.question.deleteMany({ where: { id: { in: [hidden.id, first.id] } } });
    }
  });

  it('refuses while a required question is unanswered, changing nothing, and transmits once answered at step 2 of the wizard', async () => {
    const row = await createCompleteDossier(t, asso, await createScheme(t, { serviceIds: [agent.serviceId] }), [agent.serviceId]);
    const optional = DEFAULT_QUESTIONS.filter((q) => !q.obligatoire).map((q) => ({ code: q.code, value: 'Aucun autre financeur' }));
    await t.db.dossier.update({ where: { id: row.id }, data: { customs: optional } });

    const refused = await transmit(row.id);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('DOSSIER_NOT_TRANSMITTABLE');
    for (const question of required) expect(refused.body.message).toContain(question.label);
    expect(await statesOf(row.id)).toEqual(['A']);
    expect(await historyOf(row.id)).toBe(0);
    expect(await t.db.notification.count({ where: { payload: { path: ['dossier'], equals: row.id } } })).toBe(0);

    // One required answer only: the other one still blocks.
    const partly = await as(member.token).put(`/${row.id}`, { step: 2, renouvellement: false, pluriannuel: false, customs: [...optional, { code: required[0]!.code, value: true }] });
    expect(partly.status).toBe(200);
    const still = await transmit(row.id);
    expect(still.status).toBe(400);
    expect(still.body.message).not.toContain(required[0]!.label);
    expect(still.body.message).toContain(required[1]!.label);
    expect(await statesOf(row.id)).toEqual(['A']);

    // « Non » is an answer too.
    const answered = await as(member.token).put(`/${row.id}`, {
      step: 2, renouvellement: false, pluriannuel: false, customs: [...optional, ...required.map((q) => ({ code: q.code, value: q.code === required[1]!.code ? false : true }))],
    });
    expect(answered.status).toBe(200);
    expect((await transmit(row.id)).status).toBe(200);
    expect(await statesOf(row.id)).toEqual(['D']);
  });

  it('ignores a disabled question, even required, and an unanswered optional one', async () => {
    const disabled = await t.db.question.create({ data: { code: `q_${randomUUID().slice(0, 8)}`, label: 'Question désactivée ?', obligatoire: true, enabled: false, rang: 9 } });
    const seeded = required[0]!.code;
    await t.db.question.update({ where: { code: seeded }, data: { enabled: false } });
    try {
      const row = await createCompleteDossier(t, asso, await createScheme(t, { serviceIds: [agent.serviceId] }), [agent.serviceId]);
      // Only the enabled required questions answered: not the disabled ones, not the optional one.
      await t.db.dossier.update({ where: { id: row.id }, data: { customs: required.filter((q) => q.code !== seeded).map((q) => ({ code: q.code, value: true })) } });
      const sent = await transmit(row.id);
      expect(sent.status).toBe(200);
      expect(await statesOf(row.id)).toEqual(['D']);
    } finally {
      await t.db.question.update({ where: { code: seeded }, data: { enabled: true } });
      await t.db.question.delete({ where: { id: disabled.id } });
    }
  });
});

describe('step 1 and the projects', () => {
  it("gives every project the new applicant establishment and manager, in the step's transaction", async () => {
    const row = await createDossier(t, asso, await createScheme(t, { serviceIds: [agent.serviceId] }), [agent.serviceId]);
    const [presidente, tresorier] = await t.db.representantLegal.findMany({ where: { associationId: asso.id }, orderBy: { courriel: 'asc' } });
    for (const rang of [1, 2]) {
      await t.db.projet.create({ data: { dossierId: row.id, rangDossier: rang, intitule: `Projet ${rang}`, exercice: 2026, exerciceFin: 2026, demandeurIdSiret: asso.siege, idResponsable: presidente!.id } });
    }
    const demandeur = { id_siret: asso.secondaires[0], id_representant_legal: presidente!.id, id_signataire: presidente!.id, id_responsable: tresorier!.id, id_rib: null };
    const step = await as(member.token).put(`/${row.id}`, { step: 1, demandeur });
    expect(step.status).toBe(200);
    const projets = await t.db.projet.findMany({ where: { dossierId: row.id } });
    expect(projets.map((p) => [p.demandeurIdSiret, p.idResponsable])).toEqual([
      [asso.secondaires[0], tresorier!.id],
      [asso.secondaires[0], tresorier!.id],
    ]);

    // Same establishment: the projects keep their own manager.
    await t.db.projet.updateMany({ where: { dossierId: row.id }, data: { idResponsable: presidente!.id } });
    await as(member.token).put(`/${row.id}`, { step: 1, demandeur: { ...demandeur, id_responsable: null } });
    expect((await t.db.projet.findMany({ where: { dossierId: row.id } })).every((p) => p.idResponsable === presidente!.id)).toBe(true);
  });
});

describe('notifications of transitions', () => {
  it('carry the dossier, so the per-dossier unread count of the list includes them', async () => {
    // transmettre tells the association's other members (and mails the service).
    const colleague = await memberOf(t, asso);
    const row = await createCompleteDossier(t, asso, await createScheme(t, { serviceIds: [agent.serviceId] }), [agent.serviceId]);
    const before = await as(colleague.token).get('', { select_notifications: 'true', limit: '100' });
    expect(before.body.items.find((d: { id: string }) => d.id === row.id).notifications).toBe(0);
    expect((await transmit(row.id)).status).toBe(200);
    const notice = await t.db.notification.findFirstOrThrow({ where: { userId: colleague.account.id, payload: { path: ['machine'], equals: 'dossier_instruction' } } });
    expect(notice.payload).toMatchObject({ dossier: row.id, vers: 'D' });
    const list = await as(colleague.token).get('', { select_notifications: 'true', limit: '100' });
    expect(list.status).toBe(200);
    expect(list.body.items.find((d: { id: string }) => d.id === row.id).notifications).toBe(1);
  });
});

describe('populate', () => {
  it('joins projects, documents and instructing services to the listed dossiers only when asked', async () => {
    const row = await createCompleteDossier(t, asso, await createScheme(t, { serviceIds: [agent.serviceId, second.serviceId] }), [agent.serviceId, second.serviceId]);
    const list = (query: Record<string, string>) => as(member.token).get('', { limit: '100', ...query });
    const plain = (await list({})).body.items.find((d: { id: string }) => d.id === row.id);
    expect(plain).not.toHaveProperty('projets');
    expect(plain).not.toHaveProperty('instructeurs');
    const joined = await list({ populate: 'projets,instructeurs' });
    expect(joined.status).toBe(200);
    const item = joined.body.items.find((d: { id: string }) => d.id === row.id);
    expect(item.projets).toEqual([{ id: expect.any(String), rang_dossier: 1, intitule: 'Projet complet' }]);
    expect(item.instructeurs.map((i: { service: { id: string }; isReferent: boolean }) => [i.service.id, i.isReferent])).toEqual([
      [agent.serviceId, true],
      [second.serviceId, false],
    ]);
    expect(item).not.toHaveProperty('documents');
    expect((await list({ populate: 'documents' })).body.items.find((d: { id: string }) => d.id === row.id).documents).toEqual([]);
    const unknown = await list({ populate: 'budgets' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('« budgets » ne peut pas être joint au dossier');
  });

  it('answers the full projects of a dossier with populate=projets, their parts chosen by projectFields', async () => {
    const row = await createCompleteDossier(t, asso, await createScheme(t, { serviceIds: [agent.serviceId] }), [agent.serviceId]);
    const get = (query: Record<string, string>) => as(member.token).get(`/${row.id}`, query);
    const plain = await get({});
    expect(plain.body.projets).toEqual([{ id: expect.any(String), rang_dossier: 1, intitule: 'Projet complet' }]);
    const full = await get({ populate: 'projets' });
    expect(full.status).toBe(200);
    expect(full.body.projets[0]).toMatchObject({ rang_dossier: 1, intitule: 'Projet complet', description: { intitule: 'Projet complet', exercice: 2026 } });
    expect(full.body.projets[0]).toHaveProperty('financements');
    expect(full.body.projets[0]).not.toHaveProperty('evaluation');
    const chosen = await get({ populate: 'projets', projectFields: 'evaluation' });
    expect(chosen.body.projets[0].evaluation).toMatchObject({ commentaire: 'Bilan' });
    expect(chosen.body.projets[0]).not.toHaveProperty('description');
    expect((await get({ populate: 'projets', projectFields: 'inconnu' })).status).toBe(400);
  });
});
