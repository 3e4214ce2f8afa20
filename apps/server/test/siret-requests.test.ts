// SIRET requests over HTTP (docs/domain.md « Demande de numéro SIRET »): the whole lifecycle
// ECS → AEM → ENCT → RGEN → ACC with the SIRET written on the association file, rejection then a new
// request, refusal, invalidation then correction and re-transmission, the reset from ENCT and RGEN
// only; the address rules of §5 with their messages; the pre-fill's cuts and the INSEE code found
// by the address lookup; what transmission needs; one live request per association; who reaches a
// request; mails and notifications to the creator; two administrators at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPE_IDS, SIRET_REQUEST_MESSAGES, siretRequestSchema } from '@portail/contract';
import { loadConfig } from '../src/config.ts';
import { createAssociation, newSiren, siretOf } from './support/association-factory.ts';
import { startExternalStandin, type ExternalStandin } from './support/external-standin.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { pdfText } from './support/pdf-text.ts';
import {
  createSiretlessAssociation, memberOfSiretless, siretCalls, siretDocuments, VALID_ADDRESS, type SiretlessAssociation,
} from './support/siret-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let standin: ExternalStandin;
type Caller = Awaited<ReturnType<typeof signIn>>;
let admin: Caller;
let otherAdmin: Caller;

beforeAll(async () => {
  standin = await startExternalStandin();
  const defaults = loadConfig({ NODE_ENV: 'test' }).externalLookups;
  t = await startTestApp({ externalLookups: { ...defaults, addressApiUrl: standin.addressApiUrl, sireneNoticeUrl: standin.sireneNoticeUrl } });
  admin = await signIn(t, { roles: ['lca.admin'] });
  otherAdmin = await signIn(t, { roles: ['lca.admin'] });
});
afterAll(async () => {
  await t.close();
  await standin.close();
});

const calls = (who: { token: string }) => siretCalls(t, who.token);

