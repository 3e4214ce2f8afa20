// Schemes and campaigns over HTTP (docs/domain.md « Dispositifs et subventions »): open campaigns for
// association users, populate, writes in one transaction with the contract's asks, the next
// campaign's duplicate, deletion refused while dossiers use a campaign, expected-item definitions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, ERRORS } from '@portail/contract';
import { createAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { createService, createSubvention, testDispositif } from './support/rds-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { CATALOGUE_AUDIT_CHAINS } from '../src/modules/rds/index.ts';

let t: TestApp;
let admin: string;
let member: string;
let instructor: string;
let dispositif: Awaited<ReturnType<typeof testDispositif>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await signIn(t, { roles: ['rds.admin'] })).token;
  member = (await signIn(t, { roles: ['lca.association'] })).token;
  instructor = (await signIn(t, { roles: ['rds.user'] })).token;
  dispositif = await testDispositif(t, 'CNDS');
  await t.db.champAttendu.create({ data: { code: 'nb_licencies', label: 'Nombre de licenciés', type: 'number' } });
  await t.db.documentAttendu.create({ data: { code: 'statuts', label: 'Statuts', nature: 'STC' } });
  await t.db.documentAttendu.create({ data: { code: 'rib', label: 'RIB', nature: 'RIB' } });
});
afterAll(() => t.close());

const send = (method: 'post' | 'put' | 'delete', path: string, token: string, body?: object) => {
  const request = t.http()[method](`/api/rds-server/${path}`).set(TOKEN_HEADER, token);
  return body ? request.send(body) : request;
};
const get = (path: string, token: string, query: Record<string, string> = {}) => t.http().get(`/api/rds-server/${path}`).query(query).set(TOKEN_HEADER, token);
const refusal = (key: keyof typeof ERRORS, text?: string) => expect.objectContaining({ status: ERRORS[key].status, message: text ?? ERRORS[key].message });

async function body(code: string, extra: object = {}) {
  const service = await createService(t, { niveau: 'departemental' });
  return {
    code,
    label: 'CNDS Part territoriale 2026',
    active: true,
    dispositif: 'CNDS',
    campagne_exercice: 2026,
    date_debut: '2026-01-15',
    date_fin: '2026-04-30',
    sous_dispositifs: [{ id: dispositif.sousDispositifId, date_debut: '2026-01-15', date_fin: '2026-04-30' }],
    instructeurs: [{ service: service.id, isReferent: true }],
    champs_attendus: [{ code: 'nb_licencies', part: 'dossier', obligatoire: true, asks: [{ scope: 'dossier', key: 'description.pluriannuel', operator: '==', value: true }] }],
    documents_attendus: [{ code: 'statuts', part: 'dossier', obligatoire: true }, { code: 'rib', part: 'dossier' }],
    ...extra,
  };
}

