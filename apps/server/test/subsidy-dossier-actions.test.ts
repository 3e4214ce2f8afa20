// What a member does on one dossier besides the wizard, over HTTP (docs/domain.md « Dossiers de
// subvention »): attaching documents and its refusals (nothing written), sharing with a member of
// the association, and notifying the other side (who gets the notification rows, refused types).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOSSIER_MESSAGES, MESSAGES, SUBSIDY_MESSAGES } from '@portail/contract';
import { createAssociation, type TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import {
  createAssociationDocument, createDossier, createExpectedDocument, createScheme, dossierCalls, memberOf, subsidySetting,
  type ServiceAgent, type SignedIn, type SubsidyScheme,
} from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let asso: TestAssociation;
let member: SignedIn;
let colleague: SignedIn;
let agent: ServiceAgent;
let scheme: SubsidyScheme;

beforeAll(async () => {
  t = await startTestApp();
  ({ asso, member, agent, scheme } = await subsidySetting(t, { service: 'Service des actions' }));
  colleague = await memberOf(t, asso);
});
afterAll(() => t.close());

const as = (token: string) => dossierCalls(t, token);
const attachedOf = async (dossierId: string) => (await t.db.dossierDocument.findMany({ where: { dossierId }, orderBy: { createdAt: 'asc' } })).map((d) => `${d.code}:${d.documentId}`);
const auditCount = (dossierId: string, action: string) => t.db.auditEntry.count({ where: { entityId: dossierId, action } });

describe('PATCH documents', () => {
  it('adds a document of the association under an expected code of the subvention, keeping those already there', async () => {
    const expected = await createExpectedDocument(t, scheme);
    const row = await createDossier(t, asso, scheme, [agent.serviceId]);
    const [first, second] = [await createAssociationDocument(t, asso), await createAssociationDocument(t, asso)];
    expect((await as(member.token).patch(`/${row.id}/documents`, { documents: [{ code: expected.code, uuid: first.id }] })).status).toBe(200);
    const added = await as(member.token).patch(`/${row.id}/documents`, { documents: [{ code: expected.code, uuid: second.id }] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.documents.map((d: { uuid: string }) => d.uuid)).toEqual([first.id, second.id]);
    // The same pair again adds nothing.
    expect((await as(member.token).patch(`/${row.id}/documents`, { documents: [{ code: expected.code, uuid: first.id }] })).status).toBe(200);
    expect(await attachedOf(row.id)).toEqual([`${expected.code}:${first.id}`, `${expected.code}:${second.id}`]);
  });

  it("refuses a document of another association, in French, and writes nothing (not even the association's own document of the same call)", async () => {
    const expected = await createExpectedDocument(t, scheme);
    const row = await createDossier(t, asso, scheme, [agent.serviceId]);
    const own = await createAssociationDocument(t, asso);
    const foreign = await createAssociationDocument(t, await createAssociation(t));
    const refused = await as(member.token).patch(`/${row.id}/documents`, { documents: [{ code: expected.code, uuid: own.id }, { code: expected.code, uuid: foreign.id }] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR', message: DOSSIER_MESSAGES.documentNotOfAssociation });
    expect(await attachedOf(row.id)).toEqual([]);
    expect(await auditCount(row.id, 'documents')).toBe(0);
    // A document that does not exist at all is refused the same way.
    const unknown = await as(member.token).patch(`/${row.id}/documents`, { documents: [{ code: expected.code, uuid: randomUUID() }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(DOSSIER_MESSAGES.documentNotOfAssociation);
  });

  it('refuses a code the subvention does not expect, in French, and writes nothing', async () => {
    const expected = await createExpectedDocument(t, scheme);
    const elsewhere = await createExpectedDocument(t, await createScheme(t, { serviceIds: [agent.serviceId] }));
    const row = await createDossier(t, asso, scheme, [agent.serviceId]);
    const own = await createAssociationDocument(t, asso);
    for (const code of ['code_inconnu', elsewhere.code]) {
      const refused = await as(member.token).patch(`/${row.id}/documents`, { documents: [{ code: expected.code, uuid: own.id }, { code, uuid: own.id }] });
      expect(refused.status, code).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR', message: DOSSIER_MESSAGES.documentCodeUnknown(code) });
    }
    expect(await attachedOf(row.id)).toEqual([]);
    expect(await auditCount(row.id, 'documents')).toBe(0);
    // PUT checks the same.
    const put = await as(member.token).put(`/${row.id}/documents`, { documents: [{ code: 'code_inconnu', uuid: own.id }] });
    expect(put.status).toBe(400);
  });

  it('refuses once the dossier is transmitted (D), in French, and writes nothing', async () => {
    const expected = await createExpectedDocument(t, scheme);
    const row = await createDossier(t, asso, scheme, [agent.serviceId], { etat: 'D' });
    const own = await createAssociationDocument(t, asso);
    const refused = await as(member.token).patch(`/${row.id}/documents`, { documents: [{ code: expected.code, uuid: own.id }] });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'DOSSIER_NOT_EDITABLE', message: SUBSIDY_MESSAGES.dossierNotEditable });
    expect(await attachedOf(row.id)).toEqual([]);
    expect(await auditCount(row.id, 'documents')).toBe(0);
  });
});

describe('sharing', () => {
  it('refuses a person who is not a member of the association, in French, and writes no share', async () => {
    const row = await createDossier(t, asso, scheme, [agent.serviceId]);
    const outsider = await memberOf(t, await createAssociation(t));
    for (const email of [outsider.account.email, `personne-${randomUUID().slice(0, 6)}@test.example.org`]) {
      const refused = await as(member.token).patch(`/${row.id}/share`, { email });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR', message: DOSSIER_MESSAGES.shareNotMember });
    }
    expect(await t.db.dossierShare.count({ where: { dossierId: row.id } })).toBe(0);
    const badEmail = await as(member.token).patch(`/${row.id}/share`, { email: 'pas-une-adresse' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toContain(MESSAGES.badFormat('courriel'));
  });

  it("shares with a member of a secondary establishment, who then sees the dossier in their list and opens it; a stranger still gets 404", async () => {
    const row = await createDossier(t, asso, scheme, [agent.serviceId]);
    const antenne = await memberOf(t, asso, asso.secondaires[0]);
    // Before: a head-office dossier is not theirs.
    expect((await as(antenne.token).get(`/${row.id}`)).status).toBe(404);
    const shared = await as(member.token).patch(`/${row.idFo}/share`, { email: antenne.account.email.toUpperCase() });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    expect(shared.body).toEqual({ message: DOSSIER_MESSAGES.shared });
    expect(await t.db.dossierShare.count({ where: { dossierId: row.id, userId: antenne.account.id } })).toBe(1);
    expect(await auditCount(row.id, 'partager')).toBe(1);
    // Sharing twice keeps one share.
    expect((await as(member.token).patch(`/${row.id}/share`, { email: antenne.account.email })).status).toBe(200);
    expect(await t.db.dossierShare.count({ where: { dossierId: row.id } })).toBe(1);

    const list = await as(antenne.token).get('', { limit: '100' });
    expect(list.body.items.map((d: { id: string }) => d.id)).toContain(row.id);
    expect((await as(antenne.token).get(`/${row.id}`)).status).toBe(200);

    const stranger = await memberOf(t, await createAssociation(t));
    expect((await as(stranger.token).get(`/${row.id}`)).status).toBe(404);
    expect((await as(stranger.token).get(`/${row.id}`)).body.message).toBe(SUBSIDY_MESSAGES.dossierNotFound);
    expect((await as(stranger.token).patch(`/${row.id}/share`, { email: stranger.account.email })).status).toBe(404);
    expect((await as(stranger.token).get('', { limit: '100' })).body.items.map((d: { id: string }) => d.id)).not.toContain(row.id);
  });

  it('is refused to the service side (403), which reads the dossier only', async () => {
    const row = await createDossier(t, asso, scheme, [agent.serviceId], { etat: 'D' });
    const refused = await as(agent.token).patch(`/${row.id}/share`, { email: colleague.account.email });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.forbidden);
    expect(await t.db.dossierShare.count({ where: { dossierId: row.id } })).toBe(0);
  });
});

describe('notify', () => {
  const noticesOf = (dossierId: string) =>
    t.db.notification.findMany({ where: { payload: { path: ['dossier'], equals: dossierId } }, select: { userId: true, type: true, payload: true } });

  it("tells the dossier's services when a member notifies (documents 4, RIB 6, statut 2), never the author", async () => {
    const row = await createDossier(t, asso, scheme, [agent.serviceId], { etat: 'D' });
    for (const type of [4, 6, 2]) {
      const sent = await as(member.token).post(`/${row.id}/notify`, {}, { type: String(type) });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body).toEqual({ message: DOSSIER_MESSAGES.notified });
    }
    const notices = await noticesOf(row.id);
    expect(notices.map((n) => [n.userId, n.type]).sort()).toEqual([[agent.account.id, 2], [agent.account.id, 4], [agent.account.id, 6]]);
    // The author by name, never by login address (docs/security.md).
    const author = await t.db.user.findUniqueOrThrow({ where: { id: member.account.id }, select: { prenom: true, nom: true } });
    expect(notices[0]!.payload).toMatchObject({ dossier: row.id, id_fo: row.idFo, auteur: `${author.prenom} ${author.nom}` });
    expect(JSON.stringify(notices.map((n) => n.payload))).not.toContain(member.account.email);
    expect(await t.db.mailOutbox.count({ where: { to: agent.account.email, subject: { contains: row.idFo } } })).toBe(3);
  });

  it("tells the association's members when the service notifies, not the service", async () => {
    const row = await createDossier(t, asso, scheme, [agent.serviceId], { etat: '2' });
    expect((await as(agent.token).post(`/${row.id}/notify`, {}, { type: '2' })).status).toBe(200);
    const notices = await noticesOf(row.id);
    expect(notices.map((n) => n.userId).sort()).toEqual([member.account.id, colleague.account.id].sort());
    expect(notices.every((n) => n.type === 2)).toBe(true);
  });

  it('refuses another type with a French message and writes nothing; a stranger gets 404', async () => {
    const row = await createDossier(t, asso, scheme, [agent.serviceId], { etat: 'D' });
    for (const type of ['5', '1', 'abc', '']) {
      const refused = await as(member.token).post(`/${row.id}/notify`, {}, { type });
      expect(refused.status, type).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_ERROR');
      expect(refused.body.message).toMatch(/type/);
    }
    expect((await as(member.token).post(`/${row.id}/notify`)).status).toBe(400);
    expect(await noticesOf(row.id)).toEqual([]);
    const stranger = await signIn(t, { roles: ['lca.association'] });
    const hidden = await as(stranger.token).post(`/${row.id}/notify`, {}, { type: '4' });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe(SUBSIDY_MESSAGES.dossierNotFound);
  });

  it('tells no service of a dossier still in entry (A): it has not reached them', async () => {
    const row = await createDossier(t, asso, scheme, [agent.serviceId]);
    expect((await as(member.token).post(`/${row.id}/notify`, {}, { type: '4' })).status).toBe(200);
    expect(await noticesOf(row.id)).toEqual([]);
    expect(await t.db.mailOutbox.count({ where: { subject: { contains: row.idFo } } })).toBe(0);
  });
});
