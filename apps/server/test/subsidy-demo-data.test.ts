// The demo services and schemes (seeded with the demo accounts on an empty database): every level of
// the hierarchy, the demo instructor and service attached, the current exercise's campaigns, open on
// the day they are loaded.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoData } from '../src/seed/demo-data.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('seeds the hierarchy, the schemes and their campaigns, read back through the API', async () => {
  expect(await seedDemoData(t.db)).toBe(true);
  const service = await t.db.serviceAccount.findFirstOrThrow({ where: { user: { email: 'service@demo.example.org' } }, include: { parent: true } });
  const instructeur = await t.db.serviceAccount.findFirstOrThrow({ where: { user: { email: 'instructeur@demo.example.org' } } });
  expect(service).toMatchObject({ niveauTerritorial: 'regional', profil: 'Administrateur local', parent: { niveauTerritorial: 'national' } });
  expect(instructeur).toMatchObject({ nom: 'SDJES de Paris', niveauTerritorial: 'departemental', parentId: service.id });

  const login = await t.http().post('/api/auth-server/login').send({ email: 'association@demo.example.org', password: 'Demo-Portail-2026!' });
  const year = new Date().getUTCFullYear();
  const list = await t.http().get('/api/rds-server/subventions').query({ exercice: String(year), populate: 'sous_dispositifs,champs_attendus,documents_attendus' }).set('x-access-token', login.body.token);
  expect(list.status).toBe(200);
  const codes = list.body.map((s: { code: string }) => s.code).sort();
  expect(codes).toEqual([`2HSC-${year}`, `CNDS-PT-${year}`, `FDVA1-${year}`, `FDVA2-${year}`, `FEDE-${year}`].sort());
  const cnds = list.body.find((s: { code: string }) => s.code === `CNDS-PT-${year}`);
  expect(cnds.sous_dispositifs.map((s: { label: string }) => s.label)).toEqual(
    expect.arrayContaining(['Part territoriale - Emploi', 'Part territoriale - Apprentissage']),
  );
  expect(cnds.champs_attendus.find((c: { code: string }) => c.code === 'justification_pluriannuel').asks).toHaveLength(1);
  expect(cnds.documents_attendus.map((d: { code: string }) => d.code)).toEqual(['statuts', 'rapport_activite', 'budget_previsionnel', 'rib']);
  // Dated around the day they are loaded: every campaign and sub-scheme takes dossiers, whatever the date.
  for (const campaign of list.body as { code: string; fenetre: { ouverte: boolean }; sous_dispositifs: { label: string; fenetre: { ouverte: boolean } }[] }[]) {
    expect(campaign.fenetre.ouverte, campaign.code).toBe(true);
    for (const sous of campaign.sous_dispositifs) expect(sous.fenetre.ouverte, `${campaign.code} ${sous.label}`).toBe(true);
  }
});
