// proxy-asso association file, writes of comptes, rhs, agrements, reseaux_affiliation, the
// affiliation to a parent association, and the whole file (GET /association): the rules of docs/domain.md « Données »
// and « Champs », bad input answering 400 with French messages per field and leaving the data unchanged.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSOCIATION_FILE_KEYS, ASSOCIATION_FILE_MESSAGES, associationFileSchema, encodeChangeValue, fileYearBounds, MAX_STORED_EUROS, MESSAGES } from '@portail/contract';
import { createAssociation, createRib, linkUser, newSiren, type TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let asso: TestAssociation;
let token: string;
let adminToken: string;
const { min: MIN_YEAR, max: THIS_YEAR } = fileYearBounds();

beforeAll(async () => {
  t = await startTestApp();
  asso = await createAssociation(t, { nom: 'Club de judo de Lille', secondaires: 2 });
  const member = await signIn(t);
  await linkUser(t, member.account.id, asso);
  token = member.token;
  adminToken = (await signIn(t, { roles: ['lca.admin'] })).token;
});
afterAll(() => t.close());

const base = '/api/proxy-asso/association';
type Method = 'get' | 'post' | 'patch' | 'delete';
const send = (method: Method, type: string, query: Record<string, string>, body?: object, as = token) => {
  const request = t.http()[method](type ? `${base}/${type}` : base).query(query).set(TOKEN_HEADER, as);
  return body === undefined ? request : request.send(body);
};
const changes = (values: Record<string, unknown>) =>
  Object.entries(values).map(([key, value]) => ({ key, value: encodeChangeValue(value as never) }));
const id_asso = () => asso.id;

/** Answers 400 with exactly these field messages, the French form message first. */
function expect400(response: { status: number; body: { message: string; fields?: Record<string, string> } }, fields: Record<string, string>) {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body.fields).toEqual(fields);
  expect(response.body.message.startsWith(MESSAGES.invalidForm)).toBe(true);
}

