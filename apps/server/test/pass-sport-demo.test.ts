// Pass'Sport demo data (seed/demo-pass-sport.ts): three exercises around today, beneficiaries with
// valid and distinct codes a club can register, seeded once; the code generator never repeats itself;
// the demo sports club's affiliation certificate has a stored file, which the administration opens by
// its single-use link on a freshly seeded demo portal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASS_SPORT_CODE_PATTERN } from '@portail/contract';
import { DEMO_PASSWORD, seedDemoData } from '../src/seed/demo-data.ts';
import { DEMO_BENEFICIAIRES, DEMO_CERTIFICATE_FILE, DEMO_FEDERATION, pspCodeOf, seedDemoPassSport } from '../src/seed/demo-pass-sport.ts';
import { DEMO_ASSOCIATIONS, seedDemoRegistry } from '../src/seed/demo-registry.ts';
import { createFileStorage } from '../src/storage/index.ts';
import { createClub, FOOTBALL, certify, pspCalls } from './support/psp-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the Pass’Sport demo data', () => {
  it('seeds the exercises and realistic beneficiaries with valid codes once, which a club then registers', async () => {
    const storage = createFileStorage(t.config);
    await Promise.all([seedDemoData(t.db), seedDemoRegistry(t.db)]);
    expect(await seedDemoPassSport(t.db, storage)).toBe(true);
    const documents = await t.db.associationDocument.count();
    expect(await seedDemoPassSport(t.db, storage)).toBe(false);
    expect(await t.db.associationDocument.count()).toBe(documents);
    const year = new Date().getUTCFullYear();
    const exercices = await t.db.pspExercice.findMany({ orderBy: { annee: 'asc' } });
    expect(exercices.map((e) => [e.id, e.annee, e.active])).toEqual([[(year - 1) % 100, year - 1, false], [year % 100, year, true], [(year + 1) % 100, year + 1, false]]);
    const current = await t.db.pspBeneficiaire.findMany({ where: { exerciceId: year % 100 } });
    expect(current).toHaveLength(DEMO_BENEFICIAIRES);
    for (const b of current) {
      expect(b.codePsp).toMatch(PASS_SPORT_CODE_PATTERN);
      expect(b.codePsp.startsWith(String(year % 100).padStart(2, '0'))).toBe(true);
      expect(b.codePostal).toMatch(/^[0-9]{5}$/);
      expect(year - b.dateNaissance!.getUTCFullYear()).toBeGreaterThanOrEqual(6);
    }
    expect(new Set(current.map((b) => b.nom)).size).toBeGreaterThan(20);

    const { asso, member } = await createClub(t);
    const calls = pspCalls(t, member.token);
    const created = await calls.create({ structure: { id_siret: asso.siege, nom: 'Club' } });
    await certify(t, asso, FOOTBALL, year % 100);
    const added = await calls.add(created.body.dossier.id, { code_psp: current[0]!.codePsp });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  });

  it("lets the administration download the demo club's certificate through its single-use link", async () => {
    const login = await t.http().post('/api/auth-server/login').send({ email: 'admin.rds@demo.example.org', password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    const as = (request: ReturnType<ReturnType<TestApp['http']>['get']>) => request.set('x-access-token', login.body.token as string);

    const listed = await as(t.http().get('/api/psp-server/affiliations').query({ exerciceId: String(new Date().getUTCFullYear() % 100) }));
    expect(listed.status).toBe(200);
    const demo = (listed.body as { id: string; association: { id: string }; siren_federation: string; document_id: string | null }[])
      .find((a) => a.association.id === DEMO_ASSOCIATIONS.sportive.id && a.siren_federation === DEMO_FEDERATION.siren);
    expect(demo?.document_id).toEqual(expect.any(String));
    const document = await t.db.associationDocument.findUniqueOrThrow({ where: { id: demo!.document_id! } });
    expect(document).toMatchObject({ associationId: DEMO_ASSOCIATIONS.sportive.id, type: 'AFFIL', etat: 'courant', nom: DEMO_CERTIFICATE_FILE });

    const issued = await as(t.http().post(`/api/psp-server/affiliations/${demo!.id}/ticket`));
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const opened = await t.http().get(issued.body.url as string).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(opened.status).toBe(200);
    expect(opened.headers['content-type']).toContain('application/pdf');
    expect(opened.headers['content-disposition']).toContain(DEMO_CERTIFICATE_FILE);
    const body = opened.body as Buffer;
    expect(body.length).toBeGreaterThan(0);
    expect(body.length).toBe(document.taille);
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('draws distinct codes for distinct indexes', () => {
    const codes = new Set<string>();
    for (let index = 0; index < 100_000; index += 1) codes.add(pspCodeOf(26, index));
    expect(codes.size).toBe(100_000);
    expect([...codes].every((code) => PASS_SPORT_CODE_PATTERN.test(code))).toBe(true);
  });
});
