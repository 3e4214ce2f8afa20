// The dossier list over HTTP (docs/domain.md « Dossiers de subvention »): the `fields` projection,
// pagination and sort (stable order, total), searchQuery, the createdBy / createdByType filters,
// includeDeleted for administrators, and repeated array parameters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOSSIER_LIST_FIELDS, DOSSIER_MESSAGES, dossierSummarySchema, MESSAGES } from '@portail/contract';
import { createAssociation, linkUser } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { createDossier, createScheme, dossierCalls, memberOf, signInService, type ServiceAgent, type SubsidyScheme } from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let agent: ServiceAgent;
let scheme: SubsidyScheme;

beforeAll(async () => {
  t = await startTestApp();
  agent = await signInService(t, 'Service de la liste');
  scheme = await createScheme(t, { serviceIds: [agent.serviceId] });
});
afterAll(() => t.close());

type Item = { id: string; id_fo: string; [key: string]: unknown };
/** GET the list as `token`; a query value given as an array is sent as repeated parameters. */
const list = (token: string, query: Record<string, string | string[]> = {}) => dossierCalls(t, token).get('', query);
const ids = (body: { items: Item[] }) => body.items.map((d) => d.id);

/** An association of its own, a member linked to its head office, and `n` dossiers (in A unless said). */
async function memberWithDossiers(n: number, options: { nom?: string; etat?: (i: number) => string; exercice?: (i: number) => number } = {}) {
  const asso = await createAssociation(t, options.nom ? { nom: options.nom } : {});
  const member = await memberOf(t, asso);
  const rows = [];
  for (let i = 0; i < n; i++) {
    rows.push(await createDossier(t, asso, scheme, [agent.serviceId], { etat: options.etat?.(i) ?? 'A', exercice: options.exercice?.(i) ?? 2026 }));
  }
  return { asso, member, rows };
}

describe('fields', () => {
  it('keeps only the named fields of each summary, and the id always', async () => {
    const { member, rows } = await memberWithDossiers(2);
    const projected = await list(member.token, { fields: ['id_fo', 'statut'] });
    expect(projected.status, JSON.stringify(projected.body)).toBe(200);
    expect(projected.body.total).toBe(2);
    for (const item of projected.body.items as Item[]) expect(Object.keys(item).sort()).toEqual(['id', 'id_fo', 'statut']);
    expect(projected.body.items.map((d: Item) => d.id_fo).sort()).toEqual(rows.map((r) => r.idFo).sort());

    // Comma-separated is the same as repeated; a nested field comes whole.
    const commas = await list(member.token, { fields: 'demandeur,instructions' });
    expect(commas.status).toBe(200);
    expect(commas.body.items[0]).toEqual({
      id: expect.any(String),
      demandeur: { id_siret: rows[0]!.idSiret, nom: rows[0]!.nom },
      instructions: [{ etat: 'A', id_service_instructeur: agent.serviceId }],
    });
    // Only the id.
    expect((await list(member.token, { fields: 'id' })).body.items.map((d: Item) => Object.keys(d))).toEqual([['id'], ['id']]);
  });

  it('answers every summary key without fields, and every field can be named', async () => {
    const { member } = await memberWithDossiers(1);
    const whole = await list(member.token);
    expect(dossierSummarySchema.safeParse(whole.body.items[0]).success).toBe(true);
    const all = await list(member.token, { fields: [...DOSSIER_LIST_FIELDS] });
    expect(all.status).toBe(200);
    expect(all.body.items).toEqual(whole.body.items);
  });

  it('keeps the parts asked by populate and select_notifications beside the named fields', async () => {
    const { member } = await memberWithDossiers(1);
    const response = await list(member.token, { fields: 'id_fo', populate: 'instructeurs', select_notifications: 'true' });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.items[0]).sort()).toEqual(['id', 'id_fo', 'instructeurs', 'messages_non_lus', 'notifications']);
    expect(response.body.items[0].notifications).toBe(0);
    expect(response.body.items[0].messages_non_lus).toBe(0);
    expect(response.body.items[0].instructeurs).toMatchObject([{ service: { id: agent.serviceId, nom: 'Service de la liste' }, isReferent: true }]);
  });

  it('refuses an unknown field name with a French message (400), a part name included', async () => {
    const { member } = await memberWithDossiers(1);
    const unknown = await list(member.token, { fields: ['id_fo', 'montant'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('VALIDATION_ERROR');
    expect(unknown.body.message).toContain(DOSSIER_MESSAGES.unknownField('montant'));
    const part = await list(member.token, { fields: 'projets' });
    expect(part.status).toBe(400);
    expect(part.body.message).toContain('« projets » n\'est pas un champ du résumé');
  });
});

describe('pagination and sort', () => {
  it('pages through every dossier once, in a stable order, with the total', async () => {
    // Three exercises, several dossiers per exercise: ties on the sort key are broken by the id.
    const { member, rows } = await memberWithDossiers(7, { exercice: (i) => 2024 + (i % 3) });
    const seen: Item[] = [];
    for (let page = 1; page <= 3; page++) {
      const response = await list(member.token, { sort: 'exercice', order: 'asc', limit: '3', page: String(page) });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ total: 7, page, limit: 3 });
      expect(response.body.items.length).toBe(page < 3 ? 3 : 1);
      seen.push(...(response.body.items as Item[]));
    }
    expect(new Set(seen.map((d) => d.id)).size).toBe(7);
    expect(seen.map((d) => d.id).sort()).toEqual(rows.map((r) => r.id).sort());
    const exercices = seen.map((d) => d.exercice as number);
    expect(exercices).toEqual([...exercices].sort((a, b) => a - b));
    // Within one exercise, the order is the ids' order.
    for (const year of [2024, 2025, 2026]) {
      const sameYear = seen.filter((d) => d.exercice === year).map((d) => d.id);
      expect(sameYear).toEqual([...sameYear].sort());
    }
    // Asking again gives the same pages.
    const again = await list(member.token, { sort: 'exercice', order: 'asc', limit: '3', page: '2' });
    expect(ids(again.body)).toEqual(seen.slice(3, 6).map((d) => d.id));
    // Past the end: no item, the total still.
    const past = await list(member.token, { sort: 'exercice', order: 'asc', limit: '3', page: '4' });
    expect(past.body).toMatchObject({ total: 7, items: [] });
  });

  it('sorts by id_fo both ways', async () => {
    const { member, rows } = await memberWithDossiers(3);
    const byIdFo = rows.map((r) => r.idFo).sort();
    const asc = await list(member.token, { sort: 'id_fo', order: 'asc', fields: 'id_fo' });
    expect(asc.body.items.map((d: Item) => d.id_fo)).toEqual(byIdFo);
    const desc = await list(member.token, { sort: 'id_fo', order: 'desc', fields: 'id_fo' });
    expect(desc.body.items.map((d: Item) => d.id_fo)).toEqual([...byIdFo].reverse());
  });

  it('refuses a limit above 100, a page 0 and an unknown sort with a French message', async () => {
    const { member } = await memberWithDossiers(0);
    for (const query of [{ limit: '101' }, { page: '0' }, { sort: 'nom' }, { order: 'up' }] as Record<string, string>[]) {
      const response = await list(member.token, query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.message).toMatch(/[éèàç]|doit|valeur|champ/i);
    }
  });
});