/** An association without SIRET, its member, and the member's new request completed (documents, attestation, address). */
async function readyRequest(setup?: { asso?: SiretlessAssociation; member?: Caller }) {
  const asso = setup?.asso ?? (await createSiretlessAssociation(t));
  const member = setup?.member ?? (await memberOfSiretless(t, asso));
  const created = await calls(member).create(asso.id, { attestation: true, documents: await siretDocuments(t, asso), coordonnees: { adresse_siege: VALID_ADDRESS } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { asso, member, id: created.body.id as string };
}
/** Moves a request through the administrators' events, each expected to succeed. */
async function processed(id: string, ...events: object[]) {
  for (const body of events) {
    const response = await calls(admin).event(id, body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  }
}
async function transmitted(member: Caller, id: string) {
  const response = await calls(member).transmit(id);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response;
}
const newSiret = () => siretOf(newSiren(), '0001');

/** Mails (recipient) and notifications (recipient:type) written since the last call. */
function watcher() {
  const seen = { mails: new Set<string>(), notifications: new Set<string>() };
  return async () => {
    const mails = (await t.db.mailOutbox.findMany({ select: { id: true, to: true, subject: true } })).filter((m) => !seen.mails.has(m.id));
    const notifications = (await t.db.notification.findMany({ select: { id: true, userId: true, type: true, payload: true } })).filter((n) => !seen.notifications.has(n.id));
    for (const m of mails) seen.mails.add(m.id);
    for (const n of notifications) seen.notifications.add(n.id);
    return { mails, notifications };
  };
}

describe('the whole lifecycle ECS → AEM → ENCT → RGEN → ACC', () => {
  it('grants the SIRET and writes it on the association file, telling the creator at each decision', async () => {
    const since = watcher();
    await since();
    const { asso, member, id } = await readyRequest();

    const created = (await calls(member).get(id)).body;
    expect(siretRequestSchema.parse(created)).toMatchObject({
      identifiant: { step: 0, id_fo_fonctionnel: expect.stringMatching(/^\d{4}-\d+$/) },
      description: { code_etat: 'ECS', libelle_etat: 'En cours de saisie', siret_attribue: null },
      mode: 'edit', createdBy: { id: member.account.id },
      options: { events: ['transmettre'], actions: ['consulter', 'modifier'] },
    });

    const sent = await transmitted(member, id);
    expect(sent.body.message).toBe(SIRET_REQUEST_MESSAGES.transmitted);
    expect(sent.body.demande).toMatchObject({ description: { code_etat: 'AEM' }, mode: 'read' });
    // Transmitting tells no one (the machine declares no effect): the administrators see it in their list.
    expect((await since()).notifications.filter((n) => n.userId === member.account.id)).toEqual([]);

    expect((await calls(admin).get(id)).body.options.events.sort()).toEqual(['invalider', 'traiter']);
    await processed(id, { event: 'traiter' });
    const afterTraiter = await since();
    expect(afterTraiter.notifications.map((n) => [n.userId, n.type])).toEqual([[member.account.id, NOTIFICATION_TYPE_IDS.modification_siret]]);
    expect(afterTraiter.notifications[0]!.payload).toMatchObject({ demande_siret: id, vers: 'ENCT' });
    expect(afterTraiter.mails.map((m) => m.to)).toEqual([member.account.email]);
    expect(afterTraiter.mails[0]!.subject).toContain('En cours de traitement');

    await processed(id, { event: 'generer_regent' });
    // Generating the Regent file is the administration's own step: no notice.
    expect((await since()).notifications).toEqual([]);

    const siret = newSiret();
    const granted = await calls(admin).event(id, { event: 'accorder', siret: `${siret.slice(0, 3)} ${siret.slice(3)}` });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(granted.body.description).toMatchObject({ code_etat: 'ACC', libelle_etat: 'Accordé', siret_attribue: siret });
    const afterGrant = await since();
    expect(afterGrant.notifications.map((n) => [n.userId, n.type, (n.payload as { vers: string }).vers])).toEqual([[member.account.id, 3, 'ACC']]);
    expect(afterGrant.mails.map((m) => m.to)).toEqual([member.account.email]);

    const file = await t.db.association.findUniqueOrThrow({ where: { id: asso.id }, include: { etablissements: true } });
    expect(file).toMatchObject({ idSiretSiege: siret, idSiren: siret.slice(0, 9) });
    expect(file.etablissements).toEqual([expect.objectContaining({ siret, nic: siret.slice(9), estSiege: true, actif: true, adresse: expect.objectContaining({ commune: 'Villeurbanne', code_insee: '69266' }) })]);
    const audit = await t.db.auditEntry.findMany({ where: { associationId: asso.id }, orderBy: { seq: 'asc' }, select: { entity: true, action: true } });
    expect(audit.map((a) => `${a.entity}:${a.action}`)).toEqual([
      'demande_siret:creer', 'demande_siret:transmettre', 'demande_siret:traiter', 'demande_siret:generer_regent', 'demande_siret:accorder', 'association:attribuer_siret',
    ]);
    const history = await t.db.stateHistory.findMany({ where: { objectId: id }, orderBy: { createdAt: 'asc' } });
    expect(history.map((h) => `${h.fromState}>${h.toState}`)).toEqual(['ECS>AEM', 'AEM>ENCT', 'ENCT>RGEN', 'RGEN>ACC']);

    // The member sees it granted, read only; a granted request stays the association's: no other.
    expect((await calls(member).get(id)).body).toMatchObject({ description: { code_etat: 'ACC', siret_attribue: siret }, mode: 'read', options: { events: [] } });
    expect((await calls(member).create(asso.id)).body).toMatchObject({ status: 409, message: SIRET_REQUEST_MESSAGES.exists });
  });

  it('draws the PDF of the request in the layout of the INSEE form', async () => {
    const { asso, member, id } = await readyRequest();
    const response = await calls(member).pdf(id);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.body as Buffer);
    for (const expected of ["Demande d'inscription d'une association au répertoire SIRENE", asso.rna, asso.nom, 'Adresse du siège', 'Villeurbanne', '69266', 'Statuts', 'Liste des dirigeants']) {
      expect(text).toContain(expected);
    }
  });
});

describe('the other outcomes', () => {
  it('a rejected request (REJ) is ignored: the association creates a new one', async () => {
    const { asso, member, id } = await readyRequest();
    await transmitted(member, id);
    await processed(id, { event: 'traiter' }, { event: 'generer_regent' });
    expect((await calls(admin).event(id, { event: 'rejeter' })).body).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', fields: { comment: 'Le champ motif du rejet est obligatoire.' } });
    await processed(id, { event: 'rejeter', comment: 'Pièces illisibles' });
    expect((await calls(member).get(id)).body.description).toMatchObject({ code_etat: 'REJ', motif: 'Pièces illisibles' });
    const again = await calls(member).create(asso.id);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.identifiant.id_fo_fonctionnel).not.toBe((await calls(member).get(id)).body.identifiant.id_fo_fonctionnel);
  });

  it('a refused request (REF) is over and locked, and still counts as the association’s request', async () => {
    const { asso, member, id } = await readyRequest();
    await transmitted(member, id);
    await processed(id, { event: 'traiter' }, { event: 'generer_regent' }, { event: 'refuser', comment: 'Association déjà immatriculée' });
    const refused = (await calls(member).get(id)).body;
    expect(refused).toMatchObject({ description: { code_etat: 'REF', motif: 'Association déjà immatriculée' }, mode: 'read' });
    expect((await calls(member).update(id, { attestation: false })).body).toMatchObject({ status: 403, message: SIRET_REQUEST_MESSAGES.notEditable });
    expect((await calls(member).create(asso.id)).status).toBe(409);
  });

  it('an invalidated request (INV) is corrected and transmitted again', async () => {
    const { member, id } = await readyRequest();
    await transmitted(member, id);
    expect((await calls(member).update(id, { attestation: true })).status).toBe(403);
    await processed(id, { event: 'invalider', comment: 'Le code INSEE ne correspond pas à la commune.' });
    const invalidated = (await calls(member).get(id)).body;
    expect(invalidated).toMatchObject({ description: { code_etat: 'INV', motif: 'Le code INSEE ne correspond pas à la commune.' }, mode: 'edit' });
    const corrected = await calls(member).update(id, { coordonnees: { adresse_siege: { ...VALID_ADDRESS, num_voie: '5' } } });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.coordonnees.adresse_siege.num_voie).toBe('5');
    expect((await transmitted(member, id)).body.demande.description.code_etat).toBe('AEM');
  });

  it('is reset to ECS from ENCT or RGEN only', async () => {
    const { member, id } = await readyRequest();
    await transmitted(member, id);
    const fromAem = await calls(admin).event(id, { event: 'reinitialiser' });
    expect(fromAem.status).toBe(409);
    expect(fromAem.body.code).toBe('TRANSITION_WRONG_STATE');
    await processed(id, { event: 'traiter' }, { event: 'reinitialiser' });
    expect((await calls(member).get(id)).body).toMatchObject({ description: { code_etat: 'ECS' }, mode: 'edit' });
    await transmitted(member, id);
    await processed(id, { event: 'traiter' }, { event: 'generer_regent' }, { event: 'reinitialiser' });
    expect((await calls(member).get(id)).body.description.code_etat).toBe('ECS');
    // The member may not process it.
    expect((await calls(member).event(id, { event: 'traiter' })).status).toBe(403);
  });
});

