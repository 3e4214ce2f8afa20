// Data access for tokens: refresh tokens (rotation, families) and one-time links (validation, reset,
// an instructing service's contact address).
import type { Database } from '../../../db/prisma.ts';
import type { DbTransaction } from '../../../db/transaction.ts';
import type { OneTimeTokenPurpose } from '../../../generated/prisma/client.ts';

/** A pending address made current by its link: the login, or an instructing service's contact address (null before: none). */
export interface AddressSwitch {
  kind: 'login' | 'contact';
  previousEmail: string | null;
  email: string;
  service: boolean;
}

export function createTokenRepository(db: Database) {
  return {
    // Refresh tokens
    insertRefreshToken: (data: { userId: string; tokenHash: string; familyId: string; expiresAt: Date }) =>
      db.refreshToken.create({ data }),
    findRefreshToken: (tokenHash: string) => db.refreshToken.findUnique({ where: { tokenHash } }),
    /** Marks a token used if it still is usable; false when another request used it first. */
    consumeRefreshToken: async (id: string) =>
      (await db.refreshToken.updateMany({ where: { id, usedAt: null, revokedAt: null }, data: { usedAt: new Date() } }))
        .count === 1,
    revokeFamily: (familyId: string) =>
      db.refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: new Date() } }),

    // One-time tokens
    /** Issues a new single-use token and voids the user's previous ones for the same purpose. */
    replaceOneTimeToken: (userId: string, purpose: OneTimeTokenPurpose, tokenHash: string, expiresAt: Date, email?: string) =>
      db.$transaction(async (tx) => {
        await tx.oneTimeToken.updateMany({ where: { userId, purpose, usedAt: null }, data: { usedAt: new Date() } });
        return tx.oneTimeToken.create({ data: { userId, purpose, tokenHash, expiresAt, email: email ?? null } });
      }),
    findOneTimeToken: (tokenHash: string, purposes: readonly OneTimeTokenPurpose[]) =>
      db.oneTimeToken.findFirst({ where: { tokenHash, purpose: { in: [...purposes] } } }),
    /** In the caller's transaction: voids the user's unused links of `purpose`, then issues one proving `email`. */
    issueOneTimeToken: async (tx: DbTransaction, userId: string, purpose: OneTimeTokenPurpose, tokenHash: string, expiresAt: Date, email: string) => {
      await tx.oneTimeToken.updateMany({ where: { userId, purpose, usedAt: null }, data: { usedAt: new Date() } });
      await tx.oneTimeToken.create({ data: { userId, purpose, tokenHash, expiresAt, email } });
    },
    /** In the caller's transaction: voids the user's unused links of `purpose`. */
    voidOneTimeTokens: (tx: DbTransaction, userId: string, purpose: OneTimeTokenPurpose) =>
      tx.oneTimeToken.updateMany({ where: { userId, purpose, usedAt: null }, data: { usedAt: new Date() } }),
    /**
     * Uses a validation token and enables its user, both or neither. A token for a new address
     * (`email`) also makes it the login, only if it is still the pending one. A contact token
     * (`CONTACT_VALIDATION`) makes its address the instructing service's contact address, only if
     * it is still the pending one, and enables nothing (the login is not proven by it). After a
     * switch, `switched` runs in the same transaction (an instructing service's change is audited there).
     */
    validateWithToken: (
      token: { id: string; userId: string; purpose: OneTimeTokenPurpose; email: string | null },
      switched?: (tx: DbTransaction, change: AddressSwitch) => Promise<unknown>,
    ) =>
      db.$transaction(async (tx) => {
        const { userId, email } = token;
        const used = await tx.oneTimeToken.updateMany({ where: { id: token.id, usedAt: null }, data: { usedAt: new Date() } });
        if (used.count !== 1) return false;
        if (token.purpose === 'CONTACT_VALIDATION') {
          if (email === null) return false;
          const before = await tx.serviceAccount.findUnique({ where: { authId: userId }, select: { email: true } });
          const done = await tx.serviceAccount.updateMany({ where: { authId: userId, pendingEmail: email }, data: { email, pendingEmail: null } });
          if (!before || done.count !== 1) return false;
          await switched?.(tx, { kind: 'contact', previousEmail: before.email, email, service: true });
          return true;
        }
        if (email === null) {
          await tx.user.update({ where: { id: userId }, data: { enabled: true } });
          return true;
        }
        const before = await tx.user.findUnique({ where: { id: userId }, select: { email: true, serviceAccount: { select: { id: true } } } });
        const done = await tx.user.updateMany({
          where: { id: userId, pendingEmail: email },
          data: { email, pendingEmail: null, enabled: true },
        });
        if (done.count !== 1) return false;
        await switched?.(tx, { kind: 'login', previousEmail: before!.email, email, service: before!.serviceAccount !== null });
        return true;
      }),
  };
}
export type TokenRepository = ReturnType<typeof createTokenRepository>;
