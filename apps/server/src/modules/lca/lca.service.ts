// lca-server rules: association-user record, joining and leaving associations, notes on page.
//
// Joining is open to any association user (after the certificate of honour, a client step): the
// association must exist and the SIRET must be one of its establishments. In the transaction of a
// new link the server itself mails every legal representative with an address and the
// association's own address, each with a single-use « Je ne connais pas cette personne » link that
// detaches the member; the join is written to the audit trail. Joins are limited per account and
// per association per day. A user changes only their own links; lca.admin changes anyone's.
import {
  isAdminRole,
  MESSAGES,
  NOTE_TYPES,
  type AssociationUser,
  type LinkType,
  type NoteOnPage,
  type UserAssociationLink,
} from '@portail/contract';
import type { MembershipLimits } from '../../config.ts';
import type { Prisma } from '../../db/prisma.ts';
import type { Association, UserAssociation } from '../../generated/prisma/client.ts';
import { appError } from '../../http/errors.ts';
import type { AuthClaims } from '../../http/request-context.ts';
import type { AuditService } from '../audit/index.ts';
import { hashOpaqueToken, newOpaqueToken } from '../auth/opaque-tokens.ts';
import type { MailService } from '../mail/index.ts';
import { findAssociationId, LCA_ADMIN } from '../proxy-asso/access.ts';
import { toUserAssociationLink, type LcaRepository } from './lca.repository.ts';
import { detachedMail, joinMail } from './membership-mails.ts';

const noteType = (type: string): NoteOnPage['type'] =>
  (NOTE_TYPES as readonly string[]).includes(type) ? (type as NoteOnPage['type']) : 'info';

type Record_ = NonNullable<Awaited<ReturnType<LcaRepository['findAssociationUser']>>>;

function toAssociationUser(record: Record_): AssociationUser {
  const { user } = record;
  return {
    _id: record.id,
    authId: user.id,
    email: user.email,
    civilite: user.civilite,
    nom: user.nom,
    prenom: user.prenom,
    associations: record.links.map(toUserAssociationLink),
  };
}

export interface JoinLink {
  id_correspondance: string;
  id_siret?: string | null;
  fonction?: string | null;
}

const DAY_MS = 24 * 60 * 60_000;

/** The link's state as the audit trail keeps it. */
const linkSnapshot = (link: UserAssociation, email: string) => ({ email, id_siret: link.idSiret, type: link.type, fonction: link.fonction });

export interface LcaServiceDeps {
  repository: LcaRepository;
  mail: MailService;
  audit: AuditService;
  limits: MembershipLimits;
  /** Public base URL of the portal, for the links in mails. */
  publicUrl: string;
}