describe('the address rules of §5, each with its message', () => {
  let member: Caller;
  let id: string;
  beforeAll(async () => {
    ({ member, id } = await readyRequest());
  });
  it.each([
    ['code_insee', '', 'Le champ code INSEE est obligatoire.'],
    ['code_insee', '6', 'Le champ code INSEE doit contenir au moins 2 caractère(s).'],
    ['code_insee', '692660', 'Le champ code INSEE ne doit pas contenir plus de 5 caractère(s).'],
    ['pays', 'P'.repeat(39), 'Le champ pays ne doit pas contenir plus de 38 caractère(s).'],
    ['num_voie', '1'.repeat(10), 'Le champ numéro de voie ne doit pas contenir plus de 9 caractère(s).'],
    ['repet_voie', 'TE', 'Le champ indice de répétition doit contenir exactement 1 caractère(s).'],
    ['type_voie', 'ROUTE', 'Le champ type de voie ne doit pas contenir plus de 4 caractère(s).'],
    ['voie', 'v'.repeat(33), 'Le champ libellé de la voie ne doit pas contenir plus de 32 caractère(s).'],
    ['cplt_1', 'c'.repeat(39), "Le champ complément d'adresse ne doit pas contenir plus de 38 caractère(s)."],
    ['bp', 'b'.repeat(10), 'Le champ boîte postale ne doit pas contenir plus de 9 caractère(s).'],
    ['cp', '', 'Le champ code postal est obligatoire.'],
    ['cp', '1'.repeat(10), 'Le champ code postal ne doit pas contenir plus de 9 caractère(s).'],
    ['commune', '', 'Le champ commune est obligatoire.'],
    ['commune', 'c'.repeat(33), 'Le champ commune ne doit pas contenir plus de 32 caractère(s).'],
    ['cedex', 'c'.repeat(33), 'Le champ cedex ne doit pas contenir plus de 32 caractère(s).'],
  ])('%s = %j on the head office address: « %s »', async (field, value, message) => {
    const response = await calls(member).update(id, { coordonnees: { adresse_siege: { ...VALID_ADDRESS, [field]: value } } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [`coordonnees.adresse_siege.${field}`]: message } });
  });

  it('applies the same rules to the management address, whose country is FRANCE by default', async () => {
    const bad = await calls(member).update(id, { coordonnees: { adresse_gestion: { ...VALID_ADDRESS, repet_voie: 'BIS' } } });
    expect(bad.body.fields).toEqual({ 'coordonnees.adresse_gestion.repet_voie': 'Le champ indice de répétition doit contenir exactement 1 caractère(s).' });
    const { pays: _pays, ...withoutCountry } = VALID_ADDRESS;
    const saved = await calls(member).update(id, { coordonnees: { adresse_gestion: withoutCountry } });
    expect(saved.status).toBe(200);
    expect(saved.body.coordonnees.adresse_gestion.pays).toBe('FRANCE');
    expect((await t.db.demandeSiret.findUniqueOrThrow({ where: { id } })).coordonnees).toMatchObject({ adresse_gestion: { pays: 'FRANCE' } });
  });
});

