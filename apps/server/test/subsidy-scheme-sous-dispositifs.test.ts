// A campaign's sub-schemes over HTTP (docs/domain.md « Dispositifs et subventions »): added (by id or,
// for a new one, by label), their dates changed and removed through the PUT of the campaign, read by
// GET /dispositifs?populate=sous_dispositifs; dates in order and within the campaign's; a sub-scheme
// dossiers come under is never removed (409, nothing written); who may write and read.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, ROLES, ROLE_SETS, SOUS_DISPOSITIF_MESSAGES, type Role } from '@portail/contract';
import { createAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { testDispositif } from './support/rds-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let admin: string;
let cnds: Awaited<ReturnType<typeof testDispositif>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await signIn(t, { roles: ['rds.admin'] })).token;
  cnds = await testDispositif(t, 'CNDS');
});
afterAll(() => t.close());

const put = (id: string, token: string, body: object) => t.http().put(`/api/rds-server/subventions/${id}`).set(TOKEN_HEADER, token).send(body);
const dispositifs = (token: string) => t.http().get('/api/rds-server/dispositifs').query({ populate: 'sous_dispositifs' }).set(TOKEN_HEADER, token);
const refusal = (key: keyof typeof ERRORS, text?: string) => expect.objectContaining({ status: ERRORS[key].status, message: text ?? ERRORS[key].message });
const links = (subventionId: string) =>
  t.db.subventionSousDispositif.findMany({ where: { subventionId }, orderBy: { sousDispositifId: 'asc' } });

type SousItem = { id?: string; label?: string; date_debut?: string | null; date_fin?: string | null };
const campaignBody = (code: string, sous: SousItem[], extra: object = {}) => ({
  code,
  label: `Campagne ${code}`,
  dispositif: 'CNDS',
  campagne_exercice: 2026,
  date_debut: '2026-01-01',
  date_fin: '2026-12-31',
  sous_dispositifs: sous,
  ...extra,
});

/** A campaign with the test scheme's sub-scheme « Part territoriale - Emploi » (January to June). */
async function campaign() {
  const code = `SOUS-${randomUUID().slice(0, 8)}`;
  const created = await t.http().post('/api/rds-server/subventions').set(TOKEN_HEADER, admin)
    .send(campaignBody(code, [{ id: cnds.sousDispositifId, date_debut: '2026-01-15', date_fin: '2026-06-30' }]));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.id as string, code };
}

async function dossierUnder(subventionId: string, sousDispositifId: string, deleted = false) {
  const association = await createAssociation(t);
  return t.db.dossier.create({
    data: {
      idFo: `2026-${randomUUID().replace(/\D/g, '').slice(0, 6).padEnd(6, '0')}`, exercice: 2026, subventionId, dispositifId: cnds.id, sousDispositifId,
      associationId: association.id, createdByType: 'association', ...(deleted ? { deletedAt: new Date() } : {}),
    },
  });
}

