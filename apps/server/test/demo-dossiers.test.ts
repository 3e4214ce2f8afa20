// The demo dossiers (seeded after the demo accounts, registry and schemes): the second demo member
// sees its association's four dossiers in their states, the demo instructor those of its service once
// transmitted, and a second seeding adds nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoData } from '../src/db/demo-data.ts';
import { DEMO_DOSSIERS_MEMBER, seedDemoDossiers } from '../src/db/demo-dossiers.ts';
import { DEMO_ASSOCIATIONS, seedDemoRegistry } from '../src/db/demo-registry.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const BASE = '/api/lca-server/demande/dossiers';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function listAs(email: string) {
  const login = await t.http().post('/api/auth-server/login').send({ email, password: 'Demo-Portail-2026!' });
  expect(login.status).toBe(200);
  const list = await t.http().get(BASE).query({ limit: '100' }).set('x-access-token', login.body.token);
  expect(list.status).toBe(200);
  return list.body.items as { id: string; id_fo: string; step: number; code_subvention: string; id_association: string; instructions: { etat: string; id_service_instructeur: string }[] }[];
}

const statesOf = (items: Awaited<ReturnType<typeof listAs>>) =>
  Object.fromEntries(items.map((d) => [d.code_subvention, [...new Set(d.instructions.map((i) => i.etat))]]));

it('seeds four dossiers the demo member and the demo instructor see in their states, once', async () => {
  expect(await seedDemoDossiers(t.db)).toBe(false); // nothing to attach them to yet
  await Promise.all([seedDemoData(t.db), seedDemoRegistry(t.db)]);
  expect(await seedDemoDossiers(t.db)).toBe(true);

  const year = new Date().getUTCFullYear();
  const member = await listAs(DEMO_DOSSIERS_MEMBER);
  expect(member).toHaveLength(4);
  expect(statesOf(member)).toEqual({
    [`FDVA1-${year}`]: ['A'],
    [`CNDS-PT-${year}`]: ['D'],
    [`FDVA2-${year}`]: ['C'],
    [`2HSC-${year}`]: ['6'],
  });
  expect(member.find((d) => d.code_subvention === `FDVA1-${year}`)!.step).toBe(1);
  const [associationId] = new Set(member.map((d) => d.id_association));
  expect(Object.values(DEMO_ASSOCIATIONS).map((a) => a.id)).not.toContain(associationId);

  // Linked to the head office, with a legal representative and a RIB the dossiers point at.
  const link = await t.db.userAssociation.findFirstOrThrow({ where: { associationUser: { user: { email: DEMO_DOSSIERS_MEMBER } } } });
  expect(link).toMatchObject({ associationId, type: 'Siège' });
  const transmitted = await t.db.dossier.findFirstOrThrow({ where: { subvention: { code: `CNDS-PT-${year}` } }, include: { projets: { include: { financements: true, budgets: true } } } });
  expect(await t.db.representantLegal.count({ where: { id: transmitted.idRepresentantLegal!, associationId } })).toBe(1);
  expect(await t.db.rib.count({ where: { id: transmitted.idRib!, associationId, idSiret: link.idSiret! } })).toBe(1);
  expect(transmitted.projets).toHaveLength(1);
  expect(transmitted.projets[0]!.budgets.map((b) => b.annee)).toEqual([year]);
  expect(transmitted.projets[0]!.financements).toHaveLength(2);

  // Every move is in the history, checked by the machine: the granted one went D, 2, then 6.
  const granted = await t.db.dossier.findFirstOrThrow({ where: { subvention: { code: `2HSC-${year}` } }, include: { instructions: true } });
  for (const instruction of granted.instructions) {
    const history = await t.db.stateHistory.findMany({ where: { machine: 'dossier_instruction', objectId: instruction.id }, orderBy: { createdAt: 'asc' } });
    expect(history.map((h) => `${h.fromState}>${h.toState}`)).toEqual(['A>D', 'D>2', '2>6']);
  }

  // The demo instructor (SDJES de Paris) sees the transmitted, sent-back and granted ones, not the one in entry.
  const instructor = await listAs('instructeur@demo.example.org');
  expect(statesOf(instructor)).toEqual({ [`CNDS-PT-${year}`]: ['D'], [`FDVA2-${year}`]: ['C'], [`2HSC-${year}`]: ['6'] });
  // The demo service (DRAJES Île-de-France) sees the transmitted and sent-back ones it instructs.
  const service = await listAs('service@demo.example.org');
  expect(Object.keys(statesOf(service)).sort()).toEqual([`CNDS-PT-${year}`, `FDVA2-${year}`].sort());

  const counts = async () => Promise.all([t.db.dossier.count(), t.db.stateHistory.count(), t.db.user.count(), t.db.rib.count(), t.db.representantLegal.count()]);
  const before = await counts();
  expect(await seedDemoDossiers(t.db)).toBe(false);
  expect(await counts()).toEqual(before);
});
