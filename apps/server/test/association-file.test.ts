// proxy-asso association file: every call and the rules of docs/domain.md « Champs », bad input answering 400 with
// French messages per field and leaving the data unchanged.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSOCIATION_FILE_MESSAGES, associationIdentiteSchema, encodeChangeValue, MESSAGES } from '@portail/contract';
import {
  createAssociation,
  createRib,
  linkUser,
  OTHER_IBAN,
  VALID_BIC,
  VALID_IBAN,
  type TestAssociation,
} from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let asso: TestAssociation;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  asso = await createAssociation(t, { cpSiege: '67000' });
  const member = await signIn(t);
  await linkUser(t, member.account.id, asso);
  token = member.token;
});
afterAll(() => t.close());

const base = '/api/proxy-asso/association';
type Method = 'get' | 'post' | 'patch' | 'delete';
const send = (method: Method, type: string, query: Record<string, string>, body?: object, as = token) => {
  const request = t.http()[method](`${base}/${type}`).query(query).set(TOKEN_HEADER, as);
  return body === undefined ? request : request.send(body);
};
const changes = (values: Record<string, unknown>) =>
  Object.entries(values).map(([key, value]) => ({ key, value: encodeChangeValue(value as never) }));
const snapshot = (id: string) => t.db.association.findUniqueOrThrow({ where: { id } });

describe('GET /association/identite', () => {
  it('answers identite, coordonnees, activites and specificites by id_correspondance, RNA, SIREN or SIRET', async () => {
    for (const idAsso of [asso.id, asso.rna, asso.siren, asso.siege]) {
      const response = await send('get', 'identite', { id_asso: idAsso });
      expect(response.status, idAsso).toBe(200);
      const body = associationIdentiteSchema.parse(response.body);
      expect(body.identite).toMatchObject({ id_correspondance: asso.id, id_rna: asso.rna, id_siren: asso.siren, id_siret_siege: asso.siege, regime: 'loi1901' });
      expect(body.activites).toMatchObject({ domaine: 'Autre', champ_action_territorial: 'Local' });
      expect(body.specificites.passsport).toEqual({ est_volontaire: null, activites: [], a_accueil_handicap_moteur: null, a_accueil_handicap_mental: null });
    }
  });

  it("answers 400 'L'identifiant association est manquant' without id_asso", async () => {
    const response = await t.http().get(`${base}/identite`).set(TOKEN_HEADER, token);
    expect(response.status).toBe(400);
    expect(response.body.fields.id_asso).toBe(MESSAGES.missingAssociationId);
  });
});

