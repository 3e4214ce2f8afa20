// The work list's opaque cursor: the sort, its direction and the last row's (sort value, id), in
// base64url. A cursor of another sort or order, or one that does not read back, is refused in French
// (WORKLIST_CURSOR_INVALID) rather than giving a wrong page.
import { isUuid } from '@portail/contract';
import type { WorklistSort } from '@portail/contract';
import { appError } from '../../../http/errors.ts';
import type { Keyset } from './repository.ts';


export function encodeCursor(sort: WorklistSort, order: 'asc' | 'desc', last: Keyset): string {
  return Buffer.from(JSON.stringify([sort, order, last.at.toISOString(), last.id])).toString('base64url');
}

export function decodeCursor(cursor: string, sort: WorklistSort, order: 'asc' | 'desc'): Keyset {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw appError('WORKLIST_CURSOR_INVALID');
  }
  if (!Array.isArray(parts) || parts.length !== 4 || parts[0] !== sort || parts[1] !== order) throw appError('WORKLIST_CURSOR_INVALID');
  const [, , at, id] = parts as unknown[];
  const date = typeof at === 'string' ? new Date(at) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime()) || typeof id !== 'string' || !isUuid(id)) throw appError('WORKLIST_CURSOR_INVALID');
  return { at: date, id };
}
