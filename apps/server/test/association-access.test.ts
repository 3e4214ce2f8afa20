// Who sees and changes which association (apps/server/src/modules/proxy-asso/access/policy.ts), route by
// route: ids of another association, establishment, RIB or representative cannot be guessed; a
// member of a secondary establishment sees only that establishment and its rows.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSOCIATION_FILE_MESSAGES } from '@portail/contract';
import {
  associationSender,
  change,
  expectNotFound,
  FORBIDDEN,
  twoAssociations,
  type Call,
  type Caller,
} from './support/association-access.ts';
import { createRib, linkUser, newRna, newSiren, OTHER_IBAN, VALID_BIC, type TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let a: TestAssociation;
let b: TestAssociation;
let headA: Caller;
let secA: Caller;
let headB: Caller;
let admin: Caller;
/** Rows of association A: RIBs of the head office and of the secondary establishment, representatives, budget. */
let ribSiegeA: { id: string };
let ribSecA: { id: string };
let repWideA: { id: string };
let repSiegeA: { id: string };
let repSecA: { id: string };
let budgetA: { id: string };

const complete = { civilite: 'Mme', nom: 'Petit', prenom: 'Anne', courriel: 'anne.petit@example.org', fonction: 'Secrétaire', telephone: '0611111111' };

beforeAll(async () => {
  t = await startTestApp();
  ({ a, b, headA, secA, headB } = await twoAssociations(t, { secondaires: 2, inactiveSecondaire: true, representants: [] }));
  admin = await signIn(t, { roles: ['lca.admin'] });
  ribSiegeA = await createRib(t, a, a.siege);
  ribSecA = await createRib(t, a, a.secondaires[0]!);
  const rep = (idSiret: string | null) => t.db.representantLegal.create({ data: { associationId: a.id, idSiret, ...complete } });
  [repWideA, repSiegeA, repSecA] = [await rep(null), await rep(a.siege), await rep(a.secondaires[0]!)];
  budgetA = await t.db.associationBudget.create({ data: { associationId: a.id, annee: 2026, comptes: { '60': 10 } } });
});
afterAll(() => t.close());

const send = associationSender(() => t);

/** Every call on association A's data, with the ids of A's rows. */
const callsOnA = (idAsso: string): Call[] => [
  ['read identite', 'get', 'identite', { id_asso: idAsso }],
  ['change identite', 'patch', 'identite', { id_asso: idAsso }, change('commentaire', 'piraté')],
  ['read etablissements', 'get', 'etablissements', { id_asso: idAsso }],
  ['change etablissement', 'patch', 'etablissements', { id_asso: idAsso, id_siret: a.siege }, change('enseigne', 'piraté')],
  ['read ribs', 'get', 'ribs', { id_asso: idAsso }],
  ['add rib', 'post', 'ribs', { id_asso: idAsso, id_siret: a.siege }, { titulaire: 'Pirate', iban: OTHER_IBAN, bic: VALID_BIC }],
  ['change rib', 'patch', 'ribs', { id_asso: idAsso, id: ribSiegeA.id }, change('iban', OTHER_IBAN)],
  ['delete rib', 'delete', 'ribs', { id_asso: idAsso, id: ribSiegeA.id }],
  ['read representants', 'get', 'representants_legaux', { id_asso: idAsso }],
  ['add representant', 'post', 'representants_legaux', { id_asso: idAsso }, complete],
  ['change representant', 'patch', 'representants_legaux', { id_asso: idAsso, id: repWideA.id }, change('courriel', 'pirate@example.org')],
  ['change representant flags', 'patch', 'representantFonctionSiret', { id_asso: idAsso, id: repWideA.id }, change('valideur_cec', true)],
  ['delete representant', 'delete', 'representants_legaux', { id_asso: idAsso, id: repWideA.id }],
  ['read budgets', 'get', 'budgets', { id_asso: idAsso }],
  ['read comptes', 'get', 'comptes', { id_asso: idAsso }],
  ['read rhs', 'get', 'rhs', { id_asso: idAsso }],
  ['read agrements', 'get', 'agrements', { id_asso: idAsso }],
  ['read reseaux', 'get', 'reseaux_affiliation', { id_asso: idAsso }],
  ['add budget', 'post', 'budgets', { id_asso: idAsso, annee: '2030' }, { comptes: {} }],
  ['change budget', 'patch', 'budgets', { id_asso: idAsso, id: budgetA.id }, change('60', 999)],
  ['delete budget', 'delete', 'budgets', { id_asso: idAsso, id: budgetA.id }],
];

/** Everything of A that a refused call could have changed. */
async function stateOfA() {
  return {
    association: await t.db.association.findUniqueOrThrow({ where: { id: a.id } }),
    etablissements: await t.db.etablissement.findMany({ where: { associationId: a.id }, orderBy: { siret: 'asc' } }),
    ribs: await t.db.rib.findMany({ where: { associationId: a.id }, orderBy: { id: 'asc' } }),
    representants: await t.db.representantLegal.findMany({ where: { associationId: a.id }, orderBy: { id: 'asc' } }),
    budgets: await t.db.associationBudget.findMany({ where: { associationId: a.id }, orderBy: { id: 'asc' } }),
  };
}

describe("a member of another association cannot read, change or delete A's data", () => {
  it('answers 404 to every call on A, by every identifier of A, and A is unchanged', async () => {
    const before = await stateOfA();
    for (const idAsso of [a.id, a.rna, a.siren, a.siege]) {
      for (const [what, method, type, query, body] of callsOnA(idAsso)) {
        expectNotFound(await send(headB, method, type, query, body), `${what} (${idAsso})`);
      }
    }
    expect(await stateOfA()).toEqual(before);
  });

  it("cannot reach A's rows through its own association (ids of A's RIB, representative, budget, SIRET)", async () => {
    const before = await stateOfA();
    const own = { id_asso: b.id };
    const calls: Call[] = [
      ['change A rib', 'patch', 'ribs', { ...own, id: ribSiegeA.id }, change('titulaire', 'x')],
      ['delete A rib', 'delete', 'ribs', { ...own, id: ribSiegeA.id }],
      ['change A representant', 'patch', 'representants_legaux', { ...own, id: repWideA.id }, change('nom', 'X')],
      ['flag A representant', 'patch', 'representantFonctionSiret', { ...own, id: repWideA.id }, change('valideur_cec', true)],
      ['delete A representant', 'delete', 'representants_legaux', { ...own, id: repWideA.id }],
      ['change A budget', 'patch', 'budgets', { ...own, id: budgetA.id }, change('60', 1)],
      ['delete A budget', 'delete', 'budgets', { ...own, id: budgetA.id }],
      ['change A establishment', 'patch', 'etablissements', { ...own, id_siret: a.siege }, change('enseigne', 'x')],
    ];
    for (const [what, method, type, query, body] of calls) expectNotFound(await send(headB, method, type, query, body), what);
    // A's SIRET named in B's calls is not an establishment of B.
    const rib = await send(headB, 'post', 'ribs', { ...own, id_siret: a.siege }, { titulaire: 'x', iban: OTHER_IBAN, bic: VALID_BIC });
    expect(rib.status).toBe(400);
    expect(rib.body.fields).toEqual({ id_siret: ASSOCIATION_FILE_MESSAGES.siretNotInAssociation });
    // Listing B's RIBs filtered by A's SIRET gives nothing of A.
    expect((await send(headB, 'get', 'ribs', { ...own, id_siret: a.siege })).body).toEqual([]);
    expect(await stateOfA()).toEqual(before);
  });

  it('gets the same 404 for an association that does not exist: existence is not revealed', async () => {
    for (const idAsso of [randomUUID(), newRna(), newSiren(), 'n-importe-quoi']) {
      for (const [what, method, type, query, body] of callsOnA(idAsso)) {
        expectNotFound(await send(headB, method, type, query, body), `${what} (${idAsso})`);
      }
    }
  });

  it('a user without any association gets 404 too', async () => {
    const nobody = await signIn(t);
    for (const [what, method, type, query, body] of callsOnA(a.id)) expectNotFound(await send(nobody, method, type, query, body), what);
  });
});

describe('a member of a secondary establishment', () => {
  it('sees only their own active establishment', async () => {
    const response = await send(secA, 'get', 'etablissements', { id_asso: a.siren });
    expect(response.status).toBe(200);
    expect(response.body.map((e: { siret: string }) => e.siret)).toEqual([a.secondaires[0]]);
    const inactive = await signIn(t);
    await linkUser(t, inactive.account.id, a, a.inactive!);
    expect((await send(inactive, 'get', 'etablissements', { id_asso: a.siren })).body).toEqual([]);
  });

  it('sees only the RIBs of their SIRET and cannot reach the head office RIB', async () => {
    const list = await send(secA, 'get', 'ribs', { id_asso: a.id });
    expect(list.body.map((r: { id: string }) => r.id)).toEqual([ribSecA.id]);
    expectNotFound(await send(secA, 'get', 'ribs', { id_asso: a.id, id_siret: a.siege }), 'list siege ribs');
    expectNotFound(await send(secA, 'patch', 'ribs', { id_asso: a.id, id: ribSiegeA.id }, change('titulaire', 'x')), 'change siege rib');
    expectNotFound(await send(secA, 'delete', 'ribs', { id_asso: a.id, id: ribSiegeA.id }), 'delete siege rib');
    expectNotFound(
      await send(secA, 'post', 'ribs', { id_asso: a.id, id_siret: a.siege }, { titulaire: 'x', iban: OTHER_IBAN, bic: VALID_BIC }),
      'add rib on siege',
    );
    expect(await t.db.rib.count({ where: { associationId: a.id, idSiret: a.siege } })).toBe(1);
  });

  it('sees only the staff figures (rhs) of their SIRET', async () => {
    for (const siret of [a.siege, a.secondaires[0]!, a.secondaires[1]!]) {
      await t.db.associationRh.create({ data: { associationId: a.id, annee: 2025, idSiret: siret, nbAdherents: 10 } });
    }
    const own = await send(secA, 'get', 'rhs', { id_asso: a.id });
    expect(own.body.map((r: { id_siret: string }) => r.id_siret)).toEqual([a.secondaires[0]]);
    expectNotFound(await send(secA, 'get', 'rhs', { id_asso: a.id, id_siret: a.siege }), 'rhs of the head office');
    expect((await send(headA, 'get', 'rhs', { id_asso: a.id })).body).toHaveLength(3);
    expectNotFound(await send(headB, 'get', 'rhs', { id_asso: a.id }), 'rhs of another association');
  });

  it('manages the RIBs of their own SIRET', async () => {
    const created = await send(secA, 'post', 'ribs', { id_asso: a.id, id_siret: a.secondaires[0]! }, { titulaire: 'Antenne', iban: OTHER_IBAN, bic: VALID_BIC });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await send(secA, 'patch', 'ribs', { id_asso: a.id, id: created.body.id }, change('banque', 'Crédit'))).status).toBe(200);
    expect((await send(secA, 'delete', 'ribs', { id_asso: a.id, id: created.body.id })).status).toBe(200);
  });

  it('changes only their own establishment', async () => {
    expect((await send(secA, 'patch', 'etablissements', { id_asso: a.id, id_siret: a.secondaires[0]! }, change('note', 'ok'))).status).toBe(200);
    expectNotFound(await send(secA, 'patch', 'etablissements', { id_asso: a.id, id_siret: a.siege }, change('note', 'x')), 'siege');
    expectNotFound(await send(secA, 'patch', 'etablissements', { id_asso: a.id, id_siret: a.secondaires[1]! }, change('note', 'x')), 'other secondary');
  });

  it('reads association-wide data but changes none of it (403)', async () => {
    expect((await send(secA, 'get', 'identite', { id_asso: a.id })).status).toBe(200);
    expect((await send(secA, 'get', 'budgets', { id_asso: a.id })).status).toBe(200);
    const before = await stateOfA();
    for (const [method, type, query, body] of [
      ['patch', 'identite', { id_asso: a.id }, change('commentaire', 'x')],
      ['post', 'budgets', { id_asso: a.id, annee: '2031' }, { comptes: {} }],
      ['patch', 'budgets', { id_asso: a.id, id: budgetA.id }, change('60', 1)],
      ['delete', 'budgets', { id_asso: a.id, id: budgetA.id }],
      ['patch', 'representants_legaux', { id_asso: a.id, id: repWideA.id }, change('nom', 'X')],
      ['delete', 'representants_legaux', { id_asso: a.id, id: repWideA.id }],
      ['post', 'representants_legaux', { id_asso: a.id, id_siret: a.siege }, complete],
    ] as const) {
      const response = await send(secA, method, type, query, body);
      expect(response.status, `${method} ${type}`).toBe(403);
      expect(response.body).toEqual(FORBIDDEN);
    }
    expect(await stateOfA()).toEqual(before);
  });

  it('sees the association-wide representatives and those of their SIRET, changes only the latter', async () => {
    const list = await send(secA, 'get', 'representants_legaux', { id_asso: a.id });
    expect(list.body.map((r: { id: string }) => r.id).sort()).toEqual([repWideA.id, repSecA.id].sort());
    expectNotFound(await send(secA, 'patch', 'representants_legaux', { id_asso: a.id, id: repSiegeA.id }, change('nom', 'X')), 'siege rep');
    expect((await send(secA, 'patch', 'representants_legaux', { id_asso: a.id, id: repSecA.id }, change('fonction', 'Trésorière'))).status).toBe(200);
    const moved = await send(secA, 'patch', 'representantFonctionSiret', { id_asso: a.id, id: repSecA.id }, change('id_siret', a.siege));
    expect(moved.status).toBe(403);
    const created = await send(secA, 'post', 'representants_legaux', { id_asso: a.id }, complete);
    expect(created.status).toBe(201);
    expect(created.body.id_siret).toBe(a.secondaires[0]);
  });
});

