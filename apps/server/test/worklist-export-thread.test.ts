// The XLSX export written in a thread of its own (modules/demande/worklist/xlsx-thread.ts), which reads
// its rows itself on PostgreSQL past a keyset: a whole, readable workbook with every row once and in
// order, at most XLSX_THREADS at once on an instance (429 beyond), and a client that goes away stops
// the writing and frees its thread.
import { randomUUID } from 'node:crypto';
import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { WORKLIST_EXPORT_COLUMNS } from '@portail/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drained } from '../src/http/backpressure.ts';
import { AppError } from '../src/http/errors.ts';
import { exportPlan, type ExportPlan } from '../src/modules/demande/worklist/repository.ts';
import { reserveXlsxThread, writeXlsxOffThread, XLSX_THREADS } from '../src/modules/demande/worklist/xlsx-thread.ts';
import { createAssociation } from './support/association-factory.ts';
import { createService } from './support/rds-fixtures.ts';
import { createScheme } from './support/subsidy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const ROWS = 4_500;
let t: TestApp;
/** The whole list, newest first, in batches of 2 000: three keyset queries. */
let plan: ExportPlan;
beforeAll(async () => {
  t = await startTestApp({ logLevel: 'fatal' });
  const service = await createService(t, { nom: 'DRAJES Bretagne' });
  const scheme = await createScheme(t, { serviceIds: [service.id] });
  const association = await createAssociation(t);
  // Dossiers a minute apart, the 8th named like a formula; half of them updated at the same instant (the keyset's tie on id).
  await t.db.$executeRaw`INSERT INTO dossiers (id, id_fo, exercice, subvention_id, dispositif_id, association_id, nom, created_by_type, created_at, updated_at)
    SELECT gen_random_uuid(), '26-' || lpad(g::text, 6, '0'), 2026, ${scheme.subventionId}::uuid, ${scheme.dispositifId}::uuid, ${association.id}::uuid,
           CASE WHEN g = 7 THEN '=HYPERLINK("http://x")' ELSE 'Association ' || g END, 'association',
           now(), CASE WHEN g % 2 = 0 THEN timestamptz '2026-11-27 08:00:00+00' ELSE now() - g * interval '1 minute' END
    FROM generate_series(0, ${ROWS - 1}) g`;
  await t.db.$executeRaw`INSERT INTO dossier_instructions (id, dossier_id, service_id, association_id, etat, created_by_type, created_at, updated_at)
    SELECT gen_random_uuid(), d.id, ${service.id}::uuid, d.association_id, 'D', 'association', d.created_at, d.updated_at FROM dossiers d WHERE d.id_fo LIKE '26-%'`;
  plan = exportPlan(t.config.databaseUrl!, { kind: 'all', userId: randomUUID() }, {}, 'updated_at', 'desc', 2_000);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The workbook written to a PassThrough, read back by ExcelJS. */
async function workbookOf(from: ExportPlan | null) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeXlsxOffThread(out, from);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook.getWorksheet('Dossiers')!;
}

describe('the XLSX export in its own thread', () => {
  it('reads every row itself, batch after batch past the keyset, into a workbook Excel reads, formulas neutralised', async () => {
    const sheet = await workbookOf(plan);
    expect(sheet.rowCount).toBe(ROWS + 1);
    expect(sheet.getRow(1).values).toEqual([undefined, ...WORKLIST_EXPORT_COLUMNS.map(([, header]) => header)]);
    const idFos = Array.from({ length: ROWS }, (_, k) => String(sheet.getRow(k + 2).getCell(1).value));
    // Each row once, across the three batches and the 2 250 rows that share one instant.
    expect(new Set(idFos).size).toBe(ROWS);
    const rows = await t.db.$queryRaw<{ id_fo: string }[]>`SELECT d.id_fo FROM dossier_instructions i JOIN dossiers d ON d.id = i.dossier_id
      WHERE d.id_fo LIKE '26-%' ORDER BY i.updated_at DESC, i.id DESC`;
    expect(idFos).toEqual(rows.map((r) => r.id_fo));
    const named = idFos.indexOf('26-000007');
    expect(sheet.getRow(named + 2).getCell(8).value).toBe('\'=HYPERLINK("http://x")');
    expect(sheet.getRow(named + 2).getCell(10).value).toBe('Transmis au service instructeur');
  });

  it('writes the headers alone when there is no row to read', async () => {
    const sheet = await workbookOf(null);
    expect(sheet.rowCount).toBe(1);
  });

  it(`lets ${XLSX_THREADS} exports write at once on an instance; the next one gets 429 with Retry-After until one ends`, () => {
    const held = Array.from({ length: XLSX_THREADS }, () => reserveXlsxThread());
    let refused: unknown;
    try {
      reserveXlsxThread();
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS', status: 429 });
    held[0]!();
    held[0]!(); // released twice counts once
    const again = reserveXlsxThread();
    expect(() => reserveXlsxThread()).toThrow(AppError);
    again();
    held[1]!();
  });

  it('stops when the client goes away: the writing fails instead of waiting for a drain that never comes', async () => {
    // A destination that never reads: its buffer fills, then it is destroyed as a closed connection is.
    const out = new Writable({ highWaterMark: 1024, write: () => undefined });
    const writing = writeXlsxOffThread(out, plan);
    setTimeout(() => out.destroy(), 300);
    await expect(writing).rejects.toThrow('flux fermé avant la fin');
  });

  it('drained() rejects on a stream closed while it waits, and on one already closed', async () => {
    const out = new Writable({ highWaterMark: 1, write: () => undefined });
    out.write('xx');
    const waiting = drained(out);
    out.destroy();
    await expect(waiting).rejects.toThrow('flux fermé avant la fin');
    await expect(drained(out)).rejects.toThrow('flux fermé avant la fin');
  });
});