describe('PATCH /association/identite (characteristics form)', () => {
  const patch = (values: Record<string, unknown>) => send('patch', 'identite', { id_asso: asso.id }, changes(values));

  async function expectRefused(values: Record<string, unknown>, fields: Record<string, string>) {
    const before = await snapshot(asso.id);
    const response = await patch(values);
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.fields).toEqual(fields);
    expect(response.body.message.startsWith(MESSAGES.invalidForm)).toBe(true);
    expect(await snapshot(asso.id)).toEqual(before);
  }

  it('stores Alsace-Moselle fields for that regime (postcode 67) and clears them when the regime changes', async () => {
    const set = await patch({ regime: 'alsaceMoselle', numero_amalia: '12345678901234', volume: '012', folio: '345', tribunal_instance: 'Strasbourg', date_pub_registre: '2001-02-03' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.identite).toMatchObject({ regime: 'alsaceMoselle', numero_amalia: '12345678901234', volume: '012', folio: '345', date_pub_registre: '2001-02-03' });
    const cleared = await patch({ regime: 'loi1901' });
    expect(cleared.body.identite).toMatchObject({ regime: 'loi1901', numero_amalia: null, volume: null, folio: null, tribunal_instance: null, date_pub_registre: null });
  });

  it('refuses Alsace-Moselle fields outside that regime, and bad Amalia, volume, folio lengths', async () => {
    await expectRefused({ numero_amalia: '1234567890123' }, { numero_amalia: ASSOCIATION_FILE_MESSAGES.onlyWhen('numéro Amalia', 'pour le régime Alsace-Moselle') });
    await expectRefused(
      { regime: 'alsaceMoselle', numero_amalia: '123', volume: '12', folio: '1234' },
      { numero_amalia: MESSAGES.minLength('numéro Amalia', 13), volume: MESSAGES.exactLength('volume', 3), folio: MESSAGES.exactLength('folio', 3) },
    );
  });

  it('refuses the Alsace-Moselle regime for a head office outside 57, 67, 68', async () => {
    const paris = await createAssociation(t, { cpSiege: '75011' });
    const admin = await signIn(t, { roles: ['lca.admin'] });
    const response = await send('patch', 'identite', { id_asso: paris.id }, changes({ regime: 'alsaceMoselle' }), admin.token);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fields)).toEqual(['regime']);
  });

  it('requires the regime', async () => {
    await expectRefused({ regime: null }, { regime: MESSAGES.required('régime') });
  });

  it('allows the RUP date only for a public-utility association', async () => {
    await expectRefused({ date_publication_util_publique: '2010-05-06' }, {
      date_publication_util_publique: ASSOCIATION_FILE_MESSAGES.onlyWhen('date de publication RUP', 'pour une association reconnue d’utilité publique'),
    });
    const ok = await patch({ util_publique: true, date_publication_util_publique: '2010-05-06' });
    expect(ok.body.identite).toMatchObject({ util_publique: true, date_publication_util_publique: '2010-05-06' });
    const off = await patch({ util_publique: 'false' });
    expect(off.body.identite).toMatchObject({ util_publique: false, date_publication_util_publique: null });
  });

  it('requires the sports structure type for Sport and clears it when leaving Sport', async () => {
    await expectRefused({ domaine: 'Sport' }, { type_structure_sportive: ASSOCIATION_FILE_MESSAGES.requiredWhen('type de structure sportive', 'pour le domaine Sport') });
    await expectRefused({ type_structure_sportive: 'Club' }, { type_structure_sportive: ASSOCIATION_FILE_MESSAGES.onlyWhen('type de structure sportive', 'pour le domaine Sport') });
    const sport = await patch({ domaine: 'Sport', type_structure_sportive: 'Club omnisports' });
    expect(sport.body.identite.type_structure_sportive).toBe('Club omnisports');
    const other = await patch({ domaine: 'Autre' });
    expect(other.body.activites.domaine).toBe('Autre');
    expect(other.body.identite.type_structure_sportive).toBeNull();
  });

  it('keeps JOAFE and auditor only with the 153 000 € box, clearing them when it is unchecked', async () => {
    await expectRefused({ a_publication_comptes_jo: true }, {
      a_publication_comptes_jo: ASSOCIATION_FILE_MESSAGES.onlyWhen('publication des comptes au JOAFE', 'lorsque les dons et subventions dépassent 153 000 €'),
    });
    const on = await patch({ a_dons_subv_153000: true, a_publication_comptes_jo: true, a_commissaire_aux_comptes: true });
    expect(on.body.identite).toMatchObject({ a_dons_subv_153000: true, a_publication_comptes_jo: true, a_commissaire_aux_comptes: true });
    const off = await patch({ a_dons_subv_153000: false });
    expect(off.body.identite).toMatchObject({ a_dons_subv_153000: false, a_publication_comptes_jo: null, a_commissaire_aux_comptes: null });
  });

  it('stores contact details and Pass’Sport specificities (list values decoded from !a#b)', async () => {
    const response = await patch({ telephone: '+33123456789', courriel: 'Contact@Asso.example.org', site_web: 'https://asso.example.org', 'passsport.activites': ['Judo', 'Tennis'], 'passsport.est_volontaire': true });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.coordonnees).toMatchObject({ telephone: '+33123456789', courriel: 'contact@asso.example.org', site_web: 'https://asso.example.org' });
    expect(response.body.specificites.passsport).toMatchObject({ activites: ['Judo', 'Tennis'], est_volontaire: true });
  });

  it('refuses a bad phone, e-mail or URL, an unknown key, and an empty change list', async () => {
    await expectRefused({ telephone: '01 23 45 67 89' }, { telephone: MESSAGES.badFormat('téléphone') });
    await expectRefused({ courriel: 'pas-un-courriel' }, { courriel: MESSAGES.badFormat('adresse e-mail') });
    await expectRefused({ nom: 'Autre nom' }, { nom: ASSOCIATION_FILE_MESSAGES.notModifiable('nom') });
    const empty = await send('patch', 'identite', { id_asso: asso.id }, []);
    expect(empty.status).toBe(400);
  });
});

