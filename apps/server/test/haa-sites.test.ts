// Food aid (HAA) over HTTP (docs/domain.md « Aide alimentaire : sites et adresses »): every verb of
// /association/haa/sites, /haa/adresse and /haa/sites_adresses, the rules of a site (its member
// matching its type, an address unless itinerant, hours and closing periods), the §8 messages of the
// missing SIREN, site id, address id and postcode, an address located by a local stand-in for the
// national address API and by the offline commune list when it is down, the refusal to delete an
// address in use, a site and its address written together or not at all, scope and audit.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HAA_MESSAGES, MESSAGES } from '@portail/contract';
import { loadConfig } from '../src/config.ts';
import { createAssociation, linkUser, type TestAssociation } from './support/association-factory.ts';
import { closedPortUrl, startExternalStandin, type ExternalStandin } from './support/external-standin.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const BASE = '/api/proxy-asso/association/haa';
const TIMEOUT_MS = 300;

let standin: ExternalStandin;
let t: TestApp;
/** An app whose national address API is nowhere (nothing listens at its address). */
let down: TestApp;
let asso: TestAssociation;
/** An association of the network headed by `asso` (its affiliation names asso's SIREN). */
let networkMember: TestAssociation;
let member: string;
let secondaryMember: string;
let stranger: string;
let admin: string;
let supervisor: string;

beforeAll(async () => {
  standin = await startExternalStandin();
  const defaults = loadConfig({ NODE_ENV: 'test' }).externalLookups;
  t = await startTestApp({ logLevel: 'fatal', externalLookups: { ...defaults, addressApiUrl: standin.addressApiUrl, timeoutMs: TIMEOUT_MS } });
  down = await startTestApp({ logLevel: 'fatal', externalLookups: { ...defaults, addressApiUrl: await closedPortUrl(), timeoutMs: TIMEOUT_MS } });
  asso = await createAssociation(t, { nom: 'Banque alimentaire de test', inactiveSecondaire: true });
  networkMember = await createAssociation(t, { nom: 'Épicerie solidaire membre' });
  await t.db.reseauAffiliation.create({ data: { associationId: networkMember.id, nom: asso.association.nom, idSiren: asso.siren } });
  await t.db.association.update({ where: { id: networkMember.id }, data: { adresseSiege: { num_voie: '3', voie: 'rue du Marché', cp: '69100', commune: 'Villeurbanne' } } });
  const m = await signIn(t, { roles: ['lca.association'] });
  await linkUser(t, m.account.id, asso);
  member = m.token;
  const s = await signIn(t, { roles: ['lca.association'] });
  await linkUser(t, s.account.id, asso, asso.secondaires[0]);
  secondaryMember = s.token;
  stranger = (await signIn(t, { roles: ['lca.association'] })).token;
  admin = (await signIn(t, { roles: ['lca.admin'] })).token;
  supervisor = (await signIn(t, { roles: ['rds.admin'] })).token;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await down?.close();
  await standin?.close();
});
beforeEach(() => standin.reset());

type Method = 'get' | 'post' | 'patch' | 'delete';
function send(method: Method, path: string, query: Record<string, string>, body?: object, token = member, app = t) {
  const request = app.http()[method](`${BASE}/${path}`).query(query).set(TOKEN_HEADER, token);
  return body === undefined ? request : request.send(body);
}
const LYON = { num_voie: '12', voie: 'rue de la République', cp: '69001', commune: 'Lyon', code_insee: '69123' };
const HOURS = [
  { jour: 'mardi', plages: [{ debut: '09:00', fin: '12:00' }, { debut: '14:00', fin: '17:00' }] },
  { jour: 'samedi', plages: [{ debut: '10:00', fin: '12:30' }] },
];
const CLOSED = [{ debut: '2026-08-01', fin: '2026-08-23', motif: 'Congés d’été' }];
const siteOf = (extra: object = {}) => ({ type_membre: 'etablissement', nature_activite: 'distribution', membre_siret_id: asso.siege, ...extra });
async function newAddress(fields: object = LYON) {
  const response = await send('post', 'adresse', { id_asso: asso.id }, fields);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string };
}
async function newSite(extra: object = {}) {
  const adresse = await newAddress();
  const response = await send('post', 'sites', { id_asso: asso.id }, siteOf({ adresse_id: adresse.id, ...extra }));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; adresse_id: string };
}
const trail = (entityId: string) => t.db.auditEntry.findMany({ where: { associationId: asso.id, entityId }, orderBy: { seq: 'asc' } });

