// The XLSX export written in a thread of its own (modules/demande/worklist/xlsx-thread.ts): a whole,
// readable workbook from batches, at most XLSX_THREADS at once on an instance (429 beyond), and a
// client that goes away stops the writing and frees its thread.
import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { WORKLIST_EXPORT_COLUMNS } from '@portail/contract';
import { describe, expect, it } from 'vitest';
import { drained } from '../src/http/backpressure.ts';
import { AppError } from '../src/http/errors.ts';
import type { WorklistRow } from '../src/modules/demande/worklist/repository.ts';
import { reserveXlsxThread, writeXlsxOffThread, XLSX_THREADS } from '../src/modules/demande/worklist/xlsx-thread.ts';

const row = (i: number): WorklistRow => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, dossier_id: 'd', etat: i % 2 ? 'D' : '2', is_referent: true, service_id: 's', service_nom: 'DRAJES Bretagne',
  sort_at: new Date('2026-11-27T08:00:00Z'), updated_at: new Date('2026-11-27T08:00:00Z'), id_fo: `26-${String(i).padStart(6, '0')}`, exercice: 2026, exercice_fin: null,
  statut: 'normal', code_subvention: 'FDVA', libelle_subvention: 'Fonds pour le développement de la vie associative', dispositif_id: 'x', libelle_dispositif: 'FDVA',
  association_id: 'a', id_siret: '12345678900012', nom: i === 7 ? '=HYPERLINK("http://x")' : `Association ${i}`, created_by_id: null, created_by_type: 'association',
  deleted_at: null, created_at: new Date('2026-11-27T08:00:00Z'),
});

async function* batchesOf(total: number, size: number): AsyncGenerator<WorklistRow[]> {
  for (let start = 0; start < total; start += size) yield Array.from({ length: Math.min(size, total - start) }, (_, k) => row(start + k));
}

describe('the XLSX export in its own thread', () => {
  it('writes every row of every batch into a workbook Excel reads, formulas neutralised', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    await writeXlsxOffThread(out, batchesOf(4_500, 2_000));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Dossiers')!;
    expect(sheet.rowCount).toBe(4_501);
    expect(sheet.getRow(1).values).toEqual([undefined, ...WORKLIST_EXPORT_COLUMNS.map(([, header]) => header)]);
    expect(sheet.getRow(2).getCell(1).value).toBe('26-000000');
    expect(sheet.getRow(4_501).getCell(1).value).toBe('26-004499');
    expect(sheet.getRow(9).getCell(8).value).toBe('\'=HYPERLINK("http://x")');
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
    const writing = writeXlsxOffThread(out, batchesOf(50_000, 2_000));
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
