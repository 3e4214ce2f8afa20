// The demo CEC data (seeded with the demo accounts and registry): the current session, the missions,
// the validator of « Les Amis du théâtre de démonstration » who signs in and gets its declarations
// (some to decide, some decided with their log), and the sports association's, which no validator gets.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CEC_WAITING } from '@portail/contract';
import { seedDemoCec } from '../src/seed/demo-cec.ts';
import { seedDemoData } from '../src/seed/demo-data.ts';
import { DEMO_ASSOCIATIONS, seedDemoRegistry } from '../src/seed/demo-registry.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('seeds a session open today, missions and declarations the demo validator decides, once', async () => {
  await seedDemoData(t.db);
  await seedDemoRegistry(t.db, 20);
  expect(await seedDemoCec(t.db)).toBe(true);
  expect(await seedDemoCec(t.db)).toBe(false);

  const login = await t.http().post('/api/auth-server/login').send({ email: 'valideur.cec@demo.example.org', password: 'Demo-Portail-2026!' });
  expect(login.status).toBe(200);
  const token = login.body.token as string;
  const session = await t.http().get('/api/api-declaration-server/sessions/current').set('x-access-token', token);
  expect(session.body).toMatchObject({ session_id: String(new Date().getUTCFullYear()), current: true });
  const missions = await t.http().get('/api/api-dab-server/missions').set('x-access-token', token);
  expect(missions.body.length).toBeGreaterThanOrEqual(5);

  const declarations = await t.http().get('/api/api-declaration-server/declarations').query({ idAsso: DEMO_ASSOCIATIONS.culturelle.id }).set('x-access-token', token);
  expect(declarations.status, JSON.stringify(declarations.body)).toBe(200);
  const validable = declarations.body.filter((d: { options: { validable: boolean } }) => d.options.validable);
  expect(validable.length).toBeGreaterThanOrEqual(3);
  expect(validable.every((d: { status: string }) => d.status === CEC_WAITING)).toBe(true);
  expect(declarations.body.some((d: { status: string }) => d.status === 'Refusée')).toBe(true);
  const logs = await t.http().get('/api/api-declaration-server/logs').query({ idAsso: DEMO_ASSOCIATIONS.culturelle.id }).set('x-access-token', token);
  expect(logs.body.length).toBeGreaterThanOrEqual(2);
  // Not a member of the sports association.
  const sportive = await t.http().get('/api/api-declaration-server/declarations').query({ idAsso: DEMO_ASSOCIATIONS.sportive.id }).set('x-access-token', token);
  expect(sportive.status).toBe(404);
  expect(await t.db.cecDeclaration.count({ where: { associationId: DEMO_ASSOCIATIONS.sportive.id } })).toBe(3);
});
