// Streamed answers (exports, open data): the database is read no faster than the client takes.
import { once } from 'node:events';
import type { Writable } from 'node:stream';

const closedEarly = () => new Error('flux fermé avant la fin');

/**
 * Waits while the answer's buffer is full. A stream closed meanwhile (the client went away, the
 * answer destroyed) never drains: that is an error, so the writer stops and lets go of what it holds.
 */
export async function drained(out: Writable) {
  if (out.destroyed) throw closedEarly();
  if (!out.writableNeedDrain) return;
  const stop = new AbortController();
  try {
    const first = await Promise.race([
      once(out, 'drain', { signal: stop.signal }).then(() => 'drain' as const),
      once(out, 'close', { signal: stop.signal }).then(() => 'close' as const),
    ]);
    if (first === 'close') throw closedEarly();
  } finally {
    stop.abort();
  }
}
