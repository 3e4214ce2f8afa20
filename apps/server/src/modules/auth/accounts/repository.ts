// Data access for accounts: users, roles, passwords, identity, service accounts (auth-server).
import { likeLiteral } from '../../../db/like-pattern.ts';
import type { Database } from '../../../db/prisma.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { linksInclude } from '../../lca/index.ts';

const accountInclude = {
  roles: { orderBy: { createdAt: 'asc' } },
  // The session's `associations` are the user's links.
  associationUser: { include: linksInclude },
  serviceAccount: true,
} as const;
export type Account = Prisma.UserGetPayload<{ include: typeof accountInclude }>;

export interface NewAccount {
  email: string;
  passwordHash: string;
  civilite: string | null;
  nom: string | null;
  prenom: string | null;
  origin: string;
  roles: string[];
  enabled?: boolean;
  mustChangePassword?: boolean;
  /** Service accounts get their rds login record. */
  service?: { nom: string; email?: string | null; type?: string | null; locked?: boolean };
}

export function createAccountRepository(db: Database) {
  return {
    findById: (id: string) => db.user.findUnique({ where: { id }, include: accountInclude }),
    findByEmail: (email: string) => db.user.findUnique({ where: { email }, include: accountInclude }),
    emailTaken: async (email: string, exceptUserId?: string) =>
      (await db.user.count({ where: { email, ...(exceptUserId ? { NOT: { id: exceptUserId } } : {}) } })) > 0,

    /** Creates the auth user, its roles and its association-user (or service) record in one transaction. */
    createAccount: (account: NewAccount) =>
      db.user.create({
        data: {
          email: account.email,
          passwordHash: account.passwordHash,
          civilite: account.civilite,
          nom: account.nom,
          prenom: account.prenom,
          origin: account.origin,
          enabled: account.enabled ?? false,
          mustChangePassword: account.mustChangePassword ?? false,
          roles: { create: account.roles.map((role) => ({ role })) },
          ...(account.roles.some((r) => r.startsWith('lca.')) ? { associationUser: { create: {} } } : {}),
          ...(account.service ? { serviceAccount: { create: account.service } } : {}),
        },
        include: accountInclude,
      }),

    /** Gives an existing account the association role and its association-user record, once. */
    addAssociationRole: (userId: string, role: string) =>
      db.$transaction(async (tx) => {
        await tx.userRole.create({ data: { userId, role } });
        await tx.associationUser.upsert({ where: { authId: userId }, create: { authId: userId }, update: {} });
        return tx.user.findUniqueOrThrow({ where: { id: userId }, include: accountInclude });
      }),

    updateIdentity: (userId: string, data: { nom?: string; prenom?: string; civilite?: string; pendingEmail?: string }) =>
      db.user.update({ where: { id: userId }, data, include: accountInclude }),

    touchLogin: (userId: string) => db.user.update({ where: { id: userId }, data: { lastLoginAt: new Date() } }),

    /**
     * New password: clears the must-change flag, revokes every refresh token of the user and bumps
     * the session version (access tokens signed before stop working). With a one-time token (reset
     * link), the token is used in the same transaction or nothing changes.
     */
    setPassword: (userId: string, passwordHash: string, options: { enable?: boolean; oneTimeTokenId?: string } = {}) =>
      db.$transaction(async (tx) => {
        if (options.oneTimeTokenId) {
          const used = await tx.oneTimeToken.updateMany({
            where: { id: options.oneTimeTokenId, usedAt: null },
            data: { usedAt: new Date() },
          });
          if (used.count !== 1) return null;
        }
        await tx.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
        return tx.user.update({
          where: { id: userId },
          data: {
            passwordHash,
            mustChangePassword: false,
            sessionVersion: { increment: 1 },
            ...(options.enable ? { enabled: true } : {}),
          },
          include: accountInclude,
        });
      }),

    searchServiceAccounts: (query: string | undefined) => {
      const text = query ? likeLiteral(query) : undefined;
      return db.serviceAccount.findMany({
        where: text
          ? {
              OR: [
                { nom: { contains: text, mode: 'insensitive' } },
                { email: { contains: text, mode: 'insensitive' } },
                { user: { email: { contains: text, mode: 'insensitive' } } },
              ],
            }
          : {},
        include: { user: { include: { roles: true } } },
        orderBy: { nom: 'asc' },
        take: 200,
      });
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
