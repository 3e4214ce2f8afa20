// Streamed answers (exports, open data): the database is read no faster than the client takes.
import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** Waits while the answer's buffer is full. */
export async function drained(out: Writable) {
  if (out.writableNeedDrain) await once(out, 'drain');
}