describe('comptes', () => {
  const rows = () => t.db.associationCompte.findMany({ where: { associationId: asso.id }, orderBy: { id: 'asc' } });

  it('creates the accounts of a recent year (resultat computed), changes them (recomputed) and deletes them', async () => {
    const created = await send('post', 'comptes', { id_asso: id_asso(), annee: String(THIS_YEAR) }, { charges: 12000, produits: 15500, dons: 300 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ annee: THIS_YEAR, charges: 12000, produits: 15500, dons: 300, resultat: 3500, subv: null });

    const changed = await send('patch', 'comptes', { id_asso: id_asso(), id: created.body.id }, changes({ charges: '16000' }));
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ charges: 16000, resultat: -500 });
    const consistent = await send('patch', 'comptes', { id_asso: id_asso(), id: created.body.id }, changes({ produits: 20000, resultat: 4000 }));
    expect(consistent.body).toMatchObject({ produits: 20000, resultat: 4000 });

    expect((await send('get', 'comptes', { id_asso: asso.siren })).body).toEqual([expect.objectContaining({ id: created.body.id, resultat: 4000 })]);
    expect((await send('delete', 'comptes', { id_asso: id_asso(), id: created.body.id })).status).toBe(200);
    expect(await rows()).toEqual([]);
  });

  it('keeps a given resultat when charges or produits are unknown', async () => {
    const created = await send('post', 'comptes', { id_asso: id_asso(), annee: String(THIS_YEAR - 1) }, { produits: 900, resultat: 100 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ charges: null, produits: 900, resultat: 100 });
    await t.db.associationCompte.delete({ where: { id: created.body.id } });
  });

  it('refuses an inconsistent resultat, cents, negative amounts, a year outside the window, a second set for a year; nothing written', async () => {
    const before = await rows();
    const year = { id_asso: id_asso(), annee: String(THIS_YEAR) };
    expect400(await send('post', 'comptes', year, { charges: 100, produits: 150, resultat: 60 }), { resultat: ASSOCIATION_FILE_MESSAGES.resultatInconsistent(50) });
    expect400(await send('post', 'comptes', year, { charges: 100.5 }), { charges: ASSOCIATION_FILE_MESSAGES.wholeEuros('charges') });
    expect400(await send('post', 'comptes', year, { dons: -1 }), { dons: ASSOCIATION_FILE_MESSAGES.wholeEuros('dons') });
    // Past the integer column's bound: a message, not a failed write.
    expect400(await send('post', 'comptes', year, { charges: MAX_STORED_EUROS + 1 }), { charges: ASSOCIATION_FILE_MESSAGES.wholeEuros('charges') });
    const unknownKey = await send('post', 'comptes', year, { benefice: 1 });
    expect(unknownKey.status).toBe(400);
    expect(Object.keys(unknownKey.body.fields)).toEqual(['corps']);
    for (const annee of [MIN_YEAR - 1, THIS_YEAR + 1]) {
      expect400(await send('post', 'comptes', { id_asso: id_asso(), annee: String(annee) }, {}), { annee: ASSOCIATION_FILE_MESSAGES.yearOutOfRange(MIN_YEAR, THIS_YEAR) });
    }
    expect400(await send('post', 'comptes', { id_asso: id_asso(), annee: 'deux-mille' }, {}), { annee: MESSAGES.badFormat('année') });
    expect(await rows()).toEqual(before);

    const first = await send('post', 'comptes', { id_asso: id_asso(), annee: String(MIN_YEAR) }, { subv: 10 });
    expect(first.status).toBe(201);
    const after = await rows();
    expect400(await send('post', 'comptes', { id_asso: id_asso(), annee: String(MIN_YEAR) }, { subv: 20 }), { annee: ASSOCIATION_FILE_MESSAGES.compteExists(MIN_YEAR) });
    const patchBase = { id_asso: id_asso(), id: first.body.id };
    await send('patch', 'comptes', patchBase, changes({ charges: 10, produits: 30 }));
    const settled = await rows();
    expect400(await send('patch', 'comptes', patchBase, changes({ resultat: 5 })), { resultat: ASSOCIATION_FILE_MESSAGES.resultatInconsistent(20) });
    expect400(await send('patch', 'comptes', patchBase, changes({ annee: 2000 })), { annee: ASSOCIATION_FILE_MESSAGES.notModifiable('annee') });
    expect400(await send('patch', 'comptes', patchBase, changes({ dons: 'beaucoup' })), { dons: ASSOCIATION_FILE_MESSAGES.wholeEuros('dons') });
    expect(await rows()).toEqual(settled);
    expect(after).toHaveLength(1);
  });

  it('answers 404 for an id that is not a row of the association', async () => {
    expect((await send('patch', 'comptes', { id_asso: id_asso(), id: randomUUID() }, changes({ dons: 1 }))).status).toBe(404);
    expect((await send('delete', 'comptes', { id_asso: id_asso(), id: randomUUID() })).status).toBe(404);
  });
});

