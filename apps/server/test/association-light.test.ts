// GET /association-light: the public registry view a member needs before joining.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssociation, type TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let asso: TestAssociation;
let token: string;
const url = '/api/proxy-asso/association-light';

beforeAll(async () => {
  t = await startTestApp();
  asso = await createAssociation(t, { secondaires: 2, inactiveSecondaire: true });
  // A newcomer with no association yet.
  token = (await signIn(t)).token;
});
afterAll(() => t.close());

describe('GET /association-light', () => {
  it.each([
    ['SIREN', () => asso.siren],
    ['SIRET of a secondary establishment', () => asso.secondaires[1]!],
    ['RNA', () => asso.rna],
    ['id_correspondance', () => asso.id],
  ])('finds the association by its %s, with its active establishments, head office first', async (_, q) => {
    const response = await t.http().get(url).query({ q: q() }).set('x-access-token', token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id_correspondance: asso.id,
      id_siren: asso.siren,
      id_siret_siege: asso.siege,
    });
    expect(response.body.etablissements.map((e: { siret: string }) => e.siret)).toEqual([
      asso.siege,
      ...asso.secondaires,
    ]);
    expect(response.body.etablissements[0].est_siege).toBe(true);
  });

  it('never carries personal or bank data', async () => {
    const response = await t.http().get(url).query({ q: asso.siren }).set('x-access-token', token);
    const text = JSON.stringify(response.body);
    expect(text).not.toMatch(/courriel|telephone|iban|representant/i);
  });

  it('answers 404 for an unknown or deleted association, 400 without q, 401 without a token', async () => {
    expect((await t.http().get(url).query({ q: '732829320' }).set('x-access-token', token)).status).toBe(404);
    await t.db.association.update({ where: { id: asso.id }, data: { deletedAt: new Date() } });
    expect((await t.http().get(url).query({ q: asso.siren }).set('x-access-token', token)).status).toBe(404);
    await t.db.association.update({ where: { id: asso.id }, data: { deletedAt: null } });
    const missing = await t.http().get(url).set('x-access-token', token);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/identifiant association/i);
    expect((await t.http().get(url).query({ q: asso.siren })).status).toBe(401);
  });
});
