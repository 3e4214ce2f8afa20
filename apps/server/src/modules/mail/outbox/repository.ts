// Data access for the mail outbox.
import type { Database, Prisma } from '../../../db/prisma.ts';
import type { DbTransaction } from '../../../db/transaction.ts';
import type { MailOutbox, MailStatus } from '../../../generated/prisma/client.ts';

export interface NewMail {
  id?: string;
  to: string;
  from: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  /** The content as sent, encrypted, when text/html are a masked copy (seal.ts). */
  sealed?: string | null;
}

/** A mail is due when nobody holds it: PENDING with no lease (or an expired one), FAILED whose retry time has come. */
const dueWhere = (now: Date, maxAttempts: number): Prisma.MailOutboxWhereInput => ({
  OR: [
    { status: 'PENDING', OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: now } }] },
    { status: 'FAILED', nextAttemptAt: { lte: now }, attempts: { lt: maxAttempts } },
  ],
});

export function createMailRepository(db: Database) {
  return {
    /**
     * `nextAttemptAt` on a PENDING row is a lease: the inline sender holds it, and another
     * instance's loop takes the row only once it expired (crash during delivery).
     */
    insert: (mail: NewMail, status: MailStatus, options: { client?: DbTransaction; leaseUntil?: Date } = {}) =>
      (options.client ?? db).mailOutbox.create({ data: { ...mail, status, nextAttemptAt: options.leaseUntil ?? null } }),
    /** Takes a due mail for delivery; false when another pass or instance took it first. */
    claim: async (id: string, now: Date, maxAttempts: number, leaseUntil: Date) =>
      (await db.mailOutbox.updateMany({ where: { id, ...dueWhere(now, maxAttempts) }, data: { nextAttemptAt: leaseUntil } })).count === 1,
    markSent: (id: string) =>
      db.mailOutbox.update({
        where: { id },
        data: { status: 'SENT', sentAt: new Date(), attempts: { increment: 1 }, lastError: null, nextAttemptAt: null, sealed: null },
      }),
    markFailed: (id: string, error: string, nextAttemptAt: Date | null) =>
      db.mailOutbox.update({
        where: { id },
        // A mail given up no longer needs its secret links.
        data: { status: 'FAILED', attempts: { increment: 1 }, lastError: error.slice(0, 1000), nextAttemptAt, ...(nextAttemptAt ? {} : { sealed: null }) },
      }),
    /** Mails to deliver now: enqueued ones, failed ones whose retry time has come, pending since a crash. */
    due: (now: Date, maxAttempts: number, limit = 20) =>
      db.mailOutbox.findMany({ where: dueWhere(now, maxAttempts), orderBy: { createdAt: 'asc' }, take: limit }),
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
