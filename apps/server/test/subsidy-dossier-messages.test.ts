// The message thread of a dossier (GET …/dossiers/:id?populate=messages): both sides read it in
// order, members by name and never by address, the service as itself; strangers reach nothing;
// an unknown populate name is refused in French; a message goes only to the service it names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOSSIER_MESSAGES } from '@portail/contract';
import type { TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { createDossier, createScheme, dossierCalls, signInService, subsidySetting, type ServiceAgent, type SignedIn } from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let asso: TestAssociation;
let member: SignedIn;
let agent: ServiceAgent;

beforeAll(async () => {
  t = await startTestApp();
  ({ asso, member, agent } = await subsidySetting(t, { service: 'SDJES du Rhône' }));
  await t.db.user.update({ where: { id: member.account.id }, data: { prenom: 'Inès', nom: 'Garnier' } });
});
afterAll(() => t.close());

const as = (token: string) => dossierCalls(t, token);

describe('message thread of a dossier', () => {
  it('is read by both sides in order, the member by name, the service as itself, no address anywhere', async () => {
    const row = await createDossier(t, asso, await createScheme(t, { serviceIds: [agent.serviceId] }), [agent.serviceId], { etat: 'D' });
    expect((await as(member.token).post(`/${row.id}/message`, { message: 'Faut-il joindre le bilan 2025 ?', id_service_instructeur: agent.serviceId })).status).toBe(201);
    expect((await as(agent.token).post(`/${row.id}/message`, { message: 'Oui, avant le 15 décembre.' })).status).toBe(201);
    // Written to no service in particular: to every instructing service of the dossier.
    expect((await as(member.token).post(`/${row.id}/message`, { message: 'Merci, c’est noté.' })).status).toBe(201);

    for (const token of [member.token, agent.token]) {
      const read = await as(token).get(`/${row.id}`, { populate: 'messages' });
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      expect(read.body.messages).toEqual([
        expect.objectContaining({ direction: 'vers_service', texte: 'Faut-il joindre le bilan 2025 ?', auteur: 'Inès Garnier', service: { id: agent.serviceId, nom: 'SDJES du Rhône' } }),
        expect.objectContaining({ direction: 'vers_association', texte: 'Oui, avant le 15 décembre.', auteur: null, service: { id: agent.serviceId, nom: 'SDJES du Rhône' } }),
        expect.objectContaining({ direction: 'vers_service', texte: 'Merci, c’est noté.', auteur: 'Inès Garnier', service: null }),
      ]);
      expect(Date.parse(read.body.messages[0].created_at)).toBeLessThanOrEqual(Date.parse(read.body.messages[1].created_at));
      expect(JSON.stringify(read.body.messages)).not.toContain('@');
    }
    // Without populate=messages the view carries no thread; with projets too, both come.
    expect((await as(member.token).get(`/${row.id}`)).body.messages).toBeUndefined();
    const both = await as(member.token).get(`/${row.id}`, { populate: 'projets,messages' });
    expect(both.body.messages).toHaveLength(3);
    expect(Array.isArray(both.body.projets)).toBe(true);
  });

  it('is out of reach for a stranger, and an unknown populate name is refused in French', async () => {
    const row = await createDossier(t, asso, await createScheme(t, { serviceIds: [agent.serviceId] }), [agent.serviceId], { etat: 'D' });
    await as(member.token).post(`/${row.id}/message`, { message: 'Message privé.' });
    const stranger = await signIn(t, { roles: ['lca.association'] });
    const otherService = await signInService(t);
    for (const token of [stranger.token, otherService.token]) {
      const refused = await as(token).get(`/${row.id}`, { populate: 'messages' });
      expect(refused.status).toBe(404);
      expect(JSON.stringify(refused.body)).not.toContain('Message privé.');
    }
    const unknown = await as(member.token).get(`/${row.id}`, { populate: 'courriels' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain(DOSSIER_MESSAGES.unknownViewPopulate('courriels'));
  });

  it('goes only to the service it names: each service reads what is written to all and its own exchange, the association the whole thread', async () => {
    const other = await signInService(t, 'DRAJES Auvergne-Rhône-Alpes');
    const row = await createDossier(t, asso, await createScheme(t, { serviceIds: [agent.serviceId, other.serviceId] }), [agent.serviceId, other.serviceId], { etat: 'D' });
    const send = async (token: string, message: string, to?: string) =>
      expect((await as(token).post(`/${row.id}/message`, { message, ...(to ? { id_service_instructeur: to } : {}) })).status).toBe(201);
    await send(member.token, 'Au SDJES seulement.', agent.serviceId);
    await send(member.token, 'À la DRAJES seulement.', other.serviceId);
    await send(member.token, 'À tous les services.');
    await send(agent.token, 'Réponse du SDJES.');
    await send(other.token, 'Réponse de la DRAJES.');

    const thread = async (token: string) => {
      const read = await as(token).get(`/${row.id}`, { populate: 'messages' });
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      return (read.body.messages as { texte: string }[]).map((m) => m.texte);
    };
    expect(await thread(agent.token)).toEqual(['Au SDJES seulement.', 'À tous les services.', 'Réponse du SDJES.']);
    expect(await thread(other.token)).toEqual(['À la DRAJES seulement.', 'À tous les services.', 'Réponse de la DRAJES.']);
    expect(await thread(member.token)).toEqual(['Au SDJES seulement.', 'À la DRAJES seulement.', 'À tous les services.', 'Réponse du SDJES.', 'Réponse de la DRAJES.']);
    // Nor is the other service told of it: only the named service's users get the notification.
    const told = await t.db.notification.findMany({ where: { userId: other.account.id } });
    expect(told.length).toBeGreaterThan(0);
    expect(JSON.stringify(told.map((n) => n.payload))).not.toContain('Au SDJES seulement.');
  });
});
