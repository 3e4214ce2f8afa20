// Who sees and changes the accounts, staff figures, approvals and networks of an association, and
// the whole file (GET /association), through proxy-asso/access/policy.ts: ids of another association's rows cannot
// be read, changed or deleted by guessing; a secondary-establishment member sees and changes only
// the rows of their SIRET and none of the association-wide data.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSOCIATION_FILE_MESSAGES, fileYearBounds } from '@portail/contract';
import {
  associationSender,
  change,
  expectNotFound,
  FORBIDDEN,
  twoAssociations,
  type Call,
  type Caller,
} from './support/association-access.ts';
import { createRib, newSiren, type TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let a: TestAssociation;
let b: TestAssociation;
let headA: Caller;
let secA: Caller;
let headB: Caller;
let compteA: { id: string };
let rhSiegeA: { id: string };
let rhSecA: { id: string };
let agrementA: { id: string };
let reseauA: { id: string };
const { max: THIS_YEAR } = fileYearBounds();

beforeAll(async () => {
  t = await startTestApp();
  ({ a, b, headA, secA, headB } = await twoAssociations(t, { secondaires: 2 }));
  compteA = await t.db.associationCompte.create({ data: { associationId: a.id, annee: THIS_YEAR - 1, charges: 1, produits: 2, resultat: 1 } });
  rhSiegeA = await t.db.associationRh.create({ data: { associationId: a.id, annee: THIS_YEAR - 1, idSiret: a.siege, nbAdherents: 50 } });
  rhSecA = await t.db.associationRh.create({ data: { associationId: a.id, annee: THIS_YEAR - 1, idSiret: a.secondaires[0]!, nbAdherents: 5 } });
  await t.db.associationRh.create({ data: { associationId: a.id, annee: THIS_YEAR - 1, idSiret: a.secondaires[1]!, nbAdherents: 7 } });
  agrementA = await t.db.associationAgrement.create({ data: { associationId: a.id, type: 'JEP' } });
  reseauA = await t.db.reseauAffiliation.create({ data: { associationId: a.id, nom: 'Réseau de A' } });
  await createRib(t, a, a.siege);
  await createRib(t, a, a.secondaires[0]!);
  await t.db.representantLegal.create({ data: { associationId: a.id, idSiret: a.siege, nom: 'Siège' } });
  await t.db.representantLegal.create({ data: { associationId: a.id, idSiret: a.secondaires[1]!, nom: 'Autre antenne' } });
});
afterAll(() => t.close());

const send = associationSender(() => t);

/** Every new call on A's data, naming A by `idAsso` and A's rows by their ids. */
const callsOnA = (idAsso: string): Call[] => [
  ['read file', 'get', '', { q: idAsso }],
  ['add compte', 'post', 'comptes', { id_asso: idAsso, annee: String(THIS_YEAR) }, { dons: 1 }],
  ['change compte', 'patch', 'comptes', { id_asso: idAsso, id: compteA.id }, change('dons', 9)],
  ['delete compte', 'delete', 'comptes', { id_asso: idAsso, id: compteA.id }],
  ['add rh', 'post', 'rhs', { id_asso: idAsso, id_siret: a.siege, annee: String(THIS_YEAR) }, { nb_adherents: 1 }],
  ['change rh', 'patch', 'rhs', { id_asso: idAsso, id: rhSiegeA.id }, change('nb_adherents', 9)],
  ['delete rh', 'delete', 'rhs', { id_asso: idAsso, id: rhSiegeA.id }],
  ['add agrement', 'post', 'agrements', { id_asso: idAsso }, { type: 'Sport' }],
  ['change agrement', 'patch', 'agrements', { id_asso: idAsso, id: agrementA.id }, change('numero', 'x')],
  ['delete agrement', 'delete', 'agrements', { id_asso: idAsso, id: agrementA.id }],
  ['add reseau', 'post', 'reseaux_affiliation', { id_asso: idAsso }, { nom: 'Pirate' }],
  ['change reseau', 'patch', 'reseaux_affiliation', { id_asso: idAsso, id: reseauA.id }, change('nom', 'Pirate')],
  ['delete reseau', 'delete', 'reseaux_affiliation', { id_asso: idAsso, id: reseauA.id }],
  ['affiliate', 'post', 'reseauxAffiliation', { id_asso_membre: idAsso, id_asso_parent: b.siren }],
];

async function stateOfA() {
  const where = { where: { associationId: a.id }, orderBy: { id: 'asc' as const } };
  return {
    comptes: await t.db.associationCompte.findMany(where),
    rhs: await t.db.associationRh.findMany(where),
    agrements: await t.db.associationAgrement.findMany(where),
    reseaux: await t.db.reseauAffiliation.findMany(where),
  };
}

describe("a member of another association cannot read, change or delete A's rows", () => {
  it('answers 404 to every call on A, by every identifier of A, and A is unchanged', async () => {
    const before = await stateOfA();
    for (const idAsso of [a.id, a.rna, a.siren, a.siege]) {
      for (const [what, method, type, query, body] of callsOnA(idAsso)) {
        expectNotFound(await send(headB, method, type, query, body), `${what} (${idAsso})`);
      }
    }
    expect(await stateOfA()).toEqual(before);
  });

  it("cannot reach A's rows through its own association (ids of A's compte, rh, agrement, reseau, SIRET)", async () => {
    const before = await stateOfA();
    const own = { id_asso: b.id };
    const calls: Call[] = [
      ['change A compte', 'patch', 'comptes', { ...own, id: compteA.id }, change('dons', 9)],
      ['delete A compte', 'delete', 'comptes', { ...own, id: compteA.id }],
      ['change A rh', 'patch', 'rhs', { ...own, id: rhSiegeA.id }, change('nb_adherents', 9)],
      ['delete A rh', 'delete', 'rhs', { ...own, id: rhSiegeA.id }],
      ['change A agrement', 'patch', 'agrements', { ...own, id: agrementA.id }, change('numero', 'x')],
      ['delete A agrement', 'delete', 'agrements', { ...own, id: agrementA.id }],
      ['change A reseau', 'patch', 'reseaux_affiliation', { ...own, id: reseauA.id }, change('nom', 'x')],
      ['delete A reseau', 'delete', 'reseaux_affiliation', { ...own, id: reseauA.id }],
      ['read A rhs by SIRET', 'get', 'rhs', { ...own, id_siret: a.siege }],
    ];
    for (const [what, method, type, query, body] of calls) {
      const response = await send(headB, method, type, query, body);
      if (what === 'read A rhs by SIRET') expect(response.body).toEqual([]);
      else expectNotFound(response, what);
    }
    // A's SIRET named in B's call is not an establishment of B.
    const rh = await send(headB, 'post', 'rhs', { ...own, id_siret: a.siege, annee: String(THIS_YEAR) }, { nb_adherents: 1 });
    expect(rh.status).toBe(400);
    expect(rh.body.fields).toEqual({ id_siret: ASSOCIATION_FILE_MESSAGES.siretNotInAssociation });
    expect(await stateOfA()).toEqual(before);
  });

  it('may affiliate its own association to A (A is a public registry entry), not A to anything', async () => {
    const response = await send(headB, 'post', 'reseauxAffiliation', { id_asso_membre: b.id, id_asso_parent: a.siren });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ nom: a.association.nom, id_siren: a.siren });
    expect(await t.db.reseauAffiliation.count({ where: { associationId: a.id } })).toBe(1);
  });

  it('gets the same 404 for an association that does not exist, and so does a user without association', async () => {
    for (const idAsso of [randomUUID(), newSiren(), 'n-importe-quoi']) {
      for (const [what, method, type, query, body] of callsOnA(idAsso)) expectNotFound(await send(headB, method, type, query, body), what);
    }
    const nobody = await signIn(t);
    for (const [what, method, type, query, body] of callsOnA(a.id)) expectNotFound(await send(nobody, method, type, query, body), what);
  });
});