describe('addresses, located by the national address API', () => {
  it('POST locates the address: INSEE code, longitude geo_X and latitude geo_Y from the API; France by default; audited', async () => {
    const response = await send('post', 'adresse', { id_asso: asso.id }, { ...LYON, cplt: 'Bâtiment B', code_insee: undefined });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String), cplt: 'Bâtiment B', num_voie: '12', voie: 'rue de la République', bp: null, cp: '69001', commune: 'Lyon', cedex: null,
      code_insee: '69123', geo_X: 4.836, geo_Y: 45.76, pays: 'FRANCE', geocodage: 'adresse',
    });
    // Asked for the address itself (street and town) in its postcode, not for towns.
    expect(standin.state.searches).toHaveLength(1);
    expect(Object.fromEntries(standin.state.searches[0]!)).toMatchObject({ q: '12 rue de la République Lyon', postcode: '69001' });
    expect(standin.state.searches[0]!.has('type')).toBe(false);
    expect((await trail(response.body.id)).map((e) => [e.entity, e.action])).toEqual([['haa_adresse', 'create']]);
  });

  it('when the API answers without finding it: no coordinates, the commune’s INSEE code from the offline list', async () => {
    const response = await send('post', 'adresse', { id_asso: asso.id }, { voie: 'Canebière', cp: '13001', commune: 'Marseille' });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ code_insee: '13055', geo_X: null, geo_Y: null, geocodage: 'non-localisee' });
  });

  it('when the API is down: the commune’s INSEE code from the offline list and no coordinates, said so', async () => {
    const offline = await createAssociation(down);
    const token = (await signIn(down, { roles: ['lca.admin'] })).token;
    const started = Date.now();
    const response = await send('post', 'adresse', { id_asso: offline.id }, { ...LYON, code_insee: undefined }, token, down);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ commune: 'Lyon', code_insee: '69123', geo_X: null, geo_Y: null, geocodage: 'commune-hors-ligne' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('when the API is too slow, the same offline answer (its timeout bounds the write)', async () => {
    standin.state.mode = 'slow';
    const response = await send('post', 'adresse', { id_asso: asso.id }, { ...LYON, code_insee: undefined });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ code_insee: '69123', geo_X: null, geocodage: 'commune-hors-ligne' });
  });

  it('without a town the offline list knows, the INSEE code the commune field gave stays', async () => {
    standin.state.mode = 'error';
    const response = await send('post', 'adresse', { id_asso: asso.id }, { cp: '69001', commune: 'Lieu-dit inconnu', code_insee: '69123' });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ code_insee: '69123', geocodage: 'commune-hors-ligne' });
  });

  it('refuses bad fields with the §5 messages, and writes nothing', async () => {
    const before = await t.db.haaAdresse.count();
    const response = await send('post', 'adresse', { id_asso: asso.id }, { cp: '690', commune: '', voie: 'x'.repeat(33) });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({
      cp: MESSAGES.badFormat('code postal'),
      commune: MESSAGES.required('commune'),
      voie: MESSAGES.maxLength('libellé de la voie', 32),
    });
    expect(await t.db.haaAdresse.count()).toBe(before);
    expect(standin.state.searches).toHaveLength(0);
  });

  it('GET lists the addresses of a postcode (idAsso, codePostal); the postcode is required (§8)', async () => {
    const villeurbanne = await newAddress({ voie: 'cours Émile Zola', cp: '69100', commune: 'Villeurbanne' });
    const list = await send('get', 'adresse', { idAsso: asso.id, codePostal: '69100' });
    expect(list.status).toBe(200);
    expect(list.body.map((a: { id: string }) => a.id)).toContain(villeurbanne.id);
    expect(list.body.every((a: { cp: string }) => a.cp === '69100')).toBe(true);

    const missing = await send('get', 'adresse', { idAsso: asso.id });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ codePostal: HAA_MESSAGES.postcodeMissing });
    const noAsso = await send('get', 'adresse', { codePostal: '69100' });
    expect(noAsso.body.fields).toEqual({ idAsso: MESSAGES.missingAssociationId });
  });

  it('PATCH changes what it names; a new place is located again, a new complement is not', async () => {
    const adresse = await newAddress();
    standin.reset();
    const complement = await send('patch', 'adresse', { id_asso: asso.id, id: adresse.id }, { cplt: 'Porte 2' });
    expect(complement.status, JSON.stringify(complement.body)).toBe(200);
    expect(complement.body).toMatchObject({ cplt: 'Porte 2', geocodage: 'adresse', code_insee: '69123' });
    expect(standin.state.searches).toHaveLength(0);

    const moved = await send('patch', 'adresse', { id_asso: asso.id, id: adresse.id }, { voie: 'avenue Jean Jaurès', cp: '69100', commune: 'Villeurbanne' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ cplt: 'Porte 2', cp: '69100', commune: 'Villeurbanne', code_insee: '69266', geo_X: 4.881, geocodage: 'adresse' });
    expect(standin.state.searches).toHaveLength(1);
    expect((await trail(adresse.id)).map((e) => e.action)).toEqual(['create', 'update', 'update']);
  });

  it('PATCH and DELETE need the address id (§8) and find only the association’s addresses', async () => {
    expect((await send('patch', 'adresse', { id_asso: asso.id }, { cplt: 'x' })).body.fields).toEqual({ id: HAA_MESSAGES.adresseIdMissing });
    expect((await send('delete', 'adresse', { id_asso: asso.id })).body.fields).toEqual({ id: HAA_MESSAGES.adresseIdMissing });
    const unknown = await send('delete', 'adresse', { id_asso: asso.id, id: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'HAA_ADRESSE_NOT_FOUND', message: HAA_MESSAGES.adresseNotFound });
  });

  it('DELETE refuses an address a site uses (409, French), then deletes it once the site is gone', async () => {
    const site = await newSite();
    const refused = await send('delete', 'adresse', { id_asso: asso.id, id: site.adresse_id });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'HAA_ADRESSE_IN_USE', status: 409, message: HAA_MESSAGES.adresseInUse(1) });
    expect(await t.db.haaAdresse.count({ where: { id: site.adresse_id } })).toBe(1);

    expect((await send('delete', 'sites', { id_asso: asso.id, id: site.id })).body).toEqual({ message: HAA_MESSAGES.siteDeleted });
    const deleted = await send('delete', 'adresse', { id_asso: asso.id, id: site.adresse_id });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: HAA_MESSAGES.adresseDeleted });
    expect(await t.db.haaAdresse.count({ where: { id: site.adresse_id } })).toBe(0);
    expect((await trail(site.adresse_id)).map((e) => e.action)).toEqual(['create', 'delete']);
  });
});