describe('rhs', () => {
  const rows = () => t.db.associationRh.findMany({ where: { associationId: asso.id }, orderBy: { id: 'asc' } });

  it('creates the figures of a year for an establishment, changes and deletes them', async () => {
    const query = { id_asso: id_asso(), id_siret: asso.secondaires[0]!, annee: String(THIS_YEAR) };
    const created = await send('post', 'rhs', query, { nb_adherents: 40, nb_adherents_f: 22, nb_adherents_h: 18, nb_salaries: 2, nb_salaries_etpt: 1.75, cumul_top_5_salaires: 48000 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ annee: THIS_YEAR, id_siret: asso.secondaires[0], nb_adherents: 40, nb_salaries_etpt: 1.75, nb_benevoles: null });

    const changed = await send('patch', 'rhs', { id_asso: id_asso(), id: created.body.id }, changes({ nb_salaries_etpt: '2.5', nb_benevoles: '7' }));
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ nb_salaries_etpt: 2.5, nb_benevoles: 7 });
    const list = await send('get', 'rhs', { id_asso: id_asso(), id_siret: asso.secondaires[0]! });
    expect(list.body).toEqual([expect.objectContaining({ id: created.body.id })]);
    expect((await send('delete', 'rhs', { id_asso: id_asso(), id: created.body.id })).status).toBe(200);
    expect(await rows()).toEqual([]);
  });

  it('refuses negative or decimal counts, ETPT with 3 decimals, women + men above the total, a SIRET of another association, a second set; nothing written', async () => {
    const query = { id_asso: id_asso(), id_siret: asso.siege, annee: String(THIS_YEAR - 1) };
    expect400(await send('post', 'rhs', query, { nb_benevoles: -1 }), { nb_benevoles: ASSOCIATION_FILE_MESSAGES.nonNegativeInteger('nombre de bénévoles') });
    expect400(await send('post', 'rhs', query, { nb_dirigeants: 1.5 }), { nb_dirigeants: ASSOCIATION_FILE_MESSAGES.nonNegativeInteger('nombre de dirigeants') });
    expect400(await send('post', 'rhs', query, { nb_salaries_etpt: 1.234 }), { nb_salaries_etpt: ASSOCIATION_FILE_MESSAGES.twoDecimals('nombre de salariés en ETPT') });
    expect400(await send('post', 'rhs', query, { nb_salaries_etpt: -0.5 }), { nb_salaries_etpt: ASSOCIATION_FILE_MESSAGES.twoDecimals('nombre de salariés en ETPT') });
    expect400(await send('post', 'rhs', query, { nb_adherents: 10, nb_adherents_f: 6, nb_adherents_h: 5 }), { nb_adherents: ASSOCIATION_FILE_MESSAGES.adherentsSplitTooLarge });
    const other = await createAssociation(t);
    expect400(await send('post', 'rhs', { ...query, id_siret: other.siege }, { nb_adherents: 1 }), { id_siret: ASSOCIATION_FILE_MESSAGES.siretNotInAssociation });
    expect(await rows()).toEqual([]);

    // Women + men may be given without the total.
    const created = await send('post', 'rhs', query, { nb_adherents_f: 6, nb_adherents_h: 5 });
    expect(created.status).toBe(201);
    expect400(await send('post', 'rhs', query, {}), { annee: ASSOCIATION_FILE_MESSAGES.rhExists(THIS_YEAR - 1) });
    const before = await rows();
    expect400(await send('patch', 'rhs', { id_asso: id_asso(), id: created.body.id }, changes({ nb_adherents: 10 })), { nb_adherents: ASSOCIATION_FILE_MESSAGES.adherentsSplitTooLarge });
    expect400(await send('patch', 'rhs', { id_asso: id_asso(), id: created.body.id }, changes({ id_siret: asso.secondaires[1] })), { id_siret: ASSOCIATION_FILE_MESSAGES.notModifiable('id_siret') });
    expect(await rows()).toEqual(before);
    expect((await send('patch', 'rhs', { id_asso: id_asso(), id: created.body.id }, changes({ nb_adherents: 11 }))).status).toBe(200);
    await t.db.associationRh.deleteMany({ where: { associationId: asso.id } });
  });

  it('requires the SIRET and the year', async () => {
    const response = await send('post', 'rhs', { id_asso: id_asso() }, {});
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fields).sort()).toEqual(['annee', 'id_siret']);
  });
});

