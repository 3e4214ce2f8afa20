// Data access for the mail outbox.
import type { Database } from '../../db/prisma.ts';
import type { MailOutbox, MailStatus } from '../../generated/prisma/client.ts';

export interface NewMail {
  to: string;
  from: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
}

export function createMailRepository(db: Database) {
  return {
    insert: (mail: NewMail, status: MailStatus) => db.mailOutbox.create({ data: { ...mail, status } }),
    markSent: (id: string) =>
      db.mailOutbox.update({
        where: { id },
        data: { status: 'SENT', sentAt: new Date(), attempts: { increment: 1 }, lastError: null, nextAttemptAt: null },
      }),
    markFailed: (id: string, error: string, nextAttemptAt: Date | null) =>
      db.mailOutbox.update({
        where: { id },
        data: { status: 'FAILED', attempts: { increment: 1 }, lastError: error.slice(0, 1000), nextAttemptAt },
      }),
    /** Mails whose retry time has come (failed, or pending since a crash). */
    dueForRetry: (now: Date, maxAttempts: number, limit = 20) =>
      db.mailOutbox.findMany({
        where: {
          OR: [
            { status: 'FAILED', nextAttemptAt: { lte: now }, attempts: { lt: maxAttempts } },
            { status: 'PENDING', createdAt: { lte: new Date(now.getTime() - 60_000) } },
          ],
        },
        orderBy: { createdAt: 'asc' },
        take: limit,
      }),
    list: async (filter: { to?: string; status?: MailStatus; limit: number }) => {
      const where = { ...(filter.to ? { to: filter.to } : {}), ...(filter.status ? { status: filter.status } : {}) };
      const [total, items] = await Promise.all([
        db.mailOutbox.count({ where }),
        db.mailOutbox.findMany({ where, orderBy: { createdAt: 'desc' }, take: filter.limit }),
      ]);
      return { total, items };
    },
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;
export type { MailOutbox };
