import { describe, expect, it } from 'vitest';
import { SUBSIDY_MESSAGES, WORKLIST_LIMITS, worklistBulkSchema, worklistQuerySchema } from '../src/index.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('work list contract', () => {
  it('reads the filters of §2 repeated or comma-separated, with the default sort and page size', () => {
    const q = worklistQuerySchema.parse({ etats: 'D,2', exercices: ['2025', '2026'], includeDeleted: 'true', searchQuery: '  sport ' });
    expect(q).toMatchObject({ etats: ['D', '2'], exercices: [2025, 2026], includeDeleted: true, searchQuery: 'sport', sort: 'updated_at', order: 'desc', limit: WORKLIST_LIMITS.defaultPageSize });
    expect(worklistQuerySchema.safeParse({ limit: WORKLIST_LIMITS.maxPageSize + 1 }).success).toBe(false);
    expect(worklistQuerySchema.safeParse({ etats: 'Z' }).success).toBe(false);
  });

  it('takes either ids (up to 500) or selectAll, and a service event only', () => {
    expect(worklistBulkSchema.safeParse({ ids: [id(1)], event: 'ouvrir_instruction' }).success).toBe(true);
    expect(worklistBulkSchema.safeParse({ selectAll: { etats: 'D' }, event: 'ouvrir_instruction' }).success).toBe(true);
    const both = worklistBulkSchema.safeParse({ ids: [id(1)], selectAll: {}, event: 'ouvrir_instruction' });
    expect(both.error?.issues[0]?.message).toBe(SUBSIDY_MESSAGES.bulkSelection);
    expect(worklistBulkSchema.safeParse({ event: 'ouvrir_instruction' }).success).toBe(false);
    const many = Array.from({ length: WORKLIST_LIMITS.bulkMax + 1 }, (_, n) => id(n));
    expect(worklistBulkSchema.safeParse({ ids: many, event: 'accorder' }).success).toBe(false);
    expect(worklistBulkSchema.safeParse({ ids: many.slice(1), event: 'accorder' }).success).toBe(true);
    const transmit = worklistBulkSchema.safeParse({ ids: [id(1)], event: 'transmettre' });
    expect(transmit.error?.issues[0]?.message).toBe(SUBSIDY_MESSAGES.bulkEventNotForService('transmettre'));
  });
});