describe('agrements', () => {
  const rows = () => t.db.associationAgrement.findMany({ where: { associationId: asso.id }, orderBy: { id: 'asc' } });

  it('adds an approval (dates as YYYY-MM-DD or DD/MM/YYYY), changes and deletes it', async () => {
    const created = await send('post', 'agrements', { id_asso: id_asso() }, { type: 'JEP', numero: '59-2020-01', date_attribution: '04/03/2020', date_validite: '2025-03-03' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ type: 'JEP', numero: '59-2020-01', date_attribution: '2020-03-04', date_validite: '2025-03-03', niveau: null });
    const changed = await send('patch', 'agrements', { id_asso: id_asso(), id: created.body.id }, changes({ niveau: 'Départemental', date_validite: null }));
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ niveau: 'Départemental', date_validite: null });
    expect((await send('get', 'agrements', { id_asso: id_asso() })).body).toEqual([expect.objectContaining({ id: created.body.id })]);
    expect((await send('delete', 'agrements', { id_asso: id_asso(), id: created.body.id })).status).toBe(200);
    expect(await rows()).toEqual([]);
  });

  it('refuses a missing type, an impossible date, a validity before the attribution; nothing written', async () => {
    const query = { id_asso: id_asso() };
    expect400(await send('post', 'agrements', query, { numero: '1' }), { type: MESSAGES.required('type d’agrément') });
    expect400(await send('post', 'agrements', query, { type: 'JEP', date_attribution: '2023-02-30' }), { date_attribution: MESSAGES.badFormat('date d’attribution') });
    expect400(await send('post', 'agrements', query, { type: 'JEP', date_attribution: '31/13/2020' }), { date_attribution: MESSAGES.badFormat('date d’attribution') });
    expect400(await send('post', 'agrements', query, { type: 'JEP', date_attribution: '2020-05-01', date_validite: '2020-04-30' }), { date_validite: ASSOCIATION_FILE_MESSAGES.validiteBeforeAttribution });
    expect(await rows()).toEqual([]);
    const created = await send('post', 'agrements', query, { type: 'Sport', date_attribution: '2020-05-01' });
    const before = await rows();
    expect400(await send('patch', 'agrements', { ...query, id: created.body.id }, changes({ date_validite: '2019-01-01' })), { date_validite: ASSOCIATION_FILE_MESSAGES.validiteBeforeAttribution });
    expect400(await send('patch', 'agrements', { ...query, id: created.body.id }, changes({ type: '' })), { type: MESSAGES.required('type d’agrément') });
    expect(await rows()).toEqual(before);
    await t.db.associationAgrement.deleteMany({ where: { associationId: asso.id } });
  });
});

describe('reseaux_affiliation', () => {
  const rows = () => t.db.reseauAffiliation.findMany({ where: { associationId: asso.id }, orderBy: { id: 'asc' } });
  const siren = newSiren();

  it('declares a network, changes and deletes it', async () => {
    const created = await send('post', 'reseaux_affiliation', { id_asso: id_asso() }, { nom: 'Fédération française de judo', id_siren: `${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`, numero: 'FFJ-59.001', nb_licencies: 30, nb_licencies_f: 12, nb_licencies_h: 18 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ nom: 'Fédération française de judo', id_siren: siren, numero: 'FFJ-59.001', nb_licencies: 30 });
    const changed = await send('patch', 'reseaux_affiliation', { id_asso: id_asso(), id: created.body.id }, changes({ nb_licencies: 31, objet: 'Judo' }));
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ nb_licencies: 31, objet: 'Judo' });
    expect((await send('delete', 'reseaux_affiliation', { id_asso: id_asso(), id: created.body.id })).status).toBe(200);
    expect(await rows()).toEqual([]);
  });

  it('refuses a missing name, a SIREN failing Luhn, a bad affiliation number, women + men above the total, a duplicate; nothing written', async () => {
    const query = { id_asso: id_asso() };
    // One digit changed: the Luhn key no longer matches.
    const badSiren = `${siren.slice(0, 8)}${(Number(siren[8]) + 1) % 10}`;
    expect400(await send('post', 'reseaux_affiliation', query, { objet: 'x' }), { nom: MESSAGES.required('nom du réseau') });
    expect400(await send('post', 'reseaux_affiliation', query, { nom: 'FFJ', id_siren: badSiren }), { id_siren: MESSAGES.badFormat('SIREN') });
    expect400(await send('post', 'reseaux_affiliation', query, { nom: 'FFJ', numero: 'n° 12' }), { numero: MESSAGES.badFormat('numéro d’affiliation') });
    expect400(await send('post', 'reseaux_affiliation', query, { nom: 'FFJ', nb_licencies: 10, nb_licencies_f: 8, nb_licencies_h: 3 }), { nb_licencies: ASSOCIATION_FILE_MESSAGES.licenciesSplitTooLarge });
    expect(await rows()).toEqual([]);
    const first = await send('post', 'reseaux_affiliation', query, { nom: 'Union régionale', id_siren: siren });
    expect(first.status).toBe(201);
    const before = await rows();
    expect400(await send('post', 'reseaux_affiliation', query, { nom: '  union régionale ' }), { nom: ASSOCIATION_FILE_MESSAGES.reseauExists });
    expect400(await send('post', 'reseaux_affiliation', query, { nom: 'Autre nom', id_siren: siren }), { id_siren: ASSOCIATION_FILE_MESSAGES.reseauExists });
    const second = await send('post', 'reseaux_affiliation', query, { nom: 'Comité départemental' });
    expect400(await send('patch', 'reseaux_affiliation', { ...query, id: second.body.id }, changes({ nom: 'Union Régionale' })), { nom: ASSOCIATION_FILE_MESSAGES.reseauExists });
    expect400(await send('patch', 'reseaux_affiliation', { ...query, id: second.body.id }, changes({ nb_licencies: 1, nb_licencies_f: 1, nb_licencies_h: 1 })), { nb_licencies: ASSOCIATION_FILE_MESSAGES.licenciesSplitTooLarge });
    expect((await rows()).filter((r) => r.id !== second.body.id)).toEqual(before);
    expect((await t.db.reseauAffiliation.findUniqueOrThrow({ where: { id: second.body.id } })).nom).toBe('Comité départemental');
    await t.db.reseauAffiliation.deleteMany({ where: { associationId: asso.id } });
  });
});

