// Data access for the login part of instructing services (docs/domain.md « Services instructeurs »):
// written in the caller's transaction, with the service record beside it.
import type { Database } from '../../../db/prisma.ts';
import { transactionRunner, type DbTransaction } from '../../../db/transaction.ts';

export function createServiceAccountRepository(db: Database) {
  return {
    transaction: transactionRunner(db),
    emailTaken: async (tx: DbTransaction, email: string, exceptUserId?: string) =>
      (await tx.user.count({ where: { email, ...(exceptUserId ? { NOT: { id: exceptUserId } } : {}) } })) > 0,
    /** The account with no usable password yet (a random one's hash): its owner chooses one through the mailed link. */
    createUser: (tx: DbTransaction, data: { email: string; passwordHash: string; roles: readonly string[] }) =>
      tx.user.create({
        data: { email: data.email, passwordHash: data.passwordHash, origin: 'rds', enabled: false, roles: { create: data.roles.map((role) => ({ role })) } },
        select: { id: true },
      }),
    createResetToken: (tx: DbTransaction, userId: string, tokenHash: string, expiresAt: Date) =>
      tx.oneTimeToken.create({ data: { userId, purpose: 'PASSWORD_RESET', tokenHash, expiresAt } }),
    /** The account of a service, by its account id. */
    findAccount: (id: string, client: DbTransaction | Database = db) =>
      client.user.findFirst({
        where: { id, serviceAccount: { isNot: null } },
        select: {
          id: true,
          email: true,
          pendingEmail: true,
          enabled: true,
          roles: { select: { role: true } },
          serviceAccount: { select: { id: true, nom: true, locked: true } },
        },
      }),
    lock: (tx: DbTransaction, id: string) => tx.$queryRaw`SELECT id FROM users WHERE id = ${id}::uuid FOR UPDATE`,
    /**
     * A new login address waits for its link (address-proofs.ts): `email` stays the login until the
     * link is used (auth tokens repository `validateWithToken`); null drops a pending one.
     */
    setPendingEmail: (tx: DbTransaction, id: string, pendingEmail: string | null) => tx.user.update({ where: { id }, data: { pendingEmail } }),
    setRoles: async (tx: DbTransaction, id: string, roles: readonly string[]) => {
      await tx.userRole.deleteMany({ where: { userId: id, role: { startsWith: 'rds.' }, NOT: { role: { in: [...roles] } } } });
      await tx.userRole.createMany({ data: roles.map((role) => ({ userId: id, role })), skipDuplicates: true });
    },
    setLocked: (tx: DbTransaction, authId: string, locked: boolean) => tx.serviceAccount.update({ where: { authId }, data: { locked } }),
    /** Ends every session of the account: refresh tokens revoked, access tokens signed before refused. */
    endSessions: async (tx: DbTransaction, id: string) => {
      await tx.refreshToken.updateMany({ where: { userId: id, revokedAt: null }, data: { revokedAt: new Date() } });
      await tx.user.update({ where: { id }, data: { sessionVersion: { increment: 1 } } });
    },
  };
}
export type ServiceAccountRepository = ReturnType<typeof createServiceAccountRepository>;
