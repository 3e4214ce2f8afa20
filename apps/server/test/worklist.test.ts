// The instructing services' work lists over HTTP on PostgreSQL (docs/domain.md « Listes de travail »):
// who reaches which instructions (a service and the services below it, osiris every transmitted
// dossier), every filter of §2, keyset pages walked to the end, counts per state, unread messages,
// the CSV and XLSX exports (French Excel, formulas neutralised, X-Total-Count) and their limit per
// account, and the instruction's last change following its state.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INSTRUCTION_MESSAGES, MESSAGES, SUBSIDY_MESSAGES, WORKLIST_EXPORT_COLUMNS, type Role, type WorklistItem } from '@portail/contract';
import { createAssociation, type TestAssociation } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { TOKEN_HEADER } from './support/http-helpers.ts';
import { createService } from './support/rds-fixtures.ts';
import { createDossier, createScheme, type SubsidyScheme } from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { pageStatement } from '../src/modules/demande/worklist/index.ts';
import { createAuditRepository, createAuditService } from '../src/modules/audit/index.ts';
import { poolOf } from '../src/db/prisma.ts';

const LIST = '/api/lca-server/demande/instructeur/dossiers';

/** `perAccount` calls of `call` pass on an instance with that limit, the next one gets the French 429. */
async function pastTheLimit(limit: 'worklistExport' | 'worklistBulk', perAccount: number, roles: Role[], call: (app: TestApp, token: string) => PromiseLike<{ status: number; body: unknown }>) {
  const limited = await startTestApp({ logLevel: 'fatal', rateLimits: { ...t.config.rateLimits, [limit]: { perIp: 100, perAccount, windowMs: 60_000 } } });
  try {
    const agent = await signIn(limited, { roles });
    for (let i = 0; i < perAccount; i++) expect((await call(limited, agent.token)).status).toBe(200);
    const refused = await call(limited, agent.token);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyRequests });
  } finally {
    await limited.close();
  }
}

let t: TestApp;
/** A regional service with a departmental one below it, and a service elsewhere. */
let region: Awaited<ReturnType<typeof createService>>;
let departement: Awaited<ReturnType<typeof createService>>;
let ailleurs: Awaited<ReturnType<typeof createService>>;
let tokens: Record<'region' | 'departement' | 'ailleurs' | 'osiris' | 'rdsAdmin' | 'appliAdmin', string>;
let asso: TestAssociation;
let schemeRegion: SubsidyScheme;
let schemeDepartement: SubsidyScheme;
let schemeAilleurs: SubsidyScheme;
/** id_fo of the dossiers made in beforeAll, by name. */
const made: Record<string, { id: string; idFo: string }> = {};

const get = (token: string, path = '', query: Record<string, string> = {}) => t.http().get(`${LIST}${path}`).query(query).set(TOKEN_HEADER, token);
const tokenOf = async (service: { email: string }) => {
  const response = await t.http().post('/api/auth-server/login').send({ email: service.email, password: 'Test-Portail-2026!' });
  return response.body.token as string;
};
const idFos = (items: WorklistItem[]) => items.map((i) => i.id_fo).sort();

beforeAll(async () => {
  t = await startTestApp({ logLevel: 'fatal' });
  region = await createService(t, { niveau: 'regional', nom: 'DRAJES Bretagne' });
  departement = await createService(t, { niveau: 'departemental', parent: region.id, nom: 'SDJES Finistère' });
  ailleurs = await createService(t, { niveau: 'regional', nom: 'DRAJES Normandie' });
  tokens = {
    region: await tokenOf(region),
    departement: await tokenOf(departement),
    ailleurs: await tokenOf(ailleurs),
    osiris: (await signIn(t, { roles: ['osiris.admin-programme'] })).token,
    rdsAdmin: (await signIn(t, { roles: ['rds.admin'] })).token,
    appliAdmin: (await signIn(t, { roles: ['rds.appli_admin'] })).token,
  };
  asso = await createAssociation(t, { nom: 'Club de voile =SOMME(A1)' });
  schemeRegion = await createScheme(t, { serviceIds: [region.id] });
  schemeDepartement = await createScheme(t, { serviceIds: [departement.id] });
  schemeAilleurs = await createScheme(t, { serviceIds: [ailleurs.id] });
  const make = async (name: string, scheme: SubsidyScheme, serviceId: string, etat: string, exercice = 2026) => {
    const d = await createDossier(t, asso, scheme, [serviceId], { etat, exercice });
    made[name] = { id: d.id, idFo: d.idFo };
  };
  await make('regionD', schemeRegion, region.id, 'D');
  await make('region2', schemeRegion, region.id, '2', 2025);
  await make('regionA', schemeRegion, region.id, 'A');
  await make('departementD', schemeDepartement, departement.id, 'D');
  await make('departement6', schemeDepartement, departement.id, '6');
  await make('ailleursD', schemeAilleurs, ailleurs.id, 'D');
  // A dossier deleted after being sent back (C → B): the service saw it; only administrators list it again.
  await make('regionB', schemeRegion, region.id, 'B');
  await t.db.dossier.update({ where: { id: made.regionB!.id }, data: { deletedAt: new Date() } });
});
afterAll(() => t.close());

