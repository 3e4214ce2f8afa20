// Data access for association users and their links to associations (lca-server).
import type { UserAssociationLink } from '@portail/contract';
import type { Database } from '../../../db/prisma.ts';
import type { DbTransaction } from '../../../db/transaction.ts';
import type { Association, UserAssociation } from '../../../generated/prisma/client.ts';
import { CEC_VALIDATORS, isCecValidator } from '../../declaration/index.ts';

export type { Association, UserAssociation };
type Tx = DbTransaction;

/** A link's association with its CEC validators (spec §6), to say whether the user is one. */
const associationWithValidators = { include: { representantsLegaux: CEC_VALIDATORS } } as const;
export type LinkRow = UserAssociation & { association: Association & { representantsLegaux: { idSiret: string | null; courriel: string | null }[] } };

/** A user ↔ association link as the client reads it, for the user of `email` (whether they are one of the association's CEC validators). */
export const toUserAssociationLink = (email: string) => (link: LinkRow): UserAssociationLink => ({
    id_correspondance: link.associationId,
    id_siret: link.idSiret,
    id_rna: link.association.idRna,
    id_siren: link.association.idSiren,
    type: link.type === 'Siège' ? 'Siège' : 'Etablissement secondaire',
    fonction: link.fonction,
    nom: link.association.nom,
    siegeSiret: link.association.idSiretSiege,
    isValideurCEC: isCecValidator(link.association.representantsLegaux, email),
  });

/** Links of live associations, oldest first. */
export const linksInclude = {
  links: { where: { association: { deletedAt: null } }, include: { association: associationWithValidators }, orderBy: { createdAt: 'asc' } },
} as const;

/** The legal representatives a join mail goes to: not deleted, with an address. */
const representativesWithAddress = { representantsLegaux: { where: { deleted: false, courriel: { not: null } }, select: { courriel: true } } } as const;

export interface LinkFields {
  idSiret: string | null;
  type: string;
  fonction: string | null;
}

export function createUserRepository(db: Database) {
  return {
    findAssociationUser: (id: string) => db.associationUser.findUnique({ where: { id }, include: { user: true, ...linksInclude } }),
    findAssociationUserByAuthId: (authId: string) =>
      db.associationUser.findUnique({ where: { authId }, include: { user: true, ...linksInclude } }),

    /** A live association a user may join, with its establishments and the representatives to mail. */
    findAssociationToJoin: (tx: Tx, id: string) =>
      tx.association.findFirst({
        where: { id, deletedAt: null },
        include: { etablissements: { select: { siret: true, estSiege: true } }, ...representativesWithAddress },
      }),
    /** A live association named by its id and, when given, its RNA and SIREN, with the representatives to mail. */
    findAssociationToAnnounce: (id: string, idRna?: string | null, idSiren?: string | null) =>
      db.association.findFirst({
        where: { id, deletedAt: null, ...(idRna ? { idRna } : {}), ...(idSiren ? { idSiren } : {}) },
        include: representativesWithAddress,
      }),

    // ---- links ------------------------------------------------------------------------------------
    /** The record's links (to one association, or all), any association state. */
    linksOfRecord: (tx: Tx, associationUserId: string, associationId?: string) =>
      tx.userAssociation.findMany({ where: { associationUserId, ...(associationId ? { associationId } : {}) } }),
    /** The record's links to live associations, oldest first. */
    liveLinksOfRecord: (associationUserId: string) =>
      db.userAssociation.findMany({
        where: { associationUserId, association: { deletedAt: null } },
        include: { association: associationWithValidators },
        orderBy: { createdAt: 'asc' },
      }),
    findLink: (tx: Tx, associationUserId: string, associationId: string) =>
      tx.userAssociation.findUnique({ where: { associationUserId_associationId: { associationUserId, associationId } } }),
    findLinkWithMember: (tx: Tx, id: string) =>
      tx.userAssociation.findUnique({ where: { id }, include: { association: true, associationUser: { include: { user: true } } } }),
    findLinkOfMemberEmail: (associationId: string, email: string) =>
      db.userAssociation.findFirst({ where: { associationId, associationUser: { user: { email } } } }),
    countLinksOfAccount: (associationId: string, authId: string) =>
      db.userAssociation.count({ where: { associationId, associationUser: { authId } } }),
    createLink: (tx: Tx, associationUserId: string, associationId: string, fields: LinkFields) =>
      tx.userAssociation.create({ data: { associationUserId, associationId, ...fields } }),
    updateLink: (tx: Tx, id: string, fields: LinkFields) => tx.userAssociation.update({ where: { id }, data: fields }),
    deleteLink: (tx: Tx, id: string) => tx.userAssociation.delete({ where: { id } }),
    /** Serialises one account's joins until the transaction ends, so its daily count cannot be overshot. */
    lockJoinsOf: (tx: Tx, authId: string) => tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`joins:${authId}`}, 0))`,
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
