// Unread messages of the dossiers on both sides (GET …/dossiers/:id `messages_non_lus`, the list's
// `select_notifications`, GET …/dossiers/messages/non-lus, POST …/dossiers/:id/messages/lus): a
// message counts for the people of the other side until they open the thread; marking read is the
// caller's own and never another's; nobody counts, nor marks, messages of a dossier they do not read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOSSIER_LIMITS } from '@portail/contract';
import { createAssociation, type TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { createDossier, createScheme, dossierCalls, memberOf, signInService, subsidySetting, type ServiceAgent, type SignedIn } from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let asso: TestAssociation;
let member: SignedIn;
let agent: ServiceAgent;

beforeAll(async () => {
  t = await startTestApp({ logLevel: 'fatal' });
  ({ asso, member, agent } = await subsidySetting(t, { service: 'SDJES de la Sarthe' }));
});
afterAll(() => t.close());

const as = (token: string) => dossierCalls(t, token);
const transmitted = async () => createDossier(t, asso, await createScheme(t, { serviceIds: [agent.serviceId] }), [agent.serviceId], { etat: 'D' });
const send = async (token: string, id: string, message: string) => expect((await as(token).post(`/${id}/message`, { message })).status).toBe(201);
const unreadOn = async (token: string, id: string) => {
  const read = await as(token).get(`/${id}`);
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  return read.body.messages_non_lus as number;
};
const totals = async (token: string) => {
  const read = await as(token).get('/messages/non-lus');
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  return read.body as { total: number; dossiers: { id: string; id_fo: string; nom: string | null; messages_non_lus: number }[] };
};

describe('unread messages of a dossier', () => {
  it('count for the other side on the dossier, the list and the total, until the thread is marked read', async () => {
    const row = await transmitted();
    const colleague = await memberOf(t, asso);
    await send(member.token, row.id, 'Faut-il joindre le bilan ?');
    await send(member.token, row.id, 'Et le compte de résultat ?');
    // The agent has two to read; the members none (they wrote them).
    expect(await unreadOn(agent.token, row.id)).toBe(2);
    expect(await unreadOn(member.token, row.id)).toBe(0);
    expect((await totals(agent.token)).dossiers.find((d) => d.id === row.id)).toEqual({ id: row.id, id_fo: row.idFo, nom: row.nom, messages_non_lus: 2 });

    await send(agent.token, row.id, 'Oui, les deux.');
    for (const reader of [member, colleague]) {
      expect(await unreadOn(reader.token, row.id)).toBe(1);
      const list = await as(reader.token).get('', { select_notifications: 'true', limit: '100' });
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      expect(list.body.items.find((i: { id: string }) => i.id === row.id).messages_non_lus).toBe(1);
      expect((await totals(reader.token)).dossiers).toContainEqual(expect.objectContaining({ id: row.id, messages_non_lus: 1 }));
    }
    // Without select_notifications the list carries no count; with fields, the count stays.
    expect((await as(member.token).get('', { limit: '100' })).body.items.find((i: { id: string }) => i.id === row.id).messages_non_lus).toBeUndefined();
    const projected = await as(member.token).get('', { select_notifications: 'true', fields: 'id_fo', limit: '100' });
    expect(projected.body.items.find((i: { id: string }) => i.id === row.id)).toMatchObject({ id_fo: row.idFo, messages_non_lus: 1 });

    // The member opens the thread: theirs are read, not their colleague's; a second call marks nothing.
    const before = (await totals(member.token)).total;
    const marked = await as(member.token).post(`/${row.id}/messages/lus`);
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body).toEqual({ lus: 1, messages_non_lus: 0 });
    expect(await unreadOn(member.token, row.id)).toBe(0);
    expect((await totals(member.token)).total).toBe(before - 1);
    expect((await totals(member.token)).dossiers.map((d) => d.id)).not.toContain(row.id);
    expect(await unreadOn(colleague.token, row.id)).toBe(1);
    expect((await as(member.token).post(`/${row.id}/messages/lus`)).body).toEqual({ lus: 0, messages_non_lus: 0 });

    // The agent's side alike.
    expect((await as(agent.token).post(`/${row.id}/messages/lus`)).body).toEqual({ lus: 2, messages_non_lus: 0 });
    expect(await unreadOn(agent.token, row.id)).toBe(0);
    expect((await totals(agent.token)).dossiers.map((d) => d.id)).not.toContain(row.id);
  });

  it('marks read the messages only, the dossier’s other notifications left unread', async () => {
    const row = await transmitted();
    await t.db.notification.create({ data: { associationId: asso.id, userId: member.account.id, type: 2, payload: { dossier: row.id } } });
    await send(agent.token, row.id, 'Une question.');
    expect((await as(member.token).post(`/${row.id}/messages/lus`)).body.lus).toBe(1);
    expect(await t.db.notification.count({ where: { userId: member.account.id, readAt: null, type: 2, payload: { path: ['dossier'], equals: row.id } } })).toBe(1);
  });

  it('lists the dossiers most unread first, at most DOSSIER_LIMITS.unreadDossiersListed, the total counting them all', async () => {
    const reader = await signInService(t, 'Service aux nombreux messages');
    const scheme = await createScheme(t, { serviceIds: [reader.serviceId] });
    const many = DOSSIER_LIMITS.unreadDossiersListed + 2;
    const rows: { id: string }[] = [];
    for (let i = 0; i < many; i++) rows.push(await createDossier(t, asso, scheme, [reader.serviceId], { etat: 'D', exercice: 2000 + i }));
    await t.db.notification.createMany({ data: rows.map((r) => ({ associationId: asso.id, userId: reader.account.id, type: 5, payload: { dossier: r.id } })) });
    await t.db.notification.createMany({ data: [1, 2, 3].map(() => ({ associationId: asso.id, userId: reader.account.id, type: 5, payload: { dossier: rows[5]!.id } })) });
    const read = await totals(reader.token);
    expect(read.total).toBe(many + 3);
    expect(read.dossiers).toHaveLength(DOSSIER_LIMITS.unreadDossiersListed);
    expect(read.dossiers[0]).toMatchObject({ id: rows[5]!.id, messages_non_lus: 4 });
  });
});