describe('the pre-fill from the association file (§5)', () => {
  it('cuts the acronym, the name, the object and the address, and finds the missing INSEE code by the address lookup', async () => {
    const asso = await createSiretlessAssociation(t, {
      nom: `Club n°7 ${'de sport '.repeat(20)}`,
      sigle: 'ASSOCIATIONSPORTIVEDU7',
      objet: `Aider <les> jeunes ; {sport} ${'x'.repeat(300)}`,
      adresseSiege: { num_voie: '12 bis', type_voie: 'RUE', voie: 'v'.repeat(40), cplt_1: 'c'.repeat(40), bp: 'BP 123456', cp: '42000', commune: 'Saint-Étienne', pays: 'FRANCE' },
    });
    const member = await memberOfSiretless(t, asso);
    const created = await calls(member).create(asso.id);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { identite, activites, coordonnees } = created.body;
    expect(identite.sigle).toBe('ASSOCIATIONSPORTI...');
    expect(identite.nom.startsWith('Club n.7 de sport')).toBe(true);
    expect(identite.nom.length).toBeLessThanOrEqual(120);
    expect(identite).toMatchObject({ id_rna: asso.rna, id_correspondance: asso.id, dateCreation: '2024-03-01', id_forme_juridique: '9220' });
    expect(activites.objet.startsWith('Aider les jeunes sport x')).toBe(true);
    expect(activites.objet).toHaveLength(260);
    expect(coordonnees.adresse_siege).toMatchObject({ num_voie: '12', code_insee: '42218', bp: 'BP 1234', cp: '42000', commune: 'Saint-Étienne' });
    expect(coordonnees.adresse_siege.voie).toHaveLength(30);
    expect(coordonnees.adresse_siege.cplt_1).toHaveLength(35);
    expect(standin.state.searches.some((search) => search.get('postcode') === '42000' && search.get('type') === 'municipality')).toBe(true);
  });

  it('leaves the INSEE code empty when no town of that postcode bears that name, and the body given wins over the file', async () => {
    const asso = await createSiretlessAssociation(t, { adresseSiege: { voie: 'des Lilas', cp: '69100', commune: 'Nullepart' } });
    const member = await memberOfSiretless(t, asso);
    const created = await calls(member).create(asso.id, { identite: { sigle: 'XYZ' } });
    expect(created.body.coordonnees.adresse_siege).toMatchObject({ commune: 'Nullepart', code_insee: null });
    expect(created.body.identite.sigle).toBe('XYZ');
    // The same request through the association side's call (an array of one).
    await calls(member).remove(created.body.id);
    const proxied = await calls(member).proxyCreate(asso.id, [{ identite: { sigle: 'ABC' } }]);
    expect(proxied.status, JSON.stringify(proxied.body)).toBe(201);
    expect(proxied.body).toEqual([expect.objectContaining({ identite: expect.objectContaining({ sigle: 'ABC' }) })]);
  });
});

