// Depth of the mail queue, for the metrics: outbox rows not delivered yet that will still be tried
// (PENDING, or FAILED with a retry time). SENT, STORED (no SMTP) and given-up rows are not queued.
import type { Database } from '../../../db/prisma.ts';

export const mailQueueDepth = (db: Database): Promise<number> =>
  db.mailOutbox.count({ where: { OR: [{ status: 'PENDING' }, { status: 'FAILED', nextAttemptAt: { not: null } }] } });