describe('a member of a secondary establishment', () => {
  it("reads in the whole file only their establishment, their SIRET's RIBs and staff figures, and association-wide or their representatives", async () => {
    const response = await send(secA, 'get', '', { q: a.siren });
    expect(response.status).toBe(200);
    const file = response.body;
    expect(file.etablissements.map((e: { siret: string }) => e.siret)).toEqual([a.secondaires[0]]);
    expect(file.ribs.map((r: { id_siret: string }) => r.id_siret)).toEqual([a.secondaires[0]]);
    expect(file.rhs.map((r: { id: string }) => r.id)).toEqual([rhSecA.id]);
    expect(file.representants_legaux.map((r: { id_siret: string | null }) => r.id_siret)).toEqual(
      expect.not.arrayContaining([a.siege, a.secondaires[1]]),
    );
    expect(file.comptes).toHaveLength(1);
    expect(file.identite.id_correspondance).toBe(a.id);
    // The head office sees everything.
    const head = (await send(headA, 'get', '', { q: a.siren })).body;
    expect(head.rhs).toHaveLength(3);
    expect(head.etablissements).toHaveLength(3);
  });

  it('manages the staff figures of their SIRET only', async () => {
    const created = await send(secA, 'post', 'rhs', { id_asso: a.id, id_siret: a.secondaires[0]!, annee: String(THIS_YEAR) }, { nb_benevoles: 4 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await send(secA, 'patch', 'rhs', { id_asso: a.id, id: created.body.id }, change('nb_benevoles', 5))).status).toBe(200);
    expect((await send(secA, 'delete', 'rhs', { id_asso: a.id, id: created.body.id })).status).toBe(200);
    const before = await stateOfA();
    expectNotFound(await send(secA, 'post', 'rhs', { id_asso: a.id, id_siret: a.siege, annee: String(THIS_YEAR) }, { nb_benevoles: 1 }), 'add on siege');
    expectNotFound(await send(secA, 'patch', 'rhs', { id_asso: a.id, id: rhSiegeA.id }, change('nb_adherents', 1)), 'change siege rh');
    expectNotFound(await send(secA, 'delete', 'rhs', { id_asso: a.id, id: rhSiegeA.id }), 'delete siege rh');
    expectNotFound(await send(secA, 'get', 'rhs', { id_asso: a.id, id_siret: a.siege }), 'read siege rhs');
    expect(await stateOfA()).toEqual(before);
  });

  it('changes no association-wide data: accounts, approvals, networks, affiliation (403)', async () => {
    const before = await stateOfA();
    const calls: Call[] = callsOnA(a.id).filter(([what]) => !what.includes('rh') && what !== 'read file');
    for (const [what, method, type, query, body] of calls) {
      const response = await send(secA, method, type, query, body);
      expect(response.status, what).toBe(403);
      expect(response.body).toEqual(FORBIDDEN);
    }
    expect(await stateOfA()).toEqual(before);
  });
});

describe('other roles', () => {
  it('rds.admin reads the whole file but changes nothing (403)', async () => {
    const rdsAdmin = await signIn(t, { roles: ['rds.admin'] });
    expect((await send(rdsAdmin, 'get', '', { q: a.id })).status).toBe(200);
    const before = await stateOfA();
    for (const [what, method, type, query, body] of callsOnA(a.id).slice(1)) {
      expect((await send(rdsAdmin, method, type, query, body)).status, what).toBe(403);
    }
    expect(await stateOfA()).toEqual(before);
  });

  it.each(['rds.user', 'rds.service', 'osiris.appli_admin'] as const)('%s is refused (403) on every call', async (role) => {
    const caller = await signIn(t, { roles: [role] });
    for (const [what, method, type, query, body] of callsOnA(a.id)) {
      const response = await send(caller, method, type, query, body);
      expect(response.status, what).toBe(403);
      expect(response.body).toEqual(FORBIDDEN);
    }
  });
});