describe('what transmission needs', () => {
  it('refuses while a document, the attestation or a valid head office address misses, and says which', async () => {
    const asso = await createSiretlessAssociation(t, { adresseSiege: { voie: 'des Lilas', cp: '69100', commune: 'Nullepart' } });
    const member = await memberOfSiretless(t, asso);
    const { id } = (await calls(member).create(asso.id, { documents: await siretDocuments(t, asso, ['REC']) })).body;
    const refused = await calls(member).transmit(id);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'SIRET_REQUEST_NOT_TRANSMITTABLE',
      message: SIRET_REQUEST_MESSAGES.notTransmittable([
        "l'attestation sur l'honneur",
        'Adresse du siège : Le champ code INSEE est obligatoire.',
        'le document « Statuts »',
        'le document « Liste des dirigeants »',
      ]),
    });
    expect((await calls(member).get(id)).body.description.code_etat).toBe('ECS');
    await calls(member).update(id, { attestation: true, documents: await siretDocuments(t, asso), coordonnees: { adresse_siege: VALID_ADDRESS } });
    expect((await transmitted(member, id)).body.demande.description.code_etat).toBe('AEM');
    // The documents it holds, as the association file lists them.
    const documents = await calls(member).documents(id);
    expect(documents.status).toBe(200);
    expect(documents.body.map((d: { type: string }) => d.type).sort()).toEqual(['LDC', 'REC', 'STC']);
  });

  it('takes only documents of the association, each of its type, one per type', async () => {
    const { asso, member, id } = await readyRequest();
    const foreign = await createSiretlessAssociation(t);
    const [other] = await siretDocuments(t, foreign, ['STC']);
    expect((await calls(member).update(id, { documents: [other] })).body).toMatchObject({ status: 400, message: "Un des documents n'appartient pas à l'association." });
    const [stc] = await siretDocuments(t, asso, ['STC']);
    expect((await calls(member).update(id, { documents: [{ type: 'REC', uuid: stc!.uuid }] })).body.message).toContain("n'est pas du type Récépissé");
    expect((await calls(member).update(id, { documents: [stc, stc] })).body.message).toBe('Un seul document par type peut être joint à la demande.');
  });
});