describe('sites', () => {
  it('GET membres: the active establishments and the network’s member associations (the pick lists)', async () => {
    const response = await send('get', 'membres', { id_asso: asso.id });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.etablissements.map((e: { siret: string }) => e.siret)).toEqual([asso.siege, ...asso.secondaires]);
    expect(response.body.membres_reseau).toEqual([
      { id: networkMember.id, nom: 'Épicerie solidaire membre', id_siren: networkMember.siren, adresse: '3 rue du Marché, 69100 Villeurbanne' },
    ]);
  });

  it('POST declares a site run by an establishment, with hours and closing periods; GET lists it with its address; audited', async () => {
    const adresse = await newAddress();
    const created = await send('post', 'sites', { id_asso: asso.id }, siteOf({ adresse_id: adresse.id, horaire_ouverture: HOURS, periode_fermeture: CLOSED }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      type_membre: 'etablissement', membre_siret_id: asso.siege, membre_reseau_id: null, membre_nom: 'Siège', itinerant: false,
      horaire_ouverture: HOURS, periode_fermeture: CLOSED, adresse_id: adresse.id, adresse: { commune: 'Lyon', geocodage: 'adresse' },
    });
    const list = await send('get', 'sites', { id_asso: asso.id });
    expect(list.body.find((s: { id: string }) => s.id === created.body.id)).toEqual(created.body);
    expect((await trail(created.body.id)).map((e) => [e.entity, e.action])).toEqual([['haa_site', 'create']]);
  });

  it('a site run by a member association of the network shows its name and address', async () => {
    const response = await send('post', 'sites', { id_asso: asso.id }, { type_membre: 'association', nature_activite: 'fourniture', membre_reseau_id: networkMember.id, itinerant: true });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ membre_nom: 'Épicerie solidaire membre', adresse_membre: '3 rue du Marché, 69100 Villeurbanne', adresse: null });
  });

  it('an itinerant site needs no address; a fixed site does', async () => {
    const itinerant = await send('post', 'sites', { id_asso: asso.id }, siteOf({ itinerant: true }));
    expect(itinerant.status, JSON.stringify(itinerant.body)).toBe(201);
    expect(itinerant.body).toMatchObject({ itinerant: true, adresse_id: null });
    const fixed = await send('post', 'sites', { id_asso: asso.id }, siteOf());
    expect(fixed.status).toBe(400);
    expect(fixed.body.fields).toEqual({ adresse_id: HAA_MESSAGES.fixedSiteNeedsAdresse });
    // Becoming fixed without an address is refused too.
    const patched = await send('patch', 'sites', { id_asso: asso.id, id: itinerant.body.id }, { itinerant: false });
    expect(patched.body.fields).toEqual({ adresse_id: HAA_MESSAGES.fixedSiteNeedsAdresse });
  });

  it.each([
    ['an establishment type without its SIRET', { membre_siret_id: null, itinerant: true }, { membre_siret_id: HAA_MESSAGES.membreSiretRequired }],
    ['an inactive establishment', () => ({ membre_siret_id: asso.inactive, itinerant: true }), { membre_siret_id: HAA_MESSAGES.membreSiretNotInAssociation }],
    ['another association’s establishment', () => ({ membre_siret_id: networkMember.siege, itinerant: true }), { membre_siret_id: HAA_MESSAGES.membreSiretNotInAssociation }],
    ['an association type without its member', { type_membre: 'association', membre_siret_id: null, itinerant: true }, { membre_reseau_id: HAA_MESSAGES.membreReseauRequired }],
    ['an association outside the network', () => ({ type_membre: 'association', membre_siret_id: null, membre_reseau_id: asso.id, itinerant: true }), { membre_reseau_id: HAA_MESSAGES.membreReseauNotMember }],
    ['both members', () => ({ membre_reseau_id: networkMember.id, itinerant: true }), { membre_reseau_id: HAA_MESSAGES.membreOfOtherType('Établissement') }],
    ['a responsible person of another association', async () => ({ responsable_id: (await t.db.representantLegal.findFirstOrThrow({ where: { associationId: networkMember.id } })).id, itinerant: true }), { responsable_id: HAA_MESSAGES.responsableNotInAssociation }],
  ])('refuses %s (400, the field and its French message)', async (_label, extra, fields) => {
    const before = await t.db.haaSite.count();
    const response = await send('post', 'sites', { id_asso: asso.id }, siteOf(typeof extra === 'function' ? await extra() : extra));
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.fields).toEqual(fields);
    expect(await t.db.haaSite.count()).toBe(before);
  });

  it('refuses bad hours and closing periods with the contract’s messages', async () => {
    const response = await send('post', 'sites', { id_asso: asso.id }, siteOf({
      itinerant: true,
      horaire_ouverture: [{ jour: 'lundi', plages: [{ debut: '14:00', fin: '09:00' }] }],
      periode_fermeture: [{ debut: '2026-08-31', fin: '2026-08-01' }],
    }));
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ 'horaire_ouverture.0.plages.0.fin': HAA_MESSAGES.rangeEndBeforeStart, 'periode_fermeture.0.fin': HAA_MESSAGES.periodEndBeforeStart });
  });

  it('refuses an address of another association as unknown (404)', async () => {
    const other = await createAssociation(t);
    const foreign = await t.db.haaAdresse.create({ data: { associationId: other.id, cp: '69001', commune: 'Lyon', geocodage: 'adresse' } });
    const response = await send('post', 'sites', { id_asso: asso.id }, siteOf({ adresse_id: foreign.id }));
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('HAA_ADRESSE_NOT_FOUND');
  });

  it('PATCH changes only what it names, the rules checked on the whole site; changing the type drops the other member', async () => {
    const site = await newSite({ horaire_ouverture: HOURS });
    const hours = await send('patch', 'sites', { id_asso: asso.id, id: site.id }, { periode_fermeture: CLOSED });
    expect(hours.status, JSON.stringify(hours.body)).toBe(200);
    expect(hours.body).toMatchObject({ horaire_ouverture: HOURS, periode_fermeture: CLOSED, membre_siret_id: asso.siege });

    const noMember = await send('patch', 'sites', { id_asso: asso.id, id: site.id }, { type_membre: 'association' });
    expect(noMember.body.fields).toEqual({ membre_reseau_id: HAA_MESSAGES.membreReseauRequired });
    const switched = await send('patch', 'sites', { id_asso: asso.id, id: site.id }, { type_membre: 'association', membre_reseau_id: networkMember.id });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(switched.body).toMatchObject({ type_membre: 'association', membre_reseau_id: networkMember.id, membre_siret_id: null });
    const entries = await trail(site.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'update']);
    expect(entries[2]!.before).toMatchObject({ type_membre: 'etablissement' });
    expect(entries[2]!.after).toMatchObject({ type_membre: 'association' });
  });

  it('PATCH and DELETE need the site id (§8) and find only the association’s sites', async () => {
    expect((await send('patch', 'sites', { id_asso: asso.id }, { itinerant: true })).body.fields).toEqual({ id: HAA_MESSAGES.siteIdMissing });
    expect((await send('delete', 'sites', { id_asso: asso.id })).body.fields).toEqual({ id: HAA_MESSAGES.siteIdMissing });
    const unknown = await send('patch', 'sites', { id_asso: asso.id, id: randomUUID() }, { itinerant: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'HAA_SITE_NOT_FOUND', message: HAA_MESSAGES.siteNotFound });
  });

  it('DELETE removes the site, keeps its address, and is audited', async () => {
    const site = await newSite();
    const response = await send('delete', 'sites', { id_asso: asso.id, id: site.id });
    expect(response.status).toBe(200);
    expect(await t.db.haaSite.count({ where: { id: site.id } })).toBe(0);
    expect(await t.db.haaAdresse.count({ where: { id: site.adresse_id } })).toBe(1);
    expect((await trail(site.id)).map((e) => e.action)).toEqual(['create', 'delete']);
  });
});