describe('reach', () => {
  it('a service sees its transmitted instructions and those of the services below it, never another service’s nor a draft', async () => {
    const response = await get(tokens.region);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(idFos(response.body.items)).toEqual([made.regionD, made.region2, made.departementD, made.departement6].map((d) => d!.idFo).sort());
    const row = (response.body.items as WorklistItem[]).find((i) => i.id_fo === made.departementD!.idFo)!;
    expect(row).toMatchObject({ dossier_id: made.departementD!.id, etat: 'D', service: { id: departement.id, nom: 'SDJES Finistère' }, deleted: false, messages_non_lus: 0 });
  });

  it('the service below sees its own only', async () => {
    expect(idFos((await get(tokens.departement)).body.items)).toEqual([made.departementD!.idFo, made.departement6!.idFo].sort());
    expect(idFos((await get(tokens.ailleurs)).body.items)).toEqual([made.ailleursD!.idFo]);
  });

  it('osiris and rds.admin (no service) see every transmitted dossier; an rds account without a service sees nothing', async () => {
    const all = [made.regionD, made.region2, made.departementD, made.departement6, made.ailleursD].map((d) => d!.idFo).sort();
    expect(idFos((await get(tokens.osiris)).body.items)).toEqual(all);
    expect(idFos((await get(tokens.rdsAdmin)).body.items)).toEqual(all);
    expect((await get(tokens.appliAdmin)).body).toEqual({ items: [], limit: 50, next_cursor: null });
  });

  it('offers as filter choices the services and schemes of the caller’s reach', async () => {
    const facets = async (token: string) => {
      const response = await get(token, '/facets');
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return { services: response.body.services.map((s: { id: string }) => s.id).sort(), dispositifs: response.body.dispositifs.map((d: { id: string }) => d.id).sort() };
    };
    expect(await facets(tokens.region)).toEqual({ services: [region.id, departement.id].sort(), dispositifs: [schemeRegion.dispositifId, schemeDepartement.dispositifId].sort() });
    expect(await facets(tokens.departement)).toEqual({ services: [departement.id], dispositifs: [schemeDepartement.dispositifId] });
    // Osiris: every service and scheme with a transmitted dossier, whatever the page shows.
    const all = await facets(tokens.osiris);
    expect(all.services).toEqual(expect.arrayContaining([region.id, departement.id, ailleurs.id]));
    expect(all.dispositifs).toEqual(expect.arrayContaining([schemeRegion.dispositifId, schemeDepartement.dispositifId, schemeAilleurs.dispositifId]));
    const named = (await get(tokens.osiris, '/facets')).body.services.find((s: { id: string }) => s.id === departement.id);
    expect(named).toEqual({ id: departement.id, nom: 'SDJES Finistère' });
    expect((await get(tokens.appliAdmin, '/facets')).body).toEqual({ services: [], dispositifs: [] });
  });

  it('an association member is refused', async () => {
    const member = await signIn(t, { roles: ['lca.association'] });
    const response = await get(member.token);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'FORBIDDEN', message: MESSAGES.forbidden });
  });

  it('a draft created by the service’s own agent is in its list', async () => {
    const d = await createDossier(t, asso, schemeAilleurs, [ailleurs.id], { etat: 'A' });
    await t.db.dossierInstruction.updateMany({ where: { dossierId: d.id }, data: { createdById: ailleurs.authId, createdByType: 'service' } });
    expect(idFos((await get(tokens.ailleurs)).body.items)).toContain(d.idFo);
    expect(idFos((await get(tokens.osiris)).body.items)).not.toContain(d.idFo);
    await t.db.dossier.delete({ where: { id: d.id } });
  });
});

describe('the request path of a page', () => {
  it('costs a service one statement on the pool, none through Prisma, once the account state is kept: the page, its services and its unread counts together', async () => {
    expect((await get(tokens.region)).status).toBe(200);
    const throughPrisma = [vi.spyOn(t.db, '$queryRaw'), vi.spyOn(t.db, '$queryRawUnsafe')];
    const onPool = vi.spyOn(poolOf(t.db)!, 'query');
    try {
      const response = await get(tokens.region);
      expect(response.status).toBe(200);
      expect(idFos(response.body.items)).toEqual(expect.arrayContaining([made.regionD!.idFo, made.departementD!.idFo]));
      expect(onPool).toHaveBeenCalledTimes(1);
      for (const spy of throughPrisma) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of throughPrisma) spy.mockRestore();
      onPool.mockRestore();
    }
  });
});

