// The SCDL file: CSV as the schema's tables are published (RFC 4180: « , », double quotes, CRLF,
// UTF-8 without BOM), the header being the schema's column names in its order. Values are written as
// they are (no apostrophe before a leading = or -): this file is for programs, its figures exact.
import type { Writable } from 'node:stream';
import { SCDL_SUBVENTIONS_COLUMNS } from '@portail/contract';
import { drained } from '../../http/backpressure.ts';
import type { ScdlRecord } from './service.ts';

function csvField(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
}

export async function writeScdlCsv(out: Writable, batches: AsyncIterable<ScdlRecord[]>): Promise<void> {
  out.write(`${SCDL_SUBVENTIONS_COLUMNS.join(',')}\r\n`);
  for await (const records of batches) {
    let chunk = '';
    for (const record of records) chunk += `${SCDL_SUBVENTIONS_COLUMNS.map((column) => csvField(record[column])).join(',')}\r\n`;
    out.write(chunk);
    await drained(out);
  }
  out.end();
}