describe('scope of the unread counts', () => {
  it('never counts a dossier the caller does not read: another association, one they left, a deleted one, a stray payload', async () => {
    const reader = await memberOf(t, asso);
    const elsewhere = await createAssociation(t);
    const foreign = await createDossier(t, elsewhere, await createScheme(t, { serviceIds: [agent.serviceId] }), [agent.serviceId], { etat: 'D' });
    const deleted = await transmitted();
    await t.db.dossier.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });
    const own = await transmitted();
    await t.db.notification.createMany({
      data: [
        { associationId: elsewhere.id, userId: reader.account.id, type: 5, payload: { dossier: foreign.id } },
        { associationId: asso.id, userId: reader.account.id, type: 5, payload: { dossier: deleted.id } },
        { associationId: asso.id, userId: reader.account.id, type: 5, payload: { dossier: 'pas-un-dossier' } },
        { associationId: asso.id, userId: reader.account.id, type: 5, payload: {} },
        { associationId: asso.id, userId: reader.account.id, type: 5, payload: { dossier: own.id } },
      ],
    });
    expect(await totals(reader.token)).toEqual({ total: 1, dossiers: [{ id: own.id, id_fo: own.idFo, nom: own.nom, messages_non_lus: 1 }] });

    // Once they left the association, its dossiers' messages no longer count.
    await t.db.userAssociation.deleteMany({ where: { associationUser: { authId: reader.account.id } } });
    expect(await totals(reader.token)).toEqual({ total: 0, dossiers: [] });
  });

  it('an agent counts only the dossiers transmitted to its service', async () => {
    const other = await signInService(t, 'Service sans ce dossier');
    const row = await transmitted();
    const draft = await createDossier(t, asso, await createScheme(t, { serviceIds: [other.serviceId] }), [other.serviceId], { etat: 'A' });
    await t.db.notification.createMany({
      data: [
        { associationId: asso.id, userId: other.account.id, type: 5, payload: { dossier: row.id } },
        { associationId: asso.id, userId: other.account.id, type: 5, payload: { dossier: draft.id } },
      ],
    });
    expect(await totals(other.token)).toEqual({ total: 0, dossiers: [] });
  });

  it('marking read answers 404 to whoever does not read the dossier, and marks nothing', async () => {
    const row = await transmitted();
    await send(member.token, row.id, 'Pour le service seulement.');
    const stranger = await signIn(t, { roles: ['lca.association'] });
    const otherService = await signInService(t);
    for (const token of [stranger.token, otherService.token]) {
      const refused = await as(token).post(`/${row.id}/messages/lus`);
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('DOSSIER_NOT_FOUND');
    }
    expect(await unreadOn(agent.token, row.id)).toBe(1);
    expect((await as(member.token).post('/00000000-0000-4000-8000-000000000000/messages/lus')).status).toBe(404);
  });
});
