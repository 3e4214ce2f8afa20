// The association's subsidy dossiers over HTTP (docs/domain.md « Dossiers de subvention »,
// « Machines à états »): creation, the wizard, editability, transmission through the machine,
// deletion, the caller-bound list, messages and their notifications and mails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSIDY_MESSAGES } from '@portail/contract';
import { createAssociation, type TestAssociation } from './support/association-factory.ts';
import {
  createCompleteDossier, createDossier, createExpectedDocument, createRib, createScheme, dossierCalls, memberOf, subsidySetting, subventionCode,
  type ServiceAgent, type SignedIn, type SubsidyScheme,
} from './support/subsidy-fixtures.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let asso: TestAssociation;
let member: SignedIn;
let agent: ServiceAgent;
let scheme: SubsidyScheme;

beforeAll(async () => {
  t = await startTestApp();
  ({ asso, member, agent, scheme } = await subsidySetting(t, { service: 'Service départemental de test' }));
});
afterAll(() => t.close());

const as = (token: string) => dossierCalls(t, token);

describe('creating a dossier', () => {
  it('creates one instruction in A per instructing service, and refuses a second for the same subvention, exercise and SIRET', async () => {
    const own = await createScheme(t, { serviceIds: [agent.serviceId] });
    const code = await subventionCode(t, own);
    const body = { description: { code_subvention: code, exercice: 2026 }, demandeur: { id_siret: asso.siege } };
    const created = await as(member.token).post('', body, { id_asso: asso.id });
    expect(created.status).toBe(201);
    expect(created.body.instructions).toEqual([{ etat: 'A', id_service_instructeur: agent.serviceId }]);
    expect(created.body.identifiant.id_fo).toMatch(/^2026-\d{6}$/);
    expect(created.body.options.actions).toContain('modifier');
    const twin = await as(member.token).post('', body, { id_asso: asso.id });
    expect(twin.status).toBe(409);
    expect(twin.body).toMatchObject({ code: 'DOSSIER_EXISTS', message: SUBSIDY_MESSAGES.dossierExists });
    // The refusal names the existing dossier, so the member's screen can link to it.
    expect(twin.body.details).toEqual({ id_dossier: created.body.id, id_fo: created.body.identifiant.id_fo });
    const exists = await as(member.token).get('/exists', { subvention: code, exercice: '2026', siret: asso.siege });
    expect(exists.body).toEqual({ exists: true, id_fo: created.body.identifiant.id_fo });
  });

  it('refuses an inactive subvention as unknown (404, as its read answers a member) and a SIRET of another association', async () => {
    const own = await createScheme(t, { serviceIds: [agent.serviceId] });
    await t.db.subvention.update({ where: { id: own.subventionId }, data: { active: false } });
    const code = await subventionCode(t, own);
    const inactive = await as(member.token).post('', { description: { code_subvention: code, exercice: 2026 }, demandeur: { id_siret: asso.siege } }, { id_asso: asso.id });
    expect(inactive.status).toBe(404);
    expect(inactive.body).toMatchObject({ code: 'SUBVENTION_NOT_FOUND', message: SUBSIDY_MESSAGES.subventionNotFound });
    const other = await createAssociation(t);
    const foreignSiret = await as(member.token).post('', { description: { code_subvention: code, exercice: 2026 }, demandeur: { id_siret: other.siege } }, { id_asso: asso.id });
    expect(foreignSiret.status).toBe(400);
    expect(foreignSiret.body.message).toBe("L'établissement n'appartient pas à cette association.");
  });
});