describe('writing a campaign', () => {
  it('creates it with its links, read back with populate', async () => {
    const created = await send('post', 'subventions', admin, await body('CNDS-PT-2026'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = await get('subventions/CNDS-PT-2026', member, { populate: 'sous_dispositifs,instructeurs,champs_attendus,documents_attendus' });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      code: 'CNDS-PT-2026',
      dispositif: { code: 'CNDS' },
      sous_dispositifs: [{ label: 'Part territoriale - Emploi', date_debut: '2026-01-15' }],
      instructeurs: [{ isReferent: true }],
      champs_attendus: [{ code: 'nb_licencies', obligatoire: true, asks: [{ operator: '==', value: true }] }],
      documents_attendus: [{ code: 'statuts' }, { code: 'rib', obligatoire: false }],
    });
    const bare = await get('subventions/CNDS-PT-2026', member);
    expect(bare.body.champs_attendus).toEqual([]);
  });

  it('refuses bad asks, unknown codes and a taken code, writing nothing', async () => {
    const badAsk = await send('post', 'subventions', admin, await body('BAD-ASK', { champs_attendus: [{ code: 'nb_licencies', part: 'dossier', asks: [{ scope: 'dossier', key: 'x', operator: 'LIKE' }] }] }));
    expect(badAsk.status).toBe(400);
    expect(badAsk.body.code).toBe('VALIDATION_ERROR');
    const unknownDoc = await send('post', 'subventions', admin, await body('UNKNOWN-DOC', { documents_attendus: [{ code: 'bilan', part: 'dossier' }] }));
    expect(unknownDoc.body).toEqual(refusal('EXPECTED_ITEM_UNKNOWN', "Le champ ou document attendu « bilan » n'existe pas."));
    const unknownService = await send('post', 'subventions', admin, await body('UNKNOWN-SERVICE', { instructeurs: [{ service: '00000000-0000-4000-8000-000000000000' }] }));
    expect(unknownService.body).toEqual(refusal('INSTRUCTEUR_UNKNOWN'));
    const unknownScheme = await send('post', 'subventions', admin, await body('UNKNOWN-SCHEME', { dispositif: 'NOPE', sous_dispositifs: [] }));
    expect(unknownScheme.body).toEqual(refusal('DISPOSITIF_UNKNOWN', "Le dispositif « NOPE » n'existe pas."));
    expect(await t.db.subvention.count({ where: { code: { in: ['BAD-ASK', 'UNKNOWN-DOC', 'UNKNOWN-SERVICE', 'UNKNOWN-SCHEME'] } } })).toBe(0);
    await send('post', 'subventions', admin, await body('TAKEN-2026'));
    expect((await send('post', 'subventions', admin, await body('TAKEN-2026'))).body).toEqual(refusal('SUBVENTION_CODE_TAKEN'));
  });

  it('replaces a campaign and its links (PUT); 404 for an unknown one', async () => {
    const { id } = await createSubvention(t);
    const replaced = await send('put', `subventions/${id}`, admin, await body(`REPLACED-${id.slice(0, 6)}`, { documents_attendus: [] }));
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({ documents_attendus: [], champs_attendus: [{ code: 'nb_licencies' }] });
    const missing = await send('put', 'subventions/00000000-0000-4000-8000-000000000000', admin, await body('MISSING'));
    expect(missing.body).toEqual(refusal('SUBVENTION_NOT_FOUND'));
  });

  it('refuses a closing date before the opening date (400, on the closing date), writing nothing', async () => {
    const reversed = await send('post', 'subventions', admin, await body('REVERSED-2026', { date_debut: '2026-05-01', date_fin: '2026-04-30', sous_dispositifs: [] }));
    expect(reversed.status).toBe(400);
    expect(reversed.body).toMatchObject({ code: 'VALIDATION_ERROR', fields: { date_fin: CAMPAIGN_MESSAGES.datesOrder } });
    expect(await t.db.subvention.count({ where: { code: 'REVERSED-2026' } })).toBe(0);
  });

  it('audits a creation, a replacement and a deletion in the subsidies catalogue’s chain, before and after', async () => {
    const trail = (id: string) => t.db.auditEntry.findMany({ where: { associationId: CATALOGUE_AUDIT_CHAINS.subvention, entityId: id }, orderBy: { seq: 'asc' } });
    const created = await send('post', 'subventions', admin, await body('AUDITED-2026', { sous_dispositifs: [] }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    await send('put', `subventions/${id}`, admin, await body('AUDITED-2026', { sous_dispositifs: [], date_fin: '2026-05-31' }));
    expect((await send('delete', `subventions/${id}`, admin)).status).toBe(200);
    const entries = await trail(id);
    expect(entries.map((e) => [e.entity, e.action])).toEqual([['subvention', 'create'], ['subvention', 'update'], ['subvention', 'delete']]);
    expect(entries[0]).toMatchObject({ before: null, after: expect.objectContaining({ code: 'AUDITED-2026', dispositif: 'CNDS', campagne_exercice: 2026, date_fin: '2026-04-30' }) });
    expect(entries[1]).toMatchObject({ before: expect.objectContaining({ date_fin: '2026-04-30' }), after: expect.objectContaining({ date_fin: '2026-05-31' }) });
    expect(entries[2]).toMatchObject({ before: expect.objectContaining({ code: 'AUDITED-2026' }), after: null });
    expect(await t.app.services.audit.verifyChain(CATALOGUE_AUDIT_CHAINS.subvention)).toBeNull();
  });

  it('is refused to instructors and association users (403)', async () => {
    expect((await send('post', 'subventions', instructor, await body('NOT-MINE'))).status).toBe(403);
    expect((await send('post', 'subventions', member, await body('NOT-MINE'))).status).toBe(403);
  });
});

describe('reading campaigns', () => {
  it('shows association users the open campaigns only; instructors and administrators all', async () => {
    const open = await createSubvention(t, { active: true, exercice: 2031 });
    const closed = await createSubvention(t, { active: false, exercice: 2031 });
    const codes = async (token: string, query: Record<string, string> = {}) =>
      (await get('subventions', token, { exercice: '2031', ...query })).body.map((s: { code: string }) => s.code).sort();
    expect(await codes(member)).toEqual([open.code]);
    expect(await codes(member, { active: 'false' })).toEqual([]);
    expect(await codes(admin)).toEqual([open.code, closed.code].sort());
    expect(await codes(instructor, { active: 'false' })).toEqual([closed.code]);
    expect((await get(`subventions/${closed.code}`, member)).body).toEqual(refusal('SUBVENTION_NOT_FOUND'));
    expect((await get(`subventions/${closed.code}`, admin)).status).toBe(200);
  });

  it('filters by scheme code and by instructing service; lists schemes with chosen fields', async () => {
    const service = await createService(t, { niveau: 'departemental' });
    const created = await send('post', 'subventions', admin, await body('BY-SERVICE-2026', { instructeurs: [{ service: service.id }] }));
    expect(created.status).toBe(201);
    const byService = await get('subventions', member, { service: service.id });
    expect(byService.body.map((s: { code: string }) => s.code)).toEqual(['BY-SERVICE-2026']);
    const schemes = await get('dispositifs', member, { fields: 'code,label', populate: 'sous_dispositifs' });
    const cnds = schemes.body.find((d: { code: string }) => d.code === 'CNDS');
    expect(Object.keys(cnds).sort()).toEqual(['code', 'label', 'sous_dispositifs']);
    expect(cnds.sous_dispositifs[0].label).toBe('Part territoriale - Emploi');
  });
});

describe('duplicate and delete', () => {
  it('duplicates into the next campaign: exercise + 1, inactive, the same links', async () => {
    const created = await send('post', 'subventions', admin, await body('FDVA-DUP-2026'));
    const copy = await send('post', `subventions/${created.body.id}/duplicate`, admin);
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect(copy.body).toMatchObject({
      code: 'FDVA-DUP-2027',
      label: 'CNDS Part territoriale 2027',
      campagne_exercice: 2027,
      active: false,
      date_debut: null,
      champs_attendus: created.body.champs_attendus,
      documents_attendus: created.body.documents_attendus,
      instructeurs: created.body.instructeurs,
    });
    const twice = await send('post', `subventions/${created.body.id}/duplicate`, admin);
    expect(twice.body).toEqual(refusal('SUBVENTION_CODE_TAKEN'));
  });

  it('deletes an unused campaign, and refuses while a dossier uses it', async () => {
    const unused = await createSubvention(t);
    expect((await send('delete', `subventions/${unused.id}`, admin)).status).toBe(200);
    expect((await send('delete', `subventions/${unused.id}`, admin)).body).toEqual(refusal('SUBVENTION_NOT_FOUND'));
    const used = await createSubvention(t);
    const association = await createAssociation(t);
    await t.db.dossier.create({
      data: {
        idFo: `2026-${String(Date.now()).slice(-6)}`, exercice: 2026, subventionId: used.id, dispositifId: used.dispositifId,
        associationId: association.id, createdByType: 'association',
      },
    });
    const refused = await send('delete', `subventions/${used.id}`, admin);
    expect(refused.body).toEqual(refusal('SUBVENTION_IN_USE'));
    expect(await t.db.subvention.count({ where: { id: used.id } })).toBe(1);
  });
});

describe('expected field and document definitions', () => {
  it('creates, replaces and lists them; a taken code is a 409, an unknown id a 404', async () => {
    const created = await send('post', 'champs-attendus', admin, { code: 'nb_salaries', label: 'Nombre de salariés', type: 'number', meta: { dest: 'api_asso' } });
    expect(created.status).toBe(201);
    expect((await send('post', 'champs-attendus', admin, { code: 'nb_salaries', label: 'Doublon', type: 'text' })).body).toEqual(refusal('EXPECTED_ITEM_CODE_TAKEN'));
    const replaced = await send('put', `champs-attendus/${created.body.id}`, admin, { code: 'nb_salaries', label: 'Salariés', type: 'number', enabled: false });
    expect(replaced.body).toMatchObject({ label: 'Salariés', enabled: false, meta: {} });
    expect((await send('put', 'documents-attendus/00000000-0000-4000-8000-000000000000', admin, { code: 'x', label: 'X', nature: 'STC' })).body).toEqual(
      refusal('EXPECTED_ITEM_NOT_FOUND', "L'élément n'existe pas."),
    );
    const enabled = await get('champs-attendus', member, { enabled: 'false' });
    expect(enabled.body.map((c: { code: string }) => c.code)).toEqual(['nb_salaries']);
    expect((await get('documents-attendus', member)).body.map((d: { code: string }) => d.code)).toEqual(['rib', 'statuts']);
  });
});