describe('managing the sub-schemes of a campaign through its PUT', () => {
  it('adds one by id and a new one by label, changes dates, removes an unused one; the schemes list shows them', async () => {
    const { id, code } = await campaign();
    const label = `Part territoriale - Apprentissage ${randomUUID().slice(0, 4)}`;
    const added = await put(id, admin, campaignBody(code, [
      { id: cnds.sousDispositifId, date_debut: '2026-02-01', date_fin: '2026-07-31' },
      { label, date_debut: '2026-03-01', date_fin: '2026-09-30' },
    ]));
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.sous_dispositifs).toEqual(expect.arrayContaining([
      { id: cnds.sousDispositifId, label: 'Part territoriale - Emploi', date_debut: '2026-02-01', date_fin: '2026-07-31', fenetre: expect.any(Object) },
      { id: expect.any(String), label, date_debut: '2026-03-01', date_fin: '2026-09-30', fenetre: expect.any(Object) },
    ]));
    const newId = added.body.sous_dispositifs.find((s: { label: string }) => s.label === label).id as string;

    const schemes = await dispositifs(admin);
    expect(schemes.status).toBe(200);
    const listed = schemes.body.find((d: { code: string }) => d.code === 'CNDS').sous_dispositifs;
    expect(listed).toEqual(expect.arrayContaining([expect.objectContaining({ id: newId, label, active: true })]));

    // A campaign read back can be sent again as it is; a label already known (case aside) is reused.
    const again = await put(id, admin, campaignBody(code, [...added.body.sous_dispositifs.filter((s: { id: string }) => s.id !== newId), { label: label.toUpperCase(), date_debut: null, date_fin: null }]));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await t.db.sousDispositif.count({ where: { dispositifId: cnds.id, label: { equals: label, mode: 'insensitive' } } })).toBe(1);
    expect(again.body.sous_dispositifs).toContainEqual({ id: newId, label, date_debut: null, date_fin: null, fenetre: expect.any(Object) });

    // No dossier comes under « Emploi » in this campaign: it may go.
    const removed = await put(id, admin, campaignBody(code, [{ id: newId, date_debut: '2026-03-01' }]));
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.sous_dispositifs).toEqual([{ id: newId, label, date_debut: '2026-03-01', date_fin: null, fenetre: expect.any(Object) }]);
    expect((await links(id)).map((l) => l.sousDispositifId)).toEqual([newId]);
    // The sub-scheme itself stays in the scheme, for its other campaigns.
    expect(await t.db.sousDispositif.count({ where: { id: cnds.sousDispositifId } })).toBe(1);
  });

  it('refuses a sub-scheme ending before it starts (400, French), writing nothing', async () => {
    const { id, code } = await campaign();
    const before = await links(id);
    const label = `Inversé ${randomUUID().slice(0, 4)}`;
    for (const sous of [
      [{ id: cnds.sousDispositifId, date_debut: '2026-05-01', date_fin: '2026-04-30' }],
      [{ label, date_debut: '2026-05-01', date_fin: '2026-04-30' }],
    ]) {
      const refused = await put(id, admin, campaignBody(code, sous));
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_ERROR');
      expect(JSON.stringify(refused.body)).toContain(SOUS_DISPOSITIF_MESSAGES.datesOrder);
    }
    expect(await links(id)).toEqual(before);
    expect(await t.db.sousDispositif.count({ where: { label } })).toBe(0);
    // Neither an id nor a label: 400 in French.
    const empty = await put(id, admin, campaignBody(code, [{ date_debut: '2026-02-01' }]));
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain(SOUS_DISPOSITIF_MESSAGES.idOrLabel);
  });

  it("refuses dates outside the campaign's in the write's transaction: a new label is not kept either", async () => {
    const { id, code } = await campaign();
    const before = await links(id);
    const label = `Hors campagne ${randomUUID().slice(0, 4)}`;
    const outside = await put(id, admin, campaignBody(code, [
      { id: cnds.sousDispositifId, date_debut: '2026-01-15', date_fin: '2026-06-30' },
      { label, date_debut: '2026-10-01', date_fin: '2027-01-31' },
    ], { label: 'Libellé jamais écrit' }));
    expect(outside.body).toEqual(refusal('SOUS_DISPOSITIF_OUTSIDE_CAMPAIGN', `Les dates du sous-dispositif « ${label} » doivent être comprises dans celles de la campagne.`));
    const early = await put(id, admin, campaignBody(code, [{ id: cnds.sousDispositifId, date_debut: '2025-12-01' }]));
    expect(early.body).toEqual(refusal('SOUS_DISPOSITIF_OUTSIDE_CAMPAIGN', 'Les dates du sous-dispositif « Part territoriale - Emploi » doivent être comprises dans celles de la campagne.'));
    expect(await links(id)).toEqual(before);
    expect(await t.db.sousDispositif.count({ where: { label } })).toBe(0);
    expect((await t.db.subvention.findUniqueOrThrow({ where: { id } })).label).toBe(`Campagne ${code}`);
  });

  it('refuses unknown, foreign and repeated sub-schemes (400)', async () => {
    const { id, code } = await campaign();
    const fdva = await testDispositif(t, 'FDVA');
    for (const sous of [
      [{ id: '00000000-0000-4000-8000-000000000000' }],
      [{ id: fdva.sousDispositifId }],
      [{ id: cnds.sousDispositifId }, { label: 'part territoriale - emploi' }],
    ]) {
      expect((await put(id, admin, campaignBody(code, sous))).body).toEqual(refusal('SOUS_DISPOSITIF_UNKNOWN'));
    }
  });
});

