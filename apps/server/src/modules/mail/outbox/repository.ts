// Data access for the mail outbox, and the delivery jobs of the queue (queue.ts): a job is added
// in the same transaction as the row it delivers, or as the failure that reschedules it.
import type { Database, Prisma } from '../../../db/prisma.ts';
import type { DbTransaction } from '../../../db/transaction.ts';
import type { MailOutbox, MailStatus } from '../../../generated/prisma/client.ts';
import { DELIVER_TASK } from './queue.ts';

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

/**
 * Adds (or moves) the row's delivery job: one job per row (job key `mail:<id>`, graphile-worker's
 * replace mode moves a waiting one; a running one keeps running and a new one waits). The SQL
 * function runs in the caller's transaction, so the job exists only if the row does.
 */
async function addDeliveryJob(client: DbTransaction, id: string, runAt: Date) {
  await client.$executeRaw`SELECT graphile_worker.add_job(${DELIVER_TASK}::text, json_build_object('id', ${id}::text), run_at := ${runAt.toISOString()}::timestamptz, job_key := ${`mail:${id}`}::text, max_attempts := 10)`;
}

export function createMailRepository(db: Database) {
  return {
    /**
     * `nextAttemptAt` on a PENDING row is a lease: the inline sender holds it, and another
     * instance's loop takes the row only once it expired (crash during delivery). `jobAt`: the
     * row's delivery job, written with it.
     */
    insert: async (mail: NewMail, status: MailStatus, options: { client?: DbTransaction; leaseUntil?: Date; jobAt?: Date } = {}) => {
      const write = async (client: DbTransaction) => {
        const row = await client.mailOutbox.create({ data: { ...mail, status, nextAttemptAt: options.leaseUntil ?? null } });
        if (options.jobAt) await addDeliveryJob(client, row.id, options.jobAt);
        return row;
      };
      if (options.client) return write(options.client);
      return options.jobAt ? db.$transaction(write) : write(db);
    },
    find: (id: string) => db.mailOutbox.findUnique({ where: { id } }),
    /** Moves the row's delivery job to `runAt` (the row waits for a lease or a retry time). */
    schedule: (id: string, runAt: Date) => addDeliveryJob(db, id, runAt),
    /** Takes a due mail for delivery; false when another pass or instance took it first. */
    claim: async (id: string, now: Date, maxAttempts: number, leaseUntil: Date) =>
      (await db.mailOutbox.updateMany({ where: { id, ...dueWhere(now, maxAttempts) }, data: { nextAttemptAt: leaseUntil } })).count === 1,
    markSent: (id: string) =>
      db.mailOutbox.update({
        where: { id },
        data: { status: 'SENT', sentAt: new Date(), attempts: { increment: 1 }, lastError: null, nextAttemptAt: null, sealed: null },
      }),
    /** The failure and, when `schedule`, the retry's job at `nextAttemptAt`, in one transaction. */
    markFailed: (id: string, error: string, nextAttemptAt: Date | null, options: { schedule?: boolean } = {}) =>
      db.$transaction(async (tx) => {
        const row = await tx.mailOutbox.update({
          where: { id },
          // A mail given up no longer needs its secret links.
          data: { status: 'FAILED', attempts: { increment: 1 }, lastError: error.slice(0, 1000), nextAttemptAt, ...(nextAttemptAt ? {} : { sealed: null }) },
        });
        if (nextAttemptAt && options.schedule) await addDeliveryJob(tx, id, nextAttemptAt);
        return row;
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
