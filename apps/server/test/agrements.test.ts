// The approvals' catalogue (docs/domain.md « Agréments »): filters, active ones only for others than
// its administrators, creation with its type from the referential and its service found (spec §5),
// differences-only changes, the next campaign's duplicate, deletion, the administrators' reach, and
// the approvals' own expected fields and documents beside the subsidies' (a field's type and a
// document's nature checked), every change in the catalogue's audit chain.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_MESSAGES, MESSAGES, SUBSIDY_MESSAGES } from '@portail/contract';
import { CATALOGUE_AUDIT_CHAINS } from '../src/modules/rds/index.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { createAgrement, createApprovalChamp, createApprovalDocument, createChamp, createService } from './support/rds-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => {
  t = await startTestApp({ logLevel: 'fatal' });
  admin = (await signIn(t, { roles: ['rds.admin'] })).token;
  member = (await signIn(t, { roles: ['lca.association'] })).token;
});
afterAll(() => t.close());

const base = '/api/rda-server';
const get = (path: string, token: string) => t.http().get(`${base}${path}`).set(TOKEN_HEADER, token);
const post = (path: string, token: string, body?: object) => t.http().post(`${base}${path}`).set(TOKEN_HEADER, token).send(body ?? {});
const patch = (path: string, token: string, body: object) => t.http().patch(`${base}${path}`).set(TOKEN_HEADER, token).send(body);
const del = (path: string, token: string) => t.http().delete(`${base}${path}`).set(TOKEN_HEADER, token);
const fresh = (prefix = 'AGR') => `${prefix}-${randomUUID().slice(0, 8)}`;

describe('the catalogue', () => {
  it('creates an approval with its type from the referential, its service and its expected items, and reads it back', async () => {
    const service = await createService(t, { nom: 'Service des agréments' });
    const champ = await createApprovalChamp(t);
    const document = await createApprovalDocument(t);
    const body = {
      code: fresh('JEP'), type_agrement: 'JEP', service: service.id, campagne_exercice: 2026, code_service: 'JEP-75', active: true,
      champs_attendus: [{ code: champ.code, obligatoire: true }], documents_attendus: [{ code: document.code, obligatoire: true }],
    };
    const created = await post('/agrements', admin, body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code: body.code, type_agrement: 'JEP', type_agrement_label: 'Jeunesse et éducation populaire', categorie: 'Jeunesse',
      service: service.id, service_nom: 'Service des agréments', campagne_exercice: 2026, code_service: 'JEP-75', active: true,
    });
    expect(created.body.champs_attendus).toEqual([expect.objectContaining({ code: champ.code, obligatoire: true, part: 'dossier' })]);
    expect(created.body.documents_attendus).toEqual([expect.objectContaining({ code: document.code, nature: 'ATTAG' })]);
    const read = await get(`/agrements/${created.body._id}`, member);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
  });

  it('refuses an approval whose service does not exist, with the French catalogue message, and writes nothing', async () => {
    const code = fresh();
    const response = await post('/agrements', admin, { code, type_agrement: 'Sport', service: randomUUID(), campagne_exercice: 2026 });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'AGREMENT_SERVICE_UNKNOWN', message: APPROVAL_MESSAGES.serviceUnknown });
    expect(await t.db.agrement.count({ where: { code } })).toBe(0);
  });

  it('refuses a type that is not in the referential of approval types', async () => {
    const service = await createService(t);
    const response = await post('/agrements', admin, { code: fresh(), type_agrement: 'XYZ', service: service.id, campagne_exercice: 2026 });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'AGREMENT_TYPE_UNKNOWN', message: APPROVAL_MESSAGES.typeUnknown('XYZ') });
  });

  it('refuses a code twice in one campaign, and a subsidy definition among the expected items', async () => {
    const existing = await createAgrement(t);
    const again = await post('/agrements', admin, { code: existing.code, type_agrement: 'JEP', service: existing.serviceId, campagne_exercice: 2026 });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('AGREMENT_CODE_TAKEN');
    const subsidyChamp = await createChamp(t);
    const mixed = await post('/agrements', admin, {
      code: fresh(), type_agrement: 'JEP', service: existing.serviceId, campagne_exercice: 2026, champs_attendus: [{ code: subsidyChamp.code }],
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.code).toBe('EXPECTED_ITEM_UNKNOWN');
  });

  it('filters by type, service, campaign, code and active state; others than its administrators see the active ones only', async () => {
    const service = await createService(t);
    const jep = await createAgrement(t, { serviceId: service.id, type: 'JEP', exercice: 2027 });
    const haa = await createAgrement(t, { serviceId: service.id, type: 'HAA', exercice: 2027 });
    const closed = await createAgrement(t, { serviceId: service.id, type: 'HAA', exercice: 2027, active: false });
    const ids = (response: { body: { _id: string }[] }) => response.body.map((row) => row._id).sort();
    expect(ids(await get(`/agrements?service=${service.id}`, admin))).toEqual([jep.id, haa.id, closed.id].sort());
    expect(ids(await get(`/agrements?service=${service.id}&type=HAA`, admin))).toEqual([haa.id, closed.id].sort());
    expect(ids(await get(`/agrements?service=${service.id}&active=false`, admin))).toEqual([closed.id]);
    expect(ids(await get(`/agrements?code=${jep.code}&campagne_exercice=2027`, admin))).toEqual([jep.id]);
    expect(ids(await get(`/agrements?code=${jep.code}&campagne_exercice=2026`, admin))).toEqual([]);
    // A member: the active ones only, none when asking for inactive ones, 404 on an inactive one.
    expect(ids(await get(`/agrements?service=${service.id}`, member))).toEqual([jep.id, haa.id].sort());
    expect((await get(`/agrements?service=${service.id}&active=false`, member)).body).toEqual([]);
    expect((await get(`/agrements/${closed.id}`, member)).status).toBe(404);
    expect((await get(`/agrements/${closed.id}`, admin)).status).toBe(200);
  });
});