describe('one live request per association, reached by its creator and the administrators', () => {
  it('answers « existe déjà » to a second request, also to another member and to two creations at once', async () => {
    const { asso, member, id } = await readyRequest();
    const second = await calls(member).create(asso.id);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ status: 409, code: 'SIRET_REQUEST_EXISTS', message: "Une demande d'attribution siret existe déjà. Seul son créateur peut accéder aux détails de la demande." });
    const colleague = await memberOfSiretless(t, asso);
    expect((await calls(colleague).create(asso.id)).status).toBe(409);
    // The colleague, a member of the association but not its creator, does not reach it.
    const notHis = await calls(colleague).get(id);
    expect(notHis.status).toBe(404);
    expect(notHis.body.message).toBe("La demande n'est pas accessible ou n'existe pas. Seul son créateur peut accéder aux détails de la demande.");
    expect((await calls(colleague).list()).body).toEqual([]);

    const fresh = await createSiretlessAssociation(t);
    const a = await memberOfSiretless(t, fresh);
    const b = await memberOfSiretless(t, fresh);
    const both = await Promise.all([calls(a).create(fresh.id), calls(b).create(fresh.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await t.db.demandeSiret.count({ where: { associationId: fresh.id } })).toBe(1);
  });

  it('answers the same 404 for a stranger, a member of another association and an unknown request; 403 to a service agent by role', async () => {
    const { member, id } = await readyRequest();
    const stranger = await signIn(t, { roles: ['lca.association'] });
    const elsewhere = await memberOfSiretless(t, await createSiretlessAssociation(t));
    for (const who of [stranger, elsewhere]) {
      const pdf = await calls(who).pdf(id);
      const answers = [await calls(who).get(id), await calls(who).update(id, {}), await calls(who).transmit(id), await calls(who).documents(id)];
      for (const [status, body] of [[pdf.status, JSON.parse((pdf.body as Buffer).toString('utf8'))], ...answers.map((r) => [r.status, r.body])]) {
        expect(status).toBe(404);
        expect(body).toMatchObject({ code: 'SIRET_REQUEST_NOT_ACCESSIBLE', message: SIRET_REQUEST_MESSAGES.notAccessible });
      }
    }
    expect((await calls(member).get('00000000-0000-4000-8000-000000000000')).body.code).toBe('SIRET_REQUEST_NOT_ACCESSIBLE');
    const agent = await signIn(t, { roles: ['rds.user'] });
    expect((await calls(agent).get(id)).status).toBe(403);
    // A stranger may not open a request for an association they do not belong to.
    expect((await calls(stranger).create((await createSiretlessAssociation(t)).id)).status).toBe(404);
  });

  it('lists the caller’s requests, all of them with filters for an administrator', async () => {
    const { asso, member, id } = await readyRequest();
    expect((await calls(member).list()).body.map((d: { id: string }) => d.id)).toEqual([id]);
    const byRna = await calls(admin).list({ id_rna: asso.rna });
    expect(byRna.body.map((d: { id: string }) => d.id)).toEqual([id]);
    expect((await calls(admin).list({ id_rna: asso.rna, etats: 'AEM,ENCT' })).body).toEqual([]);
    const number = (await calls(member).get(id)).body.identifiant.id_fo_fonctionnel;
    expect((await calls(admin).list({ searchQuery: number })).body.map((d: { id: string }) => d.id)).toEqual([id]);
    expect((await calls(admin).list({ etats: 'XYZ' })).status).toBe(400);
  });

  it('is deleted while in ECS, and the association may then create another', async () => {
    const { asso, member, id } = await readyRequest();
    await transmitted(member, id);
    expect((await calls(member).remove(id)).status).toBe(403);
    await processed(id, { event: 'invalider', comment: 'À reprendre' });
    expect((await calls(member).remove(id)).body).toEqual({ message: 'La demande a été supprimée.' });
    expect((await calls(member).get(id)).status).toBe(404);
    expect((await calls(member).create(asso.id)).status).toBe(201);
  });
});

describe('what a request refuses besides', () => {
  it('is not created for an association that has a SIRET already (409, nothing written)', async () => {
    const asso = await createSiretlessAssociation(t);
    const member = await memberOfSiretless(t, asso);
    const siret = newSiret();
    await t.db.association.update({ where: { id: asso.id }, data: { idSiretSiege: siret, idSiren: siret.slice(0, 9) } });
    for (const answer of [await calls(member).create(asso.id), await calls(member).proxyCreate(asso.id, [{}])]) {
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ status: 409, code: 'SIRET_REQUEST_ASSOCIATION_HAS_SIRET', message: SIRET_REQUEST_MESSAGES.associationHasSiret(siret) });
    }
    expect(await t.db.demandeSiret.count({ where: { associationId: asso.id } })).toBe(0);
  });

  it('keeps the REC, STC and LDC of a request being processed in the association file; once it is over they may go', async () => {
    const { asso, member, id } = await readyRequest();
    const held = (await t.db.demandeSiret.findUniqueOrThrow({ where: { id } })).documents as { type: string; uuid: string }[];
    const removeDocument = (uuid: string) =>
      t.http().delete('/api/proxy-asso/association/documents').query({ id_asso: asso.id, id: uuid }).set(TOKEN_HEADER, member.token);
    const number = (await calls(member).get(id)).body.identifiant.id_fo_fonctionnel as string;
    // In ECS, then transmitted (AEM), the request's documents stay.
    for (const step of ['ECS', 'AEM']) {
      if (step === 'AEM') await transmitted(member, id);
      const refused = await removeDocument(held[0]!.uuid);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ status: 409, code: 'DOCUMENT_IN_SIRET_REQUEST', message: SIRET_REQUEST_MESSAGES.documentInRequest(number) });
    }
    expect(await t.db.associationDocument.count({ where: { id: { in: held.map((d) => d.uuid) } } })).toBe(3);
    // A document of the association that no request holds goes as before.
    const [spare] = await siretDocuments(t, asso, ['STC']);
    expect((await removeDocument(spare!.uuid)).status).toBe(200);
    // Once refused (over), the documents are the association's again.
    await processed(id, { event: 'traiter' }, { event: 'generer_regent' }, { event: 'refuser', comment: 'Statuts non conformes' });
    expect((await removeDocument(held[0]!.uuid)).status).toBe(200);
  });
});

