// GET lca-server/tableau-de-bord: each figure over exactly what the caller's lists show them — their
// associations' subsidy dossiers per instruction state (not another association's, not a deleted
// one), the reports owed, the CEC declarations waiting for their decision (null when they validate
// for no association), the active exercise's Pass'Sport dossiers and standing inscriptions (null
// when no exercise is active); an LCA administrator's cover the portal; agents are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, CEC_VALIDATED, dashboardSummarySchema, type DashboardSummary } from '@portail/contract';
import { createAssociation } from './support/association-factory.ts';
import { cecDeclaration, cecValidator } from './support/cec-fixtures.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { clubWithDossier, createBeneficiaire } from './support/psp-fixtures.ts';
import { createDossier, createScheme, memberOf, signInService } from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const PATH = `/api/lca-server${api.dashboard.dashboardSummary.path}`;
async function summaryOf(token: string): Promise<DashboardSummary> {
  const response = await t.http().get(PATH).set(TOKEN_HEADER, token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return dashboardSummarySchema.parse(response.body);
}
const countOf = (summary: DashboardSummary, etat: string) => summary.dossiers.par_etat.find((c) => c.etat === etat)?.count;

describe('tableau de bord', () => {
  it('compte les instructions des dossiers de ses associations par état, sans ceux d’une autre ni les supprimés', async () => {
    const asso = await createAssociation(t);
    const member = await memberOf(t, asso);
    const [first, second] = [await signInService(t), await signInService(t)];
    const scheme = await createScheme(t, { serviceIds: [first.serviceId, second.serviceId] });
    // Transmitted to both services: two instructions in D.
    await createDossier(t, asso, scheme, [first.serviceId, second.serviceId], { etat: 'D' });
    await createDossier(t, asso, scheme, [first.serviceId], { etat: 'A' });
    const deleted = await createDossier(t, asso, scheme, [first.serviceId], { etat: '6' });
    await t.db.dossier.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });
    await createDossier(t, await createAssociation(t), scheme, [first.serviceId], { etat: '2' });

    const summary = await summaryOf(member.token);
    expect(summary.dossiers.total).toBe(3);
    expect([countOf(summary, 'D'), countOf(summary, 'A'), countOf(summary, '2'), countOf(summary, '6')]).toEqual([2, 1, 0, 0]);
    // Every state is listed with the machine's label, for the chart's axis.
    expect(summary.dossiers.par_etat).toHaveLength(14);
    expect(summary.dossiers.par_etat.find((c) => c.etat === 'D')?.label).toBe('Transmis au service instructeur');
    expect(summary.crf_manquants).toBe(0);
    expect(summary.declarations_a_valider).toBeNull();

    // A member of no association sees nothing.
    const stranger = await signIn(t, { roles: ['lca.association'] });
    const empty = await summaryOf(stranger.token);
    expect(empty.dossiers.total).toBe(0);
    expect(empty.declarations_a_valider).toBeNull();

    // An LCA administrator counts every live dossier of the portal.
    const admin = await signIn(t, { roles: ['lca.admin'] });
    expect((await summaryOf(admin.token)).dossiers.total).toBeGreaterThanOrEqual(4);
  });

  it('compte les déclarations CEC en attente de sa décision dans la session en cours, pas les autres', async () => {
    const asso = await createAssociation(t, { secondaires: 1 });
    const validator = await cecValidator(t, asso);
    await cecDeclaration(t, asso);
    await cecDeclaration(t, asso, { etabSiret: asso.secondaires[0] });
    await cecDeclaration(t, asso, { status: CEC_VALIDATED });
    await cecDeclaration(t, asso, { session: 'closed' });
    expect((await summaryOf(validator.token)).declarations_a_valider).toBe(2);

    // A member of the same association who is not a validator: none addressed to them.
    expect((await summaryOf((await memberOf(t, asso)).token)).declarations_a_valider).toBeNull();
  });

  it('compte les dossiers Pass’Sport et les inscriptions maintenues de l’exercice actif', async () => {
    const before = await signIn(t, { roles: ['lca.association'] });
    expect((await summaryOf(before.token)).pass_sport).toBeNull();

    const club = await clubWithDossier(t);
    const [kept, removed] = [await createBeneficiaire(t), await createBeneficiaire(t)];
    expect((await club.calls.add(club.id, { code_psp: kept.codePsp })).status).toBe(201);
    const added = await club.calls.add(club.id, { code_psp: removed.codePsp });
    expect(added.status).toBe(201);
    expect((await club.calls.remove(club.id, added.body.id)).status).toBe(200);

    const summary = await summaryOf(club.member.token);
    expect(summary.pass_sport).toEqual({ exercice: new Date().getFullYear(), dossiers: 1, inscriptions: 1 });
    // Another club's member does not count this club's.
    const other = await clubWithDossier(t);
    expect((await summaryOf(other.member.token)).pass_sport).toMatchObject({ dossiers: 1, inscriptions: 0 });
  });

  it('refuse les agents des services et qui n’est pas connecté', async () => {
    expect((await t.http().get(PATH)).status).toBe(401);
    const agent = await signInService(t);
    const refused = await t.http().get(PATH).set(TOKEN_HEADER, agent.token);
    expect(refused.status).toBe(403);
  });
});
