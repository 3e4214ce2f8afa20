// Data access for the association account (lca-server).
import type { UserAssociationLink } from '@portail/contract';
import type { Database, Prisma } from '../../db/prisma.ts';
import type { Association, UserAssociation } from '../../generated/prisma/client.ts';

/** A user ↔ association link as the client reads it (spec §3 "User association link"). */
export function toUserAssociationLink(link: UserAssociation & { association: Association }): UserAssociationLink {
  return {
    id_correspondance: link.associationId,
    id_siret: link.idSiret,
    id_rna: link.association.idRna,
    id_siren: link.association.idSiren,
    type: link.type === 'Siège' ? 'Siège' : 'Etablissement secondaire',
    fonction: link.fonction,
    nom: link.association.nom,
    siegeSiret: link.association.idSiretSiege,
  };
}

/** Links of live associations, oldest first. */
export const linksInclude = {
  links: { where: { association: { deletedAt: null } }, include: { association: true }, orderBy: { createdAt: 'asc' } },
} as const;

type Tx = Prisma.TransactionClient;

export function createLcaRepository(db: Database) {
  return {
    db,
    // ---- « Je ne connais pas cette personne » links of join mails (stored hashed) ----------------
    createReportToken: (tx: Tx, data: Prisma.MembershipReportTokenCreateManyInput) => tx.membershipReportToken.create({ data }),
    /** Who was mailed about a link's join (empty: the join was never announced). */
    reportRecipients: async (linkId: string) =>
      (await db.membershipReportToken.findMany({ where: { linkId }, distinct: ['recipient'], select: { recipient: true } })).map((r) => r.recipient),
    /** Joins of an association announced by mail since `since`. */
    /** Serialises one account's joins until the transaction ends, so its daily count cannot be overshot. */
    lockJoinsOf: (tx: Tx, authId: string) => tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`joins:${authId}`}, 0))`,
    announcedJoinsSince: async (tx: Tx, associationId: string, since: Date) =>
      (await tx.membershipReportToken.findMany({ where: { associationId, createdAt: { gte: since } }, distinct: ['linkId'], select: { linkId: true } }))
        .length,
    /** Marks an unused, unexpired token used; false if it is unknown, used or expired (single use under concurrency). */
    claimReportToken: async (tx: Tx, tokenHash: string, now: Date) =>
      (await tx.membershipReportToken.updateMany({ where: { tokenHash, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } })).count === 1,
    findReportToken: (tx: Tx, tokenHash: string) => tx.membershipReportToken.findUnique({ where: { tokenHash } }),

    findAssociationUser: (id: string) => db.associationUser.findUnique({ where: { id }, include: { user: true, ...linksInclude } }),
    findAssociationUserByAuthId: (authId: string) =>
      db.associationUser.findUnique({ where: { authId }, include: { user: true, ...linksInclude } }),
    /** Active notes whose period includes now. */
    activeNotes: (now: Date, route?: string) =>
      db.noteOnPage.findMany({
        where: {
          active: true,
          AND: [
            { OR: [{ startsAt: null }, { startsAt: { lte: now } }] },
            { OR: [{ endsAt: null }, { endsAt: { gt: now } }] },
          ],
          ...(route ? { routes: { has: route } } : {}),
        },
        orderBy: { createdAt: 'asc' },
      }),
  };
}
export type LcaRepository = ReturnType<typeof createLcaRepository>;