describe('the wizard', () => {
  it('refuses step 3 until step 2 made the dossier complete, with the message of the specification', async () => {
    const row = await createDossier(t, asso, await createScheme(t, { serviceIds: [agent.serviceId] }), [agent.serviceId], { pluriannuel: null });
    const early = await as(member.token).put(`/${row.idFo}`, { step: 3 });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ code: 'DOSSIER_INCOMPLETE', message: "Le dossier doit être complet pour passer à l'étape suivante." });
    const step2 = await as(member.token).put(`/${row.idFo}`, { step: 2, renouvellement: false, pluriannuel: false });
    expect(step2.status).toBe(200);
    expect(step2.body.description.statut).toBe('complet');
    expect((await as(member.token).put(`/${row.idFo}`, { step: 3 })).status).toBe(200);
    const step4 = await as(member.token).put(`/${row.id}`, { step: 4, attestation: { certifie: true } });
    expect(step4.body.identifiant.step).toBe(4);
    // The copy the machine's guard reads is written in the same transaction.
    const instructions = await t.db.dossierInstruction.findMany({ where: { dossierId: row.id } });
    expect(instructions.every((i) => i.complet)).toBe(true);
  });

  it("refuses at step 1 a RIB of another establishment and a person who is not a legal representative", async () => {
    const row = await createDossier(t, asso, await createScheme(t, { serviceIds: [agent.serviceId] }), [agent.serviceId]);
    const rib = await createRib(t, asso, asso.secondaires[0]);
    const demandeur = { id_siret: asso.siege, id_representant_legal: row.idRepresentantLegal, id_signataire: row.idSignataire, id_responsable: null, id_rib: rib.id };
    const wrongRib = await as(member.token).put(`/${row.id}`, { step: 1, demandeur });
    expect(wrongRib.status).toBe(400);
    expect(wrongRib.body.message).toBe("Le RIB choisi n'est pas celui de l'établissement demandeur.");
    const stranger = await as(member.token).put(`/${row.id}`, { step: 1, demandeur: { ...demandeur, id_rib: null, id_signataire: '00000000-0000-4000-8000-000000000000' } });
    expect(stranger.body.message).toBe("La personne choisie n'est pas un représentant légal de l'association.");
  });

  it('is not editable once transmitted (D), and the service side may not write', async () => {
    const row = await createDossier(t, asso, await createScheme(t, { serviceIds: [agent.serviceId] }), [agent.serviceId], { etat: 'D' });
    const put = await as(member.token).put(`/${row.id}`, { step: 3 });
    expect(put.status).toBe(403);
    expect(put.body).toMatchObject({ code: 'DOSSIER_NOT_EDITABLE', message: SUBSIDY_MESSAGES.dossierNotEditable });
    expect((await as(agent.token).put(`/${row.id}`, { step: 3 })).status).toBe(403);
  });
});