describe('filters of §2', () => {
  const listed = async (query: Record<string, string>, token = tokens.osiris) => {
    const response = await get(token, '', query);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return idFos(response.body.items);
  };

  it('etats, exercices, statuts, service, dispositif, createdBy, createdByType', async () => {
    expect(await listed({ etats: 'D' })).toEqual([made.regionD, made.departementD, made.ailleursD].map((d) => d!.idFo).sort());
    expect(await listed({ exercices: '2025' })).toEqual([made.region2!.idFo]);
    expect(await listed({ statuts: 'complet' })).toEqual([]);
    expect(await listed({ id_service_instructeur: departement.id })).toEqual([made.departementD!.idFo, made.departement6!.idFo].sort());
    // A service outside the caller's reach gives nothing.
    expect(await listed({ id_service_instructeur: ailleurs.id }, tokens.region)).toEqual([]);
    expect(await listed({ id_type_dispositif: schemeAilleurs.dispositifId })).toEqual([made.ailleursD!.idFo]);
    expect(await listed({ createdByType: 'service' })).toEqual([]);
    expect(await listed({ createdByType: 'association', etats: '6' })).toEqual([made.departement6!.idFo]);
    expect(await listed({ createdBy: region.authId })).toEqual([]);
  });

  it('exercices follows the dossier: its instructions carry its exercise from their creation and when it changes', async () => {
    const moved = await createDossier(t, asso, schemeAilleurs, [ailleurs.id], { etat: 'D', exercice: 2024 });
    expect(await listed({ exercices: '2024' })).toEqual([moved.idFo]);
    expect(await t.db.dossierInstruction.findFirstOrThrow({ where: { dossierId: moved.id }, select: { exercice: true } })).toEqual({ exercice: 2024 });
    await t.db.dossier.update({ where: { id: moved.id }, data: { exercice: 2023 } });
    expect(await listed({ exercices: '2024' })).toEqual([]);
    expect(await listed({ exercices: '2023' })).toEqual([moved.idFo]);
    // Written on the instruction itself, the copy goes back to its dossier's.
    await t.db.dossierInstruction.updateMany({ where: { dossierId: moved.id }, data: { exercice: 1999 } });
    expect(await listed({ exercices: '2023' })).toEqual([moved.idFo]);
    await t.db.dossier.delete({ where: { id: moved.id } });
  });

  it('searchQuery: number, SIRET, applicant, with % and _ matching themselves', async () => {
    expect(await listed({ searchQuery: made.ailleursD!.idFo })).toEqual([made.ailleursD!.idFo]);
    expect((await listed({ searchQuery: asso.siege })).length).toBe(5);
    expect((await listed({ searchQuery: 'voile' })).length).toBe(5);
    expect(await listed({ searchQuery: '%' })).toEqual([]);
    expect(await listed({ searchQuery: 'vo_le' })).toEqual([]);
  });

  it('includeDeleted: administrators list deleted dossiers again, others get 403', async () => {
    expect(await listed({ includeDeleted: 'true' }, tokens.rdsAdmin)).toContain(made.regionB!.idFo);
    expect(await listed({}, tokens.rdsAdmin)).not.toContain(made.regionB!.idFo);
    const refused = await get(tokens.region, '', { includeDeleted: 'true' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
  });
});

describe('keyset pages', () => {
  it('walks every row once, in order, for each sort and direction', async () => {
    const everything = idFos((await get(tokens.osiris)).body.items);
    for (const sort of ['updated_at', 'created_at'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const seen: WorklistItem[] = [];
        let cursor: string | null = null;
        do {
          const response = await get(tokens.osiris, '', { sort, order, limit: '2', ...(cursor ? { cursor } : {}) });
          expect(response.status, JSON.stringify(response.body)).toBe(200);
          expect(response.body.items.length).toBeLessThanOrEqual(2);
          seen.push(...response.body.items);
          cursor = response.body.next_cursor;
        } while (cursor);
        expect(idFos(seen)).toEqual(everything);
        const dates = seen.map((i) => i[sort]);
        expect(dates).toEqual([...dates].sort((a, b) => (order === 'asc' ? a.localeCompare(b) : b.localeCompare(a))));
      }
    }
  });

  it('refuses a cursor that does not read back, or one of another order, in French', async () => {
    const first = await get(tokens.osiris, '', { limit: '1' });
    const queries: Record<string, string>[] = [{ cursor: 'pas-un-repere' }, { cursor: first.body.next_cursor, order: 'asc' }, { cursor: first.body.next_cursor, sort: 'created_at' }];
    for (const query of queries) {
      const response = await get(tokens.osiris, '', query);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', message: SUBSIDY_MESSAGES.worklistCursorInvalid });
    }
  });

  it('a row changed between two pages is neither repeated nor skipped among the others', async () => {
    const first = await get(tokens.osiris, '', { limit: '2' });
    const moved = first.body.items[0] as WorklistItem;
    // The state machine moves it (a bare UPDATE of its state): its last change is now.
    await t.db.$executeRaw`UPDATE dossier_instructions SET etat = '2' WHERE id = ${moved.id}::uuid AND etat = 'D'`;
    const rest: WorklistItem[] = [];
    let cursor: string | null = first.body.next_cursor;
    while (cursor) {
      const page = await get(tokens.osiris, '', { limit: '2', cursor });
      rest.push(...page.body.items);
      cursor = page.body.next_cursor;
    }
    const all = [...first.body.items, ...rest].map((i: WorklistItem) => i.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(5);
    await t.db.$executeRaw`UPDATE dossier_instructions SET etat = 'D' WHERE id = ${moved.id}::uuid`;
  });
});

describe('instruction’s last change', () => {
  it('moves with its state, whoever writes it', async () => {
    const before = await t.db.dossierInstruction.findFirstOrThrow({ where: { dossierId: made.region2!.id } });
    await t.db.$executeRaw`UPDATE dossier_instructions SET etat = '3' WHERE id = ${before.id}::uuid`;
    const after = await t.db.dossierInstruction.findFirstOrThrow({ where: { id: before.id } });
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    const top = await get(tokens.osiris, '', { limit: '1' });
    expect(top.body.items[0].id).toBe(before.id);
    await t.db.$executeRaw`UPDATE dossier_instructions SET etat = '2' WHERE id = ${before.id}::uuid`;
  });
});

describe('counts', () => {
  it('counts per state under every filter but etats, and the total under all', async () => {
    const response = await get(tokens.region, '/counts', { etats: 'D' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const byState = Object.fromEntries(response.body.par_etat.map((c: { etat: string; count: number }) => [c.etat, c.count]));
    expect(byState).toMatchObject({ D: 2, '2': 1, '6': 1, A: 0, B: 0 });
    expect(response.body.par_etat.find((c: { etat: string }) => c.etat === 'D').label).toBe('Transmis au service instructeur');
    expect(response.body.total).toBe(2);
    const filtered = await get(tokens.region, '/counts', { exercices: '2026', searchQuery: 'voile' });
    expect(filtered.body.total).toBe(3);
  });
});

describe('unread messages', () => {
  it('counts the association’s messages the caller has not read, per dossier', async () => {
    const dossier = made.regionD!;
    await t.db.notification.createMany({
      data: [
        { associationId: asso.id, userId: region.authId, type: 5, payload: { dossier: dossier.id } },
        { associationId: asso.id, userId: region.authId, type: 5, payload: { dossier: dossier.id } },
        { associationId: asso.id, userId: region.authId, type: 5, payload: { dossier: dossier.id }, readAt: new Date() },
        { associationId: asso.id, userId: region.authId, type: 2, payload: { dossier: dossier.id } },
      ],
    });
    const items = (await get(tokens.region)).body.items as WorklistItem[];
    expect(items.find((i) => i.dossier_id === dossier.id)!.messages_non_lus).toBe(2);
    expect(items.find((i) => i.dossier_id === made.region2!.id)!.messages_non_lus).toBe(0);
  });

  it('keeps, with messages_non_lus, the dossiers whose messages the caller has not read: list, counts and export alike', async () => {
    await t.db.notification.createMany({
      data: [
        { associationId: asso.id, userId: region.authId, type: 5, payload: { dossier: made.region2!.id } },
        // Another user's unread message, a read one, another type and a stray payload: none of them count.
        { associationId: asso.id, userId: departement.authId, type: 5, payload: { dossier: made.departementD!.id } },
        { associationId: asso.id, userId: region.authId, type: 5, payload: { dossier: made.departement6!.id }, readAt: new Date() },
        { associationId: asso.id, userId: region.authId, type: 2, payload: { dossier: made.departement6!.id } },
        { associationId: asso.id, userId: region.authId, type: 5, payload: { dossier: 'pas-un-dossier' } },
      ],
    });
    const unreadIds = new Set(
      (await t.db.notification.findMany({ where: { userId: region.authId, type: 5, readAt: null }, select: { payload: true } })).map((n) => (n.payload as { dossier: string }).dossier),
    );
    const response = await get(tokens.region, '', { messages_non_lus: 'true' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const items = response.body.items as WorklistItem[];
    expect(items.map((i) => i.dossier_id)).toContain(made.region2!.id);
    expect(items.every((i) => unreadIds.has(i.dossier_id) && i.messages_non_lus > 0)).toBe(true);
    expect(items.map((i) => i.dossier_id)).not.toContain(made.departementD!.id);
    expect(items.map((i) => i.dossier_id)).not.toContain(made.departement6!.id);
    expect((await get(tokens.region, '/counts', { messages_non_lus: 'true' })).body.total).toBe(items.length);
    const csv = await get(tokens.region, '/export.csv', { messages_non_lus: 'true' });
    expect(csv.status).toBe(200);
    expect(csv.headers['x-total-count']).toBe(String(items.length));
    // Another service, and osiris, have no unread message here.
    expect((await get(tokens.ailleurs, '', { messages_non_lus: 'true' })).body.items).toEqual([]);
    expect((await get(tokens.osiris, '', { messages_non_lus: 'true' })).body.items).toEqual([]);
  });
});

describe('exports', () => {
  const binary = (response: { body: unknown }) => response.body as Buffer;
  const download = (format: 'csv' | 'xlsx', token: string, query: Record<string, string> = {}) =>
    get(token, `/export.${format}`, query).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

  it('CSV for French Excel: BOM, « ; », French headers, one line per row, formulas neutralised', async () => {
    const response = await download('csv', tokens.region);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['x-total-count']).toBe('4');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="dossiers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = binary(response).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n').filter((l) => l !== '');
    expect(lines[0]).toBe(WORKLIST_EXPORT_COLUMNS.map(([, header]) => header).join(';'));
    expect(lines.length).toBe(1 + 4);
    expect(lines.slice(1).every((line) => line.includes(";'=SOMME(A1)") || line.includes("'Club de voile =SOMME(A1)") || line.includes('Club de voile =SOMME(A1)'))).toBe(true);
    expect(text).toContain('Transmis au service instructeur');
    expect(text).toContain('DRAJES Bretagne');
  });

  it('neutralises a cell that starts with = + - @', async () => {
    await t.db.dossier.update({ where: { id: made.ailleursD!.id }, data: { nom: '=HYPERLINK("http://x";"y")' } });
    const csv = binary(await download('csv', tokens.ailleurs)).toString('utf8');
    expect(csv).toContain(`"'=HYPERLINK(""http://x"";""y"")"`);
    const xlsx = new ExcelJS.Workbook();
    await xlsx.xlsx.load(binary(await download('xlsx', tokens.ailleurs)) as unknown as ArrayBuffer);
    const row = xlsx.worksheets[0]!.getRow(2);
    const nameColumn = WORKLIST_EXPORT_COLUMNS.findIndex(([key]) => key === 'demandeur_nom') + 1;
    expect(row.getCell(nameColumn).value).toBe(`'=HYPERLINK("http://x";"y")`);
    expect(row.getCell(nameColumn).formula).toBeUndefined();
    await t.db.dossier.update({ where: { id: made.ailleursD!.id }, data: { nom: asso.association.nom } });
  });

  it('XLSX: a sheet with the French headers and the filtered rows, dates as dates', async () => {
    const response = await download('xlsx', tokens.osiris, { etats: 'D' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['x-total-count']).toBe('3');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(binary(response) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Dossiers');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(WORKLIST_EXPORT_COLUMNS.map(([, header]) => header));
    expect(sheet.actualRowCount).toBe(1 + 3);
    const created = WORKLIST_EXPORT_COLUMNS.findIndex(([key]) => key === 'created_at') + 1;
    expect(sheet.getRow(2).getCell(created).value).toBeInstanceOf(Date);
    const ids = [2, 3, 4].map((n) => sheet.getRow(n).getCell(1).value).sort();
    expect(ids).toEqual([made.regionD, made.departementD, made.ailleursD].map((d) => d!.idFo).sort());
  });

  it('an empty reach exports the headers only', async () => {
    const text = binary(await download('csv', tokens.appliAdmin)).toString('utf8');
    expect(text.slice(1).split('\r\n').filter((l) => l !== '').length).toBe(1);
  });
});

describe('per-account limit of the exports', () => {
  it('answers 429 in French past the limit', async () => {
    await pastTheLimit('worklistExport', 2, ['osiris.admin-programme'], (app, token) => app.http().get(`${LIST}/export.csv`).set(TOKEN_HEADER, token));
  });

  it('limits the bulk events per account too', async () => {
    await pastTheLimit('worklistBulk', 1, ['rds.user'], (app, token) =>
      app.http().post(`${LIST}/bulk`).set(TOKEN_HEADER, token).send({ ids: ['00000000-0000-4000-8000-000000000001'], event: 'ouvrir_instruction' }));
  });
});

describe('bulk events', () => {
  const bulk = (token: string, body: object) => t.http().post(`${LIST}/bulk`).set(TOKEN_HEADER, token).send(body);
  const instructionOf = async (dossierId: string) => (await t.db.dossierInstruction.findFirstOrThrow({ where: { dossierId } })).id;

  it('moves each reachable instruction in its own transaction and says why the others stay', async () => {
    const d = await createDossier(t, asso, schemeRegion, [region.id], { etat: 'D' });
    const ids = {
      moved: await instructionOf(d.id),
      wrongState: await instructionOf(made.departement6!.id),
      foreign: await instructionOf(made.ailleursD!.id),
      unknown: '00000000-0000-4000-8000-000000000009',
    };
    const response = await bulk(tokens.region, { ids: Object.values(ids), event: 'ouvrir_instruction', payload: { comment: 'Prise en charge' } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.done).toEqual([{ id: ids.moved, id_fo: d.idFo, etat: '2' }]);
    const refused = Object.fromEntries(response.body.refused.map((r: { id: string; code: string; message: string }) => [r.id, r]));
    expect(Object.keys(refused).sort()).toEqual([ids.wrongState, ids.foreign, ids.unknown].sort());
    for (const r of Object.values(refused) as { code: string; message: string }[]) expect(r.message.length).toBeGreaterThan(0);
    expect(refused[ids.unknown].code).toBe('DOSSIER_NOT_FOUND');
    expect((await t.db.dossierInstruction.findUniqueOrThrow({ where: { id: ids.moved } })).etat).toBe('2');
    expect((await t.db.dossierInstruction.findUniqueOrThrow({ where: { id: ids.foreign } })).etat).toBe('D');
    const history = await t.db.stateHistory.findMany({ where: { objectId: ids.moved } });
    expect(history.map((h) => [h.fromState, h.toState])).toEqual([['D', '2']]);
  });

  it('commits each dossier before the next: one locked elsewhere holds back only itself', async () => {
    const dossiers = await Promise.all([1, 2, 3].map(() => createDossier(t, asso, schemeRegion, [region.id], { etat: 'D' })));
    const ids = await Promise.all(dossiers.map((d) => instructionOf(d.id)));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let markLocked!: () => void;
    const locked = new Promise<void>((resolve) => (markLocked = resolve));
    // Another instructor's transaction holds the third instruction's row.
    const otherWriter = t.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM dossier_instructions WHERE id = ${ids[2]}::uuid FOR UPDATE`;
      markLocked();
      await released;
    }, { timeout: 60_000 });
    await locked;
    const answer = bulk(tokens.region, { ids, event: 'ouvrir_instruction' }).then((r) => r);
    try {
      // Seen from another connection while the bulk waits: the first two are already committed.
      await expect
        .poll(async () => (await t.db.dossierInstruction.findMany({ where: { id: { in: ids.slice(0, 2) } } })).map((i) => i.etat), { timeout: 30_000, interval: 100 })
        .toEqual(['2', '2']);
      expect((await t.db.dossierInstruction.findUniqueOrThrow({ where: { id: ids[2] } })).etat).toBe('D');
    } finally {
      release();
      await otherWriter;
    }
    const response = await answer;
    expect(response.status).toBe(200);
    expect(response.body.done.map((d: { id: string }) => d.id)).toEqual(ids);
  });

  it('runs several dossiers at once: every one moved once, answered in the order asked, the association’s audit chain whole', async () => {
    const dossiers = await Promise.all(Array.from({ length: 12 }, () => createDossier(t, asso, schemeRegion, [region.id], { etat: 'D' })));
    const ids = (await Promise.all(dossiers.map((d) => instructionOf(d.id)))).reverse();
    const unknown = '00000000-0000-4000-8000-00000000000a';
    const asked = [...ids.slice(0, 6), unknown, ...ids.slice(6)];
    const response = await bulk(tokens.region, { ids: asked, event: 'ouvrir_instruction' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.done.map((d: { id: string }) => d.id)).toEqual(ids);
    expect(response.body.refused.map((r: { id: string }) => r.id)).toEqual([unknown]);
    const history = await t.db.stateHistory.findMany({ where: { objectId: { in: ids } } });
    expect(history.map((h) => `${h.fromState}→${h.toState}`)).toEqual(ids.map(() => 'D→2'));
    expect(new Set(history.map((h) => h.objectId)).size).toBe(ids.length);
    // Twelve transactions of one association appended to its chain at once: no gap, no fork.
    expect(await createAuditService(createAuditRepository(t.db)).verifyChain(asso.id)).toBeNull();
  });

  it('refuses a listed row its state cannot leave as the machine would, without waiting for its lock; another service’s row says nothing of its state', async () => {
    const granted = await createDossier(t, asso, schemeRegion, [region.id], { etat: '6' });
    const elsewhere = await createDossier(t, asso, schemeAilleurs, [ailleurs.id], { etat: '6' });
    const ids = { granted: await instructionOf(granted.id), elsewhere: await instructionOf(elsewhere.id) };
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let markLocked!: () => void;
    const locked = new Promise<void>((resolve) => (markLocked = resolve));
    // Another instructor's transaction holds the granted row: the bulk does not wait for it.
    const otherWriter = t.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM dossier_instructions WHERE id = ${ids.granted}::uuid FOR UPDATE`;
      markLocked();
      await released;
    }, { timeout: 60_000 });
    await locked;
    try {
      const response = await bulk(tokens.region, { ids: Object.values(ids), event: 'ouvrir_instruction' });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const refused = Object.fromEntries(response.body.refused.map((r: { id: string; code: string; message: string }) => [r.id, r]));
      expect(refused[ids.granted]).toMatchObject({ code: 'TRANSITION_WRONG_STATE', message: expect.stringContaining('Accordé') });
      expect(refused[ids.elsewhere].code).not.toBe('TRANSITION_WRONG_STATE');
      expect(refused[ids.elsewhere].message).not.toContain('Accordé');
    } finally {
      release();
      await otherWriter;
    }
  });

  it('a grant grants each of the service’s financing lines what was asked', async () => {
    const d = await createDossier(t, asso, schemeRegion, [region.id], { etat: '2' });
    await t.db.$executeRaw`INSERT INTO projets (id, dossier_id, rang_dossier, intitule, periode, exercice, exercice_fin, updated_at) VALUES (gen_random_uuid(), ${d.id}::uuid, 1, 'Voile pour tous', 'Annuel', 2026, 2026, now())`;
    await t.db.$executeRaw`INSERT INTO projet_financements (id, projet_id, annee, service_id, montant_demande, updated_at) SELECT gen_random_uuid(), p.id, 2026, ${region.id}::uuid, 4200, now() FROM projets p WHERE p.dossier_id = ${d.id}::uuid`;
    const id = await instructionOf(d.id);
    const response = await bulk(tokens.region, { ids: [id], event: 'accorder' });
    expect(response.body, JSON.stringify(response.body)).toEqual({ done: [{ id, id_fo: d.idFo, etat: '6' }], refused: [] });
    const line = await t.db.projetFinancement.findFirstOrThrow({ where: { projet: { dossierId: d.id } } });
    expect(Number(line.montantAccorde)).toBe(4200);
  });

  it('a payment stage pays the share given of each granted amount, never beyond what remains', async () => {
    const grantedOf = async (asked: number) => {
      const d = await createDossier(t, asso, schemeRegion, [region.id], { etat: '2' });
      await t.db.$executeRaw`INSERT INTO projets (id, dossier_id, rang_dossier, intitule, periode, exercice, exercice_fin, updated_at) VALUES (gen_random_uuid(), ${d.id}::uuid, 1, 'Stage', 'Annuel', 2026, 2026, now())`;
      await t.db.$executeRaw`INSERT INTO projet_financements (id, projet_id, annee, service_id, montant_demande, updated_at) SELECT gen_random_uuid(), p.id, 2026, ${region.id}::uuid, ${asked}, now() FROM projets p WHERE p.dossier_id = ${d.id}::uuid`;
      return { ...d, instruction: await instructionOf(d.id) };
    };
    const [big, small] = [await grantedOf(1000), await grantedOf(250.5)];
    const ids = [big.instruction, small.instruction];
    expect((await bulk(tokens.region, { ids, event: 'accorder' })).body.done).toHaveLength(2);
    const paid = async (instruction: string) =>
      (await t.db.dossierPaiement.findMany({ where: { instructionId: instruction }, orderBy: { montant: 'desc' } })).map((p) => [p.date.toISOString().slice(0, 10), Number(p.montant)]);

    const missing = await bulk(tokens.region, { ids, event: 'mettre_en_paiement' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ 'payload.paiement': SUBSIDY_MESSAGES.bulkPaymentRequired });
    const badShare = await bulk(tokens.region, { ids, event: 'mettre_en_paiement', payload: { paiement: { date: '2026-11-02', pourcentage: 120 } } });
    expect(badShare.status).toBe(400);

    const first = await bulk(tokens.region, { ids, event: 'mettre_en_paiement', payload: { paiement: { date: '2026-11-02', pourcentage: 40 } } });
    expect(first.body.done.map((d: { etat: string }) => d.etat)).toEqual(['7', '7']);
    expect(await paid(big.instruction)).toEqual([['2026-11-02', 400]]);
    expect(await paid(small.instruction)).toEqual([['2026-11-02', 100.2]]);
    await bulk(tokens.region, { ids, event: 'poursuivre_paiement', payload: { paiement: { date: '2026-11-20', pourcentage: 100 } } });
    // The rest of each granted amount, not 100 % of it again.
    expect(await paid(big.instruction)).toEqual([['2026-11-20', 600], ['2026-11-02', 400]]);
    expect(await paid(small.instruction)).toEqual([['2026-11-20', 150.3], ['2026-11-02', 100.2]]);
    const nothingLeft = await bulk(tokens.region, { ids: [big.instruction], event: 'constater_paiement', payload: { paiement: { date: '2026-11-25', pourcentage: 10 } } });
    expect(nothingLeft.body.done).toEqual([]);
    expect(nothingLeft.body.refused).toEqual([{ id: big.instruction, id_fo: big.idFo, code: 'VALIDATION_ERROR', message: INSTRUCTION_MESSAGES.nothingLeftToPay(new Intl.NumberFormat('fr-FR').format(1000)) }]);
    expect((await t.db.dossierInstruction.findUniqueOrThrow({ where: { id: big.instruction } })).etat).toBe('8');
  });

  it('checks the event’s body once: a reason is required to refuse', async () => {
    const response = await bulk(tokens.region, { ids: [await instructionOf(made.regionD!.id)], event: 'refuser' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
  });

  it('selectAll moves every row of the filters, and refuses more than 500 in French', async () => {
    const d = await createDossier(t, asso, schemeAilleurs, [ailleurs.id], { etat: '3' });
    const all = await bulk(tokens.ailleurs, { selectAll: { etats: '3' }, event: 'enregistrer_avis' });
    expect(all.body).toEqual({ done: [{ id: await instructionOf(d.id), id_fo: d.idFo, etat: '4' }], refused: [] });
    await t.db.$executeRaw`INSERT INTO dossiers (id, id_fo, exercice, subvention_id, dispositif_id, association_id, created_by_type, updated_at)
      SELECT gen_random_uuid(), '2024-' || lpad(g::text, 6, '0'), 2024, ${schemeAilleurs.subventionId}::uuid, ${schemeAilleurs.dispositifId}::uuid, ${asso.id}::uuid, 'association', now() FROM generate_series(1, 501) g`;
    await t.db.$executeRaw`INSERT INTO dossier_instructions (id, dossier_id, service_id, association_id, etat, created_by_type, updated_at)
      SELECT gen_random_uuid(), d.id, ${ailleurs.id}::uuid, d.association_id, '3', 'association', now() FROM dossiers d WHERE d.id_fo LIKE '2024-%'`;
    const tooMany = await bulk(tokens.ailleurs, { selectAll: { etats: '3' }, event: 'enregistrer_avis' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'VALIDATION_ERROR', message: SUBSIDY_MESSAGES.bulkTooMany(501) });
    expect(await t.db.dossierInstruction.count({ where: { serviceId: ailleurs.id, etat: '4' } })).toBe(1);
  });
});

describe('read replica (DATABASE_REPLICA_URL)', () => {
  it('lists, counts and exports from the replica; the rest reads and writes the primary', async () => {
    // A second database stands in for the replica: its own rows, which the primary does not hold.
    const replica = await startTestApp({ logLevel: 'fatal' });
    const portal = await startTestApp({ logLevel: 'fatal', databaseReplicaUrl: replica.config.databaseUrl });
    try {
      const seen = async (app: TestApp) => {
        const service = await createService(app, { nom: 'Service de la réplique' });
        const scheme = await createScheme(app, { serviceIds: [service.id] });
        return createDossier(app, await createAssociation(app), scheme, [service.id], { etat: 'D' });
      };
      const onReplica = await seen(replica);
      const onPrimary = await seen(portal);
      const admin = await signIn(portal, { roles: ['rds.admin'] });
      const list = await portal.http().get(LIST).set(TOKEN_HEADER, admin.token);
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      expect(idFos(list.body.items)).toEqual([onReplica.idFo]);
      const counts = await portal.http().get(`${LIST}/counts`).set(TOKEN_HEADER, admin.token);
      expect(counts.body.total).toBe(1);
      const csv = await portal.http().get(`${LIST}/export.csv`).set(TOKEN_HEADER, admin.token);
      expect(csv.headers['x-total-count']).toBe('1');
      expect(csv.text).toContain(onReplica.idFo);
      // The XLSX thread reads on a connection of its own: to the replica too.
      const xlsx = await portal.http().get(`${LIST}/export.xlsx`).set(TOKEN_HEADER, admin.token).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.body as unknown as ArrayBuffer);
      expect(workbook.worksheets[0]!.getRow(2).getCell(1).value).toBe(onReplica.idFo);
      expect(workbook.worksheets[0]!.rowCount).toBe(2);
      // The dossier's own page (and every write, every transition) stays on the primary.
      const page = await portal.http().get(`/api/lca-server/demande/dossiers/${onPrimary.id}`).set(TOKEN_HEADER, admin.token);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      const absent = await portal.http().get(`/api/lca-server/demande/dossiers/${onReplica.id}`).set(TOKEN_HEADER, admin.token);
      expect(absent.status).toBe(404);
    } finally {
      await portal.close();
      await replica.close();
    }
  });
});

describe('a page reads its rows, not the list (keyset on the indexes of migration 20261202090000)', () => {
  let big: TestApp;
  let serviceIds: string[];
  const ROWS = 30_000;
  beforeAll(async () => {
    big = await startTestApp({ logLevel: 'fatal' });
    const a = await createService(big, { nom: 'Service chargé' });
    const b = await createService(big, { nom: 'Service voisin', parent: a.id, niveau: 'departemental' });
    serviceIds = [a.id, b.id];
    const scheme = await createScheme(big, { serviceIds });
    const association = await createAssociation(big);
    // 30 000 dossiers of two services, states and dates spread, in SQL.
    await big.db.$executeRaw`INSERT INTO dossiers (id, id_fo, exercice, subvention_id, dispositif_id, association_id, created_by_type, created_at, updated_at)
      SELECT gen_random_uuid(), '2023-' || lpad(g::text, 6, '0'), 2023 + g % 4, ${scheme.subventionId}::uuid, ${scheme.dispositifId}::uuid, ${association.id}::uuid, 'association',
             now() - g * interval '1 minute', now() - g * interval '1 minute' FROM generate_series(1, ${ROWS}) g`;
    await big.db.$executeRaw`INSERT INTO dossier_instructions (id, dossier_id, service_id, association_id, etat, created_by_type, created_at, updated_at)
      SELECT gen_random_uuid(), d.id, (${serviceIds}::uuid[])[1 + (row_number() OVER ())::int % 2], d.association_id,
             (ARRAY['A', 'D', '2', '6', '9', '10', '11'])[1 + (row_number() OVER ())::int % 7], 'association', d.created_at, d.updated_at
      FROM dossiers d WHERE d.id_fo LIKE '2023-%'`;
    await big.db.$executeRawUnsafe('ANALYZE');
  }, 120_000);
  afterAll(() => big.close());

  /** Rows the plan read from dossier_instructions (every scan of it, times its loops). */
  async function instructionRowsRead(statement: ReturnType<typeof pageStatement>): Promise<number> {
    const rows = await big.db.$queryRawUnsafe<{ 'QUERY PLAN': { Plan: PlanNode }[] }[]>(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, ...statement.values);
    const plan = rows[0]!['QUERY PLAN'];
    const walk = (node: PlanNode): number =>
      (node['Relation Name'] === 'dossier_instructions' ? node['Actual Rows'] * node['Actual Loops'] + (node['Rows Removed by Filter'] ?? 0) : 0) + (node.Plans ?? []).reduce((sum, child) => sum + walk(child), 0);
    return walk(plan[0]!.Plan);
  }
  interface PlanNode {
    'Relation Name'?: string;
    'Actual Rows': number;
    'Actual Loops': number;
    'Rows Removed by Filter'?: number;
    Plans?: PlanNode[];
  }

  it('a search by exercise and states reads the instructions of that exercise in those states, not every one in those states', async () => {
    // 300 dossiers of a later exercise among the 30 000 (moved with their dossier: the exercise's copy follows).
    await big.db.$executeRaw`UPDATE dossiers SET exercice = 2030 WHERE id IN (SELECT id FROM dossiers WHERE id_fo LIKE '2023-%' ORDER BY id LIMIT 300)`;
    await big.db.$executeRawUnsafe('ANALYZE');
    const reach = { kind: 'services' as const, serviceIds, userId: serviceIds[0]! };
    const read = await instructionRowsRead(pageStatement(reach, { etats: ['D', '2'], exercices: [2030] }, { sort: 'updated_at', order: 'desc', limit: 51 }));
    const inStates = { serviceId: { in: serviceIds }, etat: { in: ['D', '2'] } };
    const matching = await big.db.dossierInstruction.count({ where: { ...inStates, exercice: 2030 } });
    // Before the instructions carried their dossier's exercise, every instruction in the states was read, then its dossier.
    expect(matching * 3).toBeLessThan(await big.db.dossierInstruction.count({ where: inStates }));
    expect(read).toBeLessThanOrEqual(matching);
  });

  it.each([
    ['services', 'updated_at', 'desc'],
    ['services', 'created_at', 'asc'],
    ['all', 'updated_at', 'desc'],
    ['all', 'created_at', 'asc'],
  ] as const)('%s reach, by %s %s: the first page and one deep in the list read about a page each', async (kind, sort, order) => {
    const reach = kind === 'services' ? { kind, serviceIds, userId: serviceIds[0]! } : { kind, userId: serviceIds[0]! };
    const first = await instructionRowsRead(pageStatement(reach, {}, { sort, order, limit: 51 }));
    const row = await big.db.dossierInstruction.findFirstOrThrow({ orderBy: { [sort === 'updated_at' ? 'updatedAt' : 'createdAt']: 'asc' }, skip: 15_000 });
    const deep = await instructionRowsRead(pageStatement(reach, {}, { sort, order, limit: 51, after: { at: sort === 'updated_at' ? row.updatedAt : row.createdAt, id: row.id } }));
    // Each service's page, plus the drafts (A, 1 in 7) its filter skips: never the 30 000 rows.
    const bound = (kind === 'services' ? serviceIds.length : 1) * 51 * 2;
    expect(first).toBeLessThanOrEqual(bound);
    expect(deep).toBeLessThanOrEqual(bound);
  });
});