describe('POST /association/reseauxAffiliation (affiliation to a parent association)', () => {
  const rows = () => t.db.reseauAffiliation.findMany({ where: { associationId: asso.id }, orderBy: { id: 'asc' } });
  const affiliate = (membre: string, parent: string, as = token) =>
    t.http().post(`${base}/reseauxAffiliation`).query({ id_asso_membre: membre, id_asso_parent: parent }).set(TOKEN_HEADER, as);

  it("creates the network row with the parent's name, SIREN, object and address, then refuses a second one", async () => {
    const parent = await createAssociation(t, { nom: 'Ligue des Hauts-de-France de judo' });
    await t.db.association.update({ where: { id: parent.id }, data: { objet: 'Développer le judo', adresseSiege: { num_voie: '12', type_voie: 'RUE', voie: 'des Sports', cp: '59000', commune: 'Lille' } } });
    const response = await affiliate(asso.siren, parent.rna);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ nom: 'Ligue des Hauts-de-France de judo', id_siren: parent.siren, objet: 'Développer le judo', adresse: '12 RUE des Sports, 59000 Lille' });
    const before = await rows();
    expect400(await affiliate(asso.id, parent.siege), { id_asso_parent: ASSOCIATION_FILE_MESSAGES.reseauExists });
    expect(await rows()).toEqual(before);
    await t.db.reseauAffiliation.deleteMany({ where: { associationId: asso.id } });
  });

  it('refuses self-affiliation, an unknown parent, missing identifiers; nothing written', async () => {
    expect400(await affiliate(asso.id, asso.siren), { id_asso_parent: ASSOCIATION_FILE_MESSAGES.selfAffiliation });
    expect400(await affiliate(asso.id, newSiren()), { id_asso_parent: ASSOCIATION_FILE_MESSAGES.parentAssociationNotFound });
    const missing = await t.http().post(`${base}/reseauxAffiliation`).set(TOKEN_HEADER, token);
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ id_asso_membre: MESSAGES.missingAssociationId, id_asso_parent: MESSAGES.missingAssociationId });
    expect(await rows()).toEqual([]);
  });
});