describe('transmission and deletion through the machine', () => {
  it('lists what is missing, then transmits every instruction to D with history, notification and mail', async () => {
    const bare = await createDossier(t, asso, await createScheme(t, { serviceIds: [agent.serviceId] }), [agent.serviceId]);
    const refused = await as(member.token).post(`/transmit/${bare.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('DOSSIER_NOT_TRANSMITTABLE');
    expect(refused.body.message).toContain('au moins un projet');
    expect(refused.body.message).toContain("l'attestation sur l'honneur");

    const row = await createCompleteDossier(t, asso, await createScheme(t, { serviceIds: [agent.serviceId] }), [agent.serviceId]);
    const sent = await as(member.token).post(`/transmit/${row.idFo}`);
    expect(sent.status).toBe(200);
    expect(sent.body.instructions).toEqual([{ etat: 'D', id_service_instructeur: agent.serviceId }]);
    expect(sent.body.mode).toBe('read');
    const history = await t.db.stateHistory.findMany({ where: { machine: 'dossier_instruction', objectId: (await t.db.dossierInstruction.findFirstOrThrow({ where: { dossierId: row.id } })).id } });
    expect(history.map((h) => `${h.fromState}>${h.toState}`)).toEqual(['A>D']);
    expect(await t.db.mailOutbox.count({ where: { to: agent.account.email } })).toBeGreaterThan(0);
    // Now the service sees it.
    expect((await as(agent.token).get(`/${row.id}`)).status).toBe(200);
  });

  it('deletes through the event supprimer (B) and hides the dossier from the list unless an admin asks', async () => {
    const row = await createDossier(t, asso, await createScheme(t, { serviceIds: [agent.serviceId] }), [agent.serviceId]);
    expect((await as(member.token).del(`/${row.id}`)).body).toEqual({ message: 'Le dossier a été supprimé.' });
    expect((await t.db.dossierInstruction.findFirstOrThrow({ where: { dossierId: row.id } })).etat).toBe('B');
    const list = await as(member.token).get('', { limit: '100' });
    expect(list.body.items.map((d: { id: string }) => d.id)).not.toContain(row.id);
    expect((await as(member.token).get('', { includeDeleted: 'true' })).status).toBe(403);
  });
});

describe('who sees which dossier', () => {
  it('keeps dossiers in entry from the service, and another association\'s dossiers from a member (404 DOSSIER_NOT_FOUND)', async () => {
    const entry = await createDossier(t, asso, scheme, [agent.serviceId]);
    const seen = await as(agent.token).get(`/${entry.id}`);
    expect(seen.status).toBe(404);
    expect(seen.body).toMatchObject({ code: 'DOSSIER_NOT_FOUND', message: SUBSIDY_MESSAGES.dossierNotFound });
    const listed = await as(agent.token).get('', { limit: '100' });
    expect(listed.body.items.map((d: { id: string }) => d.id)).not.toContain(entry.id);
    const other = await createAssociation(t);
    const foreign = await createDossier(t, other, await createScheme(t, { serviceIds: [agent.serviceId] }), [agent.serviceId]);
    expect((await as(member.token).get(`/${foreign.id}`)).status).toBe(404);
  });

  it('shows a secondary-establishment member only the dossiers of their SIRET, and filters in SQL', async () => {
    const antenne = await memberOf(t, asso, asso.secondaires[0]);
    const head = await createDossier(t, asso, await createScheme(t, { serviceIds: [agent.serviceId] }), [agent.serviceId]);
    expect((await as(antenne.token).get(`/${head.id}`)).status).toBe(404);
    const all = await as(member.token).get('', { etats: ['A'], exercices: ['2026'], limit: '100' });
    expect(all.status).toBe(200);
    expect(all.body.items.every((d: { instructions: { etat: string }[] }) => d.instructions.some((i) => i.etat === 'A'))).toBe(true);
    const antenneList = await as(antenne.token).get('', { limit: '100' });
    expect(antenneList.body.items).toEqual([]);
  });

  it('states the machine states with their labels', async () => {
    const states = await as(member.token).get('/states');
    expect(states.body).toContainEqual({ code: 'A', label: 'En cours de saisie', editable: true, terminal: false });
  });
});

describe('messages', () => {
  it("carries a member's message to the service's users, and the service's answer to the members (type 5 and mail)", async () => {
    const row = await createDossier(t, asso, await createScheme(t, { serviceIds: [agent.serviceId] }), [agent.serviceId], { etat: 'D' });
    expect((await as(member.token).post(`/${row.id}/message`, { message: 'Une question sur le budget.' })).status).toBe(201);
    expect(await t.db.notification.count({ where: { userId: agent.account.id, type: 5 } })).toBeGreaterThan(0);
    expect((await as(agent.token).post(`/${row.id}/message`, { message: 'Voici la réponse.' })).status).toBe(201);
    const received = await t.db.notification.findFirstOrThrow({ where: { userId: member.account.id, type: 5 }, orderBy: { createdAt: 'desc' } });
    expect(received.payload).toMatchObject({ dossier: row.id, id_fo: row.idFo });
    expect(await t.db.mailOutbox.count({ where: { to: member.account.email, subject: { contains: row.idFo } } })).toBe(1);
    const empty = await as(member.token).post(`/${row.id}/message`, { message: '   ' });
    expect(empty.status).toBe(400);
  });
});

describe('a document attached to a dossier', () => {
  const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n');

  it('cannot be deleted from the association file while the dossier holds it: 409 with a French message, nothing removed', async () => {
    const row = await createDossier(t, asso, scheme, [agent.serviceId]);
    const uploaded = await t
      .http()
      .post('/api/proxy-asso/association/documents')
      .query({ id_asso: asso.id, type: 'STC' })
      .set(TOKEN_HEADER, member.token)
      .attach('file', PDF, { filename: 'statuts.pdf', contentType: 'application/pdf' });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const expected = await createExpectedDocument(t, scheme);
    const attached = await as(member.token).put(`/${row.id}/documents`, { documents: [{ code: expected.code, uuid: uploaded.body.uuid }] });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);

    const removed = await t.http().delete('/api/proxy-asso/association/documents').query({ id_asso: asso.id, id: uploaded.body.uuid }).set(TOKEN_HEADER, member.token);
    expect(removed.status, JSON.stringify(removed.body)).toBe(409);
    expect(removed.body.code).toBe('DOCUMENT_IN_DOSSIER');
    expect(removed.body.message).toMatch(/dossier/);
    expect(await t.db.associationDocument.count({ where: { id: uploaded.body.uuid } })).toBe(1);

    // Detached from the dossier, it can be deleted.
    expect((await as(member.token).put(`/${row.id}/documents`, { documents: [] })).status).toBe(200);
    const again = await t.http().delete('/api/proxy-asso/association/documents').query({ id_asso: asso.id, id: uploaded.body.uuid }).set(TOKEN_HEADER, member.token);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });
});