describe('the list’s fields and populate (§7)', () => {
  it('names the documents only with populate=documents, keeps only the named fields (and id), and refuses unknown names', async () => {
    const { member, id } = await readyRequest();
    const plain = (await calls(member).list()).body as { documents: { nom: string | null }[] }[];
    expect(plain[0]!.documents.map((d) => d.nom)).toEqual([null, null, null]);
    const populated = (await calls(member).list({ populate: 'documents' })).body as { documents: { type: string; nom: string | null }[] }[];
    expect(populated[0]!.documents.map((d) => d.nom).sort()).toEqual(['ldc.pdf', 'rec.pdf', 'stc.pdf']);
    const projected = await calls(member).list({ fields: 'identifiant,description', populate: 'documents' });
    expect(projected.status).toBe(200);
    expect(Object.keys(projected.body[0]).sort()).toEqual(['description', 'id', 'identifiant']);
    expect(projected.body[0]).toMatchObject({ id, description: { code_etat: 'ECS' } });
    const unknownField = await calls(member).list({ fields: 'identifiant,mot_de_passe' });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.message).toContain(SIRET_REQUEST_MESSAGES.unknownField('mot_de_passe'));
    const unknownPopulate = await calls(member).list({ populate: 'createur' });
    expect(unknownPopulate.status).toBe(400);
    expect(unknownPopulate.body.message).toContain(SIRET_REQUEST_MESSAGES.unknownPopulate('createur'));
  });
});

describe('granting', () => {
  it('refuses a SIRET whose checksum fails, or one already used, and writes nothing', async () => {
    const { member, id, asso } = await readyRequest();
    await transmitted(member, id);
    await processed(id, { event: 'traiter' }, { event: 'generer_regent' });
    const badSiret = await calls(admin).event(id, { event: 'accorder', siret: '73282932000075' });
    expect(badSiret.body).toMatchObject({ status: 400, fields: { siret: "La valeur du champ SIRET n'est pas au bon format." } });
    const taken = (await createAssociation(t)).siege;
    const refused = await calls(admin).event(id, { event: 'accorder', siret: taken });
    expect(refused.body).toMatchObject({ status: 409, code: 'SIRET_TAKEN', message: SIRET_REQUEST_MESSAGES.siretTaken });
    expect((await calls(member).get(id)).body.description).toMatchObject({ code_etat: 'RGEN', siret_attribue: null });
    expect(await t.db.association.findUniqueOrThrow({ where: { id: asso.id } })).toMatchObject({ idSiretSiege: null, idSiren: null });
    expect(await t.db.stateHistory.count({ where: { objectId: id, toState: 'ACC' } })).toBe(0);
  });

  it('two administrators at once: one succeeds, the other gets 409', async () => {
    const { member, id } = await readyRequest();
    await transmitted(member, id);
    const answers = await Promise.all([calls(admin).event(id, { event: 'traiter' }), calls(otherAdmin).event(id, { event: 'traiter' })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.code).toBe('TRANSITION_WRONG_STATE');
    expect(await t.db.stateHistory.count({ where: { objectId: id, toState: 'ENCT' } })).toBe(1);
  });
});