describe('POST sites_adresses: a site and its new address together', () => {
  it('writes both, the address located, each audited', async () => {
    const response = await send('post', 'sites_adresses', { id_asso: asso.id }, { site: siteOf({ horaire_ouverture: HOURS, periode_fermeture: CLOSED }), adresse: LYON });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ horaire_ouverture: HOURS, adresse: { commune: 'Lyon', code_insee: '69123', geo_X: 4.836, geocodage: 'adresse' } });
    expect(response.body.adresse_id).toBe(response.body.adresse.id);
    expect((await trail(response.body.id)).map((e) => e.entity)).toEqual(['haa_site']);
    expect((await trail(response.body.adresse_id)).map((e) => e.entity)).toEqual(['haa_adresse']);
  });

  it('a refused site leaves no address (and asks the API nothing)', async () => {
    const before = { sites: await t.db.haaSite.count(), adresses: await t.db.haaAdresse.count(), audit: await t.db.auditEntry.count({ where: { associationId: asso.id } }) };
    const response = await send('post', 'sites_adresses', { id_asso: asso.id }, { site: siteOf({ membre_siret_id: networkMember.siege }), adresse: LYON });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ membre_siret_id: HAA_MESSAGES.membreSiretNotInAssociation });
    expect({ sites: await t.db.haaSite.count(), adresses: await t.db.haaAdresse.count(), audit: await t.db.auditEntry.count({ where: { associationId: asso.id } }) }).toEqual(before);
    expect(standin.state.searches).toHaveLength(0);
  });

  it('a refused address leaves no site', async () => {
    const before = await t.db.haaSite.count();
    const response = await send('post', 'sites_adresses', { id_asso: asso.id }, { site: siteOf(), adresse: { ...LYON, cp: 'x' } });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ 'adresse.cp': MESSAGES.badFormat('code postal') });
    expect(await t.db.haaSite.count()).toBe(before);
  });

  it('a failure while writing the site takes the address back (one transaction)', async () => {
    // The site's insert is made to fail after the address is written: nothing of either may stay.
    await t.db.$executeRawUnsafe(`CREATE FUNCTION haa_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await t.db.$executeRawUnsafe(`CREATE TRIGGER haa_test_refuse BEFORE INSERT ON haa_sites FOR EACH ROW WHEN (NEW.nature_activite = 'fourniture') EXECUTE FUNCTION haa_test_refuse()`);
    try {
      const before = { sites: await t.db.haaSite.count(), adresses: await t.db.haaAdresse.count(), audit: await t.db.auditEntry.count({ where: { associationId: asso.id } }) };
      const response = await send('post', 'sites_adresses', { id_asso: asso.id }, { site: siteOf({ nature_activite: 'fourniture' }), adresse: LYON });
      expect(response.status).toBe(500);
      expect({ sites: await t.db.haaSite.count(), adresses: await t.db.haaAdresse.count(), audit: await t.db.auditEntry.count({ where: { associationId: asso.id } }) }).toEqual(before);
    } finally {
      await t.db.$executeRawUnsafe('DROP TRIGGER haa_test_refuse ON haa_sites');
      await t.db.$executeRawUnsafe('DROP FUNCTION haa_test_refuse()');
    }
  });
});

describe('the SIREN (§8) and who reaches what', () => {
  it('every call on an association without SIREN answers « Le numéro siren est manquant »', async () => {
    const noSiren = await createAssociation(t);
    await t.db.association.update({ where: { id: noSiren.id }, data: { idSiren: null } });
    const id = randomUUID();
    const calls: [Method, string, Record<string, string>, object?][] = [
      ['get', 'membres', { id_asso: noSiren.id }],
      ['get', 'sites', { id_asso: noSiren.id }],
      ['post', 'sites', { id_asso: noSiren.id }, siteOf({ itinerant: true })],
      ['patch', 'sites', { id_asso: noSiren.id, id }, { itinerant: true }],
      ['delete', 'sites', { id_asso: noSiren.id, id }],
      ['get', 'adresse', { idAsso: noSiren.id, codePostal: '69001' }],
      ['post', 'adresse', { id_asso: noSiren.id }, LYON],
      ['patch', 'adresse', { id_asso: noSiren.id, id }, { cplt: 'x' }],
      ['delete', 'adresse', { id_asso: noSiren.id, id }],
      ['post', 'sites_adresses', { id_asso: noSiren.id }, { site: siteOf(), adresse: LYON }],
    ];
    for (const [method, path, query, body] of calls) {
      const response = await send(method, path, query, body, admin);
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(response.body, `${method} ${path}`).toMatchObject({ code: 'VALIDATION_ERROR', message: HAA_MESSAGES.sirenMissing });
    }
    expect(standin.state.searches).toHaveLength(0);
  });

  it('a call without id_asso says « L’identifiant association est manquant »', async () => {
    expect((await send('get', 'sites', {})).body.fields).toEqual({ id_asso: MESSAGES.missingAssociationId });
  });

  it('a stranger reaches nothing (404), lca.admin everything, rds.admin reads only', async () => {
    const site = await newSite();
    expect((await send('get', 'sites', { id_asso: asso.id }, undefined, stranger)).status).toBe(404);
    expect((await send('patch', 'sites', { id_asso: asso.id, id: site.id }, { itinerant: true }, stranger)).status).toBe(404);
    expect((await send('get', 'adresse', { idAsso: asso.id, codePostal: '69001' }, undefined, stranger)).status).toBe(404);
    expect((await send('get', 'sites', { id_asso: asso.id }, undefined, supervisor)).status).toBe(200);
    expect((await send('post', 'adresse', { id_asso: asso.id }, LYON, supervisor)).status).toBe(403);
    expect((await send('patch', 'sites', { id_asso: asso.id, id: site.id }, { itinerant: true }, admin)).status).toBe(200);
  });

  it('a secondary establishment’s member reads its establishment’s sites only, and writes none (head office)', async () => {
    const own = await send('post', 'sites', { id_asso: asso.id }, siteOf({ membre_siret_id: asso.secondaires[0], itinerant: true }));
    const other = await newSite();
    const list = await send('get', 'sites', { id_asso: asso.id }, undefined, secondaryMember);
    expect(list.status).toBe(200);
    const ids = list.body.map((s: { id: string }) => s.id);
    expect(ids).toContain(own.body.id);
    expect(ids).not.toContain(other.id);
    const membres = await send('get', 'membres', { id_asso: asso.id }, undefined, secondaryMember);
    expect(membres.body).toEqual({ etablissements: [expect.objectContaining({ siret: asso.secondaires[0] })], membres_reseau: [] });
    expect((await send('post', 'sites', { id_asso: asso.id }, siteOf({ itinerant: true }), secondaryMember)).status).toBe(403);
  });
});