describe('etablissements', () => {
  it('lists the establishments by SIREN, head office first, and changes one', async () => {
    const list = await send('get', 'etablissements', { id_asso: asso.siren });
    expect(list.status).toBe(200);
    expect(list.body.map((e: { siret: string }) => e.siret)).toEqual([asso.siege, ...asso.secondaires]);
    expect(list.body[0]).toMatchObject({ est_siege: true, actif: true, nic: asso.siege.slice(9) });

    const response = await send('patch', 'etablissements', { id_asso: asso.siren, id_siret: asso.secondaires[0]! }, changes({ enseigne: 'Antenne de Colmar', telephone: '0388000000' }));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ siret: asso.secondaires[0], enseigne: 'Antenne de Colmar', telephone: '0388000000' });
  });

  it('refuses a bad phone and a SIRET of another association', async () => {
    const bad = await send('patch', 'etablissements', { id_asso: asso.siren, id_siret: asso.siege }, changes({ telephone: '03.88' }));
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ telephone: MESSAGES.badFormat('téléphone') });
    const other = await createAssociation(t);
    const foreign = await send('patch', 'etablissements', { id_asso: asso.siren, id_siret: other.siege }, changes({ enseigne: 'X' }));
    expect(foreign.status).toBe(404);
  });
});

describe('ribs', () => {
  it('adds a RIB (IBAN any case and spaced, stored upper case without spaces), lists, changes and deletes it', async () => {
    const created = await send('post', 'ribs', { id_asso: asso.id, id_siret: asso.siege }, { titulaire: 'Association', iban: 'fr76 3000 6000 0112 3456 7890 189', bic: 'bnpafrpp' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ id_siret: asso.siege, iban: VALID_IBAN, bic: 'BNPAFRPP', banque: null });
    const list = await send('get', 'ribs', { id_asso: asso.id, id_siret: asso.siege });
    expect(list.body.map((r: { id: string }) => r.id)).toContain(created.body.id);

    const changed = await send('patch', 'ribs', { id_asso: asso.id, id_siret: asso.siege, id: created.body.id }, changes({ banque: 'BNP', bic: 'BNPAFRPPXXX' }));
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ banque: 'BNP', bic: 'BNPAFRPPXXX' });

    const deleted = await send('delete', 'ribs', { id_asso: asso.id, id: created.body.id });
    expect(deleted.status).toBe(200);
    expect(await t.db.rib.count({ where: { id: created.body.id } })).toBe(0);
  });

  it("refuses a duplicate (same SIRET and IBAN) with 'Ce RIB existe déjà pour cet établissement.'", async () => {
    const existing = await createRib(t, asso, asso.secondaires[0]!, VALID_IBAN);
    const count = await t.db.rib.count();
    const response = await send('post', 'ribs', { id_asso: asso.id, id_siret: asso.secondaires[0]! }, { titulaire: 'Bis', iban: 'FR7630006000011234567890189', bic: VALID_BIC });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ iban: ASSOCIATION_FILE_MESSAGES.duplicateRib });
    expect(response.body.message).toContain(ASSOCIATION_FILE_MESSAGES.duplicateRib);
    expect(await t.db.rib.count()).toBe(count);

    // The same IBAN on another establishment is fine; changing a RIB into a duplicate is refused.
    const other = await send('post', 'ribs', { id_asso: asso.id, id_siret: asso.siege }, { titulaire: 'Siège', iban: OTHER_IBAN, bic: VALID_BIC });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    const second = await createRib(t, asso, asso.secondaires[0]!, OTHER_IBAN);
    const dup = await send('patch', 'ribs', { id_asso: asso.id, id: second.id }, changes({ iban: VALID_IBAN.toLowerCase() }));
    expect(dup.status).toBe(400);
    expect(dup.body.fields).toEqual({ iban: ASSOCIATION_FILE_MESSAGES.duplicateRib });
    expect((await t.db.rib.findUniqueOrThrow({ where: { id: second.id } })).iban).toBe(OTHER_IBAN);
    expect(existing.iban).toBe(VALID_IBAN);
  });

  it('refuses a bad IBAN, a bad BIC (country, pattern), a missing holder; nothing written', async () => {
    const count = await t.db.rib.count();
    const query = { id_asso: asso.id, id_siret: asso.siege };
    const cases: [object, Record<string, string>][] = [
      [{ titulaire: 'A', iban: 'FR7630006000011234567890188', bic: VALID_BIC }, { 'corps.iban': MESSAGES.badFormat('IBAN') }],
      [{ titulaire: 'A', iban: VALID_IBAN, bic: 'DEUTDEFF' }, { 'corps.bic': MESSAGES.badFormat('BIC') }],
      [{ titulaire: 'A', iban: VALID_IBAN, bic: 'BNPAFR1P' }, { 'corps.bic': MESSAGES.badFormat('BIC') }],
      [{ titulaire: '', iban: VALID_IBAN, bic: VALID_BIC }, { 'corps.titulaire': MESSAGES.required('titulaire') }],
    ];
    for (const [body, fields] of cases) {
      const response = await send('post', 'ribs', query, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.fromEntries(Object.entries(response.body.fields).map(([k, v]) => [k.replace(/^(?!corps\.)/, 'corps.'), v]))).toEqual(fields);
    }
    const badPatch = await send('patch', 'ribs', { id_asso: asso.id, id: (await createRib(t, asso, asso.siege, 'FR7610107001011234567890129')).id }, changes({ iban: 'XX00' }));
    expect(badPatch.status).toBe(400);
    expect(badPatch.body.fields).toEqual({ iban: MESSAGES.badFormat('IBAN') });
    expect(await t.db.rib.count()).toBe(count + 1);
  });

  it('refuses a RIB on a SIRET of another association', async () => {
    const other = await createAssociation(t);
    const response = await send('post', 'ribs', { id_asso: asso.id, id_siret: other.siege }, { titulaire: 'A', iban: VALID_IBAN, bic: VALID_BIC });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ id_siret: ASSOCIATION_FILE_MESSAGES.siretNotInAssociation });
  });
});