describe('filters', () => {
  it('searches by id_fo (its beginning) and by name (any part, any case)', async () => {
    const { member, rows } = await memberWithDossiers(2, { nom: 'Les Amis du Vélo de Montreuil' });
    const [first] = rows;
    const byIdFo = await list(member.token, { searchQuery: first!.idFo });
    expect(ids(byIdFo.body)).toEqual([first!.id]);
    const byName = await list(member.token, { searchQuery: 'vélo de montreuil' });
    expect(ids(byName.body).sort()).toEqual(rows.map((r) => r.id).sort());
    expect((await list(member.token, { searchQuery: 'pétanque' })).body).toMatchObject({ total: 0, items: [] });
    // Spaces around the text are not part of it.
    expect(ids((await list(member.token, { searchQuery: `  ${first!.idFo}  ` })).body)).toEqual([first!.id]);
  });

  it("takes '%' and '_' as themselves, not as wildcards", async () => {
    const { member, rows } = await memberWithDossiers(1, { nom: 'Cent % Vélo_Club' });
    const other = await memberWithDossiers(1);
    await linkUser(t, member.account.id, other.asso);
    expect((await list(member.token, { limit: '100' })).body.total).toBe(2);
    // Only the name holding the sign matches it; as wildcards they would match both dossiers.
    const total = async (searchQuery: string) => (await list(member.token, { searchQuery })).body.total;
    expect(await total('%')).toBe(1);
    expect(await total('_')).toBe(1);
    expect(await total('%%')).toBe(0);
    expect(await total('2026_')).toBe(0);
    expect(ids((await list(member.token, { searchQuery: '% vélo_c' })).body)).toEqual([rows[0]!.id]);
  });

  it('filters by creator and by the creator side', async () => {
    const { member, rows } = await memberWithDossiers(3);
    const [mine, theirs, byService] = rows;
    await t.db.dossier.update({ where: { id: mine!.id }, data: { createdById: member.account.id } });
    const colleague = await signIn(t, { roles: ['lca.association'] });
    await t.db.dossier.update({ where: { id: theirs!.id }, data: { createdById: colleague.account.id } });
    await t.db.dossier.update({ where: { id: byService!.id }, data: { createdById: agent.account.id, createdByType: 'service' } });

    expect(ids((await list(member.token, { createdBy: member.account.id })).body)).toEqual([mine!.id]);
    const both = await list(member.token, { createdBy: [member.account.id, colleague.account.id] });
    expect(ids(both.body).sort()).toEqual([mine!.id, theirs!.id].sort());
    expect(ids((await list(member.token, { createdByType: 'service' })).body)).toEqual([byService!.id]);
    expect(ids((await list(member.token, { createdByType: 'association' })).body).sort()).toEqual([mine!.id, theirs!.id].sort());
    const badType = await list(member.token, { createdByType: 'robot' });
    expect(badType.status).toBe(400);
    const badId = await list(member.token, { createdBy: 'quelqu-un' });
    expect(badId.status).toBe(400);
  });

  it("an agent lists the service's transmitted dossiers and those they created themselves, not another's in entry", async () => {
    const { rows } = await memberWithDossiers(4, { etat: (i) => ['A', 'D', 'A', '2'][i]! });
    const [inEntry, transmitted, createdByAgent, instructed] = rows;
    // Created by the agent for the association (the creator copied on the instructions, as creation does).
    await t.db.dossier.update({ where: { id: createdByAgent!.id }, data: { createdById: agent.account.id, createdByType: 'service' } });
    await t.db.dossierInstruction.updateMany({ where: { dossierId: createdByAgent!.id }, data: { createdById: agent.account.id, createdByType: 'service' } });
    const seen = ids((await list(agent.token, { limit: '100' })).body);
    expect(seen).toEqual(expect.arrayContaining([transmitted!.id, createdByAgent!.id, instructed!.id]));
    expect(seen).not.toContain(inEntry!.id);
    // Another service sees none of them.
    const other = await signInService(t, 'Autre service');
    const otherSees = ids((await list(other.token, { limit: '100' })).body);
    for (const row of rows) expect(otherSees).not.toContain(row.id);
  });

  it('takes repeated array parameters and comma lists alike (etats=A&etats=D)', async () => {
    const states = ['A', 'D', 'C', '2'];
    const { member, rows } = await memberWithDossiers(4, { etat: (i) => states[i]! });
    const byState = (etat: string) => rows[states.indexOf(etat)]!.id;
    const repeated = await list(member.token, { etats: ['A', 'D'] });
    expect(repeated.status).toBe(200);
    expect(ids(repeated.body).sort()).toEqual([byState('A'), byState('D')].sort());
    const commas = await list(member.token, { etats: 'A,D' });
    expect(ids(commas.body).sort()).toEqual(ids(repeated.body).sort());
    expect(ids((await list(member.token, { etats: 'C' })).body)).toEqual([byState('C')]);
    const unknown = await list(member.token, { etats: ['A', 'Z'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('VALIDATION_ERROR');
  });

  it('filters by the states of the dossiers’ financial reports (etatsCRF), an unknown state refused in French', async () => {
    const { member, rows } = await memberWithDossiers(3, { etat: () => '9' });
    const report = (dossier: (typeof rows)[number], etat: string) =>
      t.db.crf.create({ data: { dossierId: dossier.id, associationId: dossier.associationId, serviceId: agent.serviceId, exercice: dossier.exercice, etat } });
    await report(rows[0]!, '4');
    await report(rows[1]!, '2');
    expect(ids((await list(member.token, { etatsCRF: ['4'] })).body)).toEqual([rows[0]!.id]);
    expect(ids((await list(member.token, { etatsCRF: '2,4' })).body).sort()).toEqual([rows[0]!.id, rows[1]!.id].sort());
    const unknown = await list(member.token, { etatsCRF: ['9'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('VALIDATION_ERROR');
    expect(unknown.body.message).toMatch(/etatsCRF|valeur|format/i);
  });

  it('shows deleted dossiers to an administrator who asks, to nobody else', async () => {
    const { asso, member, rows } = await memberWithDossiers(2);
    const [kept, deleted] = rows;
    expect((await dossierCalls(t, member.token).del(`/${deleted!.id}`)).status).toBe(200);
    const admin = await signIn(t, { roles: ['lca.admin'] });
    const withoutFlag = await list(admin.token, { demandeur: asso.siege, limit: '100' });
    expect(ids(withoutFlag.body)).toEqual([kept!.id]);
    const withFlag = await list(admin.token, { demandeur: asso.siege, includeDeleted: 'true', limit: '100' });
    expect(withFlag.status).toBe(200);
    expect(ids(withFlag.body).sort()).toEqual([kept!.id, deleted!.id].sort());
    expect(withFlag.body.items.find((d: Item) => d.id === deleted!.id)).toMatchObject({ deleted: true, instructions: [{ etat: 'B' }] });
    const refused = await list(member.token, { includeDeleted: 'true' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    expect(refused.body.message).toBe(MESSAGES.forbidden);
    // false is the same as absent.
    expect(ids((await list(member.token, { includeDeleted: 'false' })).body)).toEqual([kept!.id]);
  });
});