describe('a sub-scheme dossiers come under', () => {
  it('is not removed (409, French): nothing of the PUT is written; its dates still change', async () => {
    const { id, code } = await campaign();
    await dossierUnder(id, cnds.sousDispositifId);
    const before = await links(id);
    const label = `Remplaçant ${randomUUID().slice(0, 4)}`;
    const refused = await put(id, admin, campaignBody(code, [{ label, date_debut: '2026-02-01' }], { label: 'Nouveau libellé' }));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(refusal('SOUS_DISPOSITIF_IN_USE', 'Des dossiers de cette campagne relèvent du sous-dispositif « Part territoriale - Emploi » : il ne peut pas en être retiré.'));
    expect(await links(id)).toEqual(before);
    expect(await t.db.sousDispositif.count({ where: { label } })).toBe(0);
    expect((await t.db.subvention.findUniqueOrThrow({ where: { id } })).label).toBe(`Campagne ${code}`);

    const dates = await put(id, admin, campaignBody(code, [{ id: cnds.sousDispositifId, date_debut: '2026-03-01', date_fin: '2026-03-31' }]));
    expect(dates.status, JSON.stringify(dates.body)).toBe(200);
    expect(dates.body.sous_dispositifs).toEqual([{ id: cnds.sousDispositifId, label: 'Part territoriale - Emploi', date_debut: '2026-03-01', date_fin: '2026-03-31', fenetre: expect.any(Object) }]);
  });

  it('counts a deleted dossier too, and only dossiers of this campaign', async () => {
    const used = await campaign();
    await dossierUnder(used.id, cnds.sousDispositifId, true);
    expect((await put(used.id, admin, campaignBody(used.code, []))).status).toBe(409);
    // A dossier of another campaign under the same sub-scheme does not hold this one.
    const free = await campaign();
    const cleared = await put(free.id, admin, campaignBody(free.code, []));
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.sous_dispositifs).toEqual([]);
  });
});

describe('who may manage and read sub-schemes', () => {
  const writers = ROLE_SETS.schemeAdmins as readonly Role[];
  const readers = ROLE_SETS.associationsAndServices as readonly Role[];

  it.each(ROLES.filter((role) => !writers.includes(role)))('%s may not change them (403, nothing written)', async (role) => {
    const { id, code } = await campaign();
    const before = await links(id);
    const caller = await signIn(t, { roles: [role] });
    const refused = await put(id, caller.token, campaignBody(code, [{ label: `Refusé ${role}` }]));
    expect(refused.status).toBe(403);
    expect(await links(id)).toEqual(before);
    expect(await t.db.sousDispositif.count({ where: { label: `Refusé ${role}` } })).toBe(0);
  });

  it.each(writers)('%s changes them', async (role) => {
    const { id, code } = await campaign();
    const caller = await signIn(t, { roles: [role] });
    const changed = await put(id, caller.token, campaignBody(code, [{ id: cnds.sousDispositifId, date_debut: '2026-04-01' }]));
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  });

  it.each(ROLES)('%s reading the schemes with their sub-schemes', async (role) => {
    const caller = await signIn(t, { roles: [role] });
    expect((await dispositifs(caller.token)).status).toBe(readers.includes(role) ? 200 : 403);
  });

  it('nobody signed out reads or writes them (401)', async () => {
    const { id, code } = await campaign();
    expect((await t.http().get('/api/rds-server/dispositifs').query({ populate: 'sous_dispositifs' })).status).toBe(401);
    expect((await t.http().put(`/api/rds-server/subventions/${id}`).send(campaignBody(code, []))).status).toBe(401);
  });
});