describe('representants_legaux', () => {
  const complete = { civilite: 'M.', nom: 'Durand', prenom: 'Paul', courriel: 'Paul.Durand@example.org', fonction: 'Trésorier', telephone: '0612345678' };

  it('adds a complete representative, changes, flags and deletes it (soft)', async () => {
    const created = await send('post', 'representants_legaux', { id_asso: asso.id }, { ...complete, valideur_cec: true });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ ...complete, courriel: 'paul.durand@example.org', valideur_cec: true, id_siret: null, deleted: false });
    const id = created.body.id as string;

    const changed = await send('patch', 'representants_legaux', { id_asso: asso.id, id }, changes({ telephone: '+33700000000', publication_internet: true }));
    expect(changed.body).toMatchObject({ telephone: '+33700000000', publication_internet: true });

    const flags = await send('patch', 'representantFonctionSiret', { id_asso: asso.id, id }, changes({ valideur_cec: false, id_siret: asso.secondaires[0], fonction: 'Président' }));
    expect(flags.status, JSON.stringify(flags.body)).toBe(200);
    expect(flags.body).toMatchObject({ valideur_cec: false, id_siret: asso.secondaires[0], fonction: 'Président' });

    const deleted = await send('delete', 'representants_legaux', { id_asso: asso.id, id });
    expect(deleted.status).toBe(200);
    expect((await t.db.representantLegal.findUniqueOrThrow({ where: { id } })).deleted).toBe(true);
    const list = await send('get', 'representants_legaux', { id_asso: asso.id });
    expect(list.body.map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await send('patch', 'representants_legaux', { id_asso: asso.id, id }, changes({ nom: 'X' }))).status).toBe(404);
  });

  it('stores the civilité in one form whatever its usual spelling, on creation and on change', async () => {
    const created = await send('post', 'representants_legaux', { id_asso: asso.id }, { ...complete, civilite: ' Madame ' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.civilite).toBe('Mme');
    const changed = await send('patch', 'representants_legaux', { id_asso: asso.id, id: created.body.id }, changes({ civilite: 'MR' }));
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await t.db.representantLegal.findUniqueOrThrow({ where: { id: created.body.id } })).civilite).toBe('M.');
    const refused = await send('patch', 'representants_legaux', { id_asso: asso.id, id: created.body.id }, changes({ civilite: 'Docteur' }));
    expect(refused.body.fields).toEqual({ civilite: MESSAGES.badFormat('civilité') });
  });

  it('refuses an incomplete representative (each missing field named) and a bad phone', async () => {
    const count = await t.db.representantLegal.count();
    const response = await send('post', 'representants_legaux', { id_asso: asso.id }, { nom: 'Durand' });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fields).sort()).toEqual(['civilite', 'courriel', 'fonction', 'prenom', 'telephone']);
    expect(response.body.fields.fonction).toBe(MESSAGES.required('fonction'));
    const phone = await send('post', 'representants_legaux', { id_asso: asso.id }, { ...complete, telephone: '06 12 34 56 78' });
    expect(phone.body.fields).toEqual({ telephone: MESSAGES.badFormat('téléphone') });
    expect(await t.db.representantLegal.count()).toBe(count);
  });

  it('keeps a representative complete: clearing a required field is refused', async () => {
    const rep = await send('post', 'representants_legaux', { id_asso: asso.id }, complete);
    const response = await send('patch', 'representants_legaux', { id_asso: asso.id, id: rep.body.id }, changes({ courriel: '' }));
    expect(response.status).toBe(400);
    const cleared = await send('patch', 'representants_legaux', { id_asso: asso.id, id: rep.body.id }, changes({ fonction: null }));
    expect(cleared.status).toBe(400);
    expect((await t.db.representantLegal.findUniqueOrThrow({ where: { id: rep.body.id } })).fonction).toBe('Trésorier');
  });

  it('representantFonctionSiret accepts only valideur_cec, id_siret, fonction, and a SIRET of the association', async () => {
    const rep = await send('post', 'representants_legaux', { id_asso: asso.id }, complete);
    const other = await createAssociation(t);
    const foreign = await send('patch', 'representantFonctionSiret', { id_asso: asso.id, id: rep.body.id }, changes({ id_siret: other.siege }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual({ id_siret: ASSOCIATION_FILE_MESSAGES.siretNotInAssociation });
    const key = await send('patch', 'representantFonctionSiret', { id_asso: asso.id, id: rep.body.id }, changes({ nom: 'Autre' }));
    expect(key.status).toBe(400);
    expect(key.body.fields).toEqual({ nom: ASSOCIATION_FILE_MESSAGES.notModifiable('nom') });
  });
});

