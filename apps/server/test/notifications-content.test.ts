// What a notification shows (GET /notifications, PATCH /notifications/:id/read): its author by name
// (a member's « Prénom Nom », an instructing service's name), never a login address, in the stored
// row and in every answer, old rows included; which dossier it is about, its new state, the
// service's comment on a dossier sent back and the amount granted; and a member who left an
// association no longer reads that association's notifications.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPE_IDS } from '@portail/contract';
import { migrate } from '../src/db/migrate.ts';
import { instructionTarget } from '../src/modules/demande/index.ts';
import { VALID_BIC, VALID_IBAN, type TestAssociation } from './support/association-factory.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { createCompleteDossier, createDossier, createRib, dossierCalls, memberOf, subsidySetting, type ServiceAgent, type SignedIn, type SubsidyScheme } from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let asso: TestAssociation;
let member: SignedIn;
let colleague: SignedIn;
let agent: ServiceAgent;
let scheme: SubsidyScheme;

const SERVICE = 'SDJES de la Gironde';

beforeAll(async () => {
  t = await startTestApp();
  ({ asso, member, agent, scheme } = await subsidySetting(t, { service: SERVICE }));
  colleague = await memberOf(t, asso);
  await t.db.user.update({ where: { id: member.account.id }, data: { prenom: 'Inès', nom: 'Garnier' } });
  await t.db.user.update({ where: { id: colleague.account.id }, data: { prenom: 'Paul', nom: 'Martin' } });
});
afterAll(() => t.close());

const notificationsOf = async (token: string) => {
  const res = await t.http().get('/api/lca-server/notifications').query({ limit: '200' }).set(TOKEN_HEADER, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; type: number; id_correspondance: string; payload: Record<string, unknown> }[];
};
const unreadOf = async (token: string) => (await t.http().get('/api/lca-server/notifications/unread-count').set(TOKEN_HEADER, token)).body.count as number;
const markRead = (token: string, id: string) => t.http().patch(`/api/lca-server/notifications/${id}/read`).set(TOKEN_HEADER, token);
const addresses = [() => member.account.email, () => colleague.account.email, () => agent.account.email];
const expectNoAddress = (value: unknown) => {
  const text = JSON.stringify(value);
  for (const address of addresses) expect(text).not.toContain(address());
  expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
};

describe('the author of a notification', () => {
  it('is the member by name and the service by its name, never an address, stored and answered', async () => {
    const row = await createDossier(t, asso, scheme, [agent.serviceId], { etat: 'D' });
    const calls = (token: string) => dossierCalls(t, token);
    expect((await calls(member.token).post(`/${row.id}/message`, { message: 'Le bilan est joint.', id_service_instructeur: agent.serviceId })).status).toBe(201);
    expect((await calls(agent.token).post(`/${row.id}/message`, { message: 'Bien reçu.' })).status).toBe(201);

    const toAgent = (await notificationsOf(agent.token)).find((n) => n.payload.dossier === row.id && n.type === NOTIFICATION_TYPE_IDS.message)!;
    expect(toAgent.payload.auteur).toBe('Inès Garnier');
    const toColleague = (await notificationsOf(colleague.token)).find((n) => n.payload.dossier === row.id && n.type === NOTIFICATION_TYPE_IDS.message)!;
    expect(toColleague.payload.auteur).toBe(SERVICE);
    expectNoAddress(await notificationsOf(agent.token));
    expectNoAddress(await notificationsOf(colleague.token));
    const read = await markRead(colleague.token, toColleague.id);
    expect(read.status).toBe(200);
    expect(read.body.payload.auteur).toBe(SERVICE);
    expectNoAddress(read.body);
    expectNoAddress(await t.db.notification.findMany({ where: { payload: { path: ['dossier'], equals: row.id } } }));
  });

  it('is a name on a RIB change, of the association file and of a granted dossier', async () => {
    const created = await t.http().post('/api/proxy-asso/association/ribs').query({ id_asso: asso.id, id_siret: asso.siege }).set(TOKEN_HEADER, member.token)
      .send({ titulaire: 'Association', iban: VALID_IBAN, bic: VALID_BIC });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const fileRib = (await notificationsOf(colleague.token)).find((n) => n.type === NOTIFICATION_TYPE_IDS.modification_rib && n.payload.id_rib === created.body.id)!;
    expect(fileRib.payload.auteur).toBe('Inès Garnier');

    const granted = await createDossier(t, asso, scheme, [agent.serviceId], { etat: '6' });
    const rib = await createRib(t, asso);
    expect((await dossierCalls(t, member.token).put(`/${granted.id}/rib`, { id_rib: rib.id })).status).toBe(200);
    const dossierRib = (await notificationsOf(agent.token)).find((n) => n.type === NOTIFICATION_TYPE_IDS.modification_rib && n.payload.dossier === granted.id)!;
    expect(dossierRib.payload.auteur).toBe('Inès Garnier');
    expectNoAddress(await notificationsOf(agent.token));
    expectNoAddress(await notificationsOf(colleague.token));
    expectNoAddress(await t.db.notification.findMany({ where: { userId: { in: [agent.account.id, colleague.account.id] } } }));
  });

  it('stored as an address by older rows is answered by name, or left out when no account has it', async () => {
    const [byMember, byService, byNobody] = await Promise.all(
      [member.account.email.toUpperCase(), agent.account.email, 'parti@exemple.fr'].map((auteur) =>
        t.db.notification.create({ data: { associationId: asso.id, userId: colleague.account.id, type: NOTIFICATION_TYPE_IDS.modification_rib, payload: { auteur, iban: 'FR76 **** 0189' } } }),
      ),
    );
    const listed = await notificationsOf(colleague.token);
    expect(listed.find((n) => n.id === byMember!.id)!.payload.auteur).toBe('Inès Garnier');
    expect(listed.find((n) => n.id === byService!.id)!.payload.auteur).toBe(SERVICE);
    expect(listed.find((n) => n.id === byNobody!.id)!.payload).toEqual({ iban: 'FR76 **** 0189' });
    expectNoAddress(listed);
    expectNoAddress((await markRead(colleague.token, byMember!.id)).body);
  });
});