describe('GET /association (the whole file)', () => {
  let deletedRep: { id: string };
  beforeAll(async () => {
    await t.db.associationCompte.deleteMany({ where: { associationId: asso.id } });
    await t.db.associationRh.deleteMany({ where: { associationId: asso.id } });
    await createRib(t, asso, asso.siege);
    await t.db.associationCompte.create({ data: { associationId: asso.id, annee: THIS_YEAR - 1, charges: 10, produits: 20, resultat: 10 } });
    await t.db.associationRh.create({ data: { associationId: asso.id, annee: THIS_YEAR - 1, idSiret: asso.siege, nbAdherents: 5 } });
    await t.db.associationAgrement.create({ data: { associationId: asso.id, type: 'JEP' } });
    await t.db.reseauAffiliation.create({ data: { associationId: asso.id, nom: 'FFJ' } });
    await t.db.associationBudget.create({ data: { associationId: asso.id, annee: THIS_YEAR, comptes: { '60': 5 } } });
    await t.db.association.update({ where: { id: asso.id }, data: { compositionReseau: [{ nom: 'Club A' }], adherentsPersonnesMorales: [{ nom: 'Mairie' }] } });
    deletedRep = await t.db.representantLegal.create({ data: { associationId: asso.id, nom: 'Ancien', deleted: true } });
  });
  afterAll(async () => {
    await t.db.reseauAffiliation.deleteMany({ where: { associationId: asso.id } });
    await t.db.associationAgrement.deleteMany({ where: { associationId: asso.id } });
  });

  it('answers every part of the file by id_correspondance, RNA, SIREN or SIRET', async () => {
    for (const q of [asso.id, asso.rna, asso.siren, asso.secondaires[1]!]) {
      const response = await send('get', '', { q });
      expect(response.status, q).toBe(200);
      const file = associationFileSchema.parse(response.body);
      expect(Object.keys(response.body).sort()).toEqual([...ASSOCIATION_FILE_KEYS].sort());
      expect(file.identite).toMatchObject({ id_correspondance: asso.id, id_siren: asso.siren, nom: 'Club de judo de Lille' });
      expect(file.etablissements!.map((e) => e.siret)).toEqual([asso.siege, ...asso.secondaires]);
      expect(file.comptes).toEqual([expect.objectContaining({ annee: THIS_YEAR - 1, resultat: 10 })]);
      expect(file.rhs).toEqual([expect.objectContaining({ id_siret: asso.siege, nb_adherents: 5 })]);
      expect(file.ribs).toHaveLength(1);
      expect(file.agrements).toEqual([expect.objectContaining({ type: 'JEP' })]);
      expect(file.reseaux_affiliation).toEqual([expect.objectContaining({ nom: 'FFJ' })]);
      expect(file.budgets).toEqual([expect.objectContaining({ annee: THIS_YEAR })]);
      expect(file.composition_reseau).toEqual([{ nom: 'Club A' }]);
      expect(file.adherents_personnes_morales).toEqual([{ nom: 'Mairie' }]);
      expect(file.representants_legaux!.map((r) => r.id)).not.toContain(deletedRep.id);
    }
  });

  it('honours include, exclude, hideRepresentantsLegaux, representants_legaux=false and endpoint=structureByCorrespondance', async () => {
    const keys = async (query: Record<string, string>) => {
      const response = await send('get', '', { q: asso.id, ...query });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return Object.keys(response.body).sort();
    };
    expect(await keys({ include: 'identite, comptes' })).toEqual(['comptes', 'identite']);
    expect(await keys({ exclude: 'ribs,rhs' })).toEqual(ASSOCIATION_FILE_KEYS.filter((k) => k !== 'ribs' && k !== 'rhs').sort());
    expect(await keys({ hideRepresentantsLegaux: 'true' })).not.toContain('representants_legaux');
    expect(await keys({ representants_legaux: 'false' })).not.toContain('representants_legaux');
    expect(await keys({ endpoint: 'structureByCorrespondance' })).toEqual(['identite', 'representants_legaux']);
    expect(await keys({ endpoint: 'structureByCorrespondance', include: 'identite,representants_legaux,ribs' })).toEqual(['identite', 'representants_legaux']);
    expect(await keys({ endpoint: 'structureByCorrespondance', hideRepresentantsLegaux: 'true' })).toEqual(['identite']);
  });

  it('refuses unknown keys, an unknown endpoint, a missing q (400 in French)', async () => {
    const unknown = await send('get', '', { q: asso.id, include: 'identite,secrets' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields.include).toContain('secrets');
    expect((await send('get', '', { q: asso.id, endpoint: 'autre' })).body.fields).toEqual({ endpoint: MESSAGES.badFormat('endpoint') });
    expect((await send('get', '', {})).body.fields).toEqual({ q: MESSAGES.missingAssociationId });
  });

  it('includeDeleted shows deleted representatives to lca.admin only (403 otherwise)', async () => {
    const admin = await send('get', '', { q: asso.id, includeDeleted: 'true', include: 'representants_legaux' }, undefined, adminToken);
    expect(admin.status).toBe(200);
    expect(admin.body.representants_legaux.map((r: { id: string }) => r.id)).toContain(deletedRep.id);
    const member = await send('get', '', { q: asso.id, includeDeleted: 'true' });
    expect(member.status).toBe(403);
    expect(member.body.message).toBe(ASSOCIATION_FILE_MESSAGES.includeDeletedAdminOnly);
  });
});
