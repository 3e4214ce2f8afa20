// What the services hear of when the association changes a dossier they already received (sent
// back for correction, C): another applicant establishment (type 3), another RIB (6), another
// statut (2), other documents (4), each a notification and a mail in the change's transaction.
// While the dossier is still being written (A), no service is told anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPE_IDS } from '@portail/contract';
import type { TestAssociation } from './support/association-factory.ts';
import {
  createAssociationDocument,
  createDossier,
  createExpectedDocument,
  createRib,
  createScheme,
  dossierCalls,
  subsidySetting,
  type ServiceAgent,
  type SignedIn,
  type SubsidyScheme,
} from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let asso: TestAssociation;
let member: SignedIn;
let agent: ServiceAgent;
let scheme: SubsidyScheme;

beforeAll(async () => {
  t = await startTestApp();
  ({ asso, member, agent, scheme } = await subsidySetting(t, { service: 'SDJES de la Somme' }));
});
afterAll(() => t.close());

const toldOf = async (dossierId: string) =>
  (await t.db.notification.findMany({ where: { userId: agent.account.id, payload: { path: ['dossier'], equals: dossierId } }, select: { type: true } })).map((n) => n.type).sort();

async function applicantStep(dossierId: string, siret: string, idRib: string | null) {
  const representant = await t.db.representantLegal.findFirstOrThrow({ where: { associationId: asso.id } });
  return dossierCalls(t, member.token).put(`/${dossierId}`, {
    step: 1,
    demandeur: { id_siret: siret, id_representant_legal: representant.id, id_signataire: representant.id, id_responsable: representant.id, id_rib: idRib },
  });
}

describe('changes on a dossier sent back for correction', () => {
  it('another applicant establishment and its RIB: the service hears of both (types 3 and 6), by mail too', async () => {
    const dossier = await createDossier(t, asso, scheme, [agent.serviceId], { etat: 'C' });
    const antenne = asso.secondaires[0]!;
    const rib = await createRib(t, asso, antenne);
    const saved = await applicantStep(dossier.id, antenne, rib.id);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await toldOf(dossier.id)).toEqual([NOTIFICATION_TYPE_IDS.modification_siret, NOTIFICATION_TYPE_IDS.modification_rib]);
    expect(await t.db.mailOutbox.count({ where: { to: agent.account.email, subject: { contains: dossier.idFo } } })).toBe(2);
    // Saved again unchanged: nothing more to hear.
    expect((await applicantStep(dossier.id, antenne, rib.id)).status).toBe(200);
    expect(await toldOf(dossier.id)).toHaveLength(2);
  });

  it('other documents: the service hears of them (type 4); the same documents again: nothing', async () => {
    const expected = await createExpectedDocument(t, scheme);
    const document = await createAssociationDocument(t, asso);
    const dossier = await createDossier(t, asso, scheme, [agent.serviceId], { etat: 'C' });
    const body = { documents: [{ code: expected.code, uuid: document.id }] };
    expect((await dossierCalls(t, member.token).put(`/${dossier.id}/documents`, body)).status).toBe(200);
    expect(await toldOf(dossier.id)).toEqual([NOTIFICATION_TYPE_IDS.modification_document]);
    expect((await dossierCalls(t, member.token).put(`/${dossier.id}/documents`, body)).status).toBe(200);
    expect(await toldOf(dossier.id)).toHaveLength(1);
  });

  it('while the dossier is being written (A), no service is told of anything', async () => {
    const own = await createScheme(t, { serviceIds: [agent.serviceId] });
    const expected = await createExpectedDocument(t, own);
    const document = await createAssociationDocument(t, asso);
    const dossier = await createDossier(t, asso, own, [agent.serviceId]);
    const antenne = asso.secondaires[0]!;
    expect((await applicantStep(dossier.id, antenne, (await createRib(t, asso, antenne)).id)).status).toBe(200);
    expect((await dossierCalls(t, member.token).put(`/${dossier.id}/documents`, { documents: [{ code: expected.code, uuid: document.id }] })).status).toBe(200);
    expect(await toldOf(dossier.id)).toEqual([]);
    expect(await t.db.mailOutbox.count({ where: { to: agent.account.email, subject: { contains: dossier.idFo } } })).toBe(0);
  });
});