describe('a notification of a state change', () => {
  it('names the dossier, its new state, the service, its comment when sent back, the amount once granted', async () => {
    const row = await createCompleteDossier(t, asso, scheme, [agent.serviceId]);
    const instructionId = (await t.db.dossierInstruction.findFirstOrThrow({ where: { dossierId: row.id } })).id;
    const projet = await t.db.projet.findFirstOrThrow({ where: { dossierId: row.id } });
    expect((await dossierCalls(t, member.token).post(`/transmit/${row.id}`, null)).status).toBe(200);
    // Transmission: the service is mailed, the other members are notified.
    const transmitted = (await notificationsOf(colleague.token)).find((n) => n.payload.dossier === row.id && n.type === NOTIFICATION_TYPE_IDS.modification_etat_dossier)!;
    expect(transmitted.payload).toMatchObject({ id_fo: row.idFo, vers: 'D', libelle_etat: 'Transmis au service instructeur', service: SERVICE, auteur: 'Inès Garnier' });
    expect(transmitted.payload.libelle_subvention).toEqual(expect.any(String));

    const claims = { userId: agent.account.id, email: agent.account.email, roles: ['rds.user'] };
    const fire = (event: string, comment: string | null = null) => t.app.services.workflow.fire({ target: instructionTarget, objectId: instructionId, event, claims: claims as never, comment });
    await fire('renvoyer', 'Il manque le budget prévisionnel signé.');
    const sentBack = (await notificationsOf(member.token)).find((n) => n.payload.dossier === row.id && n.payload.vers === 'C')!;
    expect(sentBack.payload).toMatchObject({ id_fo: row.idFo, libelle_etat: 'Renvoyé au compte asso', commentaire: 'Il manque le budget prévisionnel signé.', service: SERVICE, auteur: SERVICE });
    expect(sentBack.payload.montant_accorde).toBeUndefined();

    await t.db.dossierInstruction.update({ where: { id: instructionId }, data: { etat: '2' } });
    await t.db.projetFinancement.create({ data: { projetId: projet.id, annee: row.exercice, serviceId: agent.serviceId, montantDemande: 5000, montantAccorde: 3500 } });
    await fire('accorder');
    const grantedNotice = (await notificationsOf(member.token)).find((n) => n.payload.dossier === row.id && n.payload.vers === '6')!;
    expect(grantedNotice.payload).toMatchObject({ id_fo: row.idFo, libelle_etat: 'Accordé', montant_accorde: 3500 });
    expectNoAddress(await notificationsOf(member.token));

    // The dossier's page says it too: the amount the service granted, on its instruction.
    const view = await dossierCalls(t, member.token).get(`/${row.id}`);
    expect(view.body.instructions).toEqual([expect.objectContaining({ id_service_instructeur: agent.serviceId, etat: '6', montant_accorde: 3500 })]);
  });
});

