// The preview of an expected item's conditions on a campaign's dossiers (POST rds-server
// /subventions/{id}/conditions/apercu): counts of the campaign's dossiers that are not deleted, on
// the dossier or on each project; the first matching dossiers for rds.admin only (who reads every
// dossier), none for rds.appli_admin; refused to any other role; nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONDITION_PREVIEW_LIMITS, ERRORS } from '@portail/contract';
import { createAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { createService } from './support/rds-fixtures.ts';
import { createDossier, createScheme, type SubsidyScheme } from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let scheme: SubsidyScheme;
const tokens: Record<string, string> = {};
let multiYear: { id: string; idFo: string; nom: string | null }[] = [];
beforeAll(async () => {
  t = await startTestApp();
  for (const role of ['rds.admin', 'rds.appli_admin', 'rds.user', 'lca.admin', 'lca.association'] as const) tokens[role] = (await signIn(t, { roles: [role] })).token;
  const service = await createService(t);
  scheme = await createScheme(t, { serviceIds: [service.id] });
  const other = await createScheme(t, { serviceIds: [service.id] });
  const asso = await createAssociation(t);
  const first = await createDossier(t, asso, scheme, [service.id], { pluriannuel: true, exerciceFin: 2027, etat: 'D' });
  const second = await createDossier(t, asso, scheme, [service.id], { pluriannuel: true, exerciceFin: 2028 });
  const single = await createDossier(t, asso, scheme, [service.id], { pluriannuel: false });
  multiYear = [second, first].map((d) => ({ id: d.id, idFo: d.idFo, nom: d.nom }));
  // Neither a deleted dossier nor another campaign's counts.
  const deleted = await createDossier(t, asso, scheme, [service.id], { pluriannuel: true });
  await t.db.dossier.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });
  await createDossier(t, asso, other, [service.id], { pluriannuel: true });
  await t.db.projet.create({ data: { dossierId: single.id, rangDossier: 1, intitule: 'École de vélo', exercice: 2026, exerciceFin: 2026 } });
  await t.db.projet.create({ data: { dossierId: first.id, rangDossier: 1, intitule: 'Tournoi', exercice: 2026, exerciceFin: 2026 } });
});
afterAll(() => t.close());

const preview = (role: string, body: object, id = scheme.subventionId) =>
  t.http().post(`/api/rds-server/subventions/${id}/conditions/apercu`).set(TOKEN_HEADER, tokens[role]!).send(body);
const MULTI_YEAR = [{ scope: 'dossier', key: 'description.pluriannuel', operator: '==', value: true }];

describe('previewing conditions', () => {
  it('counts the campaign’s dossiers shown the item and names the first ones to rds.admin', async () => {
    const answer = await preview('rds.admin', { part: 'dossier', asks: MULTI_YEAR });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({
      total: 3,
      correspondants: 2,
      tronque: false,
      exemples_visibles: true,
      exemples: multiYear.map((d) => ({ id: d.id, id_fo: d.idFo, nom: d.nom })),
    });
    const none = await preview('rds.admin', { part: 'dossier', asks: [] });
    expect(none.body).toMatchObject({ total: 3, correspondants: 3 });
    const later = await preview('rds.admin', { part: 'dossier', asks: [{ scope: 'description', key: 'exercice_fin', operator: '>=', value: 2028 }] });
    expect(later.body).toMatchObject({ correspondants: 1, exemples: [{ id: multiYear[0]!.id }] });
  });

  it('tries projet conditions on each project', async () => {
    const answer = await preview('rds.admin', { part: 'projet', asks: [{ scope: 'projet', key: 'description.intitule', operator: 'includes', value: 'vélo' }] });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total: 3, correspondants: 1 });
    expect(answer.body.exemples).toHaveLength(1);
  });

  it('gives rds.appli_admin the counts without any dossier', async () => {
    const answer = await preview('rds.appli_admin', { part: 'dossier', asks: MULTI_YEAR });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ total: 3, correspondants: 2, tronque: false, exemples_visibles: false, exemples: [] });
  });

  it('is refused to other roles, to an unknown campaign and to a condition the contract refuses', async () => {
    for (const role of ['rds.user', 'lca.admin', 'lca.association']) {
      const refused = await preview(role, { part: 'dossier', asks: MULTI_YEAR });
      expect(refused.status, role).toBe(403);
      expect(JSON.stringify(refused.body)).not.toContain(multiYear[0]!.idFo);
    }
    const unknown = await preview('rds.admin', { part: 'dossier', asks: [] }, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(ERRORS.SUBVENTION_NOT_FOUND.message);
    const bad = await preview('rds.admin', { part: 'dossier', asks: [{ scope: 'dossier', key: 'x', operator: 'like', value: 1 }] });
    expect(bad.status).toBe(400);
    expect(CONDITION_PREVIEW_LIMITS.examples).toBeGreaterThan(0);
  });
});
