// What a member reads of a transmitted dossier from stored data only, whatever page they reload:
// the receipt of its last transmission (date from the instructions' history, services reached) on
// the dossier's view, and the amount each service granted in the list of dossiers as on the
// dossier (docs/domain.md « Dossiers de subvention »).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAssociation } from './support/association-factory.ts';
import { createCompleteDossier, createScheme, dossierCalls, subsidySetting, type ServiceAgent, type SignedIn } from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let asso: TestAssociation;
let member: SignedIn;
let agent: ServiceAgent;
let second: ServiceAgent;

beforeAll(async () => {
  t = await startTestApp();
  const setting = await subsidySetting(t, { service: 'SDJES du Cher', extraServices: ['DRAJES Centre-Val de Loire'] });
  ({ asso, member, agent } = setting);
  second = setting.extras[0]!;
});
afterAll(() => t.close());

const as = (token: string) => dossierCalls(t, token);

describe('receipt of the transmission', () => {
  it('is null before transmission, then names the date stored in the history and every service reached, on each later read', async () => {
    const scheme = await createScheme(t, { serviceIds: [agent.serviceId, second.serviceId] });
    const row = await createCompleteDossier(t, asso, scheme, [agent.serviceId, second.serviceId]);
    const before = await as(member.token).get(`/${row.id}`);
    expect(before.status).toBe(200);
    expect(before.body.transmission).toBeNull();

    const sent = await as(member.token).post(`/transmit/${row.id}`, null);
    expect(sent.status).toBe(200);
    const ids = (await t.db.dossierInstruction.findMany({ where: { dossierId: row.id }, select: { id: true } })).map((i) => i.id);
    const history = await t.db.stateHistory.findMany({ where: { machine: 'dossier_instruction', objectId: { in: ids }, event: 'transmettre' }, orderBy: { createdAt: 'desc' } });
    expect(history).toHaveLength(2);
    const expected = { date: history[0]!.createdAt.toISOString(), services: [{ id: agent.serviceId, nom: 'SDJES du Cher' }, { id: second.serviceId, nom: 'DRAJES Centre-Val de Loire' }] };
    expect(sent.body.transmission).toEqual(expected);

    // A later read (a reload of the page) answers the same receipt, from the stored history.
    const read = await as(member.token).get(`/${row.id}`);
    expect(read.body.transmission).toEqual(expected);
    // By its number too, and for the instructing service.
    expect((await as(member.token).get(`/${row.idFo}`)).body.transmission).toEqual(expected);
    expect((await as(agent.token).get(`/${row.id}`)).body.transmission).toEqual(expected);
  });

  it('dates a retransmission at its own date', async () => {
    const scheme = await createScheme(t, { serviceIds: [agent.serviceId] });
    const row = await createCompleteDossier(t, asso, scheme, [agent.serviceId]);
    const instruction = await t.db.dossierInstruction.findFirstOrThrow({ where: { dossierId: row.id } });
    // An older transmission, then sent back for correction (state C).
    await t.db.stateHistory.create({ data: { machine: 'dossier_instruction', objectId: instruction.id, associationId: asso.id, fromState: 'A', toState: 'D', event: 'transmettre', createdAt: new Date('2026-01-15T09:30:00Z') } });
    await t.db.dossierInstruction.update({ where: { id: instruction.id }, data: { etat: 'C' } });
    expect((await as(member.token).get(`/${row.id}`)).body.transmission).toEqual({ date: '2026-01-15T09:30:00.000Z', services: [{ id: agent.serviceId, nom: 'SDJES du Cher' }] });

    const again = await as(member.token).post(`/transmit/${row.id}`, null);
    expect(again.status).toBe(200);
    expect(Date.parse(again.body.transmission.date)).toBeGreaterThan(Date.parse('2026-01-16T00:00:00Z'));
  });
});

describe('granted amount in the list of dossiers', () => {
  it('answers what each service granted, summed over the projects as on the dossier, and nothing for a service that has not granted', async () => {
    const scheme = await createScheme(t, { serviceIds: [agent.serviceId, second.serviceId] });
    const row = await createCompleteDossier(t, asso, scheme, [agent.serviceId, second.serviceId], { etat: '6' });
    const first = await t.db.projet.findFirstOrThrow({ where: { dossierId: row.id } });
    const other = await t.db.projet.create({ data: { dossierId: row.id, rangDossier: 2, intitule: 'Second projet', exercice: row.exercice, exerciceFin: row.exercice } });
    await t.db.projetFinancement.createMany({
      data: [
        { projetId: first.id, annee: row.exercice, serviceId: agent.serviceId, montantDemande: 3000, montantAccorde: 2500.5 },
        { projetId: other.id, annee: row.exercice, serviceId: agent.serviceId, montantDemande: 1000, montantAccorde: 1000 },
        { projetId: first.id, annee: row.exercice, serviceId: second.serviceId, montantDemande: 500, montantAccorde: null },
      ],
    });
    const list = await as(member.token).get('', { limit: '100' });
    expect(list.status).toBe(200);
    const listed = (list.body.items as { id: string; instructions: { id_service_instructeur: string; montant_accorde?: number }[] }[]).find((d) => d.id === row.id)!;
    expect(listed.instructions).toEqual([
      { etat: '6', id_service_instructeur: agent.serviceId, montant_accorde: 3500.5 },
      { etat: '6', id_service_instructeur: second.serviceId },
    ]);
    // The same amounts as the dossier's own view.
    const view = await as(member.token).get(`/${row.id}`);
    expect(view.body.instructions).toEqual(listed.instructions);
    // The instructing service's list says the same.
    const seen = (await as(agent.token).get('', { limit: '100' })).body.items.find((d: { id: string }) => d.id === row.id);
    expect(seen.instructions).toEqual(listed.instructions);
    // A projection without the instructions answers none.
    const projected = (await as(member.token).get('', { limit: '100', fields: 'id_fo' })).body.items.find((d: { id: string }) => d.id === row.id);
    expect(projected).toEqual({ id: row.id, id_fo: row.idFo });
  });
});