export function createLcaService({ repository, mail, audit, limits, publicUrl }: LcaServiceDeps) {
  const { db } = repository;
  const reportLink = (token: string) => `${publicUrl}/client/rattachement/signalement/${token}`;

  /**
   * Mails the association's representatives (with an address, not deleted) and its own address about
   * `memberEmail` joining through `link`, in `tx`; each recipient gets its own single-use link.
   * Refused (429) once the association's join mails of the last 24 hours reach the limit.
   */
  async function announceJoin(
    tx: Prisma.TransactionClient,
    link: UserAssociation,
    association: Association & { representantsLegaux: { courriel: string | null }[] },
    memberEmail: string,
  ) {
    const announced = await repository.announcedJoinsSince(tx, association.id, new Date(Date.now() - DAY_MS));
    if (announced >= limits.joinNotificationsPerAssociationPerDay) {
      throw appError('JOIN_NOTIFICATIONS_LIMIT').retryAfter(DAY_MS / 1000);
    }
    const addresses = [...association.representantsLegaux.map((r) => r.courriel), association.courriel];
    const recipients = [...new Set(addresses.filter((a): a is string => Boolean(a?.trim())).map((a) => a.trim().toLowerCase()))];
    const expiresAt = new Date(Date.now() + limits.reportLinkTtlDays * DAY_MS);
    for (const to of recipients) {
      const token = newOpaqueToken();
      await repository.createReportToken(tx, {
        tokenHash: hashOpaqueToken(token),
        linkId: link.id,
        associationId: association.id,
        associationUserId: link.associationUserId,
        recipient: to,
        expiresAt,
      });
      await mail.enqueue(tx, { to, ...joinMail(association, memberEmail, reportLink(token), limits.reportLinkTtlDays) });
    }
    return recipients.length;
  }

  /** Delivers what a committed transaction enqueued; a failure stays in the outbox for the retry loop. */
  const flushMail = () => mail.flush().catch(() => undefined);

  const representativesWithAddress = { representantsLegaux: { where: { deleted: false, courriel: { not: null } }, select: { courriel: true } } } as const;

  /** The record of `lcaId`: the user's own, or anyone's for lca.admin (read: any admin role). */
  async function recordOf(claims: AuthClaims, lcaId: string, mode: 'read' | 'write') {
    const record = await repository.findAssociationUser(lcaId);
    if (!record) throw appError('USER_NOT_FOUND');
    const mayOverride = mode === 'read' ? claims.roles.some(isAdminRole) : claims.roles.includes(LCA_ADMIN);
    if (record.authId !== claims.userId && !mayOverride) throw appError('FORBIDDEN');
    return record;
  }

  /**
   * Removes the record's links (to one association, or all), each written to that association's
   * audit trail in the same transaction: the members can see who left and when.
   */
  async function leave(claims: AuthClaims, record: { id: string; user: { email: string } }, associationId?: string) {
    return db.$transaction(async (tx) => {
      const links = await tx.userAssociation.findMany({ where: { associationUserId: record.id, ...(associationId ? { associationId } : {}) } });
      for (const link of links) {
        await tx.userAssociation.delete({ where: { id: link.id } });
        await audit.record(tx, {
          associationId: link.associationId,
          actor: { id: claims.userId, email: claims.email },
          entity: 'membre',
          entityId: link.id,
          action: 'delete',
          idSiret: link.idSiret,
          before: linkSnapshot(link, record.user.email),
        });
      }
      return links.length;
    });
  }

  async function linksOfRecord(associationUserId: string): Promise<UserAssociationLink[]> {
    const links = await db.userAssociation.findMany({
      where: { associationUserId, association: { deletedAt: null } },
      include: { association: true },
      orderBy: { createdAt: 'asc' },
    });
    return links.map(toUserAssociationLink);
  }

  return {
    async getAssociationUser(claims: AuthClaims, lcaId: string): Promise<AssociationUser> {
      return toAssociationUser(await recordOf(claims, lcaId, 'read'));
    },

    /** Joins the given associations (or updates the establishment / fonction of an existing link). */
    async joinAssociations(claims: AuthClaims, lcaId: string, links: readonly JoinLink[]): Promise<AssociationUser> {
      const record = await recordOf(claims, lcaId, 'write');
      const actor = { id: claims.userId, email: claims.email };
      await db.$transaction(async (tx) => {
        for (const link of links) {
          const association = await tx.association.findFirst({
            where: { id: link.id_correspondance, deletedAt: null },
            include: { etablissements: { select: { siret: true, estSiege: true } }, ...representativesWithAddress },
          });
          if (!association) throw appError('NOT_FOUND');
          let type: LinkType = 'Siège';
          if (link.id_siret) {
            const etablissement = association.etablissements.find((e) => e.siret === link.id_siret);
            if (!etablissement) {
              throw appError('SIRET_NOT_IN_ASSOCIATION');
            }
            const isHeadOffice = etablissement.estSiege || association.idSiretSiege === link.id_siret;
            type = isHeadOffice ? 'Siège' : 'Etablissement secondaire';
          } else if (association.etablissements.length > 0) {
            throw appError('ASSOCIATION_REQUIRES_SIRET');
          }
          const data = { idSiret: link.id_siret ?? null, type, fonction: link.fonction ?? null };
          const key = { associationUserId_associationId: { associationUserId: record.id, associationId: association.id } };
          const existing = await tx.userAssociation.findUnique({ where: key });
          if (existing) {
            await tx.userAssociation.update({ where: { id: existing.id }, data });
            continue;
          }
          if (!claims.roles.includes(LCA_ADMIN)) {
            await repository.lockJoinsOf(tx, claims.userId);
            const since = new Date(Date.now() - DAY_MS);
            const joins = await audit.countEntries(tx, { actorId: claims.userId, entity: 'membre', action: 'create', since });
            if (joins >= limits.joinsPerAccountPerDay) {
              throw appError('JOINS_LIMIT', { max: limits.joinsPerAccountPerDay }).retryAfter(DAY_MS / 1000);
            }
          }
          const created = await tx.userAssociation.create({ data: { associationUserId: record.id, associationId: association.id, ...data } });
          await audit.record(tx, {
            associationId: association.id,
            actor,
            entity: 'membre',
            entityId: created.id,
            action: 'create',
            idSiret: created.idSiret,
            after: linkSnapshot(created, record.user.email),
          });
          await announceJoin(tx, created, association, record.user.email);
        }
      });
      await flushMail();
      return toAssociationUser((await repository.findAssociationUser(record.id))!);
    },

    /** Leaves every association; the (empty) record stays, so the session keeps its lcaId. */
    async leaveAllAssociations(claims: AuthClaims, lcaId: string) {
      const record = await recordOf(claims, lcaId, 'write');
      await leave(claims, record);
      return { message: MESSAGES.associationLeft };
    },

    /** Leaves one association; answers the remaining ones. Not linked or unknown: 404. */
    async exitAssociation(claims: AuthClaims, authId: string, idAsso: string) {
      if (authId !== claims.userId && !claims.roles.includes(LCA_ADMIN)) throw appError('FORBIDDEN');
      const record = await repository.findAssociationUserByAuthId(authId);
      if (!record) throw appError('USER_NOT_FOUND');
      const associationId = await findAssociationId(db, idAsso);
      const removed = associationId ? await leave(claims, record, associationId) : 0;
      if (removed === 0) throw appError('NOT_LINKED');
      return { associations: await linksOfRecord(record.id) };
    },

    /**
     * The client's announcement of a join. The server already mailed at the join; this mails only
     * for a link never announced (made before, or by other means), so one join gives one mail.
     */
    async joinAssociationNotification(
      claims: AuthClaims,
      body: { id_correspondance: string; id_rna?: string | null; id_siren?: string | null; email: string },
    ) {
      const association = await db.association.findFirst({
        where: {
          id: body.id_correspondance,
          deletedAt: null,
          ...(body.id_rna ? { idRna: body.id_rna } : {}),
          ...(body.id_siren ? { idSiren: body.id_siren } : {}),
        },
        include: representativesWithAddress,
      });
      if (!association) throw appError('NOT_FOUND');
      // The link announced: the one of the account named by `email` (a member names only themself).
      if (!claims.roles.includes(LCA_ADMIN) && body.email !== claims.email.toLowerCase()) {
        const linked = await db.userAssociation.count({ where: { associationId: association.id, associationUser: { authId: claims.userId } } });
        throw appError(linked === 0 ? 'NOT_FOUND' : 'FORBIDDEN');
      }
      const link = await db.userAssociation.findFirst({
        where: { associationId: association.id, associationUser: { user: { email: body.email } } },
      });
      if (!link) throw appError('NOT_FOUND');
      const already = await repository.reportRecipients(link.id);
      if (already.length > 0) return { message: MESSAGES.joinNotificationSent, sent: already.length };
      const sent = await db.$transaction((tx) => announceJoin(tx, link, association, body.email));
      await flushMail();
      return { message: MESSAGES.joinNotificationSent, sent };
    },

    /**
     * « Je ne connais pas cette personne »: the link of a join mail detaches the member (once; an
     * unknown, used or expired link, or one whose join is gone, is refused alike), tells them by
     * mail, and writes the detachment to the audit trail, all in one transaction.
     */
    async reportMember(token: string) {
      const tokenHash = hashOpaqueToken(token);
      await db.$transaction(async (tx) => {
        const invalid = () => appError('LINK_INVALID');
        if (!(await repository.claimReportToken(tx, tokenHash, new Date()))) throw invalid();
        const report = (await repository.findReportToken(tx, tokenHash))!;
        const link = await tx.userAssociation.findUnique({
          where: { id: report.linkId },
          include: { association: true, associationUser: { include: { user: true } } },
        });
        if (!link) throw invalid();
        await tx.userAssociation.delete({ where: { id: link.id } });
        const email = link.associationUser.user.email;
        await audit.record(tx, {
          associationId: link.associationId,
          actor: { id: null, email: report.recipient },
          entity: 'membre',
          entityId: link.id,
          action: 'detach',
          idSiret: link.idSiret,
          before: linkSnapshot(link, email),
        });
        await mail.enqueue(tx, { to: email, ...detachedMail(link.association) });
      });
      await flushMail();
      return { message: MESSAGES.memberReported };
    },

    async notesOnPage(route?: string): Promise<NoteOnPage[]> {
      const notes = await repository.activeNotes(new Date(), route);
      return notes.map((n) => ({ _id: n.id, type: noteType(n.type), title: n.title, content: n.content, routes: n.routes }));
    },
  };
}
export type LcaService = ReturnType<typeof createLcaService>;