describe('changes, duplicate and deletion', () => {
  it('changes only what differs, and answers « Aucun changement… » when nothing does', async () => {
    const agrement = await createAgrement(t, { active: false });
    const same = await patch(`/agrements/${agrement.id}`, admin, { code: agrement.code, active: false });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ code: 'NO_CHANGE_DETECTED', message: MESSAGES.noChangeDetected });
    const document = await createApprovalDocument(t);
    const changed = await patch(`/agrements/${agrement.id}`, admin, { active: true, documents_attendus: [{ code: document.code, obligatoire: true }] });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ active: true, code: agrement.code, type_agrement: 'JEP' });
    expect(changed.body.documents_attendus.map((d: { code: string }) => d.code)).toEqual([document.code]);
    // The same list again is no change.
    const again = await patch(`/agrements/${agrement.id}`, admin, { documents_attendus: [{ code: document.code, obligatoire: true }] });
    expect(again.body.code).toBe('NO_CHANGE_DETECTED');
  });

  it('refuses moving an approval to a service that does not exist, and leaves it as it was', async () => {
    const agrement = await createAgrement(t);
    const response = await patch(`/agrements/${agrement.id}`, admin, { service: randomUUID(), code_service: 'X' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('AGREMENT_SERVICE_UNKNOWN');
    expect(await t.db.agrement.findUniqueOrThrow({ where: { id: agrement.id } })).toMatchObject({ serviceId: agrement.serviceId, codeService: null });
  });

  it('duplicates an approval into the next campaign, inactive, with its expected items; once', async () => {
    const champ = await createApprovalChamp(t);
    const agrement = await createAgrement(t, { exercice: 2026 });
    await t.db.agrementChampAttendu.create({ data: { agrementId: agrement.id, champAttenduId: champ.id, obligatoire: true } });
    const copy = await post(`/agrements/${agrement.id}/duplicate`, admin);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ code: agrement.code, campagne_exercice: 2027, active: false, service: agrement.serviceId });
    expect(copy.body.champs_attendus.map((c: { code: string }) => c.code)).toEqual([champ.code]);
    const twice = await post(`/agrements/${agrement.id}/duplicate`, admin);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('AGREMENT_CODE_TAKEN');
  });

  it('deletes an approval; an unknown one is 404', async () => {
    const agrement = await createAgrement(t);
    const response = await del(`/agrements/${agrement.id}`, admin);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(APPROVAL_MESSAGES.deleted);
    expect(await t.db.agrement.count({ where: { id: agrement.id } })).toBe(0);
    expect((await del(`/agrements/${agrement.id}`, admin)).status).toBe(404);
  });

  it('refuses to delete an approval that a dossier requests, and keeps it', async () => {
    const agrement = await createAgrement(t);
    const association = await t.db.association.create({ data: { nom: 'Association demandeuse', nomRecherche: 'association demandeuse' } });
    await t.db.dossier.create({
      data: {
        idFo: `2026-8${randomUUID().replace(/\D/g, '').slice(0, 8)}`, service: 'agrement', exercice: 2026, agrementId: agrement.id, agrementServiceId: agrement.serviceId,
        etatAgrement: '1', associationId: association.id, createdByType: 'association',
      },
    });
    const response = await del(`/agrements/${agrement.id}`, admin);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'AGREMENT_IN_USE', message: APPROVAL_MESSAGES.inUse });
    expect(await t.db.agrement.count({ where: { id: agrement.id } })).toBe(1);
  });

  it('a local administrator writes the approvals of its subtree only; a national one every approval', async () => {
    const national = await createService(t, { niveau: 'national' });
    const regional = await createService(t, { niveau: 'regional', parent: national.id });
    const elsewhere = await createService(t, { niveau: 'national' });
    const local = await signIn(t, { roles: ['rds.admin'], service: { nom: 'Administration locale' } });
    await t.db.serviceAccount.update({ where: { authId: local.account.id }, data: { profil: 'Administrateur local', niveauTerritorial: 'national', parentId: null } });
    const own = await t.db.serviceAccount.findUniqueOrThrow({ where: { authId: local.account.id } });
    await t.db.serviceAccount.update({ where: { id: regional.id }, data: { parentId: own.id } });
    const mine = await post('/agrements', local.token, { code: fresh(), type_agrement: 'Sport', service: regional.id, campagne_exercice: 2026 });
    expect(mine.status).toBe(201);
    const theirs = await post('/agrements', local.token, { code: fresh(), type_agrement: 'Sport', service: elsewhere.id, campagne_exercice: 2026 });
    expect(theirs.status).toBe(403);
    expect(theirs.body).toMatchObject({ code: 'AGREMENT_OUT_OF_REACH', message: APPROVAL_MESSAGES.outOfReach });
    const other = await createAgrement(t, { serviceId: elsewhere.id });
    expect((await del(`/agrements/${other.id}`, local.token)).status).toBe(403);
    expect((await patch(`/agrements/${mine.body._id}`, local.token, { service: elsewhere.id })).status).toBe(403);
    const nationalAdmin = await signIn(t, { roles: ['osiris.admin-programme'] });
    expect((await del(`/agrements/${other.id}`, nationalAdmin.token)).status).toBe(200);

    // The services each may name: the local one its subtree (itself and the regional one), by name; one without a service record every service.
    const offered = await get('/agrements/services', local.token);
    expect(offered.status).toBe(200);
    expect(offered.body.map((s: { id: string }) => s.id).sort()).toEqual([own.id, regional.id].sort());
    expect(offered.body.find((s: { id: string }) => s.id === regional.id)).toEqual({ id: regional.id, nom: regional.nom, niveau_territorial: 'regional' });
    const every = await get('/agrements/services', nationalAdmin.token);
    expect(every.body.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining([national.id, regional.id, elsewhere.id, own.id]));
    expect((await get('/agrements/services', member)).status).toBe(403);
  });

  it('a member may read but not write the catalogue', async () => {
    const agrement = await createAgrement(t);
    expect((await patch(`/agrements/${agrement.id}`, member, { active: false })).status).toBe(403);
    expect((await del(`/agrements/${agrement.id}`, member)).status).toBe(403);
  });
});

