// PUT …/dossiers/:id/rib (spec §4): the applicant's RIB changes in instruction and once granted,
// until the last payment (2, 6, 7, 8: machine action changer_rib), and in C once the campaign is
// closed; in A, and in C while the campaign is open, the wizard's step 1 changes it; never otherwise,
// never by a service, never to another establishment's RIB. A change after transmission tells the
// services (notification type 6 and a mail) in the same transaction, and is audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOSSIER_MESSAGES, SUBSIDY_MESSAGES } from '@portail/contract';
import type { TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { createDossier, createRib, createScheme, dossierCalls, subsidySetting, type ServiceAgent, type SignedIn, type SubsidyScheme } from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let asso: TestAssociation;
let member: SignedIn;
let agent: ServiceAgent;
let scheme: SubsidyScheme;

beforeAll(async () => {
  t = await startTestApp();
  ({ asso, member, agent, scheme } = await subsidySetting(t, { service: 'SDJES de la Gironde' }));
});
afterAll(() => t.close());

const putRib = (token: string, id: string, idRib: string) => dossierCalls(t, token).put(`/${id}/rib`, { id_rib: idRib });

describe('the RIB of a dossier', () => {
  it('changes in C once the campaign is closed, and is audited', async () => {
    const closed = await createScheme(t, { serviceIds: [agent.serviceId] });
    await t.db.subvention.update({ where: { id: closed.subventionId }, data: { dateDebut: new Date('2026-01-01'), dateFin: new Date('2026-02-01') } });
    const dossier = await createDossier(t, asso, closed, [agent.serviceId], { etat: 'C' });
    const rib = await createRib(t, asso);
    const changed = await putRib(member.token, dossier.id, rib.id);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.demandeur.id_rib).toBe(rib.id);
    expect(changed.body.options.actions).toContain('changer_rib');
    expect(await t.db.auditEntry.count({ where: { entityId: dossier.id, action: 'rib' } })).toBe(1);
  });

  it.each(['6', '7', '8', '2'])('changes once granted, until the last payment (state %s), and the service hears of it', async (etat) => {
    const dossier = await createDossier(t, asso, scheme, [agent.serviceId], { etat });
    const rib = await createRib(t, asso);
    const changed = await putRib(member.token, dossier.id, rib.id);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await t.db.dossier.findUniqueOrThrow({ where: { id: dossier.id } })).idRib).toBe(rib.id);
    expect(await t.db.notification.count({ where: { userId: agent.account.id, type: 6, payload: { path: ['dossier'], equals: dossier.id } } })).toBe(1);
    expect(await t.db.mailOutbox.count({ where: { to: agent.account.email, subject: { contains: dossier.idFo } } })).toBe(1);
  });

  it.each(['A', 'C', 'D', '3', '4', '9', '10', '11', '12', 'B'])('does not change in state %s (the wizard changes it in A, and in C while the campaign is open): 403 in French, nothing written', async (etat) => {
    const dossier = await createDossier(t, asso, scheme, [agent.serviceId], { etat });
    const rib = await createRib(t, asso);
    const refused = await putRib(member.token, dossier.id, rib.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'DOSSIER_NOT_EDITABLE', message: SUBSIDY_MESSAGES.dossierNotEditable });
    expect((await t.db.dossier.findUniqueOrThrow({ where: { id: dossier.id } })).idRib).toBeNull();
    expect(await t.db.notification.count({ where: { type: 6, payload: { path: ['dossier'], equals: dossier.id } } })).toBe(0);
  });

  it("refuses another establishment's RIB, a service, and a stranger", async () => {
    const dossier = await createDossier(t, asso, scheme, [agent.serviceId], { etat: '6' });
    const secondaire = await createRib(t, asso, asso.secondaires[0]);
    const wrong = await putRib(member.token, dossier.id, secondaire.id);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain(DOSSIER_MESSAGES.ribNotOfEstablishment);
    const own = await createRib(t, asso);
    expect((await putRib(agent.token, dossier.id, own.id)).status).toBe(403);
    const stranger = await signIn(t, { roles: ['lca.association'] });
    expect((await putRib(stranger.token, dossier.id, own.id)).status).toBe(404);
    expect((await t.db.dossier.findUniqueOrThrow({ where: { id: dossier.id } })).idRib).toBeNull();
  });
});