describe('budgets', () => {
  it('creates a budget with its totals, changes lines (totals recomputed) and deletes it', async () => {
    const created = await send('post', 'budgets', { id_asso: asso.id, annee: '2026' }, {
      exercice_du: '2026-01-01', exercice_au: '2026-12-31', comptes: { '60': 1000, '64': 500, '70': 900, '74': 300, '86': 50, '87': 40 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.totaux).toEqual({ charges: 1500, produits: 1200, contributions_charges: 50, contributions_produits: 40, total_charges: 1550, total_produits: 1240, excedent: 0, insuffisance: 310 });
    const changed = await send('patch', 'budgets', { id_asso: asso.id, id: created.body.id }, changes({ '74': 700, '64': null }));
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.comptes).toEqual({ '60': 1000, '70': 900, '74': 700, '86': 50, '87': 40 });
    expect(changed.body.totaux).toMatchObject({ total_charges: 1050, total_produits: 1640, excedent: 590, insuffisance: 0 });
    const list = await send('get', 'budgets', { id_asso: asso.id });
    expect(list.body).toHaveLength(1);
    expect((await send('delete', 'budgets', { id_asso: asso.id, id: created.body.id })).status).toBe(200);
    expect((await send('get', 'budgets', { id_asso: asso.id })).body).toEqual([]);
  });

  it('refuses accounts outside the plan, negative or decimal amounts, a second budget for a year, an inverted exercise', async () => {
    const query = { id_asso: asso.id, annee: '2025' };
    for (const comptes of [{ '80': 1 }, { '60': -5 }, { '61': 1.5 }]) {
      const response = await send('post', 'budgets', query, { comptes });
      expect(response.status, JSON.stringify(comptes)).toBe(400);
    }
    expect((await send('post', 'budgets', query, { comptes: { '60': -5 } })).body.fields).toEqual({ 'comptes.60': MESSAGES.badFormat('compte 60') });
    expect((await send('post', 'budgets', query, { comptes: {} })).status).toBe(201);
    const again = await send('post', 'budgets', query, { comptes: {} });
    expect(again.status).toBe(400);
    expect(again.body.fields).toEqual({ annee: ASSOCIATION_FILE_MESSAGES.budgetExists(2025) });
    const inverted = await send('post', 'budgets', { id_asso: asso.id, annee: '2024' }, { exercice_du: '2024-12-31', exercice_au: '2024-01-01' });
    expect(inverted.status).toBe(400);
    expect(await t.db.associationBudget.count({ where: { associationId: asso.id, annee: 2024 } })).toBe(0);
  });

  it('answers 404 for a budget id that does not exist', async () => {
    expect((await send('patch', 'budgets', { id_asso: asso.id, id: randomUUID() }, changes({ '60': 1 }))).status).toBe(404);
    expect((await send('delete', 'budgets', { id_asso: asso.id, id: randomUUID() })).status).toBe(404);
  });
});

describe('read-only parts: comptes, rhs, agrements, reseaux_affiliation', () => {
  it('answers the rows of the association in the snake_case shapes of docs/domain.md « Données »', async () => {
    await t.db.associationCompte.create({ data: { associationId: asso.id, annee: 2024, charges: 1000, produits: 1200, resultat: 200 } });
    await t.db.associationRh.create({ data: { associationId: asso.id, annee: 2024, idSiret: asso.siege, nbAdherents: 40, nbSalariesEtpt: '1.50' } });
    await t.db.associationAgrement.create({ data: { associationId: asso.id, type: 'JEP', numero: '67-123', dateAttribution: new Date('2020-03-04T00:00:00Z') } });
    await t.db.reseauAffiliation.create({ data: { associationId: asso.id, nom: 'Fédération française de judo', nbLicencies: 30 } });
    expect((await send('get', 'comptes', { id_asso: asso.id })).body).toEqual([
      expect.objectContaining({ annee: 2024, charges: 1000, produits: 1200, resultat: 200, dons: null, subv: null }),
    ]);
    expect((await send('get', 'rhs', { id_asso: asso.id })).body).toEqual([
      expect.objectContaining({ annee: 2024, id_siret: asso.siege, nb_adherents: 40, nb_salaries_etpt: 1.5 }),
    ]);
    expect((await send('get', 'agrements', { id_asso: asso.id })).body).toEqual([
      expect.objectContaining({ type: 'JEP', numero: '67-123', date_attribution: '2020-03-04', date_validite: null }),
    ]);
    expect((await send('get', 'reseaux_affiliation', { id_asso: asso.id })).body).toEqual([
      expect.objectContaining({ nom: 'Fédération française de judo', nb_licencies: 30 }),
    ]);
  });
});