describe('expected fields and documents of approvals', () => {
  it('rda-server lists and writes the approvals’ definitions, rds-server the subsidies’ ones, each apart', async () => {
    const created = await post('/champs-attendus', admin, { code: fresh('agr'), label: 'Effectif des bénévoles', type: 'number' });
    expect(created.status).toBe(201);
    const approvals = await get('/champs-attendus', member);
    expect(approvals.body.map((c: { code: string }) => c.code)).toContain(created.body.code);
    const subsidies = await t.http().get('/api/rds-server/champs-attendus').set(TOKEN_HEADER, admin);
    expect(subsidies.body.map((c: { code: string }) => c.code)).not.toContain(created.body.code);
    // A subsidy definition is not the approvals' to change.
    const subsidyChamp = await createChamp(t);
    const crossed = await t.http().put(`${base}/champs-attendus/${subsidyChamp.id}`).set(TOKEN_HEADER, admin).send({ code: subsidyChamp.code, label: 'Autre', type: 'text' });
    expect(crossed.status).toBe(404);
    const document = await post('/documents-attendus', admin, { code: fresh('agr-doc'), label: "Arrêté d'agrément", nature: 'ATTAG' });
    expect(document.status).toBe(201);
    expect((await get('/documents-attendus', member)).body.map((d: { code: string }) => d.code)).toContain(document.body.code);
  });
});