describe('a notification written before notifications named their dossier', () => {
  const MIGRATION = '20261201100000_dossier_notifications_named';

  it('names its dossier once migrated (number, campaign, service), the stored keys kept, rows naming theirs untouched', async () => {
    const row = await createDossier(t, asso, scheme, [agent.serviceId], { etat: 'D' });
    const instructionId = (await t.db.dossierInstruction.findFirstOrThrow({ where: { dossierId: row.id } })).id;
    const campaign = (await t.db.subvention.findUniqueOrThrow({ where: { id: scheme.subventionId } })).label;
    const change = { machine: 'dossier_instruction', objet: instructionId, evenement: 'transmettre', de: 'A', vers: 'D', libelle_etat: 'Transmis au service instructeur', date: '2026-11-02T10:00:00.000Z' };
    const type = NOTIFICATION_TYPE_IDS.modification_etat_dossier;
    const write = (payload: object) => t.db.notification.create({ data: { associationId: asso.id, userId: colleague.account.id, type, payload } });
    // The first rows carried only the instruction; then the dossier's id; messages always had the number.
    const first = await write(change);
    const second = await write({ dossier: row.id, ...change, auteur: 'Inès Garnier' });
    const message = await write({ dossier: row.id, texte: 'Pièce reçue.' });
    const current = await write({ dossier: row.id, id_fo: row.idFo, libelle_subvention: 'Libellé écrit alors', service: 'Service écrit alors', ...change });

    // Applied as on deployment: the runner applies the migration it has not recorded yet.
    await t.db.$executeRaw`DELETE FROM "_prisma_migrations" WHERE migration_name = ${MIGRATION}`;
    expect((await migrate(t.config.databaseUrl!)).applied).toEqual([MIGRATION]);

    const listed = new Map((await notificationsOf(colleague.token)).map((n) => [n.id, n.payload]));
    const named = { dossier: row.id, id_fo: row.idFo, libelle_subvention: campaign };
    expect(listed.get(first.id)).toEqual({ ...change, ...named, service: SERVICE });
    expect(listed.get(second.id)).toEqual({ ...change, ...named, service: SERVICE, auteur: 'Inès Garnier' });
    expect(listed.get(message.id)).toEqual({ ...named, texte: 'Pièce reçue.' });
    expect(listed.get(current.id)).toEqual({ dossier: row.id, id_fo: row.idFo, libelle_subvention: 'Libellé écrit alors', service: 'Service écrit alors', ...change });
    // The oldest row now counts among the dossier's unread ones in the list.
    const summary = (await dossierCalls(t, colleague.token).get('', { select_notifications: 'true', limit: '100' })).body.items.find((d: { id: string }) => d.id === row.id);
    expect(summary.notifications).toBe(4);
  });
});

describe('a member who left the association', () => {
  it('no longer lists, counts nor marks its notifications; its instructing service still does', async () => {
    const leaving = await memberOf(t, asso);
    const row = await createDossier(t, asso, scheme, [agent.serviceId], { etat: 'D' });
    expect((await dossierCalls(t, agent.token).post(`/${row.id}/message`, { message: 'Pièce reçue.' })).status).toBe(201);
    expect((await dossierCalls(t, member.token).post(`/${row.id}/message`, { message: 'Merci.', id_service_instructeur: agent.serviceId })).status).toBe(201);
    await t.db.notification.create({ data: { associationId: asso.id, userId: leaving.account.id, type: NOTIFICATION_TYPE_IDS.modification_rib, payload: {} } });
    const before = await notificationsOf(leaving.token);
    expect(before.filter((n) => n.id_correspondance === asso.id)).toHaveLength(2);
    expect(await unreadOf(leaving.token)).toBe(2);

    const left = await t.http().patch(`/api/lca-server/users/${leaving.account.id}/exit`).query({ idAsso: asso.id }).set(TOKEN_HEADER, leaving.token);
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect(await notificationsOf(leaving.token)).toEqual([]);
    expect(await unreadOf(leaving.token)).toBe(0);
    expect((await markRead(leaving.token, before[0]!.id)).status).toBe(404);
    // The service is no member: it keeps what it was told of the association's dossiers.
    expect((await notificationsOf(agent.token)).some((n) => n.payload.dossier === row.id)).toBe(true);
  });
});
