// GET /association-light: the public registry view a member needs before joining.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSOCIATION_FILE_MESSAGES, ASSOCIATION_LIGHT_KEYS, MESSAGES } from '@portail/contract';
import { createAssociation, type TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let asso: TestAssociation;
let token: string;
let adminToken: string;
const url = '/api/proxy-asso/association-light';
const light = (query: Record<string, string>, as = token) => t.http().get(url).query(query).set('x-access-token', as);
const IDENTITY_KEYS = ['id_correspondance', 'nom', 'sigle', 'id_rna', 'id_siren', 'id_siret_siege'];

beforeAll(async () => {
  t = await startTestApp();
  asso = await createAssociation(t, { secondaires: 2, inactiveSecondaire: true });
  // A newcomer with no association yet.
  token = (await signIn(t)).token;
  adminToken = (await signIn(t, { roles: ['lca.admin'] })).token;
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

describe("GET /association-light parameters (those of GET /association, docs/domain.md « Appels de l'API »)", () => {
  it('include keeps only the keys listed, exclude leaves them out', async () => {
    const included = await light({ q: asso.siren, include: 'nom,etablissements' });
    expect(included.status, JSON.stringify(included.body)).toBe(200);
    expect(Object.keys(included.body).sort()).toEqual(['etablissements', 'nom']);
    expect(included.body.etablissements).toHaveLength(3);

    const excluded = await light({ q: asso.siren, exclude: 'etablissements, sigle' });
    expect(excluded.status).toBe(200);
    expect(Object.keys(excluded.body).sort()).toEqual(IDENTITY_KEYS.filter((k) => k !== 'sigle').sort());

    const both = await light({ q: asso.siren, include: 'nom,id_siren', exclude: 'nom' });
    expect(both.body).toEqual({ id_siren: asso.siren });
  });

  it('answers 400 in French to an unknown key in include or exclude', async () => {
    for (const param of ['include', 'exclude']) {
      const response = await light({ q: asso.siren, [param]: 'nom,ribs' });
      expect(response.status, param).toBe(400);
      expect(response.body.fields[param]).toBe(`${param} : ${ASSOCIATION_FILE_MESSAGES.unknownFileKeys('ribs', ASSOCIATION_LIGHT_KEYS.join(', '))}`);
    }
  });

  it('endpoint=structureByCorrespondance answers the identity only; another endpoint is 400', async () => {
    const response = await light({ q: asso.siren, endpoint: 'structureByCorrespondance' });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual([...IDENTITY_KEYS].sort());
    expect(response.body.id_correspondance).toBe(asso.id);
    const withEstablishments = await light({ q: asso.siren, endpoint: 'structureByCorrespondance', include: 'etablissements' });
    expect(withEstablishments.body).toEqual({});
    const unknown = await light({ q: asso.siren, endpoint: 'autre' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields.endpoint).toBe(MESSAGES.badFormat('endpoint'));
  });

  it('includeDeleted shows a deleted association to lca.admin only (403 in French otherwise)', async () => {
    await t.db.association.update({ where: { id: asso.id }, data: { deletedAt: new Date() } });
    try {
      const admin = await light({ q: asso.siren, includeDeleted: 'true' }, adminToken);
      expect(admin.status, JSON.stringify(admin.body)).toBe(200);
      expect(admin.body.id_correspondance).toBe(asso.id);
      expect((await light({ q: asso.siren }, adminToken)).status).toBe(404);
      expect((await light({ q: asso.siren, includeDeleted: 'false' }, adminToken)).status).toBe(404);
      const member = await light({ q: asso.siren, includeDeleted: 'true' });
      expect(member.status).toBe(403);
      expect(member.body).toMatchObject({ status: 403, message: ASSOCIATION_FILE_MESSAGES.includeDeletedAdminOnly });
    } finally {
      await t.db.association.update({ where: { id: asso.id }, data: { deletedAt: null } });
    }
    // A live association reads the same with or without it.
    const live = await light({ q: asso.siren, includeDeleted: 'true' }, adminToken);
    expect(live.body).toEqual((await light({ q: asso.siren }, adminToken)).body);
    expect((await light({ q: asso.siren, includeDeleted: 'oui' }, adminToken)).status).toBe(400);
  });

  it('accepts hideRepresentantsLegaux and representants_legaux, which change nothing (no representatives in the light view)', async () => {
    const plain = await light({ q: asso.siren });
    const queries: Record<string, string>[] = [
      { hideRepresentantsLegaux: 'true' }, { hideRepresentantsLegaux: 'false' },
      { representants_legaux: 'true' }, { representants_legaux: 'false' },
    ];
    for (const query of queries) {
      const response = await light({ q: asso.siren, ...query });
      expect(response.status, JSON.stringify(query)).toBe(200);
      expect(response.body).toEqual(plain.body);
      expect(JSON.stringify(response.body)).not.toMatch(/representant/i);
    }
    expect((await light({ q: asso.siren, include: 'representants_legaux' })).status).toBe(400);
  });
});