describe('the catalogue’s audit chain', () => {
  const put = (path: string, token: string, body: object) => t.http().put(`${base}${path}`).set(TOKEN_HEADER, token).send(body);
  const trailOf = (entityId: string) => t.db.auditEntry.findMany({ where: { associationId: CATALOGUE_AUDIT_CHAINS.agrement, entityId }, orderBy: { seq: 'asc' } });

  it('refuses a field of an unknown type and a document whose nature is no document type, in French, and writes nothing', async () => {
    const code = fresh('agr');
    const champ = await post('/champs-attendus', admin, { code, label: 'Couleur du local', type: 'couleur' });
    expect(champ.status).toBe(400);
    expect(champ.body).toMatchObject({ code: 'EXPECTED_FIELD_TYPE_UNKNOWN', message: SUBSIDY_MESSAGES.fieldTypeUnknown('couleur'), fields: { type: SUBSIDY_MESSAGES.fieldTypeUnknown('couleur') } });
    const document = await post('/documents-attendus', admin, { code, label: 'Pièce inconnue', nature: 'XYZ' });
    expect(document.status).toBe(400);
    expect(document.body).toMatchObject({ code: 'EXPECTED_DOCUMENT_NATURE_UNKNOWN', message: SUBSIDY_MESSAGES.documentNatureUnknown('XYZ') });
    expect(await t.db.champAttendu.count({ where: { code } })).toBe(0);
    expect(await t.db.documentAttendu.count({ where: { code } })).toBe(0);
    // A change to an unknown kind is refused too; the definition keeps its own.
    const kept = await post('/champs-attendus', admin, { code, label: 'Effectif', type: 'number' });
    const changed = await put(`/champs-attendus/${kept.body.id}`, admin, { code, label: 'Effectif', type: 'couleur' });
    expect(changed.status).toBe(400);
    expect((await t.db.champAttendu.findUniqueOrThrow({ where: { id: kept.body.id } })).type).toBe('number');
    // The French alias of a known kind is accepted.
    expect((await put(`/champs-attendus/${kept.body.id}`, admin, { code, label: 'Effectif', type: 'nombre' })).status).toBe(200);
  });

  it('records who created and changed a definition, with what it was and became', async () => {
    const { token, account } = await signIn(t, { roles: ['rds.admin'] });
    const created = await post('/documents-attendus', token, { code: fresh('agr-doc'), label: 'Règlement intérieur', nature: 'RI' });
    expect(created.status).toBe(201);
    const renamed = await put(`/documents-attendus/${created.body.id}`, token, { code: created.body.code, label: 'Règlement intérieur à jour', nature: 'RI', enabled: false });
    expect(renamed.status).toBe(200);
    const entries = await trailOf(created.body.id);
    expect(entries.map((e) => [e.entity, e.action, e.actorEmail])).toEqual([
      ['document_attendu', 'create', account.email],
      ['document_attendu', 'update', account.email],
    ]);
    expect(entries[1]!.before).toMatchObject({ label: 'Règlement intérieur', enabled: true });
    expect(entries[1]!.after).toMatchObject({ label: 'Règlement intérieur à jour', enabled: false });
    // A refused change leaves no entry.
    expect((await put(`/documents-attendus/${created.body.id}`, token, { code: created.body.code, label: 'x', nature: 'XYZ' })).status).toBe(400);
    expect(await trailOf(created.body.id)).toHaveLength(2);
    // The subsidies' definitions go to their own chain.
    const subsidy = await t.http().post('/api/rds-server/champs-attendus').set(TOKEN_HEADER, token).send({ code: fresh('sub'), label: 'Effectif', type: 'number' });
    expect(subsidy.status).toBe(201);
    expect(await t.db.auditEntry.count({ where: { associationId: CATALOGUE_AUDIT_CHAINS.subvention, entityId: subsidy.body.id, entity: 'champ_attendu', action: 'create' } })).toBe(1);
  });

  it('records an approval’s creation, change, duplicate and deletion, and the chain verifies', async () => {
    const service = await createService(t);
    const champ = await createApprovalChamp(t);
    const created = await post('/agrements', admin, { code: fresh('JEP'), type_agrement: 'JEP', service: service.id, campagne_exercice: 2026 });
    expect(created.status).toBe(201);
    const id = created.body._id as string;
    expect((await patch(`/agrements/${id}`, admin, { champs_attendus: [{ code: champ.code, obligatoire: true }] })).status).toBe(200);
    // Nothing changed: refused, no entry.
    expect((await patch(`/agrements/${id}`, admin, { champs_attendus: [{ code: champ.code, obligatoire: true }] })).status).toBe(400);
    const copy = await post(`/agrements/${id}/duplicate`, admin);
    expect(copy.status).toBe(201);
    expect((await del(`/agrements/${id}`, admin)).status).toBe(200);

    const entries = await trailOf(id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[1]!.before).toMatchObject({ champs_attendus: [] });
    expect(entries[1]!.after).toMatchObject({ champs_attendus: [{ code: champ.code, obligatoire: true, asks: [] }] });
    expect(entries[2]!.before).toMatchObject({ code: created.body.code, campagne_exercice: 2026 });
    const duplicated = await trailOf(copy.body._id);
    expect(duplicated.map((e) => e.action)).toEqual(['create']);
    expect(duplicated[0]!.after).toMatchObject({ campagne_exercice: 2027, active: false, duplique_de: id });
    expect(await t.app.services.audit.verifyChain(CATALOGUE_AUDIT_CHAINS.agrement)).toBeNull();
  });
});