describe('other roles', () => {
  it('lca.admin reads and changes any association', async () => {
    expect((await send(admin, 'get', 'ribs', { id_asso: a.id })).body.length).toBeGreaterThanOrEqual(2);
    expect((await send(admin, 'patch', 'identite', { id_asso: b.id }, change('commentaire', 'Vu par l’administration'))).status).toBe(200);
    expect((await send(admin, 'get', 'etablissements', { id_asso: a.siren })).body).toHaveLength(4);
  });

  it('rds.admin reads any association but changes nothing (403)', async () => {
    const rdsAdmin = await signIn(t, { roles: ['rds.admin'] });
    expect((await send(rdsAdmin, 'get', 'identite', { id_asso: a.id })).status).toBe(200);
    expect((await send(rdsAdmin, 'get', 'ribs', { id_asso: a.id })).status).toBe(200);
    const response = await send(rdsAdmin, 'patch', 'identite', { id_asso: a.id }, change('commentaire', 'x'));
    expect(response.status).toBe(403);
    expectNotFound(await send(rdsAdmin, 'get', 'identite', { id_asso: randomUUID() }), 'unknown');
  });

  it.each(['rds.user', 'rds.service', 'rds.appli_admin', 'osiris.appli_admin', 'osiris.admin-programme'] as const)(
    '%s is refused (403) on the association file',
    async (role) => {
      const caller = await signIn(t, { roles: [role] });
      for (const [, method, type, query, body] of callsOnA(a.id)) {
        const response = await send(caller, method, type, query, body);
        expect(response.status).toBe(403);
        expect(response.body).toEqual(FORBIDDEN);
      }
    },
  );
});
