// Data access for the « Je ne connais pas cette personne » links of join mails (stored hashed).
import type { Database, Prisma } from '../../../db/prisma.ts';
import type { DbTransaction } from '../../../db/transaction.ts';

type Tx = DbTransaction;

export function createReportRepository(db: Database) {
  return {
    createReportToken: (tx: Tx, data: Prisma.MembershipReportTokenCreateManyInput) => tx.membershipReportToken.create({ data }),
    /** Who was mailed about a link's join (empty: the join was never announced). */
    reportRecipients: async (linkId: string) =>
      (await db.membershipReportToken.findMany({ where: { linkId }, distinct: ['recipient'], select: { recipient: true } })).map((r) => r.recipient),
    /** Joins of an association announced by mail since `since`. */
    announcedJoinsSince: async (tx: Tx, associationId: string, since: Date) =>
      (await tx.membershipReportToken.findMany({ where: { associationId, createdAt: { gte: since } }, distinct: ['linkId'], select: { linkId: true } }))
        .length,
    /** Marks an unused, unexpired token used; false if it is unknown, used or expired (single use under concurrency). */
    claimReportToken: async (tx: Tx, tokenHash: string, now: Date) =>
      (await tx.membershipReportToken.updateMany({ where: { tokenHash, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } })).count === 1,
    findReportToken: (tx: Tx, tokenHash: string) => tx.membershipReportToken.findUnique({ where: { tokenHash } }),
  };
}
export type ReportRepository = ReturnType<typeof createReportRepository>;
